"""Schemathesis hooks for e2e/system/schemathesis-signed-in.int.test.ts (loaded through SCHEMATHESIS_HOOKS).

Some rules of the signed-in API are not JSON Schema: a website URL that parses and has a host, an e-mail address and
a phone number with its country code, a dollar amount within bounds with at most 2 decimals, a text length counted
in UTF-16 units (JSON Schema counts code points), code that fits 256 KB of UTF-8. A schema-valid value that breaks
one of them is rightly refused with a field error on that field. signed-in.toml turns the built-in
positive_data_acceptance check off and this check takes its place: the same check, except for exactly a 400 whose
field errors name only the fields listed here for that operation. Any other rejection of valid data still fails.
"""

import re

import schemathesis
from schemathesis.specs.openapi.checks import positive_data_acceptance

SEMANTIC_FIELDS = {
    ("POST", "/apps/api/v1/create/"): {"url"},
    ("PATCH", "/apps/api/v1/update/{appId}/"): {"daily_spend_cap"},
    ("PATCH", "/apps/api/v1/templates/{appId}/update/{templateId}/"): {"name", "description", "code"},
    # A theme whose text would be unreadable (WCAG AA contrast; `theme.light.primary` …); a declaration whose props
    # are not a JSON Schema, whose example they refuse, whose name is ours or not the one in the address, or that is
    # too big (the body's `component` is any JSON: the declaration's rules are checked as field errors).
    ("PUT", "/apps/api/v1/appearance/{appId}/theme/"): {"theme"},
    ("PUT", "/apps/api/v1/appearance/{appId}/components/{name}/"): {
        "component",
        "name",
        "description",
        "props",
        "example",
        "fallback",
        "role",
        "non_field_errors",
    },
    ("POST", "/contact/api/v1/create/"): {"email", "phoneNumber", "subject", "message"},
    ("POST", "/billing/api/v1/currency/exchange-rate/"): {"amount"},
    ("POST", "/billing/api/v1/orders/create/"): {"amount"},
    ("GET", "/billing/api/v1/modals/list"): {"currency"},
    # The generation routes answer in OpenAI's shape: `error.param` names the field (a blank model, no messages,
    # neither code nor prompt, code that does not run).
    ("POST", "/apps/api/v1/auth-chat/completions"): {"model", "messages"},
    ("POST", "/apps/api/v1/auth-retrieve/"): {"code", "prompt"},
}

# Fields of an order error besides the field errors themselves.
ORDER_ERROR_KEYS = {"error", "message", "code"}

# The OAuth authorization server's endpoints answer a schema-valid request with an OAuth error when the protocol says
# no: a client id nobody registered, no client authentication, a redirect URI that is not https (or loopback http), an
# unknown code or refresh token (RFC 6749 §5.2, RFC 7591 §3.2.2). Those rules are the protocol's, not JSON Schema's.
OAUTH_OPERATIONS = {
    ("GET", "/oauth/authorize"),
    ("POST", "/oauth/register"),
    ("POST", "/oauth/token"),
    ("POST", "/oauth/revoke"),
}
OAUTH_ERRORS = {
    "invalid_request",
    "invalid_client",
    "invalid_grant",
    "unauthorized_client",
    "unsupported_grant_type",
    "invalid_scope",
    "invalid_target",
    "invalid_redirect_uri",
    "invalid_client_metadata",
}


def _oauth_refusal(case, response) -> bool:
    if (case.operation.method.upper(), case.operation.path) not in OAUTH_OPERATIONS or response.status_code != 400:
        return False
    try:
        body = response.json()
    except Exception:
        return False
    return isinstance(body, dict) and body.get("error") in OAUTH_ERRORS


def _semantic_refusal(case, response) -> bool:
    fields = SEMANTIC_FIELDS.get((case.operation.method.upper(), case.operation.path))
    if not fields or response.status_code != 400:
        return False
    try:
        body = response.json()
    except Exception:
        return False
    if not isinstance(body, dict):
        return False
    error = body.get("error")
    if isinstance(error, dict):
        # Code that does not run is refused with `invalid_code` (as on the published /retrieve/).
        if error.get("code") == "invalid_code":
            return "code" in fields
        param = error.get("param")
        return isinstance(param, str) and re.split(r"[.\[]", param)[0] in fields
    # A nested field's errors (`theme.light.primary`) count as their top field's.
    named = {re.split(r"[.\[]", k)[0] for k, v in body.items() if k not in ORDER_ERROR_KEYS and isinstance(v, list)}
    return bool(named) and named <= fields


@schemathesis.check
def accepts_valid_data(ctx, response, case):
    """positive_data_acceptance, but for a field error on a rule no JSON Schema can say (SEMANTIC_FIELDS, OAuth's)."""
    if _semantic_refusal(case, response) or _oauth_refusal(case, response):
        return None
    return positive_data_acceptance(ctx, response, case)
