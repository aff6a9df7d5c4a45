#!/usr/bin/env python3
"""Checks GenUI's published API with the official `openai` Python package, used as any customer would:
unchanged but for base URL and API key.

Environment:
  GENUI_BASE_URL      the API's OpenAI base URL, e.g. http://127.0.0.1:8080/apps/api/v1 (required)
  GENUI_KEY           key of an active app whose owner has credit
  GENUI_KEY_INACTIVE  key of an app that is not active            (case "inactive": 403)
  GENUI_KEY_BROKE     key of an app whose owner has no credit      (case "insufficient": 402)
  GENUI_KEY_LIMITED   key whose per-minute rate limit is used up   (case "rate_limited": 429 + Retry-After)
  GENUI_CASES         comma-separated cases to run (default: all, in the order below)
  GENUI_MODEL         model to ask for (default genui-pluto-0.1)
  GENUI_TIMEOUT       per-request timeout in seconds (default 60)

Each case prints one JSON line {"case": ..., "ok": bool, "detail": ...} on stdout. Exit status: 0 when every
selected case is ok, 1 when one is not, 2 on a usage error (unknown case, GENUI_BASE_URL unset).
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import sys
import time
import traceback
from typing import Any, Callable, Dict, List, Optional

import openai

PROMPT = "a pricing table with three tiers"
MODEL = os.environ.get("GENUI_MODEL", "genui-pluto-0.1")
TIMEOUT = float(os.environ.get("GENUI_TIMEOUT", "60"))
MESSAGES = [{"role": "user", "content": PROMPT}]


class CheckFailed(Exception):
    """A case's expectation did not hold; the message says which."""


def expect(cond: bool, what: str) -> None:
    if not cond:
        raise CheckFailed(what)


def env(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise CheckFailed(f"{name} is not set")
    return value


def base_url() -> str:
    return os.environ["GENUI_BASE_URL"]


class RequestCounter:
    """Counts the HTTP requests the SDK sends, through an httpx event hook (so retries are seen too)."""

    def __init__(self) -> None:
        self.requests: List[str] = []

    def sync_hook(self, request: Any) -> None:
        self.requests.append(f"{request.method} {request.url.path}")

    async def async_hook(self, request: Any) -> None:
        self.requests.append(f"{request.method} {request.url.path}")


def sync_client(key: str, counter: Optional[RequestCounter] = None, **kwargs: Any) -> openai.OpenAI:
    if counter is not None:
        kwargs["http_client"] = openai.DefaultHttpxClient(event_hooks={"request": [counter.sync_hook]})
    return openai.OpenAI(base_url=base_url(), api_key=key, timeout=TIMEOUT, **kwargs)


def async_client(key: str, **kwargs: Any) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=base_url(), api_key=key, timeout=TIMEOUT, **kwargs)


# ---------------------------------------------------------------------------------------------------------------
# Shape checks shared by the cases


def parse_content(content: Optional[str], where: str) -> Dict[str, Any]:
    """Our content is a JSON document {"code": str, "json": {...}}; returns it parsed."""
    expect(isinstance(content, str) and content != "", f"{where}: content is empty")
    try:
        doc = json.loads(content)  # type: ignore[arg-type]
    except ValueError as e:
        raise CheckFailed(f"{where}: content is not JSON ({e}): {content[:200]!r}")  # type: ignore[index]
    expect(isinstance(doc, dict), f"{where}: content is JSON but not an object")
    expect(isinstance(doc.get("code"), str), f"{where}: content.code is not a string")
    expect(isinstance(doc.get("json"), dict), f"{where}: content.json is not an object")
    return doc


def screen_items(doc: Dict[str, Any], where: str) -> List[Any]:
    # Screen JSON v1 nests the components: {"screen": {"v1": [...]}}.
    screen = doc["json"].get("screen")
    items = screen.get("v1") if isinstance(screen, dict) else None
    expect(isinstance(items, list), f"{where}: content.json has no screen.v1 list")
    return items


def check_usage(usage: Any, where: str) -> Dict[str, int]:
    expect(usage is not None, f"{where}: no usage")
    p, c, t = usage.prompt_tokens, usage.completion_tokens, usage.total_tokens
    expect(all(isinstance(x, int) for x in (p, c, t)), f"{where}: usage counts are not integers")
    expect(p > 0 and c > 0 and t > 0, f"{where}: usage counts must be > 0 (got {p}/{c}/{t})")
    expect(t == p + c, f"{where}: total_tokens {t} != prompt_tokens {p} + completion_tokens {c}")
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": t}


