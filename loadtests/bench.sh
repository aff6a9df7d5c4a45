#!/usr/bin/env bash
# Benchmarks on this machine: loadtests/bench.sh accounts|apps|billing|generation [--profile]|timeline
# Starts the platform (limits raised so a benchmark measures work, not the limiter; logs to a file), runs the k6
# scenario (with a /healthz baseline in the same run), prints req/s and latency per scenario with ratios to the
# baseline, then stops what it started. Loopback only.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: loadtests/bench.sh accounts|apps|billing|chat|generation|timeline}"
[ -f "loadtests/$name.js" ] || [ "$name" = billing ] || [ "$name" = chat ] || [ "$name" = timeline ] || { echo "no scenario loadtests/$name.js" >&2; exit 2; }
bash scripts/ensure-deps.sh
# The dev profile's infrastructure: stopped again at the end when this run started it (a following `npm start` finds
# its ports free).
infra_was_up=0
bash deploy/local/infra.sh status --profile dev >/dev/null 2>&1 && infra_was_up=1
bash deploy/local/infra.sh start --profile dev
stop_infra() { [ "$infra_was_up" = 1 ] || bash deploy/local/infra.sh stop --profile dev >/dev/null 2>&1 || true; }
trap stop_infra EXIT
npm run --silent build >/dev/null
mkdir -p .local/bench
overrides=.local/bench/overrides.env
cat > "$overrides" <<ENV
LOGIN_RATE_PER_IP=100000000/60
LOGIN_RATE_PER_EMAIL=100000000/60
SIGNUP_RATE_PER_IP=100000000/60
SIGNUP_RATE_PER_EMAIL=100000000/60
LOG_LEVEL=${BENCH_LOG_LEVEL:-warn}
ENV
if [ "$name" = generation ] || [ "$name" = timeline ]; then
  # Workers answer from the fake upstream the benchmark starts on 8199; the limiter and queue bound stay out of the way.
  cat >> "$overrides" <<ENV
UPSTREAM_BASE_URL=http://127.0.0.1:8199/v1
UPSTREAM_MODEL=fake-model
API_RATE_PER_IP=100000000/60
API_KEY_FAILURES_PER_IP=100000000/600
GEN_WORKER_CONCURRENCY=${BENCH_WORKER_CONCURRENCY:-1200}
GEN_MAX_QUEUE_DEPTH=100000
GEN_RATE_PER_TENANT=100000000/60
GEN_CONCURRENCY_PER_TENANT=100000
GEN_TENANT_QUEUE_SHARE=1
ENV
  # The streams' gzip level is the service's default unless BENCH_GZIP_LEVEL says otherwise (0: not compressed).
  [ -z "${BENCH_GZIP_LEVEL:-}" ] || echo "GEN_STREAM_GZIP_LEVEL=$BENCH_GZIP_LEVEL" >> "$overrides"
fi
# BENCH_ENV="NAME=value …": settings of every process for this run (an A/B of a setting without a rebuild).
for setting in ${BENCH_ENV:-}; do echo "$setting" >> "$overrides"; done
infra_json=$(bash deploy/local/infra.sh env-json --profile dev)
# --profile (generation): every Node process writes a CPU profile, summarised over the measured row (docs/performance.md).
profile_dir=""
if [ "${2:-}" = "--profile" ]; then
  profile_dir="$PWD/.local/bench/profiles-$(date +%Y%m%d-%H%M%S)"
  mkdir -p "$profile_dir"
fi
# Every process at one CPU priority (--no-nice), as deployed: on a developer's machine the launcher lowers the workers'
# (nice 10), which the floor's hops and deployments do not (docs/performance.md, "The workers at the edge's priority").
GENUI_CPU_PROF_DIR="$profile_dir" GENUI_INFRA_ENV="$infra_json" GENUI_ENV_FILE="$overrides" node scripts/launcher.mjs --no-nice > ".local/bench/$name-platform.log" 2>&1 &
launcher=$!
trap 'kill -INT $launcher 2>/dev/null; wait $launcher 2>/dev/null || true; stop_infra' EXIT
for _ in $(seq 1 240); do curl -fsS http://127.0.0.1:8080/readyz >/dev/null 2>&1 && break; sleep 0.25; done
nats_url=$(bash deploy/local/infra.sh env | sed -n 's/^NATS_URL=//p')
if [ "$name" = billing ]; then NATS_URL="$nats_url" node loadtests/billing-bench.mjs; exit $?; fi
if [ "$name" = chat ]; then node loadtests/chat-bench.mjs; exit 0; fi
k6=$(bash deploy/local/infra.sh env | sed -n 's/^K6_BIN=//p')
redis_url=$(bash deploy/local/infra.sh env | sed -n 's/^REDIS_URL=//p')
mongo_url=$(bash deploy/local/infra.sh env | sed -n 's/^MONGO_URL=//p')
if [ "$name" = timeline ]; then
  REDIS_URL="$redis_url" NATS_URL="$nats_url" MONGO_URL="$mongo_url" node loadtests/stream-timeline.mjs
  exit $?
fi
if [ "$name" = generation ] && [ -n "$profile_dir" ]; then
  K6_BIN="$k6" BENCH_PROFILE=1 REDIS_URL="$redis_url" NATS_URL="$nats_url" node loadtests/generation-bench.mjs
  # The profiles are written as the processes exit.
  kill -INT $launcher; wait $launcher || true
  trap stop_infra EXIT
  window=.local/bench/profile-window.json
  cp "$window" "$profile_dir/window.json"
  node loadtests/profile-summary.mjs "$profile_dir" --window "$window" --json "$profile_dir/summary.json" | tee "$profile_dir/summary.txt"
  exit 0
fi
if [ "$name" = generation ]; then
  K6_BIN="$k6" REDIS_URL="$redis_url" NATS_URL="$nats_url" MONGO_URL="$mongo_url" node loadtests/generation-bench.mjs
  exit 0
fi
"$k6" run --quiet --summary-export ".local/bench/$name-summary.json" "loadtests/$name.js" > ".local/bench/$name-k6.log" 2>&1 || {
  tail -n 20 ".local/bench/$name-k6.log" >&2
}
node loadtests/report.mjs ".local/bench/$name-summary.json" 15
if [ "$name" = apps ]; then NATS_URL="$nats_url" node loadtests/verify-latency.mjs; fi
