"""Every rule option a server can choose, and the words that name and explain it.

The option table below has one entry per `Rules` field (RULES.md §8): the values a
server may pick and the catalog texts for each. Texts live under `house.<field>.…`:

- `house.<field>`: the option's name ("Ronda");
- `house.<field>.<text>`: a choice's label ("4 puntos");
- `house.<field>.<text>.means`: what the choice means, in one line (a select's description);
- `house.<field>.<text>.short`: a few words for a table header, for the choices that
  differ from Quito only ("ronda 4").

Every text is filled in with `n` = the choice's value, so one text can serve several
numbers ("{n} caídas seguidas ganan"). Nothing here knows Discord.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from engine import Rules
from i18n import t

HOUSE = "house"
RULE_SETS = (*Rules.PRESETS, HOUSE)
QUITO = Rules.preset("quito")
RULE_FIELDS = tuple(f.name for f in fields(Rules))
LENGTH_FIELD = "chicas_to_win"  # named on its own wherever a rule set is named

RuleValue = int | str | bool | None


def value_code(value: RuleValue) -> str:
    """The value as it travels in a custom_id or a select's value: "none", "on", "4"…"""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True)
class Choice:
    """One value a rule option may take; `text` names its catalog texts."""

    value: RuleValue
    text: str

    @property
    def code(self) -> str:
        return value_code(self.value)


@dataclass(frozen=True)
class RuleOption:
    """One `Rules` field and the values a server may choose for it, in the order shown."""

    field: str
    choices: tuple[Choice, ...]

    def choice_for(self, value: RuleValue) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def choice_for_code(self, code: str) -> Choice | None:
        return next((c for c in self.choices if c.code == code), None)

    def name(self, lang: str) -> str:
        return t(f"house.{self.field}", lang)

    def label(self, value: RuleValue, lang: str) -> str:
        """The value's label ("4 puntos"); a value not offered here is shown as it is."""
        choice = self.choice_for(value)
        if choice is None:
            return value_code(value)
        return self._text(choice, "", lang)

    def meaning(self, choice: Choice, lang: str) -> str:
        return self._text(choice, ".means", lang)

    def short(self, value: RuleValue, lang: str) -> str:
        """A few words for a value that differs from Quito's ("ronda 4")."""
        choice = self.choice_for(value)
        if choice is None:
            return t("house.option_value", lang, name=self.name(lang), value=value_code(value))
        return self._text(choice, ".short", lang)

    def _text(self, choice: Choice, part: str, lang: str) -> str:
        return t(f"house.{self.field}.{choice.text}{part}", lang, n=choice.value)


def _option(field: str, *choices: tuple[RuleValue, str]) -> RuleOption:
    return RuleOption(field, tuple(Choice(value, text) for value, text in choices))


OPTIONS: tuple[RuleOption, ...] = (
    _option("sum_cards", (2, "two"), (None, "any")),
    _option("caida_limpia_points", (2, "two"), (4, "four")),
    _option("ronda_points", (2, "n"), (4, "n")),
    _option("doble_ronda", (None, "chica"), (4, "points")),
    _option("lock_at", (38, "n"), (30, "n"), (None, "off")),
    _option("carton_at_lock", (False, "off"), (True, "on")),
    _option("leftovers", ("nobody", "nobody"), ("last_capturer", "last_capturer")),
    _option("caidas_seguidas", (None, "off"), (3, "n"), (4, "n"), (5, "n")),
    _option("chicas_to_win", (2, "two"), (1, "one")),
)
OPTION_BY_FIELD = {option.field: option for option in OPTIONS}


def rules_from_saved(data: dict[str, Any]) -> Rules:
    """Rules from a saved `Rules.to_dict()`: options saved before an option existed take
    its default, and an option the engine no longer has is ignored."""
    return Rules.from_dict({key: value for key, value in data.items() if key in RULE_FIELDS})


def preset_of(rules: Rules) -> str | None:
    """The preset these rules play ("quito", "cuenca"), whatever their length; else None."""
    for name in Rules.PRESETS:
        preset = Rules.preset(name).with_options(**{LENGTH_FIELD: getattr(rules, LENGTH_FIELD)})
        if rules == preset:
            return name
    return None


def rule_set_label(rules: Rules, lang: str) -> str:
    """The rule set's name in a word or two, for a button: "Quito", "Cuenca" when it plays
    one, else "de la casa"."""
    preset = preset_of(rules)
    return t("rules.short.house", lang) if preset is None else t(f"choice.{preset}", lang)


def differences(
    rules: Rules, lang: str, leave_out: Collection[str] = (), base: Rules = QUITO
) -> list[str]:
    """Every option that differs from Quito (or `base`), in a few words each ("ronda 4").

    `leave_out` names fields the caller already shows, e.g. `LENGTH_FIELD` for a header
    that names the match's length anyway.
    """
    return [
        option.short(getattr(rules, option.field), lang)
        for option in OPTIONS
        if option.field not in leave_out
        and getattr(rules, option.field) != getattr(base, option.field)
    ]


def summary(rules: Rules, lang: str, leave_out: Collection[str] = ()) -> str:
    """The preset the rules start from and what they change: "Quito + ronda 4 + sin 38"
    ("Cuenca" for Cuenca's rules). `leave_out` as for `differences`."""
    preset = preset_of(rules) or "quito"
    changes = differences(rules, lang, leave_out, base=Rules.preset(preset))
    return " + ".join([t(f"choice.{preset}", lang), *changes])


@lru_cache(maxsize=64)  # the table's text names its rules on every edit
def rule_set_name(rules: Rules, lang: str, leave_out: tuple[str, ...] = (LENGTH_FIELD,)) -> str:
    """The rule set's one name, the same wherever it is told: "reglas Quito", "reglas
    Cuenca", or "reglas de la casa (Quito + sobrantes al último + 3 caídas seguidas ganan)".

    The match's length is left out by default (the table and the lobby name it anyway);
    with `leave_out=()` a preset of another length says so: "reglas Quito (a 1 chica)".
    """
    preset = preset_of(rules)
    if preset is None:
        return t("rules.name.house", lang, details=summary(rules, lang, leave_out))
    name = t("rules.name.preset", lang, preset=t(f"choice.{preset}", lang))
    changes = differences(rules, lang, leave_out, base=Rules.preset(preset))
    if not changes:
        return name
    return t("rules.name.changed", lang, name=name, changes=" + ".join(changes))


def explain(rules: Rules, lang: str, *, changed_only: bool = False) -> str:
    """The rules a table plays, option by option, with what each means (one message);
    `changed_only`: only the options that differ from Quito ("" if none does)."""
    lines = [t("house.explain.title", lang, name=rule_set_label(rules, lang))]
    for option in OPTIONS:
        value = getattr(rules, option.field)
        if changed_only and value == getattr(QUITO, option.field):
            continue
        choice = option.choice_for(value)
        name, label = option.name(lang), option.label(value, lang)
        if choice is None:
            line = t("house.explain.bare", lang, name=name, value=label)
        else:
            means = option.meaning(choice, lang)
            line = t("house.explain.line", lang, name=name, value=label, means=means)
        quito = getattr(QUITO, option.field)
        if value != quito:
            line += t("house.explain.quito", lang, value=option.label(quito, lang))
        lines.append(line)
    return "" if changed_only and len(lines) == 1 else "\n".join(lines)
