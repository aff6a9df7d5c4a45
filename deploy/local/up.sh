#!/usr/bin/env bash
# Brings the whole platform up locally: dependencies, infrastructure, build, every process under one launcher.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/ensure-deps.sh
bash deploy/local/infra.sh start --profile dev
echo "[up] building"
npm run --silent build
infra_json=$(bash deploy/local/infra.sh env-json --profile dev)
GENUI_INFRA_ENV="$infra_json" exec node scripts/launcher.mjs
