#!/usr/bin/env bash
# Runs a k6 scenario against a loopback address only: loadtests/run.sh smoke [http://127.0.0.1:8080]
set -euo pipefail
cd "$(dirname "$0")/.."
scenario="${1:?usage: loadtests/run.sh SCENARIO [BASE_URL]}"
base="${2:-http://127.0.0.1:8080}"
host=$(node -e 'console.log(new URL(process.argv[1]).hostname)' "$base")
case "$host" in
  127.*|localhost|"[::1]") ;;
  *) echo "refusing to load-test $host: loopback addresses only" >&2; exit 2 ;;
esac
bash deploy/local/infra.sh install >/dev/null
k6=$(bash deploy/local/infra.sh env | sed -n 's/^K6_BIN=//p')
exec "$k6" run --quiet -e BASE_URL="$base" "loadtests/$scenario.js"
