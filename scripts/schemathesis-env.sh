#!/usr/bin/env bash
# Schemathesis (pinned with hashes in requirements/schemathesis.txt) in its own cached venv, apart from the openai
# and LiteLLM venv, since their dependencies need not agree. Built by scripts/python-env.sh; Python 3.11+.
#
#   scripts/schemathesis-env.sh     build the venv if needed; print the path of its `st` command as the last stdout line
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="$(bash "$here/python-env.sh" schemathesis | tail -n1)"
st="$(dirname "$python")/st"
[ -x "$st" ] || { printf '[schemathesis-env] no st in %s\n' "$(dirname "$python")" >&2; exit 1; }
echo "$st"
