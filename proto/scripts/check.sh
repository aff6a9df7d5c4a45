#!/usr/bin/env bash
# Contract checks: buf lint, generated code is up to date, buf breaking against the previous commit of main.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/../node_modules/.bin:$PATH"

echo "buf lint"
buf lint

echo "generated TypeScript is current"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
buf generate --template buf.gen.yaml -o "$tmp" >/dev/null
# buf writes below "$tmp/src/gen"; format like the committed copy, then compare.
prettier --config ../.prettierrc.json --log-level warn --write "$tmp/src/gen" >/dev/null
if ! diff -r "$tmp/src/gen" src/gen >/dev/null; then
  echo "proto/src/gen is stale: run 'npm run proto:generate' and commit the result" >&2
  diff -r "$tmp/src/gen" src/gen | head -20 >&2
  exit 1
fi

# Against what main had before this change: with uncommitted contract edits, HEAD; otherwise the commit before.
top=$(git rev-parse --show-toplevel)
if [ -n "$(git status --porcelain -- .)" ]; then ref=HEAD; else ref=HEAD~1; fi
if ! git rev-parse --verify -q "$ref^{commit}" >/dev/null || ! git cat-file -e "$ref:proto/buf.yaml" 2>/dev/null; then
  echo "buf breaking: $ref has no contracts to compare against; nothing can break"
  exit 0
fi
echo "buf breaking against $ref"
buf breaking --against "$top/.git#ref=$ref,subdir=proto"
