#!/usr/bin/env python3
"""Bytes and tokens of typical tool replies, as one stdio line each (figures for the docs; sizes, not timings).

  reply-sizes.py LAUNCHER CLONE [--json]

Starts `LAUNCHER stdio` in CLONE (a clone with at least 3,000 commits, e.g. libgit2), makes each call below and
prints the bytes of its JSON-RPC response line, the estimated tokens (bytes / 3.5, the server's estimate, and
bytes / 4), the bytes of the first text block and of structuredContent, and whether the reply was cut (next_cursor).
LAUNCHER is a bin/reviewgate of any version, so that two builds can be compared on the same clone.
"""
import json
import subprocess
import sys

CASES = [
    ("small diff (HEAD~1..HEAD)", "git_diff", {"base": "HEAD~1", "head": "HEAD"}),
    ("stat HEAD~10..HEAD", "git_diff_stat", {"base": "HEAD~10", "head": "HEAD"}),
    ("log, default arguments", "git_log", {}),
    ("show_file README.md", "git_show_file", {"path": "README.md"}),
    ("grep 'git_repository_open'", "git_grep", {"pattern": "git_repository_open", "fixed": True}),
    ("diff HEAD~300..HEAD, no options", "git_diff", {"base": "HEAD~300", "head": "HEAD"}),
    ("diff HEAD~300..HEAD, token_budget 4000", "git_diff", {"base": "HEAD~300", "head": "HEAD", "token_budget": 4000}),
    ("diff HEAD~300..HEAD, max_bytes 20000", "git_diff", {"base": "HEAD~300", "head": "HEAD", "max_bytes": 20000}),
    ("diff HEAD~300..HEAD, top 20", "git_diff", {"base": "HEAD~300", "head": "HEAD", "top": 20}),
    ("diff HEAD~3000..HEAD, no options", "git_diff", {"base": "HEAD~3000", "head": "HEAD"}),
    ("diff HEAD~3000..HEAD, token_budget 2000", "git_diff", {"base": "HEAD~3000", "head": "HEAD", "token_budget": 2000}),
    ("diff HEAD~3000..HEAD, max_bytes 20000", "git_diff", {"base": "HEAD~3000", "head": "HEAD", "max_bytes": 20000}),
    ("diff HEAD~3000..HEAD, top 20", "git_diff", {"base": "HEAD~3000", "head": "HEAD", "top": 20}),
    ("stat HEAD~3000..HEAD, no options", "git_diff_stat", {"base": "HEAD~3000", "head": "HEAD"}),
    ("changed_files HEAD~3000..HEAD", "git_changed_files", {"base": "HEAD~3000", "head": "HEAD"}),
]


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    launcher, clone = sys.argv[1], sys.argv[2]
    server = subprocess.Popen([launcher, "stdio"], cwd=clone, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)

    def send(message):
        server.stdin.write((json.dumps(message) + "\n").encode())
        server.stdin.flush()

    def answer(id_):
        while True:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("the server ended")
            message = json.loads(line)
            if message.get("id") == id_:
                return line, message

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "reply-sizes", "version": "1"}}})
    answer(0)
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    rows = []
    for n, (name, tool, arguments) in enumerate(CASES, start=1):
        send({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
        line, message = answer(n)
        result = message.get("result", {})
        content = result.get("content", [{}])
        first = content[0].get("text", "") if content else ""
        structured = result.get("structuredContent")
        rows.append({
            "case": name,
            "bytes": len(line) - 1,
            "tokens_3_5": round((len(line) - 1) / 3.5),
            "tokens_4": round((len(line) - 1) / 4),
            "first_text_bytes": len(first.encode()),
            "structured_bytes": len(json.dumps(structured, ensure_ascii=False).encode()) if structured else 0,
            "first_text_is_json": first.startswith("{"),
            "cut": bool(structured and structured.get("next_cursor")) or "error" in message,
            "error": result.get("isError") or "error" in message,
        })
    server.stdin.close()
    server.wait(timeout=60)
    if "--json" in sys.argv:
        print(json.dumps(rows, indent=2))
        return
    print("| reply | bytes | tokens (/3.5) | tokens (/4) | first text block | structuredContent | text is JSON | cut |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        print(f"| {r['case']} | {r['bytes']:,} | {r['tokens_3_5']:,} | {r['tokens_4']:,} | {r['first_text_bytes']:,} | "
              f"{r['structured_bytes']:,} | {'yes' if r['first_text_is_json'] else 'no'} | "
              f"{'error' if r['error'] else ('next_cursor' if r['cut'] else '')} |")


if __name__ == "__main__":
    main()
