#!/usr/bin/env bash
# promtool (Prometheus' rule checker) for the alert rules' tests (e2e/architecture/kubernetes.int.test.ts), built once with the Go
# toolchain from the Go module proxy and cached outside the clone, keyed by version.
#
#   scripts/promtool-env.sh    install if needed; print the binary's path as the last stdout line
#
# Lives at $GENUI_TOOLS_DIR/promtool-<version>/promtool (GENUI_TOOLS_DIR defaults to ~/.cache/genui/tools). The first
# build downloads Prometheus' modules and compiles for a few minutes; later calls return at once.
set -euo pipefail

# Prometheus v3.x is published to the module proxy as v0.3xx.y (the module path has no /v3).
PROMETHEUS_MODULE_VERSION="v0.316.0"

tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
dir="$tools/promtool-$PROMETHEUS_MODULE_VERSION"
bin="$dir/promtool"

log() { printf '[promtool-env] %s\n' "$*" >&2; }

if [ ! -x "$bin" ]; then
  command -v go >/dev/null 2>&1 || { log "need the Go toolchain (go) to build promtool"; exit 1; }
  mkdir -p "$tools"
  # Several callers may ask at once; one builds, the others wait and reuse it.
  exec 9>"$tools/.promtool-$PROMETHEUS_MODULE_VERSION.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    log "building promtool $PROMETHEUS_MODULE_VERSION into $dir (first time only, a few minutes)"
    t0=$(date +%s)
    rm -rf "$dir.tmp"
    mkdir -p "$dir.tmp"
    GOBIN="$dir.tmp" GOFLAGS=-buildvcs=false CGO_ENABLED=0 \
      go install "github.com/prometheus/prometheus/cmd/promtool@$PROMETHEUS_MODULE_VERSION" >&2 \
      || { rm -rf "$dir.tmp"; log "go install failed"; exit 1; }
    rm -rf "$dir"
    mv "$dir.tmp" "$dir"
    log "built in $(( $(date +%s) - t0 )) s"
  fi
  flock -u 9
  exec 9>&-
fi
echo "$bin"