def check_error_body(err: openai.APIStatusError) -> Dict[str, Any]:
    """OpenAI-shaped error: {"error": {"message", "type", "param", "code"}}; the SDK hands us the inner object."""
    body = err.body
    expect(isinstance(body, dict), f"error body is not a JSON object: {body!r}")
    missing = [k for k in ("message", "type", "param", "code") if k not in body]  # type: ignore[operator]
    expect(not missing, f"error body lacks {missing}: {body!r}")
    expect(isinstance(body["message"], str) and body["message"] != "", "error.message is empty")  # type: ignore[index]
    expect(isinstance(body["type"], str) and body["type"] != "", "error.type is empty")  # type: ignore[index]
    return {"status": err.status_code, "type": err.type, "code": err.code, "param": err.param,
            "message": body["message"]}  # type: ignore[index]


def check_stream(chunks: List[Any], include_usage: bool) -> Dict[str, Any]:
    """The chunks of one streamed completion, as the SDK parsed them."""
    expect(len(chunks) > 0, "the stream had no chunks")
    ids = {c.id for c in chunks}
    createds = {c.created for c in chunks}
    expect(len(ids) == 1 and next(iter(ids)), f"chunks do not share one id: {sorted(map(str, ids))[:5]}")
    expect(len(createds) == 1, f"chunks do not share one created: {sorted(createds)[:5]}")
    objects = {c.object for c in chunks}
    expect(objects == {"chat.completion.chunk"}, f"chunk object is not chat.completion.chunk: {objects}")

    usage_chunks = [i for i, c in enumerate(chunks) if c.choices == []]
    if include_usage:
        expect(len(usage_chunks) == 1, f"expected exactly one chunk with choices == [], got {len(usage_chunks)}")
        expect(usage_chunks[0] == len(chunks) - 1, "the usage chunk is not the last chunk")
        usage = check_usage(chunks[-1].usage, "usage chunk")
        body = chunks[:-1]
    else:
        expect(not usage_chunks, "a chunk with choices == [] came without stream_options.include_usage")
        usage = None
        body = chunks
    expect(len(body) > 0, "no chunk carries a choice")
    for i, c in enumerate(body):
        expect(len(c.choices) == 1 and c.choices[0].index == 0, f"chunk {i}: expected one choice with index 0")

    expect(body[0].choices[0].delta.role == "assistant", "the first delta's role is not assistant")

    content_at = [i for i, c in enumerate(body) if c.choices[0].delta.content]
    expect(content_at, "no chunk carries content")
    # The pieces of one JSON text (docs/api.md, "Streaming"): {"code":" first, the code as generated, the screen last.
    pieces = [body[i].choices[0].delta.content for i in content_at]
    expect(pieces[0].startswith('{"code":"'), f"the first content piece does not open the code: {pieces[0][:40]!r}")
    expect(pieces[-1].startswith('","json":'), f"the last content piece does not carry the screen: {pieces[-1][:40]!r}")
    text = "".join(pieces)
    doc = parse_content(text, "the concatenated content")

    finished = [i for i, c in enumerate(body) if c.choices[0].finish_reason is not None]
    expect(len(finished) == 1, f"expected one chunk with a finish_reason, got {len(finished)}")
    last = content_at[-1]
    expect(finished[0] == last, f"finish_reason is on chunk {finished[0]}, not on the last content chunk {last}")
    expect(body[last].choices[0].finish_reason == "stop",
           f"finish_reason is {body[last].choices[0].finish_reason!r}, not 'stop'")
    expect(last == len(body) - 1, "chunks follow the finishing chunk")

    items = screen_items(doc, "the concatenated content")
    expect(len(items) > 0, "the final screen.v1 is empty")
    return {"chunks": len(chunks), "content_chunks": len(content_at), "screen_items": len(items), "usage": usage,
            "content": text}


# ---------------------------------------------------------------------------------------------------------------
# The cases


def case_nonstream() -> Any:
    client = sync_client(env("GENUI_KEY"))
    resp = client.chat.completions.create(model=MODEL, messages=MESSAGES)  # type: ignore[arg-type]
    expect(resp.object == "chat.completion", f"object is {resp.object!r}")
    expect(isinstance(resp.id, str) and resp.id != "", "no id")
    expect(len(resp.choices) == 1, f"expected one choice, got {len(resp.choices)}")
    choice = resp.choices[0]
    expect(choice.message.role == "assistant", f"role is {choice.message.role!r}")
    expect(choice.finish_reason == "stop", f"finish_reason is {choice.finish_reason!r}")
    doc = parse_content(choice.message.content, "message")
    items = screen_items(doc, "message")
    usage = check_usage(resp.usage, "response")
    return {"id": resp.id, "model": resp.model, "screen_items": len(items), "usage": usage}


