#!/usr/bin/env python3
"""reviewgate side by side with git, timed from this separate client process (as an agent's tool runner would).

Every figure is taken here, in a process that hosts neither the server nor its warm-up: a `git diff` process spawned
with subprocess, and a request to reviewgate over its real transport, interleaved item by item in one run. Each
reviewgate answer is compared with git's output (the diff text must be identical).

  versus-git.py firstcalls CLONE [--count 100] [--warmup on|off] [--settle S]
      a NEW `bin/reviewgate stdio` started in CLONE, then the newest COUNT non-merge commits, each asked once with
      git_diff {"commit": SHA}, interleaved with `git diff --histogram -M PARENT SHA`. Prints p50/p90 of both.
      Without --settle the calls come back to back from the handshake (the warm-up, which waits for an idle client,
      then never runs); --settle 3 gives the process an agent's think time before its first call (the warm-up done,
      and the git processes then run beside an idle server).
  versus-git.py ranges CLONE A..B [A..B ...] [--rounds 3] [--one-process] [--http]
      for each range and round: `git diff --histogram -M A B` (its time), then a NEW stdio process (or,
      with --one-process, the same one every time) asked git_diff {"base": A, "head": B} once: the time to the reply's
      last byte and to the reply parsed by Python's json (about 1 s for a 37 MB diff, all escapes), and the server's
      peak RSS (VmHWM). With --http: a NEW `bin/reviewgate serve` (or one for all, with --one-process) asked over
      Streamable HTTP MCP, timed from the request to the body's last byte.
  versus-git.py concurrent CLONE [--count 200] [--clients 16] [--rounds 3] [--warm 200]
      `bin/reviewgate serve` on loopback; per round COUNT distinct commits (never asked before, so never cached)
      asked by CLIENTS concurrent HTTP MCP clients (one kept-alive connection and session each) against the same
      COUNT `git diff` processes run CLIENTS at a time. Prints each round's wall time and the ratio.

git runs hermetic (HOME emptied, no system config). Needs a built jar (./mvnw -q -DskipTests package).
"""
import argparse
import http.client
import json
import os
import queue
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# VERSUS_GIT_LAUNCHER: another start command to compare (e.g. a script running the jar with other JVM flags).
LAUNCHER = os.environ.get("VERSUS_GIT_LAUNCHER", os.path.join(ROOT, "bin", "reviewgate"))
EMPTY = "The diff is empty"


