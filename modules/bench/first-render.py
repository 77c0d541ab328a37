#!/usr/bin/env python3
"""How long the review page takes from navigation to its whole first render, in headless Chromium.

Starts a NEW `bin/reviewgate stdio` process in CLONE (its own state directory and review store, in a temporary
directory), asks it for a review of BASE..HEAD with `review_request`, signs a headless Chromium in with
`reviewgate open --print`, then loads the review page RUNS times. Each run navigates from about:blank to the review
and reads the mark the page sets once its first review is drawn and laid out (`reviewgate.first-render`; its
startTime is measured from the navigation's start, so it covers loading the page, connecting to the event-bus bridge,
fetching the review and its diff, and drawing every file). The first WARMUP runs are not counted (a fresh JVM and a
cold browser). Prints every run, then p50 and p90.

Needs the built launcher (`./mvnw -o -q -DskipTests package`), /usr/bin/chromium and /usr/bin/chromedriver; only the
standard library (chromedriver is driven through its W3C WebDriver HTTP interface). Timings on a loaded machine are
noise: run it on a quiet one.

    python3 modules/bench/first-render.py CLONE BASE..HEAD [--runs N] [--warmup N] [--width W --height H]

e.g. two merges of libgit2 (the SHA-256 work and CLI benchmarks): 62 files, +3,251 -915, 14 renames, 5 deletions,
a binary file and renames without changes:

    python3 modules/bench/first-render.py /tmp/vg/libgit2 \
        8420ac4b8a778d82ce87d05f6484ffc772178a63..db4461d556ddb7915349d094ba74ef01d7a2d701
"""
import argparse
import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.environ.get("REVIEWGATE_LAUNCHER", os.path.join(ROOT, "bin", "reviewgate"))
CHROMIUM = os.environ.get("REVIEWGATE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("REVIEWGATE_CHROMEDRIVER", "/usr/bin/chromedriver")
MARK = "reviewgate.first-render"
WAIT_S = 120


class Reviewgate:
    """A stdio process with its dashboard; requests go over stdin, replies come back on stdout."""

    def __init__(self, clone, env):
        self.process = subprocess.Popen([LAUNCHER, "stdio"], cwd=clone, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.dashboard = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stderr(self):
        for raw in self.process.stderr:
            line = raw.decode("utf-8", "replace")
            self.stderr.append(line)
            if "review dashboard at " in line:
                self.dashboard.put(line.split("review dashboard at ", 1)[1].split(";", 1)[0].split(" ", 1)[0])

    def send(self, message):
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, id_, method, params):
        self.send({"jsonrpc": "2.0", "id": id_, "method": method, "params": params})
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("reviewgate stdio ended:\n" + "".join(self.stderr[-20:]))
            message = json.loads(line)
            if message.get("id") == id_:
                if "error" in message:
                    raise SystemExit("%s failed: %s" % (method, message["error"]))
                return message["result"]

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebDriver:
    """Just enough of the W3C WebDriver protocol over chromedriver's HTTP port."""

    def __init__(self, width, height):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.driver = subprocess.Popen([CHROMEDRIVER, "--port=%d" % self.port], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("chromedriver did not start")
                time.sleep(0.1)
        options = {"binary": CHROMIUM, "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                                                "--disable-gpu", "--window-size=%d,%d" % (width, height)]}
        session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}})
        self.session = "/session/" + session["sessionId"]

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (self.port, path), data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=WAIT_S) as reply:
            return json.loads(reply.read() or b"{}").get("value")

    def go(self, url):
        self._call("POST", self.session + "/url", {"url": url})

    def script(self, source, *args):
        return self._call("POST", self.session + "/execute/sync", {"script": source, "args": list(args)})

    def close(self):
        try:
            self._call("DELETE", self.session)
        finally:
            self.driver.terminate()
            self.driver.wait(timeout=30)


def first_render(browser):
    """Polls for the page's mark; returns (ms from navigation to the first render, files drawn)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found = browser.script("const m = performance.getEntriesByName(arguments[0])[0];"
                               " return m ? [m.startTime, document.querySelectorAll('section.file').length] : null;",
                               MARK)
        if found:
            return found
        time.sleep(0.05)
    raise SystemExit("the page set no %s mark within %d s" % (MARK, WAIT_S))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clone")
    parser.add_argument("range")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    opts = parser.parse_args()
    for tool in (LAUNCHER, CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            raise SystemExit("%s is missing (build the launcher with ./mvnw -o -q -DskipTests package)" % tool)

    temp = tempfile.mkdtemp(prefix="reviewgate-first-render-")
    env = dict(os.environ, REVIEWGATE_STATE_DIR=os.path.join(temp, "state"),
               REVIEWGATE_REVIEW_STORAGE_DIR=os.path.join(temp, "reviews"))
    server = Reviewgate(opts.clone, env)
    browser = None
    try:
        server.request(1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                         "clientInfo": {"name": "first-render", "version": "1"}})
        server.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        page = server.dashboard.get(timeout=WAIT_S)
        created = server.request(2, "tools/call", {"name": "review_request", "arguments": {
            "title": "first render " + opts.range, "commit_range": opts.range, "wait": False}})
        review = created["structuredContent"]
        print("review %s: %d files at %s" % (review["review_id"], len(review["files"]), page), flush=True)
        login = subprocess.run([LAUNCHER, "open", review["review_id"], "--print"], env=env, check=True,
                               capture_output=True, text=True).stdout.strip().splitlines()[-1]
        browser = WebDriver(opts.width, opts.height)
        browser.go(login)   # signs in (the session cookie) and opens the review once
        first_render(browser)
        url = page + "#/reviews/" + review["review_id"]
        times = []
        for run in range(opts.warmup + opts.runs):
            browser.go("about:blank")
            browser.go(url)
            ms, files = first_render(browser)
            counted = run >= opts.warmup
            if counted:
                times.append(ms)
            print("run %2d%s: %7.0f ms, %d files drawn" % (run + 1, "" if counted else " (warm-up)", ms, files),
                  flush=True)
        print("first render over %d runs: p50 %.0f ms, p90 %.0f ms (min %.0f, max %.0f)" % (
            len(times), percentile(times, 50), percentile(times, 90), min(times), max(times)))
    finally:
        if browser:
            browser.close()
        server.close()
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