def nonstream_content(client: openai.OpenAI) -> str:
    resp = client.chat.completions.create(model=MODEL, messages=MESSAGES)  # type: ignore[arg-type]
    return resp.choices[0].message.content or ""


def case_stream() -> Any:
    client = sync_client(env("GENUI_KEY"))
    stream = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)  # type: ignore[arg-type]
    detail = check_stream(list(stream), include_usage=False)
    # The offline generator is deterministic for a prompt: the streamed text is the non-streaming content exactly.
    expect(detail.pop("content") == nonstream_content(client), "the concatenated pieces differ from the non-streaming content")
    return detail


def case_accumulate() -> Any:
    """The SDK's own accumulation helper: its final completion's content is the non-streaming content. The SDK's
    HTTP client accepts gzip, so the event stream arrives compressed (and is decoded as it arrives)."""
    encodings: List[str] = []
    http_client = openai.DefaultHttpxClient(
        event_hooks={"response": [lambda r: encodings.append(r.headers.get("content-encoding", "identity"))]}
    )
    client = sync_client(env("GENUI_KEY"), http_client=http_client)
    with client.chat.completions.stream(model=MODEL, messages=MESSAGES) as stream:  # type: ignore[arg-type]
        for _ in stream:
            pass
        final = stream.get_final_completion()
    content = final.choices[0].message.content
    whole = nonstream_content(client)
    expect(content == whole, f"get_final_completion() content ({len(content or '')} chars) differs from the "
                             f"non-streaming content ({len(whole)} chars): {(content or '')[:120]!r}")
    doc = parse_content(content, "get_final_completion()")
    expect(list(doc.keys()) == ["code", "json"], f"content keys are {list(doc.keys())}, not ['code', 'json']")
    expect(final.choices[0].finish_reason == "stop", f"finish_reason is {final.choices[0].finish_reason!r}")
    expect(encodings[:1] == ["gzip"], f"the streamed response's content-encoding was {encodings[:1]}, not gzip")
    return {"chars": len(content or ""), "screen_items": len(screen_items(doc, "get_final_completion()"))}


def case_include_usage() -> Any:
    client = sync_client(env("GENUI_KEY"))
    stream = client.chat.completions.create(
        model=MODEL, messages=MESSAGES, stream=True, stream_options={"include_usage": True}  # type: ignore[arg-type]
    )
    detail = check_stream(list(stream), include_usage=True)
    detail.pop("content")
    return detail


def expect_status_error(call: Callable[[], Any], cls: type, status: int) -> openai.APIStatusError:
    try:
        call()
    except openai.APIStatusError as e:
        expect(isinstance(e, cls), f"raised {type(e).__name__} ({e.status_code}), not {cls.__name__}: {e.body!r}")
        expect(e.status_code == status, f"status {e.status_code}, not {status}")
        return e
    raise CheckFailed(f"no error: expected {cls.__name__} ({status})")


def case_bad_request() -> Any:
    client = sync_client(env("GENUI_KEY"), max_retries=0)
    details = {}
    for name, messages in (("empty_messages", []), ("missing_content", [{"role": "user"}])):
        err = expect_status_error(
            lambda: client.chat.completions.create(model=MODEL, messages=messages),  # type: ignore[arg-type]
            openai.BadRequestError, 400)
        details[name] = check_error_body(err)
    return details


def case_bad_key() -> Any:
    client = sync_client("gk_live_wrong", max_retries=0)
    err = expect_status_error(
        lambda: client.chat.completions.create(model=MODEL, messages=MESSAGES),  # type: ignore[arg-type]
        openai.AuthenticationError, 401)
    return check_error_body(err)


def case_inactive() -> Any:
    client = sync_client(env("GENUI_KEY_INACTIVE"), max_retries=0)
    err = expect_status_error(
        lambda: client.chat.completions.create(model=MODEL, messages=MESSAGES),  # type: ignore[arg-type]
        openai.PermissionDeniedError, 403)
    return check_error_body(err)


def case_unknown_model() -> Any:
    client = sync_client(env("GENUI_KEY"), max_retries=0)
    err = expect_status_error(
        lambda: client.chat.completions.create(model="no-such-model", messages=MESSAGES),  # type: ignore[arg-type]
        openai.NotFoundError, 404)
    return check_error_body(err)


