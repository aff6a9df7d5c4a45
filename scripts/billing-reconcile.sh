#!/usr/bin/env bash
# Reconciles every wallet of the local platform's billing database against its ledger (exit 1 on a mismatch).
# Elsewhere, run `node services/billing/dist/src/main.js reconcile` with billing's environment.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build:ts >/dev/null
set -a
eval "$(bash deploy/local/infra.sh env --profile dev)"
[ -f .local/secrets.env ] && . .local/secrets.env
MONGO_DB="${MONGO_DB:-genui_billing}"
set +a
exec node services/billing/dist/src/main.js reconcile
