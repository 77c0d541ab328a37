#!/usr/bin/env python3
"""A client of reviewgate's TCP event-bus bridge, with the Python standard library only.

Frames are a 4-byte big-endian length followed by that many bytes of UTF-8 JSON:
{"type": "send", "address": ..., "replyAddress": ..., "headers": {...}, "body": {...}}.

Usage:
  reviewgate_bus.py HOST:PORT diff REPO BASE HEAD   git diff of BASE..HEAD in the served repository REPO
  reviewgate_bus.py HOST:PORT events [SECONDS]      print review events as they are published
Every frame carries the bridge's credential: $REVIEWGATE_TOKEN, else this user's secret (what `reviewgate token`
prints: the file `token` in $REVIEWGATE_STATE_DIR, $XDG_STATE_HOME/reviewgate or ~/.local/state/reviewgate).
"""
import json
import os
import socket
import struct
import sys
import time
import uuid


def token():
    """The bridge credential: $REVIEWGATE_TOKEN, else this user's reviewgate secret."""
    if os.environ.get("REVIEWGATE_TOKEN"):
        return os.environ["REVIEWGATE_TOKEN"]
    state = os.environ.get("REVIEWGATE_STATE_DIR") or (
        os.path.join(os.environ["XDG_STATE_HOME"], "reviewgate") if os.environ.get("XDG_STATE_HOME")
        else os.path.join(os.path.expanduser("~"), ".local", "state", "reviewgate"))
    path = os.path.join(state, "token")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        raise SystemExit("no reviewgate token: set REVIEWGATE_TOKEN, or start reviewgate once so that it creates " + path)


class Bus:
    """One connection to the bridge: send requests, register for events, read frames."""

    def __init__(self, host, port, timeout=60.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.headers = {"authorization": "Bearer " + token()}

    def close(self):
        self.sock.close()

    def write(self, frame):
        data = json.dumps(frame).encode("utf-8")
        self.sock.sendall(struct.pack(">I", len(data)) + data)

    def read(self):
        (length,) = struct.unpack(">I", self._exactly(4))
        return json.loads(self._exactly(length).decode("utf-8"))

    def _exactly(self, n):
        chunks = []
        while n > 0:
            chunk = self.sock.recv(n)
            if not chunk:
                raise ConnectionError("the bridge closed the connection")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def request(self, address, body):
        """Sends a request and returns the reply's body; raises BusError with the failure's code and text."""
        reply_address = "py." + uuid.uuid4().hex
        self.write({"type": "send", "address": address, "replyAddress": reply_address,
                    "headers": self.headers, "body": body})
        while True:
            frame = self.read()
            if frame.get("type") == "err":
                raise BusError(frame.get("failureCode"), frame.get("message"))
            if frame.get("address") == reply_address:
                return frame.get("body")

    def register(self, address):
        self.write({"type": "register", "address": address, "headers": self.headers})


class BusError(Exception):
    def __init__(self, code, message):
        super().__init__("[%s] %s" % (code, message))
        self.code = code


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, _, port = argv[1].rpartition(":")
    bus = Bus(host, int(port))
    try:
        if argv[2] == "diff" and len(argv) == 6:
            result = bus.request("reviewgate.git.diff", {"repo": argv[3], "base": argv[4], "head": argv[5]})
            sys.stdout.write(result["diff"])
            return 0
        if argv[2] == "events":
            seconds = float(argv[3]) if len(argv) > 3 else 60.0
            bus.register("reviewgate.review.events")
            bus.write({"type": "ping"})
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                bus.sock.settimeout(max(0.1, deadline - time.monotonic()))
                try:
                    frame = bus.read()
                except socket.timeout:
                    break
                if frame.get("type") == "pong":
                    print("registered", flush=True)
                elif frame.get("type") == "err":
                    print("error: " + str(frame.get("message")), file=sys.stderr, flush=True)
                    return 1
                else:
                    print(json.dumps(frame.get("body")), flush=True)
            return 0
        print(__doc__, file=sys.stderr)
        return 2
    except BusError as e:
        print("reviewgate: " + str(e), file=sys.stderr)
        return 1
    finally:
        bus.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
