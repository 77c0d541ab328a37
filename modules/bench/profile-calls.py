#!/usr/bin/env python3
"""Where the time of chosen git_diff calls goes, thread by thread, from CPU samples taken only while they ran.

A new `bin/reviewgate stdio` in CLONE runs under async-profiler (cpu samples of every thread, the JVM's own compiler
and GC threads included, with their time stamps); this client asks the newest COUNT non-merge commits once each, as
`versus-git.py firstcalls` does (interleaved with a `git diff` process, unless --no-git), and keeps each call's start
and end. Only the samples inside the calls picked (--calls FIRST-LAST, --max-ms) are counted: what the first calls of
a cold process spend, or what a settled small call does, without the start-up or the idle time between them.

    profile-calls.py CLONE [--count 100] [--settle S] [--calls 1-8] [--max-ms MS] [--interval 500us] [--runs N]
                     [--tree FRAME] [--depth 6] [--no-git]

It prints the samples by thread, the hottest frames by thread, and with --tree the call tree under FRAME (a method as
`Class.method`, e.g. GitReader.diff) across the runs. Needs async-profiler's library: AP_LIB=/path/libasyncProfiler.so
(the Maven Central artifact tools.profiler:async-profiler holds it under linux-x64/; `./mvnw dependency:copy
-Dartifact=tools.profiler:async-profiler:4.1 -DoutputDirectory=/tmp/ap` then unzip it). Samples cost the calls time
(about a third at 200us), so compare shares within a run, not its times with versus-git.py's.
"""
import argparse
import bisect
import collections
import datetime
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("versus_git", os.path.join(HERE, "versus-git.py"))
VERSUS = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(VERSUS)


def launcher(work, lib, interval, recording):
    """A start command for Stdio: bin/reviewgate with the profiler, its start-up line kept off the protocol."""
    path = os.path.join(work, "launch.sh")
    agent = "-agentpath:%s=start,event=cpu,interval=%s,threads,jfr,file=%s" % (lib, interval, recording)
    with open(path, "w") as script:
        script.write("#!/bin/sh\nREVIEWGATE_JAVA_OPTS=\"%s $REVIEWGATE_JAVA_OPTS\" %s \"$@\" | grep --line-buffered -v '^Profiling'\n"
                     % (agent, os.path.join(VERSUS.ROOT, "bin", "reviewgate")))
    os.chmod(path, 0o755)
    return path


def one_run(opts, work, lib, index):
    """Runs the calls under the profiler; returns (windows as (index, start, end, ms), samples as parsed JSON events)."""
    recording = os.path.join(work, "run%d.jfr" % index)
    VERSUS.LAUNCHER = launcher(work, lib, opts.interval, recording)
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    windows = []
    with open(os.path.join(work, "server.log"), "ab") as log:
        server = VERSUS.Stdio(opts.clone, {}, log)
        try:
            time.sleep(opts.settle)
            for n, (base, head) in enumerate(VERSUS.commits(opts.clone, opts.count)):
                if not opts.no_git and n % 2 == 0:
                    VERSUS.git_diff(opts.clone, VERSUS.git_env(home), base, head)
                started = time.time()
                elapsed, _ = server.diff({"commit": head})
                windows.append((n, started, time.time(), elapsed * 1e3))
                if not opts.no_git and n % 2 == 1:
                    VERSUS.git_diff(opts.clone, VERSUS.git_env(home), base, head)
        finally:
            server.close()
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "128", "--events", "jdk.ExecutionSample",
                              recording], capture_output=True, text=True, check=True).stdout
    return windows, json.loads(printed)["recording"]["events"]


def frame(f):
    method = f["method"]
    owner = method["type"]["name"].split("/")[-1] if method.get("type") else ""
    return owner + "." + method["name"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clone")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--calls", default=None, help="FIRST-LAST: only these calls (0 is the first)")
    parser.add_argument("--max-ms", type=float, default=None, help="only calls that took at most this long")
    parser.add_argument("--interval", default="500us")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--tree", default=None)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--no-git", action="store_true")
    opts = parser.parse_args()
    lib = os.environ.get("AP_LIB")
    if not lib or not os.path.isfile(lib):
        raise SystemExit("set AP_LIB to async-profiler's libasyncProfiler.so (see this script's help)")
    first, last = (int(x) for x in opts.calls.split("-")) if opts.calls else (0, sys.maxsize)
    threads, hottest, tree = collections.Counter(), collections.Counter(), collections.Counter()
    wall, picked, counted = 0.0, 0, 0
    with tempfile.TemporaryDirectory(prefix="profile-calls-") as work:
        for run in range(opts.runs):
            windows, events = one_run(opts, work, lib, run)
            chosen = sorted((s, e) for n, s, e, ms in windows
                            if first <= n <= last and (opts.max_ms is None or ms <= opts.max_ms))
            picked += len(chosen)
            wall += sum(e - s for s, e in chosen)
            starts = [s for s, _ in chosen]
            for event in events:
                values = event["values"]
                stamp = datetime.datetime.fromisoformat(values["startTime"].replace("Z", "+00:00")).timestamp()
                at = bisect.bisect_right(starts, stamp) - 1
                if at < 0 or stamp > chosen[at][1]:
                    continue
                counted += 1
                sampled = values.get("sampledThread") or {}
                thread = re.sub(r"\d+", "#", sampled.get("javaName") or sampled.get("osName") or "?")
                threads[thread] += 1
                frames = [frame(f) for f in ((values.get("stackTrace") or {}).get("frames") or [])]
                if frames:
                    hottest[(thread, frames[0])] += 1
                if opts.tree and opts.tree in frames:
                    path = tuple(reversed(frames[:frames.index(opts.tree) + 1]))[:opts.depth + 1]
                    for length in range(1, len(path) + 1):
                        tree[path[:length]] += 1
    print("%s: %d calls picked over %d run(s), %.1f ms of their wall time, %d samples at %s"
          % (opts.clone, picked, opts.runs, wall * 1e3, counted, opts.interval))
    for thread, n in threads.most_common(10):
        print("  %5d  %s" % (n, thread))
    print("hottest frames (thread, frame):")
    for (thread, top), n in hottest.most_common(25):
        print("  %5d  %-28s %s" % (n, thread, top))
    if opts.tree:
        print("under %s:" % opts.tree)

        def show(prefix, indent):
            children = sorted(((p, n) for p, n in tree.items() if len(p) == len(prefix) + 1 and p[:len(prefix)] == prefix),
                              key=lambda item: -item[1])
            for path, n in children:
                if n * 50 >= tree[(opts.tree,)]:  # 2% of the frame's samples or more
                    print("  %s%d %s" % ("  " * indent, n, path[-1]))
                    show(path, indent + 1)
        print("  %d %s" % (tree[(opts.tree,)], opts.tree))
        show((opts.tree,), 1)


if __name__ == "__main__":
    main()
