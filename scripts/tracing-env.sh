#!/usr/bin/env bash
# A real OTLP receiver for the tracing test (e2e/system/tracing.int.test.ts): Jaeger v2 (an OpenTelemetry Collector
# distribution with in-memory trace storage and Jaeger's query API), built with Go, cached outside the clone.
#
#   scripts/tracing-env.sh     build Jaeger if needed; print the binary's path as the last stdout line
#
# The binary lives at $GENUI_TOOLS_DIR/jaeger/$JAEGER_VERSION/jaeger (GENUI_TOOLS_DIR defaults to
# ~/.cache/genui/tools), shared by every clone on this machine. Jaeger's Go module versions are v1.x (v1.76.0 is
# the Jaeger v2.13 release); its go.mod has a replace directive, so `go install module@version` refuses it and it is
# built from a copy of the downloaded module instead (as deploy/local/infra.sh does for FerretDB). The first build
# took about 11 minutes here (2 shared cores, module downloads included). The OpenTelemetry Collector core
# distribution (otelcorecol) is not installable with `go install` either, and it stores nothing one could read back.
set -euo pipefail

JAEGER_VERSION="${JAEGER_VERSION:-v1.76.0}"
tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
bin="$tools/jaeger/$JAEGER_VERSION/jaeger"

log() { printf '[tracing-env] %s\n' "$*" >&2; }

if [ ! -x "$bin" ]; then
  command -v go >/dev/null || { log "Go is needed to build Jaeger (apt-get install golang-go or the Go toolchain)"; exit 1; }
  mkdir -p "$tools"
  exec 9>"$tools/.jaeger.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    log "building Jaeger $JAEGER_VERSION (first time only, several minutes)"
    dir=$(GOFLAGS=-mod=mod go mod download -json "github.com/jaegertracing/jaeger@$JAEGER_VERSION" |
      sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [ -d "$dir" ] || { log "could not download Jaeger $JAEGER_VERSION"; exit 1; }
    src="$tools/src/jaeger-$JAEGER_VERSION"
    rm -rf "$src"; mkdir -p "$(dirname "$src")"
    cp -r "$dir" "$src"; chmod -R u+w "$src"
    mkdir -p "$(dirname "$bin")"
    (cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$bin.tmp" ./cmd/jaeger) >&2
    mv "$bin.tmp" "$bin"
    rm -rf "$src"
  fi
fi
echo "$bin"