def git_env(home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(HOME=home, XDG_CONFIG_HOME=home, GIT_CONFIG_NOSYSTEM="1", LC_ALL="C")
    return env


def git_lines(clone, *args):
    return subprocess.run(["git", "-C", clone, *args], check=True, capture_output=True).stdout.decode().split()


def commits(clone, count, skip=0):
    """The newest non-merge commits that have a parent, newest first, as (parent, sha)."""
    shas = git_lines(clone, "rev-list", "--no-merges", "--min-parents=1", "--max-count=%d" % (count + skip), "HEAD")
    return [(sha + "^", sha) for sha in shas[skip:]]


def git_diff(clone, env, base, head):
    started = time.perf_counter()
    proc = subprocess.Popen(["git", "-C", clone, "diff", "--histogram", "-M", "--no-color", "--no-ext-diff", base, head],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    elapsed = time.perf_counter() - started
    return elapsed, out, usage.ru_maxrss  # KiB


def pct(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def same(git_out, text):
    """Whether reviewgate's text is git's output. JSON text cannot carry bytes that are not UTF-8 (a file in EUC-JP,
    say): both sides replace them with U+FFFD, Java and Python not always with as many, so runs of it count as one."""
    if not git_out:
        return text.startswith(EMPTY)
    theirs = git_out.decode("utf-8", errors="replace")
    return theirs == text or collapse(theirs) == collapse(text)


def collapse(text):
    return re.sub("\ufffd+", "\ufffd", text)


def peak_rss_kib(pid):
    """A process's peak resident memory (VmHWM), in KiB."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


# The benchmarks compare whole diffs with git's: each call asks for the whole reply (the largest budget a call may
# give) and stdio's line ceiling is raised to match; an agent's default budget would page them.
WHOLE = {"token_budget": 2147483647}
WHOLE_ENV = {"REVIEWGATE_MCP_MAX_REPLY_BYTES": "2147483647"}  # ranges only: an older build knows no such key


def whole(args):
    return dict(WHOLE, **args)


class Stdio:
    """One `bin/reviewgate stdio` process in `clone`, spoken to over its stdin/stdout."""

    def __init__(self, clone, env_extra, log):
        env = dict(os.environ, **env_extra)
        self.spawned = time.perf_counter()
        self.proc = subprocess.Popen([LAUNCHER, "stdio"], cwd=clone, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=log, env=env)
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "versus-git", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        # A build that pages replies by a budget (its git_diff takes cursor) is asked for the whole diff; an older
        # one answers whole by default, and a budget would send it down its shaping path instead.
        tools = self.request("tools/list", {}).get("tools", [])
        self.budgeted = any(t.get("name") == "git_diff" and "cursor" in t.get("inputSchema", {}).get("properties", {})
                            for t in tools)

    def send(self, message):
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            self.last_byte = time.perf_counter()
            if not line:
                raise SystemExit("reviewgate stdio ended; see its log")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit("reviewgate: %s" % message["error"])
                return message["result"]

    def diff(self, args):
        """Seconds to the parsed reply, and the diff text; self.to_last_byte: seconds to the reply's last byte."""
        started = time.perf_counter()
        result = self.request("tools/call", {"name": "git_diff", "arguments": whole(args) if self.budgeted else args})
        elapsed = time.perf_counter() - started
        self.to_last_byte = self.last_byte - started
        if result.get("isError"):
            raise SystemExit("git_diff %s: %s" % (args, result["content"][0]["text"]))
        return elapsed, result["content"][0]["text"]

    def java_pid(self):
        pid = self.proc.pid
        for _ in range(3):
            with open("/proc/%d/comm" % pid) as comm:
                if comm.read().strip() == "java":
                    return pid
            children = open("/proc/%d/task/%d/children" % (pid, pid)).read().split()
            if not children:
                break
            pid = int(children[0])
        return self.proc.pid

    def peak_rss_kib(self):
        return peak_rss_kib(self.java_pid())

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def summary(name, values):
    return "%s p50 %.2f ms, p90 %.2f ms" % (name, 1000 * pct(values, 0.5), 1000 * pct(values, 0.9))


def firstcalls(opts, home, log):
    env = {} if opts.warmup == "on" else {"REVIEWGATE_MCP_WARMUP_CALLS": "0"}
    work = commits(opts.clone, opts.count)
    server = Stdio(opts.clone, env, log)
    time.sleep(opts.settle)
    ours, theirs, ratios, differ = [], [], [], []
    # VERSUS_GIT_DUMP=FILE: one line per commit (index, sha, reviewgate ms, git ms, diff bytes, seconds from the
    # server's spawn to its answer: beside the JVM's uptime in a -Xlog:gc log), to find the slow ones.
    dump = open(os.environ["VERSUS_GIT_DUMP"], "w") if os.environ.get("VERSUS_GIT_DUMP") else None
    try:
        for index, (base, head) in enumerate(work):
            def run_git():
                return git_diff(opts.clone, git_env(home), base, head)

            def run_ours():
                return server.diff({"commit": head})
            if index % 2 == 0:
                g, out, _ = run_git()
                r, text = run_ours()
            else:
                r, text = run_ours()
                g, out, _ = run_git()
            ours.append(r)
            theirs.append(g)
            ratios.append(r / g)
            if dump:
                answered = server.last_byte - server.spawned
                dump.write("%d\t%s\t%.3f\t%.3f\t%d\t%.3f\n" % (index, head, r * 1e3, g * 1e3, len(out), answered))
            if not same(out, text):
                differ.append(head)
    finally:
        server.close()
        if dump:
            dump.close()
    print("firstcalls %s: %d commits, warm-up %s, settle %.1f s" % (opts.clone, len(work), opts.warmup, opts.settle))
    print("  " + summary("reviewgate", ours))
    print("  " + summary("git diff  ", theirs))
    print("  ratio of p50s %.2f, of p90s %.2f; per-commit ratio p50 %.2f, p90 %.2f"
          % (pct(ours, 0.5) / pct(theirs, 0.5), pct(ours, 0.9) / pct(theirs, 0.9), pct(ratios, 0.5), pct(ratios, 0.9)))
    print("  identical %d/%d%s" % (len(work) - len(differ), len(work), (" differ: " + " ".join(differ[:5])) if differ else ""))
    return 1 if differ else 0


def ranges(opts, home, log):
    # Whole ranges are tens of MB: over stdio, a build with a line ceiling is started with it raised.
    env = dict(WHOLE_ENV) if opts.warmup == "on" else dict(WHOLE_ENV, REVIEWGATE_MCP_WARMUP_CALLS="0")
    failed = 0
    server_type = HttpServer if opts.http else Stdio
    shared = server_type(opts.clone, env, log) if opts.one_process else None
    try:
        for spec in opts.range:
            base, head = spec.split("..", 1)
            rows = []
            for round_ in range(opts.rounds):
                g, out, git_rss = git_diff(opts.clone, git_env(home), base, head)
                server = shared or server_type(opts.clone, env, log)
                try:
                    time.sleep(opts.settle)
                    r, text = server.diff({"base": base, "head": head})
                    last = server.to_last_byte
                    rss = server.peak_rss_kib()
                finally:
                    if not shared:
                        server.close()
                ok = same(out, text)
                failed += 0 if ok else 1
                rows.append((g, r, git_rss, rss, ok, len(out), last))
                print("  %s round %d: git %.2f s, reviewgate %.2f s to the last byte, %.2f s parsed (peak RSS %d MiB), "
                      "%.2fx / %.2fx, %s" % (spec, round_ + 1, g, last, r, rss // 1024, last / g, r / g,
                                             "identical" if ok else "DIFFERENT"), flush=True)
            size = rows[0][5]
            limit = 256 + 3 * size / 2 ** 20
            git_median = statistics.median(r[0] for r in rows)
            last_median = statistics.median(r[6] for r in rows)
            parsed_median = statistics.median(r[1] for r in rows)
            print("%s: %.1f MB of diff; median git %.2f s, reviewgate %.2f s to the last byte (%.2fx), %.2f s parsed (%.2fx); "
                  "peak RSS max %d MiB (limit %d MiB)" % (spec, size / 1e6, git_median, last_median, last_median / git_median,
                                                          parsed_median, parsed_median / git_median,
                                                          max(r[3] for r in rows) // 1024, limit))
    finally:
        if shared:
            shared.close()
    return 1 if failed else 0


class HttpServer:
    """One `bin/reviewgate serve` in `clone` on a free loopback port, with a client of its own (ranges --http)."""

    def __init__(self, clone, env_extra, log):
        token = secrets.token_hex(24)
        self.proc, self.port = start_serve(clone, dict(os.environ, REVIEWGATE_TOKEN=token, **env_extra), log)
        self.client = HttpClient(self.port, token)

    def diff(self, args):
        started = time.perf_counter()
        body, last_byte = self.client.raw({"name": "git_diff", "arguments": whole(args)})
        result = json.loads(body)["result"]
        elapsed = time.perf_counter() - started
        self.to_last_byte = last_byte - started
        if result.get("isError"):
            raise SystemExit("git_diff %s: %s" % (args, result["content"][0]["text"]))
        return elapsed, result["content"][0]["text"]

    def peak_rss_kib(self):
        return peak_rss_kib(self.proc.pid)

    def close(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


def start_serve(clone, env, log):
    """`bin/reviewgate serve --port 0` (the launcher execs java, so its pid is the server's); returns it and its port."""
    server = subprocess.Popen([LAUNCHER, "serve", "--port", "0"], cwd=clone, stdout=log, stderr=subprocess.PIPE, env=env)
    port = None
    deadline = time.time() + 120
    while port is None and time.time() < deadline:
        line = server.stderr.readline().decode()
        if not line:
            raise SystemExit("reviewgate serve ended before it listened")
        if "serving http://127.0.0.1:" in line:
            port = int(line.split("serving http://127.0.0.1:")[1].split("/")[0])
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    return server, port


class HttpClient:
    """One MCP client over Streamable HTTP: a kept-alive connection and a session."""

    def __init__(self, port, token):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json",
                        "Accept": "application/json, text/event-stream"}
        reply, headers = self.post({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                               "clientInfo": {"name": "versus-git", "version": "1"}}})
        self.headers["Mcp-Session-Id"] = headers["mcp-session-id"]
        self.headers["MCP-Protocol-Version"] = "2025-06-18"
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.next_id = 0

    def post(self, message):
        self.conn.request("POST", "/mcp", body=json.dumps(message), headers=self.headers)
        response = self.conn.getresponse()
        body = response.read()
        headers = {k.lower(): v for k, v in response.getheaders()}
        if response.status >= 300:
            raise SystemExit("HTTP %d: %s" % (response.status, body[:300]))
        if not body:
            return None, headers
        if headers.get("content-type", "").startswith("text/event-stream"):
            data = [line[5:].strip() for line in body.decode().splitlines() if line.startswith("data:")]
            body = data[-1]
        return json.loads(body), headers

    def raw(self, params):
        """A tools/call answered as plain JSON: its body (bytes) and the time its last byte arrived."""
        self.next_id += 1
        headers = dict(self.headers, Accept="application/json")
        self.conn.request("POST", "/mcp", body=json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": "tools/call",
                                                           "params": params}), headers=headers)
        response = self.conn.getresponse()
        body = response.read()
        last_byte = time.perf_counter()
        if response.status != 200:
            raise SystemExit("HTTP %d: %s" % (response.status, body[:300]))
        return body, last_byte

    def diff(self, sha):
        self.next_id += 1
        reply, _ = self.post({"jsonrpc": "2.0", "id": self.next_id, "method": "tools/call",
                              "params": {"name": "git_diff", "arguments": whole({"commit": sha})}})
        result = reply["result"]
        if result.get("isError"):
            raise SystemExit("git_diff %s: %s" % (sha, result["content"][0]["text"]))
        return result["content"][0]["text"]


def in_parallel(work, clients, task):
    """Runs task(worker, item) for every item on `clients` threads; returns the wall time and the results by item."""
    items = queue.Queue()
    for item in work:
        items.put(item)
    results, errors = {}, []

    def loop(worker):
        while True:
            try:
                item = items.get_nowait()
            except queue.Empty:
                return
            try:
                results[item] = task(worker, item)
            except BaseException as e:  # reported and counted below
                errors.append(e)
    threads = [threading.Thread(target=loop, args=(w,)) for w in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise SystemExit("%d failed: %s" % (len(errors), errors[0]))
    return elapsed, results


def concurrent(opts, home, log):
    token = secrets.token_hex(24)
    server, port = start_serve(opts.clone, dict(os.environ, REVIEWGATE_TOKEN=token), log)
    failed = 0
    try:
        clients = [HttpClient(port, token) for _ in range(opts.clients)]
        everything = commits(opts.clone, opts.warm + opts.rounds * opts.count)
        warm, rest = everything[:opts.warm], everything[opts.warm:]
        if warm:
            in_parallel([sha for _, sha in warm], opts.clients, lambda w, sha: clients[w].diff(sha))
        genv = git_env(home)
        for round_ in range(opts.rounds):
            work = rest[round_ * opts.count:(round_ + 1) * opts.count]
            shas = [sha for _, sha in work]
            git_time, git_out = in_parallel(shas, opts.clients, lambda w, sha: git_diff(opts.clone, genv, sha + "^", sha)[1])
            our_time, our_text = in_parallel(shas, opts.clients, lambda w, sha: clients[w].diff(sha))
            differ = [sha for sha in shas if not same(git_out[sha], our_text[sha])]
            failed += len(differ)
            print("round %d: %d commits, %d clients: git %.3f s, reviewgate %.3f s, %.2fx, identical %d/%d"
                  % (round_ + 1, len(shas), opts.clients, git_time, our_time, our_time / git_time,
                     len(shas) - len(differ), len(shas)), flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["firstcalls", "ranges", "concurrent"])
    parser.add_argument("clone")
    parser.add_argument("range", nargs="*")
    parser.add_argument("--count", type=int, default=None)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warm", type=int, default=200)
    parser.add_argument("--warmup", choices=["on", "off"], default="on")
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--one-process", action="store_true", help="ranges: every round asks the same server process")
    parser.add_argument("--http", action="store_true", help="ranges: bin/reviewgate serve over HTTP MCP, not stdio")
    opts = parser.parse_args()
    opts.clone = os.path.abspath(opts.clone)
    if opts.count is None:
        opts.count = 100 if opts.mode == "firstcalls" else 200
    if not os.access(LAUNCHER, os.X_OK) or not os.path.exists(os.path.join(ROOT, "modules/app/target/reviewgate.jar")):
        raise SystemExit("build first: ./mvnw -q -DskipTests package")
    print("load before: %s" % open("/proc/loadavg").read().strip(), flush=True)
    # VERSUS_GIT_LOG=FILE keeps the server's stderr (its warm-up's summary among it); by default it goes with the run.
    with tempfile.TemporaryDirectory() as home, \
            open(os.environ.get("VERSUS_GIT_LOG") or os.path.join(home, "server.log"), "wb") as log:
        status = {"firstcalls": firstcalls, "ranges": ranges, "concurrent": concurrent}[opts.mode](opts, home, log)
    print("load after: %s" % open("/proc/loadavg").read().strip())
    sys.exit(status)


if __name__ == "__main__":
    main()
