#!/usr/bin/env python3
"""Stored completions through the official `openai` Python package, used as a customer would (unchanged but for the
base URL and the key): create with `store` and `metadata`, read back, list a page at a time and by metadata, list a
completion's messages, replace its metadata, delete it.

Environment:
  GENUI_BASE_URL  the API's OpenAI base URL, e.g. http://127.0.0.1:8080/apps/api/v1 (required)
  GENUI_KEY       key of an active app whose owner has credit (required)
  GENUI_RUN       a tag unique to this run: the metadata every completion made here carries (required)
  GENUI_MODEL     model to ask for (default genui-pluto-0.1)

Prints one JSON line per step, {"step": ..., ...what was seen}, for the caller to check (e2e/system/
stored-completions.int.test.ts); exits 0 when every step ran, 1 (with the traceback on stderr) when one raised.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict

import openai

MODEL = os.environ.get("GENUI_MODEL", "genui-pluto-0.1")


def say(step: str, **seen: Any) -> None:
    print(json.dumps({"step": step, **seen}), flush=True)


def status_of(call) -> Dict[str, Any]:
    """The error an SDK call raised: its class, status and OpenAI error object."""
    try:
        call()
    except openai.APIStatusError as err:
        body = err.body if isinstance(err.body, dict) else {}
        return {"error": type(err).__name__, "status": err.status_code, "param": body.get("param"), "code": body.get("code")}
    return {"error": None}


def main() -> int:
    run = os.environ["GENUI_RUN"]
    client = openai.OpenAI(base_url=os.environ["GENUI_BASE_URL"], api_key=os.environ["GENUI_KEY"], max_retries=0)
    messages = [
        {"role": "developer", "content": "Keep it short."},
        {"role": "user", "content": "A sign-up form", "name": "ana"},
    ]

    first = client.chat.completions.create(
        model=MODEL, messages=messages, store=True, metadata={"run": run, "n": "0"}
    )
    say("create", id=first.id, created=first.created, content=first.choices[0].message.content)

    # Two more: one streamed (stored as well, with the content its pieces add up to).
    second = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "A contact card"}], store=True, metadata={"run": run, "n": "1"}
    )
    pieces = []
    streamed_id = None
    for chunk in client.chat.completions.create(
        model=MODEL,
        messages=[{"role": "user", "content": "A to-do list"}],
        store=True,
        metadata={"run": run, "n": "2"},
        stream=True,
    ):
        streamed_id = chunk.id
        if chunk.choices and chunk.choices[0].delta.content:
            pieces.append(chunk.choices[0].delta.content)
    say("created", ids=[first.id, second.id, streamed_id], streamed_content="".join(pieces))

    got = client.chat.completions.retrieve(first.id)
    say(
        "retrieve",
        id=got.id,
        created=got.created,
        model=got.model,
        content=got.choices[0].message.content,
        finish_reason=got.choices[0].finish_reason,
        usage=got.usage.to_dict() if got.usage else None,
        metadata=got.to_dict().get("metadata"),
    )
    say("retrieve_streamed", content=client.chat.completions.retrieve(streamed_id).choices[0].message.content)

    page1 = client.chat.completions.list(metadata={"run": run}, limit=2, order="asc")
    page2 = client.chat.completions.list(metadata={"run": run}, limit=2, order="asc", after=page1.data[-1].id)
    everything = [c.id for c in client.chat.completions.list(metadata={"run": run}, limit=1)]
    newest_first = [c.id for c in client.chat.completions.list(metadata={"run": run}, order="desc").data]
    only_one = [c.id for c in client.chat.completions.list(metadata={"run": run, "n": "1"}).data]
    say(
        "list",
        page1=[c.id for c in page1.data],
        page1_has_more=page1.has_more,
        page2=[c.id for c in page2.data],
        page2_has_more=page2.has_more,
        auto_paged=everything,
        newest_first=newest_first,
        only_one=only_one,
    )

    said = client.chat.completions.messages.list(first.id)
    one = client.chat.completions.messages.list(first.id, limit=1, order="desc")
    say(
        "messages",
        data=[{"id": m.id, "role": m.role, "content": m.content, "name": m.to_dict().get("name")} for m in said.data],
        newest=[m.id for m in one.data],
        newest_has_more=one.has_more,
    )

    updated = client.chat.completions.update(first.id, metadata={"run": run, "n": "0", "tag": "updated"})
    tagged = [c.id for c in client.chat.completions.list(metadata={"run": run, "tag": "updated"}).data]
    say("update", metadata=updated.to_dict().get("metadata"), tagged=tagged)

    deleted = client.chat.completions.delete(second.id)
    say(
        "delete",
        id=deleted.id,
        deleted=deleted.deleted,
        object=deleted.object,
        retrieve_after=status_of(lambda: client.chat.completions.retrieve(second.id)),
        left=[c.id for c in client.chat.completions.list(metadata={"run": run}).data],
    )

    say(
        "refusals",
        bad_id=status_of(lambda: client.chat.completions.retrieve("chatcmpl-nope")),
        bad_limit=status_of(lambda: client.chat.completions.list(limit=500)),
        bad_metadata=status_of(
            lambda: client.chat.completions.create(
                model=MODEL,
                messages=[{"role": "user", "content": "x"}],
                store=True,
                metadata={f"k{i}": "v" for i in range(17)},
            )
        ),
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:  # noqa: BLE001 - the caller reads the traceback
        import traceback

        traceback.print_exc()
        sys.exit(1)
