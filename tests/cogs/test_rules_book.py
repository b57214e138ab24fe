"""/cuarenta rules attaches the full rules in the reader's language."""

from __future__ import annotations

import pytest

from cogs.play.rules_book import ROOT, rules_document
from i18n import t
from tests.cogs.helpers import speaks


@pytest.mark.parametrize(("locale", "lang"), [("es-419", "es"), ("en-GB", "en")])
async def test_the_rules_come_with_the_whole_rules_in_the_readers_language(world, locale, lang):
    speaks(world.env, locale, world.ana)
    shown = await world.ana.slash(world.channel, "cuarenta rules")
    assert shown.ephemeral
    title = t("rules.text", lang, rules="", ronda=0, doble="", lock="", chicas="").split("·")[0]
    assert shown.response.content.startswith(title)  # "**Cuarenta en corto", "…in short"
    (attached,) = shown.response.attachments
    assert attached.filename == f"cuarenta-rules-{lang}.md"
    assert (await attached.read()).decode() == rules_document(lang)


def test_spanish_and_english_are_the_two_halves_of_rules_md():
    spanish, english = rules_document("es"), rules_document("en")
    assert spanish is not None and english is not None
    assert "## Español" in spanish and "## English" not in spanish
    assert "## English" in english and "## Español" not in english
    assert english.startswith("# Cuarenta")


def test_each_other_language_reads_its_own_file_or_spanish(tmp_path):
    (tmp_path / "RULES.md").write_text("# Cuarenta\n\n## Español\nreglas\n\n## English\nrules\n")
    (tmp_path / "RULES.fr.md").write_text("# Cuarenta — règles\n")
    assert rules_document("fr", tmp_path) == "# Cuarenta — règles\n"
    assert rules_document("tr", tmp_path) == rules_document("es", tmp_path)  # not yet written
    assert rules_document("en", tmp_path) == "# Cuarenta\n\n## English\nrules\n"
    for lang in ("nl", "fr", "tr"):  # the project's own, once the translations are in
        own = ROOT / f"RULES.{lang}.md"
        if own.is_file():
            assert rules_document(lang) == own.read_text(encoding="utf-8")
    assert rules_document("es", tmp_path / "nowhere") is None
