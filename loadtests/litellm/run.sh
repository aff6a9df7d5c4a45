#!/usr/bin/env bash
# LiteLLM's proxy as a reference point for load tests: one model, genui-pluto-0.1, routed to an
# OpenAI-compatible upstream on loopback; no database, no admin UI, no telemetry, no network calls at start.
#
#   loadtests/litellm/run.sh UPSTREAM_BASE_URL PORT   start (e.g. http://127.0.0.1:18080/v1 4000), wait until
#                                                     /health/liveliness answers, return with it running
#   loadtests/litellm/run.sh stop PORT                stop the proxy that this script started on PORT
#
# On start, stdout gets KEY=value lines (last one PID=...): the proxy's URL (BASE_URL, OpenAI base URL ending
# in /v1), the key it accepts (API_KEY; GENUI_LITELLM_MASTER_KEY overrides, default sk-genui-local), the log
# and PID files, and the PID. Stop it with `run.sh stop PORT`, or yourself: kill "$(cat PID_FILE)".
# State (pid, log) lives under the clone's git-ignored .local/litellm/PORT/.
#
# Tuning (LiteLLM's production guidance, sized for this 2-core machine): one uvicorn worker (--num_workers 1;
# LiteLLM recommends one worker per instance and scaling out), uvloop (installed, picked up by uvicorn),
# LITELLM_LOG=ERROR (no per-request access or info logs), LITELLM_MODE=PRODUCTION (no .env loading), no
# callbacks, spend/error logs, caching, retries, cooldowns or background health checks (see config.yaml).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

log() { printf '[litellm] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }
usage() { die "usage: $0 UPSTREAM_BASE_URL PORT | $0 stop PORT"; }

is_loopback_url() {
  case "$1" in
    http://127.*|http://localhost[:/]*|http://localhost|"http://[::1]"*) return 0 ;;
    *) return 1 ;;
  esac
}
valid_port() { [[ "$1" =~ ^[0-9]+$ ]] && [ "$1" -ge 1 ] && [ "$1" -le 65535 ]; }

state_for() { echo "${GENUI_LITELLM_DIR:-$repo/.local/litellm}/$1"; }

stop_proxy() {
  local port="$1" state pid
  state="$(state_for "$port")"
  [ -f "$state/litellm.pid" ] || { log "nothing started on port $port"; return 0; }
  pid="$(cat "$state/litellm.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    # uvicorn drains open connections first; give it 15 s, then force.
    for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$pid" 2>/dev/null; then log "pid $pid did not stop; killing it"; kill -9 "$pid" 2>/dev/null || true; fi
  fi
  rm -f "$state/litellm.pid"
  log "stopped pid $pid (port $port)"
}

[ $# -eq 2 ] || usage
if [ "$1" = stop ]; then
  valid_port "$2" || usage
  stop_proxy "$2"
  exit 0
fi

upstream="${1%/}"
port="$2"
valid_port "$port" || usage
case "$upstream" in */v1) ;; *) die "the upstream base URL must end in /v1 (got $upstream)" ;; esac
# Load tests send traffic to this machine only.
is_loopback_url "$upstream" || die "refusing upstream $upstream: loopback addresses only"

state="$(state_for "$port")"
mkdir -p "$state"
pid_file="$state/litellm.pid"
log_file="$state/litellm.log"
url="http://127.0.0.1:$port"
key="${GENUI_LITELLM_MASTER_KEY:-sk-genui-local}"

alive() { curl -fsS -m 2 "$url/health/liveliness" >/dev/null 2>&1; }
pid_alive() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }

if pid_alive; then die "already running on port $port (pid $(cat "$pid_file")); stop it first: $0 stop $port"; fi
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "something else already listens on 127.0.0.1:$port"; fi

py="$("$repo/scripts/python-env.sh" | tail -n 1)"
litellm_bin="$(dirname "$py")/litellm"
[ -x "$litellm_bin" ] || die "no litellm in $(dirname "$py")"

# A clean environment: nothing from the caller (DATABASE_URL, REDIS_*, provider keys, callbacks' credentials)
# can switch on a database, a cache or a logger. Everything LiteLLM would fetch at start is taken from the
# copies bundled in the package instead (model cost map, blog posts, Anthropic beta headers, autorouter
# presets, policy templates); telemetry and the Hugging Face hub are off.
t0=$(date +%s%N)
: > "$log_file"
nohup setsid env -i \
  HOME="$HOME" PATH="$(dirname "$py"):/usr/bin:/bin" LANG=C.UTF-8 TMPDIR="${TMPDIR:-/tmp}" \
  GENUI_LITELLM_UPSTREAM="$upstream" \
  GENUI_LITELLM_UPSTREAM_KEY="sk-genui-dummy-upstream-key" \
  GENUI_LITELLM_MASTER_KEY="$key" \
  LITELLM_MODE=PRODUCTION \
  LITELLM_LOG=ERROR \
  LITELLM_TELEMETRY=False \
  LITELLM_LOCAL_MODEL_COST_MAP=True \
  LITELLM_LOCAL_BLOG_POSTS=True \
  LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS=True \
  LITELLM_LOCAL_AUTOROUTER_PRESETS=True \
  LITELLM_LOCAL_POLICY_TEMPLATES=True \
  LITELLM_DONT_SHOW_FEEDBACK_BOX=True \
  DISABLE_ADMIN_UI=True \
  NO_DOCS=True \
  NO_REDOC=True \
  HF_HUB_OFFLINE=1 \
  HF_HUB_DISABLE_TELEMETRY=1 \
  PYTHONUNBUFFERED=1 \
  "$litellm_bin" --config "$here/config.yaml" --host 127.0.0.1 --port "$port" --num_workers 1 \
  >>"$log_file" 2>&1 </dev/null &
echo $! > "$pid_file"
pid="$(cat "$pid_file")"

# Importing LiteLLM's proxy takes most of the start (about 10 s on 2 cores); allow a minute.
for _ in $(seq 1 600); do
  if alive; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then
    rm -f "$pid_file"
    log "the proxy exited during start; last lines of $log_file:"; tail -n 30 "$log_file" >&2 || true
    exit 1
  fi
  sleep 0.1
done
if ! alive; then
  log "not live after 60 s; stopping it. Last lines of $log_file:"; tail -n 30 "$log_file" >&2 || true
  stop_proxy "$port"; exit 1
fi
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
log "live on $url after ${ms} ms (pid $pid; upstream $upstream)"
cat <<EOF
BASE_URL=$url/v1
API_KEY=$key
MODEL=genui-pluto-0.1
LOG_FILE=$log_file
PID_FILE=$pid_file
STARTUP_MS=$ms
PID=$pid
EOF
