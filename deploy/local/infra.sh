#!/usr/bin/env bash
# Local infrastructure without Docker: Redis, NATS (JetStream), FerretDB (on PostgreSQL or SQLite files) and k6.
#
#   deploy/local/infra.sh install            install what is missing (idempotent, cached)
#   deploy/local/infra.sh start [--profile P] start on loopback and wait until ready (installs first)
#   deploy/local/infra.sh stop  [--profile P] stop what this script started for that profile
#   deploy/local/infra.sh status [--profile P]
#   deploy/local/infra.sh env   [--profile P] print the URLs as KEY=value lines
#   deploy/local/infra.sh env-json [--profile P] the connection URLs as one JSON object (for the launcher)
#   deploy/local/infra.sh restart NAME [--kill] [--profile P]
#                                            stop redis, nats or ferretdb (SIGTERM, or SIGKILL with --kill) and start
#                                            it again on its data (the fault campaign's outages)
#
# Profiles: "dev" (the local platform; data kept), "test" (other ports; data wiped at start, nothing persisted) and
# "faults" (npm run faults: other ports; data wiped at start, then persisted like dev, since restarts are its point).
# FerretDB's backend comes from the profile's "store" in deploy/topology.json (GENUI_STORE overrides it): "postgresql"
# runs Debian's PostgreSQL for it on the profile's own port (as the postgres user when run as root; data under
# /var/lib/genui-postgres then, which that user can reach), "sqlite" keeps files. The SQLite backend scans a whole
# collection for every filtered find, so under steady load it slows as collections grow (in a 30-minute soak the apps
# and billing stores stopped answering within 4 minutes, FerretDB at one full core); PostgreSQL runs the filters.
# Persistence: Redis appends every write to its AOF (fsync every second; a stop fsyncs it whole), so queued jobs,
# holds and sessions survive a restart; JetStream keeps streams in files under the data folder.
# Built Go tools live outside the clone (GENUI_TOOLS_DIR, default ~/.cache/genui/tools) so every clone on
# this machine reuses them; data, logs and pid files live under the clone's git-ignored .local/ folder.
set -euo pipefail

FERRETDB_VERSION="v1.24.2"
K6_VERSION="v1.8.1"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
ferretdb_bin="$tools/ferretdb/$FERRETDB_VERSION/ferretdb"
k6_bin="$tools/k6/$K6_VERSION/k6"

cmd="${1:-}"
shift || true
profile="dev"
target=""
signal=TERM
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile="$2"; shift 2 ;;
    --profile=*) profile="${1#*=}"; shift ;;
    --kill) signal=KILL; shift ;;
    redis|nats|ferretdb) target="$1"; shift ;;
    *) echo "infra: unknown argument $1" >&2; exit 2 ;;
  esac
done

# The ports of each profile come from the one topology (deploy/topology.json: infrastructure host ports + the
# profile's offset); node is all it takes (no packages).
if ! ports="$(node "$repo/scripts/topology-generate.mjs" --infra-ports "$profile" 2>/dev/null)"; then
  echo "infra: unknown profile $profile (dev or test)" >&2
  exit 2
fi
read -r redis_port nats_port nats_mon mongo_port ferret_debug pg_port store <<<"$ports"
store="${GENUI_STORE:-$store}"
case "$store" in postgresql|sqlite) ;; *) echo "infra: unknown store $store (postgresql or sqlite)" >&2; exit 2 ;; esac
state="${GENUI_INFRA_DIR:-$repo/.local/infra}/$profile"
mkdir -p "$state/logs" "$state/run"
# The newest installed PostgreSQL's binaries (asked again by start_postgres: the install step may just have put them there).
pg_bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true; }
pg_bin="$(pg_bin_dir)"
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root: its data goes where the postgres user can reach it, one folder per clone.
  pg_data="${GENUI_PG_DIR:-/var/lib/genui-postgres}/$profile-$(printf '%s' "$state" | cksum | cut -d' ' -f1)"
  as_pg=(setpriv --reuid=postgres --regid=postgres --init-groups --)
else
  pg_data="$state/data/postgres"
  as_pg=()
fi

