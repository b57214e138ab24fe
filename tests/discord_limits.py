"""Discord's limits on what a bot sends, checked on a plain payload.

`violations(payload)` takes what a message is made of — a dict with the API's keys
(`content`, `embeds`, `components`), or any object with those attributes (a simcord or
discord.py `Message`, or `cogs.ui.rows.Payload`, whose `rows` are turned into components) —
and returns every limit it breaks, as readable strings (empty: within every limit).
`check(payload)` raises AssertionError with them. `thread_name_violations(name)` is the
thread name's own limit. Limits: https://discord.com/developers/docs/resources/message
and .../interactions/message-components.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
LABEL = 80
CUSTOM_ID = 100
PLACEHOLDER = 150
OPTION_TEXT = 100  # an option's label, value and description
THREAD_NAME = 100

BUTTON, ACTION_ROW = 2, 1
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects


def _get(payload: Any, key: str) -> Any:
    if isinstance(payload, Mapping):
        return payload.get(key)
    return getattr(payload, key, None)


def _plain(thing: Any) -> Any:
    """An embed or component as a dict (discord.py objects have to_dict / to_component_dict)."""
    if isinstance(thing, Mapping):
        return thing
    for name in ("to_dict", "to_component_dict"):
        method = getattr(thing, name, None)
        if callable(method):
            return method()
    return thing


def _components(payload: Any) -> list[dict[str, Any]]:
    components = _get(payload, "components")
    if components is None:
        rows = _get(payload, "rows")  # cogs.ui.rows.Payload
        if rows is not None and hasattr(rows, "to_components"):
            components = rows.to_components()
        view = _get(payload, "view")
        if components is None and view is not None and hasattr(view, "to_components"):
            components = view.to_components()
    return [_plain(c) for c in components or []]


def violations(payload: Any) -> list[str]:
    """Every Discord limit `payload` breaks (empty: none)."""
    found: list[str] = []
    content = _get(payload, "content") or ""
    if len(content) > CONTENT:
        found.append(f"content is {len(content)} characters (at most {CONTENT})")
    embeds = [_plain(e) for e in _get(payload, "embeds") or []]
    found += _embed_violations(embeds)
    found += _component_violations(_components(payload))
    return found


def check(payload: Any) -> None:
    """AssertionError naming every limit `payload` breaks."""
    broken = violations(payload)
    assert not broken, "outside Discord's limits: " + "; ".join(broken)


def thread_name_violations(name: str) -> list[str]:
    if not 1 <= len(name) <= THREAD_NAME:
        return [f"thread name is {len(name)} characters (1 to {THREAD_NAME})"]
    return []


def _too_long(found: list[str], what: str, text: Any, limit: int) -> int:
    size = len(text or "")
    if size > limit:
        found.append(f"{what} is {size} characters (at most {limit})")
    return size


def _embed_violations(embeds: list[Mapping[str, Any]]) -> list[str]:
    found: list[str] = []
    if len(embeds) > EMBEDS:
        found.append(f"{len(embeds)} embeds (at most {EMBEDS})")
    total = 0
    for index, embed in enumerate(embeds, 1):
        where = f"embed {index}"
        total += _too_long(found, f"{where} title", embed.get("title"), EMBED_TITLE)
        total += _too_long(
            found, f"{where} description", embed.get("description"), EMBED_DESCRIPTION
        )
        footer = embed.get("footer") or {}
        total += _too_long(found, f"{where} footer", footer.get("text"), EMBED_FOOTER)
        author = embed.get("author") or {}
        total += _too_long(found, f"{where} author", author.get("name"), EMBED_AUTHOR)
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            found.append(f"{where} has {len(fields)} fields (at most {EMBED_FIELDS})")
        for number, field in enumerate(fields, 1):
            total += _too_long(
                found, f"{where} field {number} name", field.get("name"), EMBED_FIELD_NAME
            )
            total += _too_long(
                found, f"{where} field {number} value", field.get("value"), EMBED_FIELD_VALUE
            )
    if total > EMBED_TOTAL:
        found.append(f"embeds hold {total} characters in all (at most {EMBED_TOTAL})")
    return found


def _component_violations(rows: list[Mapping[str, Any]]) -> list[str]:
    found: list[str] = []
    if len(rows) > ACTION_ROWS:
        found.append(f"{len(rows)} action rows (at most {ACTION_ROWS})")
    for number, row in enumerate(rows, 1):
        where = f"row {number}"
        if row.get("type") != ACTION_ROW:
            found.append(f"{where} is not an action row")
            continue
        inside: list[Mapping[str, Any]] = [_plain(c) for c in row.get("components") or []]
        buttons = [c for c in inside if c.get("type") == BUTTON]
        selects = [c for c in inside if c.get("type") in SELECTS]
        if not inside:
            found.append(f"{where} is empty")
        if len(buttons) > BUTTONS_PER_ROW:
            found.append(f"{where} has {len(buttons)} buttons (at most {BUTTONS_PER_ROW})")
        if selects and len(inside) > 1:
            found.append(f"{where} has a select and {len(inside) - 1} more components")
        for component in inside:
            found += _one_component(component, where)
    ids = [c.get("custom_id") for r in rows for c in map(_plain, r.get("components") or [])]
    repeated = {i for i in ids if i is not None and ids.count(i) > 1}
    if repeated:
        found.append(f"custom_id used twice: {sorted(repeated)}")
    return found


def _one_component(component: Mapping[str, Any], where: str) -> list[str]:
    found: list[str] = []
    custom_id = component.get("custom_id")
    if component.get("type") == BUTTON:
        _too_long(found, f"{where} button label", component.get("label"), LABEL)
        if component.get("url") is None and not custom_id:
            found.append(f"{where}: a button without a custom_id or url")
    _too_long(found, f"{where} custom_id {str(custom_id)[:30]!r}", custom_id, CUSTOM_ID)
    _too_long(found, f"{where} placeholder", component.get("placeholder"), PLACEHOLDER)
    options: Iterable[Mapping[str, Any]] = component.get("options") or []
    options = list(options)
    if len(options) > SELECT_OPTIONS:
        found.append(f"{where} select has {len(options)} options (at most {SELECT_OPTIONS})")
    for index, option in enumerate(options, 1):
        for key in ("label", "value", "description"):
            _too_long(found, f"{where} option {index} {key}", option.get(key), OPTION_TEXT)
    if component.get("type") == 3 and not options:
        found.append(f"{where} select has no options")
    return found
