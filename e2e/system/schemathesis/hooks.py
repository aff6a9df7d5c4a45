"""Schemathesis hooks for e2e/system/schemathesis.int.test.ts (loaded through SCHEMATHESIS_HOOKS).

POST /retrieve/ with `code` runs that code in the sandbox. Whether a string is UI code that runs is not something a
JSON Schema can say, so a schema-valid body with code that does not run is rightly refused: 400 with
`code: "invalid_code"`. schemathesis.toml turns the built-in positive_data_acceptance check off for that one operation
and this check takes its place: the same check, except for exactly that refusal. Any other rejection of valid data
(a 400 for another reason, a 422, ...) still fails the run.
"""

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance


def _does_not_run(response) -> bool:
    if response.status_code != 400:
        return False
    try:
        body = response.json()
    except Exception:
        return False
    error = body.get("error") if isinstance(body, dict) else None
    return isinstance(error, dict) and error.get("code") == "invalid_code"


@schemathesis.check
def retrieve_accepts_valid_data(ctx, response, case):
    """positive_data_acceptance for POST /retrieve/, but for code that does not run (400 invalid_code)."""
    if case.operation.method.upper() != "POST" or case.operation.path != "/retrieve/":
        return None
    if _does_not_run(response):
        return None
    return positive_data_acceptance(ctx, response, case)


# Hypothesis cannot draw a string longer than its 8 KiB buffer: a negative case for `maxLength: 32000` (retrieve's
# code; 50000 for its prompt) needs one of 32,001 characters and stops the operation's fuzzing with "min_size is
# larger than Hypothesis supports". Such limits are dropped from the copy schemathesis reads (the served document
# keeps them); e2e/system/security-published-api.int.test.ts sends values just over each of them instead.
HYPOTHESIS_MAX_STRING = 8 * 1024


def _drop_large_max_length(node):
    if isinstance(node, dict):
        if isinstance(node.get("maxLength"), int) and node["maxLength"] > HYPOTHESIS_MAX_STRING:
            del node["maxLength"]
        for value in node.values():
            _drop_large_max_length(value)
    elif isinstance(node, list):
        for value in node:
            _drop_large_max_length(value)


@schemathesis.hook
def before_load_schema(context, raw_schema):
    _drop_large_max_length(raw_schema)