log() { printf '[infra:%s] %s\n' "$profile" "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

with_lock() {
  # Several callers (the launcher, the test setup) may install at once; one does the work.
  mkdir -p "$tools"
  exec 9>"$tools/.install.lock"
  flock 9
  "$@"
  flock -u 9
}

install_apt() {
  local missing=()
  command -v redis-server >/dev/null || missing+=(redis-server)
  command -v redis-cli >/dev/null || missing+=(redis-tools)
  command -v nats-server >/dev/null || missing+=(nats-server)
  command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v curl >/dev/null || missing+=(curl)
  command -v flock >/dev/null || missing+=(util-linux)
  # ss: a test reads a listener's accept queue with it (packages/chassis/src/backlog.test.ts).
  command -v ss >/dev/null || [ -x /usr/sbin/ss ] || [ -x /usr/bin/ss ] || missing+=(iproute2)
  if [ "$store" = postgresql ]; then
    [ -n "$pg_bin" ] && [ -x "$pg_bin/postgres" ] || missing+=(postgresql)
    command -v pg_isready >/dev/null || missing+=(postgresql-client)
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

require_go() {
  command -v go >/dev/null || { log "Go is needed to build FerretDB and k6 (apt-get install golang-go or the Go toolchain)"; exit 1; }
}

install_ferretdb() {
  [ -x "$ferretdb_bin" ] && return 0
  require_go
  log "building FerretDB $FERRETDB_VERSION (first time only, a few minutes)"
  # `go install mod@version` refuses here because the proxy hides FerretDB's version list, and the module zip
  # lacks the version file that `bin/task gen-version` writes; so build from a copy of the module with it.
  local dir src
  dir=$(GOFLAGS=-mod=mod go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$dir" ] || { log "could not download FerretDB $FERRETDB_VERSION"; exit 1; }
  src="$tools/src/ferretdb-$FERRETDB_VERSION"
  rm -rf "$src"; mkdir -p "$(dirname "$src")"
  cp -r "$dir" "$src"; chmod -R u+w "$src"
  echo "$FERRETDB_VERSION" > "$src/build/version/version.txt"
  echo "genui-local" > "$src/build/version/package.txt"
  mkdir -p "$(dirname "$ferretdb_bin")"
  (cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$ferretdb_bin.tmp" ./cmd/ferretdb)
  mv "$ferretdb_bin.tmp" "$ferretdb_bin"
  rm -rf "$src"
}

install_k6() {
  [ -x "$k6_bin" ] && return 0
  require_go
  log "building k6 $K6_VERSION (first time only, a few minutes)"
  local gobin; gobin=$(mktemp -d)
  GOBIN="$gobin" go install "go.k6.io/k6@$K6_VERSION"
  mkdir -p "$(dirname "$k6_bin")"
  mv "$gobin/k6" "$k6_bin"; rmdir "$gobin"
}

do_install() {
  install_apt
  install_ferretdb
  install_k6
}

pid_alive() { local f="$state/run/$1.pid"; [ -f "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null; }

redis_ready() { redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null | grep -q PONG; }
nats_ready() { curl -fsS "http://127.0.0.1:$nats_mon/healthz?js-enabled-only=true" >/dev/null 2>&1; }
mongo_ready() { curl -fsS "http://127.0.0.1:$ferret_debug/debug/readyz" >/dev/null 2>&1; }
postgres_ready() { pg_isready -q -h 127.0.0.1 -p "$pg_port" -U genui -d postgres 2>/dev/null; }

wait_ready() {
  local name="$1" check="$2" i
  for i in $(seq 1 200); do
    if "$check"; then return 0; fi
    if ! pid_alive "$name"; then log "$name exited; see $state/logs/$name.log"; tail -n 20 "$state/logs/$name.log" >&2 || true; exit 1; fi
    sleep 0.1
  done
  log "$name did not become ready in 20 s; see $state/logs/$name.log"; exit 1
}

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_one() {
  local name="$1" check="$2"; shift 2
  if pid_alive "$name"; then wait_ready "$name" "$check"; return 0; fi
  if "$check"; then log "$name: something else already answers on its port; stop it or use another profile"; exit 1; fi
  nohup setsid "$@" >>"$state/logs/$name.log" 2>&1 < /dev/null &
  echo $! > "$state/run/$name.pid"
  wait_ready "$name" "$check"
}

do_start() {
  with_lock do_install
  if [ "$profile" != dev ] && ! pid_alive redis && ! pid_alive nats && ! pid_alive ferretdb && ! pid_alive postgres; then
    rm -rf "$state/data" "$pg_data"
  fi
  mkdir -p "$state/data/redis" "$state/data/nats" "$state/data/ferretdb"
  start_redis; start_nats
  [ "$store" = postgresql ] && start_postgres
  start_ferretdb
  local on="$store"; [ "$store" = postgresql ] && on="postgresql :$pg_port"
  log "ready: redis :$redis_port, nats :$nats_port (JetStream), ferretdb :$mongo_port (on $on)"
}

start_redis() {
  local persist=(--appendonly yes --appendfsync everysec)
  [ "$profile" = test ] && persist=(--appendonly no --save "")
  start_one redis redis_ready redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$state/data/redis" \
    --daemonize no "${persist[@]}" --protected-mode yes
}
start_nats() {
  start_one nats nats_ready nats-server -js -a 127.0.0.1 -p "$nats_port" -m "$nats_mon" \
    -sd "$state/data/nats" -n "genui-$profile"
}
start_postgres() {
  pg_bin="$(pg_bin_dir)"
  [ -n "$pg_bin" ] || { log "PostgreSQL is not installed (apt-get install postgresql)"; exit 1; }
  if [ ! -f "$pg_data/PG_VERSION" ]; then
    rm -rf "$pg_data"; mkdir -p "$pg_data"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$pg_data"
    "${as_pg[@]}" "$pg_bin/initdb" -D "$pg_data" -U genui -A trust -E UTF8 --no-instructions >>"$state/logs/postgres.log" 2>&1 \
      || { log "initdb failed; see $state/logs/postgres.log"; tail -n 20 "$state/logs/postgres.log" >&2; exit 1; }
  fi
  # Loopback only, its socket in its own folder; enough connections for every copy's FerretDB pool.
  start_one postgres postgres_ready "${as_pg[@]}" "$pg_bin/postgres" -D "$pg_data" -h 127.0.0.1 -p "$pg_port" -k "$pg_data" \
    -c max_connections=400 -c shared_buffers=256MB
  psql -h 127.0.0.1 -p "$pg_port" -U genui -d postgres -tAc "select 1 from pg_database where datname = 'ferretdb'" | grep -q 1 \
    || psql -q -h 127.0.0.1 -p "$pg_port" -U genui -d postgres -c "create database ferretdb"
}
start_ferretdb() {
  local backend=(--handler=sqlite --sqlite-url="file:$state/data/ferretdb/")
  [ "$store" = postgresql ] && backend=(--handler=postgresql --postgresql-url="postgres://genui@127.0.0.1:$pg_port/ferretdb")
  start_one ferretdb mongo_ready "$ferretdb_bin" "${backend[@]}" \
    --listen-addr="127.0.0.1:$mongo_port" --debug-addr="127.0.0.1:$ferret_debug" \
    --state-dir="$state/data/ferretdb" --telemetry=disable --log-level=warn
}

do_restart() {
  [ -n "$target" ] || { echo "usage: $0 restart redis|nats|ferretdb [--kill] [--profile P]" >&2; exit 2; }
  local f="$state/run/$target.pid" pid i
  if [ -f "$f" ] && pid="$(cat "$f")" && kill -0 "$pid" 2>/dev/null; then
    kill "-$signal" "$pid" 2>/dev/null || true
    for i in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
  fi
  rm -f "$f"
  "start_$target"
  log "$target restarted (SIG$signal)"
}

stop_one() {
  local name="$1" f="$state/run/$1.pid" pid i sig=TERM
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  # PostgreSQL's fast shutdown (SIGTERM there waits for every client to leave).
  [ "$name" = postgres ] && sig=INT
  if kill -0 "$pid" 2>/dev/null; then
    kill "-$sig" "$pid" 2>/dev/null || true
    for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$f"
}

do_stop() {
  stop_one ferretdb; stop_one postgres; stop_one nats; stop_one redis
  log "stopped"
}

do_status() {
  local rc=0
  local names=(redis nats ferretdb); [ "$store" = postgresql ] && names+=(postgres)
  for n in "${names[@]}"; do
    local check="${n}_ready"; [ "$n" = ferretdb ] && check=mongo_ready
    if pid_alive "$n" && "$check"; then echo "$n: ready"; else echo "$n: stopped"; rc=1; fi
  done
  return $rc
}

do_env() {
  cat <<EOF
MONGO_URL=mongodb://127.0.0.1:$mongo_port
REDIS_URL=redis://127.0.0.1:$redis_port
NATS_URL=nats://127.0.0.1:$nats_port
K6_BIN=$k6_bin
EOF
}

do_env_json() {
  printf '{"MONGO_URL":"mongodb://127.0.0.1:%s","REDIS_URL":"redis://127.0.0.1:%s","NATS_URL":"nats://127.0.0.1:%s"}\n' \
    "$mongo_port" "$redis_port" "$nats_port"
}

case "$cmd" in
  env-json) do_env_json ;;
  install) with_lock do_install ;;
  start) do_start ;;
  stop) do_stop ;;
  restart) do_restart ;;
  status) do_status ;;
  env) do_env ;;
  *) echo "usage: $0 install|start|stop|status|env|env-json|restart [--profile dev|test|faults]" >&2; exit 2 ;;
esac
