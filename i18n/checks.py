"""What a translation must be for the bot to say it: the checks `python -m i18n.tools check`
runs for a translator, and the tests run in CI (tests/i18n/test_po_files.py).

Each check takes a language's own texts (its PO file's, by key) beside Spanish's, the
source, and returns its problems as sentences naming the key.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping

from babel import Locale

NAME_MAX, DESCRIPTION_MAX = 32, 100  # Discord's limits: names; descriptions and choices
# Discord markup a translation must keep as the source has it: timestamps, mentions of a
# user, a role or a channel, custom emojis, bold, code, links.
MARKUP = re.compile(r"<t:|<@&|<@|<#|<a?:|\*\*|`|https?://")
# Keys Discord shows as names: slash commands, groups and options (lowercase, no spaces).
# The right-click menus (`*_menu`) may hold any words, up to 32 characters.
MENU_SUFFIX = "_menu"
PLURAL_OTHER = "other"
# CLDR categories that may be left out: their count reads the `other` text ("many" is
# French's and Spanish's for a million: "1 000 000 de chicas").
OPTIONAL_CATEGORIES = frozenset({"many"})
# Plural keys the bot never says of 0 things (a match of at least one chica, the costly
# moves of a review that has some, the recent matches of a rated player): their "one" text
# may say "une chica" in French, where "one" also holds 0. Any other plural key's "one"
# must say {count} where its "other" does.
COUNTED_FROM_ONE = frozenset({"rules.chicas", "length", "stats.recent", "review.costly"})


def fields(text: str) -> set[str]:
    """The str.format placeholders of a text: "{who} gana" → {"who"}."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:  # an unmatched "{": a placeholder no one can fill
        return {"<broken braces>"}


def markup(text: str) -> Counter[str]:
    return Counter(MARKUP.findall(text))


def plural_bases(keys: Iterable[str]) -> set[str]:
    """The keys read with `tn()`: every `KEY` that has a `KEY.other`."""
    suffix = f".{PLURAL_OTHER}"
    return {key[: -len(suffix)] for key in keys if key.endswith(suffix)}


def plural_categories(lang: str) -> set[str]:
    """The CLDR plural categories a language's plural keys must have each."""
    return (set(Locale.parse(lang).plural_form.tags) - OPTIONAL_CATEGORIES) | {PLURAL_OTHER}


def one_holds_more_than_1(lang: str) -> bool:
    """Whether "one" covers other counts than 1 in `lang` (French: 0 too), so that its text
    must say the count rather than "1"."""
    rule = Locale.parse(lang).plural_form
    return any(rule(n) == "one" for n in (0, 2, 11, 21, 101))


def valid_name(name: str) -> bool:
    """A name Discord accepts for a slash command, group or option: 1 to 32 letters,
    digits, "-" or "_", lowercase (`^[-_\\p{L}\\p{N}]{1,32}$`). Turkish "İ" lowercases to
    "i̇" with a combining dot, which is not a letter: refused, as Discord would."""
    return (
        0 < len(name) <= NAME_MAX
        and name == name.lower()
        and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
    )


def discord_limit_problem(key: str, text: str) -> str | None:
    """What Discord would refuse in the command text `key` (None: nothing)."""
    if key.startswith(("cmd.", "opt.")) and not key.endswith(".desc"):
        if key.endswith(MENU_SUFFIX):
            return None if 0 < len(text) <= NAME_MAX else f"{key}: a menu name has 1-32 chars"
        if not valid_name(text):
            return f"{key}: {text!r} is no Discord command name (lowercase, no spaces, ≤ 32)"
    elif key.startswith(("cmd.", "opt.", "choice.")) and len(text) > DESCRIPTION_MAX:
        return f"{key}: {len(text)} characters, Discord takes {DESCRIPTION_MAX}"
    return None


def source_of(key: str, source: Mapping[str, str]) -> str | None:
    """The Spanish text a translated key answers to (`KEY.other`'s for a category Spanish
    lacks, such as `KEY.few`)."""
    if key in source:
        return source[key]
    base, _, _ = key.rpartition(".")
    return source.get(f"{base}.{PLURAL_OTHER}")


def translation_problems(
    lang: str,
    own: Mapping[str, str],
    source: Mapping[str, str],
    may_fall_back: Iterable[str] = (),
) -> list[str]:
    """Every problem of `lang`'s texts `own` against Spanish's `source`: a key missing
    (unless it `may_fall_back` to Spanish), a key Spanish does not have, placeholders or
    markup not the same, a plural form CLDR needs missing, a command name Discord refuses."""
    problems: list[str] = []
    fallback = set(may_fall_back)
    bases = plural_bases(source)
    categories = plural_categories(lang)
    for key in source:
        base, _, category = key.rpartition(".")
        if base in bases and category in (*categories, PLURAL_OTHER):
            continue  # the plural keys are checked by category below
        if key not in own and key not in fallback:
            problems.append(f"{key}: not translated")
    for base in sorted(bases):
        for category in sorted(categories):
            key = f"{base}.{category}"
            if key not in own and key not in fallback:
                problems.append(f"{key}: missing (plural form {category!r} of {base})")
    for key, text in own.items():
        original = source_of(key, source)
        if original is None:
            problems.append(
                f"{key}: no such key (renamed or removed: run `python -m i18n.tools update`)"
            )
            continue
        base, _, category = key.rpartition(".")
        plural = base in bases
        expected, found = fields(original), fields(text)
        if plural:  # "1 chica" may leave out the count its other forms say
            expected, found = expected - {"count"}, found - {"count"}
        if expected != found:
            problems.append(f"{key}: placeholders {sorted(found)} instead of {sorted(expected)}")
        if markup(text) != markup(original):
            problems.append(f"{key}: Discord markup differs from the Spanish (<t:, <@, **, `)")
        if (
            plural
            and category == "one"
            and base not in COUNTED_FROM_ONE
            and one_holds_more_than_1(lang)
            and "count" in fields(own.get(f"{base}.{PLURAL_OTHER}", ""))
            and "count" not in fields(text)
        ):
            problems.append(f"{key}: 'one' is also said of 0 in {lang}: write {{count}}")
        limit = discord_limit_problem(key, text)
        if limit is not None:
            problems.append(limit)
    return problems
