#!/usr/bin/env bash
# Runs every test: installs what they need, then contract checks (buf lint, generated code, buf breaking),
# typecheck, lint, formatting, circular imports, jest (unit, integration against real infrastructure, browser in
# Chromium) and the quick fault campaign. Ends with one line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
passed=0
failed=0
failures=()

step() {
  local name="$1"; shift
  printf '\n=== %s\n' "$name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1)); printf -- '--- ok: %s (%ss)\n' "$name" $((SECONDS - start))
  else
    failed=$((failed + 1)); failures+=("$name"); printf -- '--- FAILED: %s (%ss)\n' "$name" $((SECONDS - start))
  fi
}

finish() {
  echo
  [ ${#failures[@]} -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# Setup that everything else needs: a failure here stops the run.
printf '=== setup\n'
if ! bash scripts/ensure-deps.sh; then failed=$((failed + 1)); failures+=("npm dependencies"); finish; fi
if ! bash deploy/local/infra.sh install --profile test; then failed=$((failed + 1)); failures+=("infrastructure install"); finish; fi
# The official openai Python client for e2e/system/openai-python (a cached venv outside the clone; minutes on a new machine).
if ! bash scripts/python-env.sh >/dev/null; then failed=$((failed + 1)); failures+=("python tools"); finish; fi
# Schemathesis for e2e/system/schemathesis (its own cached venv; about 10 s on a new machine).
if ! bash scripts/schemathesis-env.sh >/dev/null; then failed=$((failed + 1)); failures+=("schemathesis"); finish; fi
# podman-compose for e2e/architecture/compose.int.test.ts (validates docker-compose.yml; its own cached venv, seconds).
if ! bash scripts/python-env.sh compose >/dev/null; then failed=$((failed + 1)); failures+=("compose validator"); finish; fi
# kubernetes-validate (its own small venv) for e2e/architecture/kubernetes.int.test.ts.
if ! bash scripts/python-env.sh k8s-tools >/dev/null; then failed=$((failed + 1)); failures+=("kubernetes tools"); finish; fi
# Two Go tools, built once and cached (about 10 min each on a new machine; side by side, their downloads overlap):
# promtool for the alert rules (e2e/architecture/kubernetes) and Jaeger v2, the OTLP receiver e2e/system/tracing reads a trace back from.
bash scripts/promtool-env.sh >/dev/null & promtool_pid=$!
bash scripts/tracing-env.sh >/dev/null & tracing_pid=$!
if ! wait "$promtool_pid"; then failed=$((failed + 1)); failures+=("promtool"); fi
if ! wait "$tracing_pid"; then failed=$((failed + 1)); failures+=("tracing receiver"); fi
[ "$failed" -gt 0 ] && finish
step "build (tsc -b, vite)" npm run --silent build
[ "$failed" -gt 0 ] && finish

step "contracts: buf lint, generated code, buf breaking" bash proto/scripts/check.sh
step "typecheck" npm run --silent typecheck
step "lint" npm run --silent lint
step "format" npm run --silent format:check
step "circular imports" npm run --silent circular

printf '\n=== jest (unit, integration, browser)\n'
rm -f test-results/jest.json
timeout 2400 npx --no-install jest --ci --json --outputFile=test-results/jest.json
jest_rc=$?
read -r jp jf < <(node -e '
  try {
    const r = require("./test-results/jest.json");
    const broken = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
    console.log(r.numPassedTests, r.numFailedTests + broken + (r.numRuntimeErrorTestSuites && !broken ? r.numRuntimeErrorTestSuites : 0));
  } catch { console.log(0, 0); }')
passed=$((passed + jp)); failed=$((failed + jf))
if [ "$jest_rc" -ne 0 ] && [ "$jf" -eq 0 ]; then failed=$((failed + 1)); failures+=("jest exited with $jest_rc"); fi
[ "$jf" -gt 0 ] && failures+=("jest: $jf failing")

# The replica profile under load while one process copy is killed and Redis, NATS and the store restart (its own
# ports, a few minutes; the full campaign is npm run faults). Its last line: "faults: N, lost: 0, duplicated: 0, hung: 0".
step "fault campaign (npm run faults -- --quick)" node scripts/faults.mjs --quick --no-build
finish
