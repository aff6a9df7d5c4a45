#!/usr/bin/env bash
# Regenerate each locked requirements/<name>.txt (pinned, with hashes for every platform) from <name>.in:
# python-tools (scripts/python-env.sh), schemathesis (scripts/schemathesis-env.sh), k8s-tools
# (scripts/python-env.sh k8s-tools) and compose (scripts/python-env.sh compose), each its own venv; and pip, the
# installer python-env.sh puts in each of those venvs before its lock.
#
#   requirements/compile.sh            resolve again, keeping the pins of python-tools.in
#   requirements/compile.sh --upgrade  also move unpinned transitive dependencies to their newest versions
#
# The resolver (uv, pinned below) is installed once into the tools cache beside the other built tools.
# Each lock is universal: valid for its oldest Python (below) and newer on Linux, macOS and Windows (markers pick per-version pins).
set -euo pipefail

UV_VERSION="0.13.9"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tools="${GENUI_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/genui/tools}"
uv_venv="$tools/uv/$UV_VERSION"

if [ ! -x "$uv_venv/bin/uv" ]; then
  echo "[compile] installing uv $UV_VERSION into $uv_venv" >&2
  rm -rf "$uv_venv"
  python3 -m venv "$uv_venv"
  "$uv_venv/bin/python" -m pip install -q "uv==$UV_VERSION" >&2
fi

cd "$here"
# Oldest Python each lock must hold for (schemathesis 4 needs 3.11).
for lock in pip:3.10 python-tools:3.10 schemathesis:3.11 k8s-tools:3.10 compose:3.10; do
  py="${lock#*:}" lock="${lock%%:*}"
  UV_PYTHON_DOWNLOADS=never "$uv_venv/bin/uv" pip compile --quiet --universal --python-version "$py" \
    --generate-hashes --no-strip-extras --custom-compile-command "requirements/compile.sh" "$@" \
    "$lock.in" -o "$lock.txt"
  echo "[compile] wrote requirements/$lock.txt" >&2
done
