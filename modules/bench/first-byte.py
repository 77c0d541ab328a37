#!/usr/bin/env python3
"""When the first and the last byte of a git_diff reply arrive from a NEW `bin/reviewgate stdio` process.

Splits a fresh process's first call into computing the diff (until the first byte of the reply line) and writing it
(first to last byte). The warm-up is off, so nothing else runs in the process.

    python3 modules/bench/first-byte.py CLONE BASE..HEAD [--rounds N]
"""
import argparse
import json
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.environ.get("VERSUS_GIT_LAUNCHER", os.path.join(ROOT, "bin", "reviewgate"))


def one_call(clone, base, head):
    env = dict(os.environ, REVIEWGATE_MCP_WARMUP_CALLS="0", REVIEWGATE_MCP_MAX_REPLY_BYTES="2147483647")
    server = subprocess.Popen([LAUNCHER, "stdio"], cwd=clone, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, env=env)

    def send(message):
        server.stdin.write(json.dumps(message).encode() + b"\n")
        server.stdin.flush()

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "first-byte", "version": "1"}}})
        server.stdout.readline()
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        started = time.perf_counter()
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": "git_diff", "arguments": {"base": base, "head": head, "token_budget": 2147483647}}})
        first = None
        size = 0
        while True:
            block = os.read(server.stdout.fileno(), 1 << 20)
            if not block:
                raise SystemExit("reviewgate stdio ended before it answered")
            first = first or time.perf_counter()
            size += len(block)
            if block.endswith(b"\n"):
                return first - started, time.perf_counter() - started, size
    finally:
        server.stdin.close()
        server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clone")
    parser.add_argument("range")
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    base, head = opts.range.split("..", 1)
    for round_ in range(opts.rounds):
        first, last, size = one_call(opts.clone, base, head)
        print("round %d: first byte %.2f s, last byte %.2f s (%.2f s writing %.1f MB)" % (
            round_ + 1, first, last, last - first, size / 1e6), flush=True)


if __name__ == "__main__":
    main()
