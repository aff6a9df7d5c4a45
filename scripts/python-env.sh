#!/usr/bin/env bash
# The project's Python tools (the official openai client for e2e/system/python, LiteLLM's proxy for loadtests/litellm)
# in one venv, cached outside the clone and keyed by the content of the locked requirements.
#
#   scripts/python-env.sh           build the venv if needed; print its python's path as the last stdout line
#   scripts/python-env.sh schemathesis   the same for requirements/schemathesis.txt (Schemathesis, its own venv,
#                                   Python 3.11+; scripts/schemathesis-env.sh)
#   scripts/python-env.sh k8s-tools   the same for requirements/k8s-tools.txt (kubernetes-validate, which checks the
#                                   Kubernetes manifests; e2e/architecture/kubernetes.int.test.ts)
#   scripts/python-env.sh compose   the same for requirements/compose.txt (podman-compose, its own venv)
#
# The venv lives at $GENUI_TOOLS_DIR/py-<first 12 hex of sha256 of requirements/python-tools.txt and pip.txt>
# (GENUI_TOOLS_DIR defaults to ~/.cache/genui/tools), so every clone on this machine shares it and a change
# to the requirements builds a new one. Installs are hash-checked (pip --require-hashes), each by the pip that
# requirements/pip.txt pins, put in the venv first: the interpreter's own may be too old for a lock (pip.in says why).
# Interpreter for a build: $GENUI_PYTHON if set, else the first of python3, python3.13 .. python3.10 that is
# 3.10+ (LiteLLM needs 3.10 or newer); a built venv is reused whatever python3 is on PATH later.
# Everything but the final path goes to stderr, so callers can do: py="$(scripts/python-env.sh | tail -n1)".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
lock="${1:-python-tools}"
case "$lock" in
  python-tools) minor=10 ;;
  schemathesis) minor=11 ;; # schemathesis 4 needs 3.11
  k8s-tools) minor=10 ;;
  compose) minor=10 ;; # podman-compose, to validate docker-compose.yml (e2e/architecture/compose.int.test.ts)
  *) printf '[python-env] unknown lock %s\n' "$lock" >&2; exit 2 ;;
esac
req="$repo/requirements/$lock.txt"
pip_req="$repo/requirements/pip.txt"

log() { printf '[python-env] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

[ -f "$req" ] || die "missing $req"
[ -f "$pip_req" ] || die "missing $pip_req"

hash="$(cat "$req" "$pip_req" | sha256sum | cut -c1-12)"
venv="$tools/py-$hash"
marker="$venv/.genui-complete"

venv_ok() {
  # Complete (the marker is written last) and its interpreter still runs: a venv points at the interpreter
  # that built it, which may have been removed since. Whichever 3.10+ Python built it is fine to reuse.
  [ -f "$marker" ] && "$venv/bin/python" -c "import sys; sys.exit(sys.version_info < (3, $minor))" >/dev/null 2>&1
}

python_ok() {
  "$1" -c "import sys; sys.exit(0 if (3, $minor) <= sys.version_info[:2] < (3, 16) else 1)" >/dev/null 2>&1
}

pick_python() {
  # $GENUI_PYTHON if set (and then it must do), else the first 3.10+ of python3, python3.13 .. python3.10.
  if [ -n "${GENUI_PYTHON:-}" ]; then
    python_ok "$GENUI_PYTHON" || die "GENUI_PYTHON=$GENUI_PYTHON is not a Python 3.$minor to 3.15 interpreter"
    python="$(command -v "$GENUI_PYTHON")"; return 0
  fi
  local c
  for c in python3 python3.13 python3.12 python3.11 python3.10; do
    if command -v "$c" >/dev/null 2>&1 && python_ok "$c"; then python="$(command -v "$c")"; return 0; fi
  done
  local found; found="$(python3 -V 2>&1 || echo 'no python3 on PATH')"
  die "need Python 3.$minor or newer (found: $found); install it (Debian 12: apt-get install python3 python3-venv) or set GENUI_PYTHON"
}

build() {
  local python pyver t0
  pick_python
  pyver="$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')"
  log "building $venv with Python $pyver ($python); first time only, one to two minutes"
  t0=$(date +%s)
  rm -rf "$venv"
  "$python" -m venv "$venv" >&2 || die "could not create a venv (Debian: apt-get install python3-venv)"
  # First the pinned pip (the interpreter's own installs it, hash-checked), then the lock with it; every pin has a
  # wheel, so nothing builds.
  local r
  for r in "$pip_req" "$req"; do
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install --quiet --no-input \
      --require-hashes --only-binary :all: -r "$r" >&2 \
      || { rm -rf "$venv"; die "pip install failed for $r"; }
  done
  printf '%s python %s\n' "$hash" "$pyver" > "$marker"
  log "built in $(( $(date +%s) - t0 )) s"
}

if ! venv_ok; then
  mkdir -p "$tools"
  # Several callers (tests, load tests) may ask at once; one builds, the others wait and reuse it.
  exec 9>"$tools/.py-$hash.lock"
  flock 9
  venv_ok || build
  flock -u 9
  exec 9>&-
fi
log "using $venv"
echo "$venv/bin/python"
