#!/usr/bin/env bash
# Brings the whole platform up locally: dependencies, infrastructure, build, every process under one launcher.
#   npm start                      one copy of every process (dev profile)
#   npm start -- --replicas        the replica profile: two copies of the BFF, identity, apps, billing and the
#                                  generation API, three workers, behind HAProxy (deploy/topology.json, localReplicas)
#   npm start -- --profile faults  another profile's ports (the infrastructure's and every process's)
set -euo pipefail
cd "$(dirname "$0")/../.."
profile=dev
for ((i = 1; i <= $#; i++)); do
  case "${!i}" in
    --profile) j=$((i + 1)); profile="${!j}" ;;
    --profile=*) profile="${!i#*=}" ;;
  esac
done
bash scripts/ensure-deps.sh
bash deploy/local/infra.sh start --profile "$profile"
echo "[up] building"
npm run --silent build
infra_json=$(bash deploy/local/infra.sh env-json --profile "$profile")
GENUI_INFRA_ENV="$infra_json" exec node scripts/launcher.mjs "$@"
