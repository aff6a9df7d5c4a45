#!/usr/bin/env bash
# Brings the whole platform up locally: dependencies, infrastructure, build, every process under one launcher.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/ensure-deps.sh
bash deploy/local/infra.sh start --profile dev
echo "[up] building"
npm run --silent build
infra_json=$(bash deploy/local/infra.sh env --profile dev | grep -E '^(MONGO_URL|REDIS_URL|NATS_URL)=' \
  | node -e 'const l=require("fs").readFileSync(0,"utf8").trim().split("\n");console.log(JSON.stringify(Object.fromEntries(l.map(x=>[x.slice(0,x.indexOf("=")),x.slice(x.indexOf("=")+1)]))))')
GENUI_INFRA_ENV="$infra_json" exec node scripts/launcher.mjs