def case_insufficient() -> Any:
    # Default retries (2): a 402 must not be retried, so exactly one request goes out.
    counter = RequestCounter()
    client = sync_client(env("GENUI_KEY_BROKE"), counter=counter)
    expect(client.max_retries == 2, f"client.max_retries is {client.max_retries}, expected the default 2")
    t0 = time.monotonic()
    err = expect_status_error(
        lambda: client.chat.completions.create(model=MODEL, messages=MESSAGES),  # type: ignore[arg-type]
        openai.APIStatusError, 402)
    elapsed = time.monotonic() - t0
    expect(len(counter.requests) == 1,
           f"{len(counter.requests)} HTTP requests were made (retried; x-should-retry is "
           f"{err.response.headers.get('x-should-retry')!r}): {counter.requests}")
    detail = check_error_body(err)
    detail.update({"requests": len(counter.requests), "elapsed_s": round(elapsed, 3)})
    return detail


def retry_after_seconds(value: str) -> float:
    """Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3)."""
    try:
        seconds = float(value)
        expect(seconds >= 0, f"Retry-After {value!r} is negative")
        return seconds
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError) as e:
        raise CheckFailed(f"Retry-After {value!r} is neither seconds nor an HTTP date ({e})")
    seconds = when.timestamp() - time.time()
    expect(seconds > -5, f"Retry-After {value!r} lies in the past")
    return max(seconds, 0.0)


def case_rate_limited() -> Any:
    counter = RequestCounter()
    client = sync_client(env("GENUI_KEY_LIMITED"), counter=counter, max_retries=0)
    err = expect_status_error(
        lambda: client.chat.completions.create(model=MODEL, messages=MESSAGES),  # type: ignore[arg-type]
        openai.RateLimitError, 429)
    retry_after = err.response.headers.get("retry-after")
    expect(retry_after is not None, "the 429 has no Retry-After header")
    seconds = retry_after_seconds(retry_after)  # type: ignore[arg-type]
    expect(len(counter.requests) == 1, f"{len(counter.requests)} HTTP requests were made with max_retries=0")
    detail = check_error_body(err)
    detail.update({"retry_after": retry_after, "retry_after_s": round(seconds, 3)})
    return detail


def case_async_stream() -> Any:
    async def run() -> List[Any]:
        client = async_client(env("GENUI_KEY"))
        try:
            stream = await client.chat.completions.create(
                model=MODEL, messages=MESSAGES, stream=True  # type: ignore[arg-type]
            )
            return [chunk async for chunk in stream]
        finally:
            await client.close()

    detail = check_stream(asyncio.run(run()), include_usage=False)
    detail.pop("content")
    return detail


CASES: Dict[str, Callable[[], Any]] = {
    "nonstream": case_nonstream,
    "stream": case_stream,
    "accumulate": case_accumulate,
    "include_usage": case_include_usage,
    "bad_request": case_bad_request,
    "bad_key": case_bad_key,
    "inactive": case_inactive,
    "unknown_model": case_unknown_model,
    "insufficient": case_insufficient,
    "rate_limited": case_rate_limited,
    "async_stream": case_async_stream,
}


def run_case(name: str) -> bool:
    try:
        detail = CASES[name]()
        ok = True
    except CheckFailed as e:
        ok, detail = False, str(e)
    except openai.APIStatusError as e:
        ok, detail = False, f"unexpected {type(e).__name__} ({e.status_code}): {e.body!r}"
    except openai.APIError as e:
        ok, detail = False, f"unexpected {type(e).__name__}: {e}"
    except Exception as e:  # a bug here or an SDK surprise: say where
        tb = traceback.extract_tb(e.__traceback__)[-1]
        ok, detail = False, f"{type(e).__name__}: {e} (at {os.path.basename(tb.filename)}:{tb.lineno})"
    print(json.dumps({"case": name, "ok": ok, "detail": detail}, default=str), flush=True)
    return ok


def main() -> int:
    if not os.environ.get("GENUI_BASE_URL"):
        print("GENUI_BASE_URL is not set (e.g. http://127.0.0.1:8080/apps/api/v1)", file=sys.stderr)
        return 2
    selected = [c.strip() for c in os.environ.get("GENUI_CASES", "").split(",") if c.strip()] or list(CASES)
    unknown = [c for c in selected if c not in CASES]
    if unknown:
        print(f"unknown case(s) {unknown}; known: {', '.join(CASES)}", file=sys.stderr)
        return 2
    print(f"openai {openai.__version__} against {base_url()}: {', '.join(selected)}", file=sys.stderr)
    results = [run_case(name) for name in selected]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
