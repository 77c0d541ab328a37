#!/usr/bin/env python3
"""First calls of several builds or JVM option sets, run interleaved, summed up as ranges and medians.

One run of `versus-git.py firstcalls` moves 10-20% from the last on a small shared machine, so one run of a change
against one run without it says little. This runs RUNS rounds; each round runs every variant on every clone, one
after the other, so that the machine's drift falls on all of them alike. Per variant and clone it prints the ratios
to git's p50 and p90 (min-max and median over the runs) and how many runs were at or under #26's bounds (p50 0.5x,
p90 1.0x). Each run is its own `versus-git.py` process (the client hosts neither server), and a run whose answers
were not all identical to git's stops the whole.

A variant is NAME=OPTIONS: JVM options for the launcher (REVIEWGATE_JAVA_OPTS; empty for the launcher as it is), or
NAME=@LAUNCHER for another launcher (an older build's bin/reviewgate, in a worktree of its commit).

    python3 modules/bench/interleave.py CLONE [CLONE ...] --runs N [--settle S] [--warmup off] NAME=OPTIONS ...
    python3 modules/bench/interleave.py /tmp/vg/libgit2 /tmp/vg/git --runs 5 now= young16=-Xmn16m
    python3 modules/bench/interleave.py /tmp/vg/git --runs 5 before=@/tmp/base/bin/reviewgate after=
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RATIOS = re.compile(r"ratio of p50s ([0-9.]+), of p90s ([0-9.]+)")
IDENTICAL = re.compile(r"identical (\d+)/(\d+)")


def one_run(clone, name, spec, opts):
    """(ratio of p50s, ratio of p90s) of one firstcalls run of one variant."""
    env = dict(os.environ)
    if spec.startswith("@"):
        env["VERSUS_GIT_LAUNCHER"] = spec[1:]
    else:
        env["REVIEWGATE_JAVA_OPTS"] = spec
    command = [sys.executable, os.path.join(HERE, "versus-git.py"), "firstcalls", clone, "--count", str(opts.count),
               "--settle", str(opts.settle), "--warmup", opts.warmup]
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    ratios = RATIOS.search(done.stdout)
    identical = IDENTICAL.search(done.stdout)
    if done.returncode != 0 or not ratios or not identical or identical.group(1) != identical.group(2):
        raise SystemExit("%s on %s: the run failed or an answer differed from git's:\n%s" % (name, clone, done.stdout))
    return float(ratios.group(1)), float(ratios.group(2))


def spread(values):
    return "%.2f-%.2f (median %.2f)" % (min(values), max(values), statistics.median(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("args", nargs="+", help="clones (existing folders), then NAME=OPTIONS or NAME=@LAUNCHER")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--warmup", choices=["on", "off"], default="on")
    opts = parser.parse_intermixed_args()
    clones = [a for a in opts.args if "=" not in a]
    variants = [a.split("=", 1) for a in opts.args if "=" in a]
    if not clones or not variants:
        raise SystemExit("name at least one clone and one variant (NAME= for the launcher as it is)")
    for clone in clones:
        if not os.path.isdir(clone):
            raise SystemExit("%s is not a folder (a clone to diff in)" % clone)
    for name, spec in variants:
        if not name:
            raise SystemExit("a variant needs a name: NAME=OPTIONS or NAME=@LAUNCHER")
        if spec.startswith("@") and not os.access(spec[1:], os.X_OK):
            raise SystemExit("%s: %s is not an executable launcher" % (name, spec[1:]))
    if opts.runs < 1:
        raise SystemExit("--runs must be at least 1")
    results = {(clone, name): [] for clone in clones for name, _ in variants}
    for round_index in range(opts.runs):
        for clone in clones:
            for name, spec in variants:
                results[(clone, name)].append(one_run(clone, name, spec, opts))
        print("round %d of %d done" % (round_index + 1, opts.runs), file=sys.stderr, flush=True)
    print("firstcalls, %d interleaved runs each, %d commits a run, settle %.1f s, warm-up %s"
          % (opts.runs, opts.count, opts.settle, opts.warmup))
    for clone in clones:
        for name, _ in variants:
            runs = results[(clone, name)]
            p50s = [r[0] for r in runs]
            p90s = [r[1] for r in runs]
            print("  %s %-12s p50 %s, %d/%d at or under 0.5x; p90 %s, %d/%d at or under 1.0x"
                  % (clone, name, spread(p50s), sum(v <= 0.5 for v in p50s), len(runs), spread(p90s),
                     sum(v <= 1.0 for v in p90s), len(runs)))


if __name__ == "__main__":
    main()
