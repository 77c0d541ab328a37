#!/usr/bin/env python3
"""Large git_diff replies as a client meets them, from this separate process (figures in docs/benchmarks.md).

  big-replies.py firstbyte CLONE A B [--rounds 3]
      a NEW `bin/reviewgate stdio` in CLONE asked git_diff {"base": A, "head": B} ROUNDS times: the time to the
      reply's first and last byte.
  big-replies.py behind CLONE A B [--gap 0.15] [--rounds 4]
      one stdio process: git_diff A..B, then after GAP seconds three small git_diff calls (newest commits): when each
      reply arrives (a reply that holds the pipe holds the small ones behind it).
  big-replies.py concurrent CLONE A1..B [A2..B ...] [--rounds 3]
      `bin/reviewgate serve` on loopback, one HTTP MCP client per range, all at once: each round's wall time, the
      bytes answered and the server's peak RSS. REVIEWGATE_JAVA_OPTS (e.g. -Xmx224m, -Xlog:gc:file=F) passes through.

VERSUS_GIT_LAUNCHER picks another start command, as for versus-git.py.
"""
import argparse
import importlib.util
import json
import os
import secrets
import subprocess
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("versus_git", os.path.join(HERE, "versus-git.py"))
vg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vg)


def stdio(clone):
    """A stdio server in CLONE, initialized (versus-git.py's client), with its log dropped."""
    return vg.Stdio(clone, {}, subprocess.DEVNULL)


def call(server, id_, arguments):
    server.send({"jsonrpc": "2.0", "id": id_, "method": "tools/call",
                 "params": {"name": "git_diff", "arguments": dict(arguments, token_budget=2147483647)}})


def firstbyte(opts):
    server = stdio(opts.clone)
    try:
        for rnd in range(opts.rounds):
            started = time.perf_counter()
            call(server, "first%d" % rnd, {"base": opts.a, "head": opts.b})
            first = server.proc.stdout.read1(1)
            first_at = time.perf_counter()
            line = first + server.proc.stdout.readline()
            last_at = time.perf_counter()
            result = json.loads(line)["result"]
            if result.get("isError"):
                raise SystemExit(result["content"][0]["text"])
            print("round %d: first byte %.0f ms, last byte %.0f ms, %.1f MB" % (
                rnd + 1, 1000 * (first_at - started), 1000 * (last_at - started), len(line) / 1e6))
    finally:
        server.close()


def behind(opts):
    shas = vg.git_lines(opts.clone, "rev-list", "--no-merges", "-n", str(3 * opts.rounds), "HEAD")
    server = stdio(opts.clone)
    try:
        for rnd in range(opts.rounds):
            started = time.perf_counter()
            call(server, "big%d" % rnd, {"base": opts.a, "head": opts.b})
            time.sleep(opts.gap)
            for k in range(3):
                call(server, "small%d.%d" % (rnd, k), {"commit": shas[3 * rnd + k] + "^0"})
            arrived = {}
            while len(arrived) < 4:
                message = json.loads(server.proc.stdout.readline())
                arrived[message["id"]] = 1000 * (time.perf_counter() - started)
            print("round %d: %s" % (rnd + 1, ", ".join("%s %.0f ms" % item for item in arrived.items())))
    finally:
        server.close()


def concurrent(opts):
    token = secrets.token_hex(24)
    server, port = vg.start_serve(opts.clone, dict(os.environ, REVIEWGATE_TOKEN=token), subprocess.DEVNULL)
    try:
        clients = [vg.HttpClient(port, token) for _ in opts.ranges]
        for rnd in range(opts.rounds):
            sizes = [0] * len(opts.ranges)

            def ask(i):
                base, head = opts.ranges[i].split("..")
                body, _ = clients[i].raw({"name": "git_diff", "arguments": {"base": base, "head": head, "token_budget": 2147483647}})
                result = json.loads(body)["result"]
                sizes[i] = len(body) if not result.get("isError") else 0

            started = time.perf_counter()
            threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(opts.ranges))]
            [t.start() for t in threads]
            [t.join() for t in threads]
            print("round %d: %.2f s, %.0f MB answered, peak RSS %d MiB" % (
                rnd + 1, time.perf_counter() - started, sum(sizes) / 1e6, vg.peak_rss_kib(server.pid) // 1024))
    finally:
        server.terminate()
        server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("firstbyte")
    two = sub.add_parser("behind")
    for p in (one, two):
        p.add_argument("clone")
        p.add_argument("a")
        p.add_argument("b")
    one.add_argument("--rounds", type=int, default=3)
    two.add_argument("--rounds", type=int, default=4)
    two.add_argument("--gap", type=float, default=0.15)
    many = sub.add_parser("concurrent")
    many.add_argument("clone")
    many.add_argument("ranges", nargs="+")
    many.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    {"firstbyte": firstbyte, "behind": behind, "concurrent": concurrent}[opts.what](opts)


if __name__ == "__main__":
    main()
