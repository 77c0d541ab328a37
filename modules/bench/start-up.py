#!/usr/bin/env python3
"""How long a NEW `bin/reviewgate stdio` process takes to answer its handshake and its first git_diff, and its memory.

Each start is a fresh process in CLONE: spawn, `initialize`, then `git_diff` of one commit (HEAD~3 by default),
timed from the spawn; after the answer, the process's resident memory (VmRSS). With several `NAME=JVM OPTIONS`
variants the starts are interleaved (variant by variant, round by round), so that the machine's drift falls on all
of them alike; an empty option list is the launcher as it is.

    python3 modules/bench/start-up.py CLONE [--rounds N] [--commit REV] [NAME=OPTIONS ...]
    python3 modules/bench/start-up.py /tmp/vg/git --rounds 6 now= pretouch-off=-XX:-AlwaysPreTouch
"""
import argparse
import importlib.util
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("versus_git", os.path.join(HERE, "versus-git.py"))
vg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(vg)


def one_start(clone, options, commit):
    """Seconds from the spawn to the handshake's answer and to the first git_diff's, and MiB resident after it."""
    server = vg.Stdio(clone, {"REVIEWGATE_JAVA_OPTS": options}, subprocess.DEVNULL)  # versus-git.py's client
    try:
        handshake = server.last_byte - server.spawned
        server.diff({"commit": commit})
        first_diff = server.last_byte - server.spawned
        with open("/proc/%d/status" % server.proc.pid) as status:
            rss = next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmRSS"))
        return handshake, first_diff, rss
    finally:
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clone")
    parser.add_argument("variants", nargs="*", help="NAME=JVM OPTIONS, interleaved (none: the launcher as it is)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--commit", default="HEAD~3")
    opts = parser.parse_intermixed_args()
    variants = [v.split("=", 1) for v in opts.variants] or [["launcher", ""]]
    for name, _ in variants:
        if not name:
            raise SystemExit("a variant needs a name: NAME=OPTIONS")
    results = {name: [] for name, _ in variants}
    for _ in range(opts.rounds):
        for name, options in variants:
            results[name].append(one_start(opts.clone, options, opts.commit))
    print("start-up %s: %d rounds, git_diff %s" % (opts.clone, opts.rounds, opts.commit))
    pct = vg.pct
    for name, runs in results.items():
        handshakes = [r[0] for r in runs]
        diffs = [r[1] for r in runs]
        print("  %-16s handshake p50 %.0f ms, p90 %.0f ms; first git_diff answered p50 %.0f ms, p90 %.0f ms; "
              "RSS after it %d-%d MiB" % (name, 1000 * pct(handshakes, 0.5), 1000 * pct(handshakes, 0.9),
                                          1000 * pct(diffs, 0.5), 1000 * pct(diffs, 0.9),
                                          min(r[2] for r in runs), max(r[2] for r in runs)))


if __name__ == "__main__":
    main()
