"""The PO files as CI checks them, Babel's plurals and lists, the fallback to Spanish, and
the translators' commands (`python -m i18n.tools ...`) on small files of the tests' own."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from i18n import LANGUAGES, TEXTS, join_names, language_name, plural_category, t, tn
from i18n.catalog import available_languages, load_catalog, po_path, read_texts
from i18n.checks import plural_bases, plural_categories, translation_problems
from i18n.tools import MAY_FALL_BACK, main
from tests.i18n.screens import Foreign, pseudo, pseudo_texts

SPANISH = TEXTS["es"]


def present(lang: str):
    return pytest.param(
        lang,
        marks=pytest.mark.skipif(
            lang not in available_languages(), reason=f"no i18n/locales/{lang}.po yet"
        ),
    )


# ---------------------------------------------------------------- the PO files
@pytest.mark.parametrize("lang", [present(lang) for lang in LANGUAGES])
def test_every_po_file_is_complete_and_says_the_same_things(lang):
    """Every key translated (or named in MAY_FALL_BACK, read in Spanish), the same
    placeholders and Discord markup as Spanish, every plural form CLDR gives the
    language, command names Discord takes."""
    own = read_texts(po_path(lang))
    assert translation_problems(lang, own, SPANISH, MAY_FALL_BACK[lang]) == []


def test_the_fallback_list_is_explicit_and_short():
    assert set(MAY_FALL_BACK) == set(LANGUAGES)
    assert all(keys <= SPANISH.keys() for keys in MAY_FALL_BACK.values())
    assert MAY_FALL_BACK["es"] == MAY_FALL_BACK["en"] == frozenset()
    assert all(len(keys) <= 10 for keys in MAY_FALL_BACK.values())
    print({lang: sorted(keys) for lang, keys in MAY_FALL_BACK.items() if keys})


def test_spanish_and_english_are_there_and_the_bot_speaks_five():
    assert LANGUAGES == ("es", "en", "nl", "fr", "tr")
    assert {"es", "en"} <= set(available_languages())
    assert len(SPANISH) > 800
    assert all(TEXTS[lang].keys() >= SPANISH.keys() for lang in LANGUAGES)  # none lacks one


# ---------------------------------------------------------------------- plurals
def test_cldr_plural_categories():
    assert [plural_category("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [plural_category("es", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("nl", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("tr", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert plural_category("fr", 1_000_000) == "many"
    assert plural_category("xx", 1) == "one"  # a language the bot lacks: Spanish's rule
    assert plural_categories("fr") == plural_categories("tr") == {"one", "other"}


@pytest.fixture
def counted(monkeypatch):
    """`test.won` in every language: "one" and "other" (and "many" in French)."""
    forms = {
        "es": ("{count} ganada", "{count} ganadas"),
        "en": ("{count} won", "{count} won"),
        "nl": ("{count} gewonnen", "{count} gewonnen!"),
        "fr": ("{count} gagnée", "{count} gagnées"),
        "tr": ("{count} kazanıldı", "{count} kazanıldı!"),
    }
    for lang, (one, other) in forms.items():
        texts = dict(TEXTS[lang]) | {"test.won.one": one, "test.won.other": other}
        monkeypatch.setitem(TEXTS, lang, texts)
    monkeypatch.setitem(TEXTS["fr"], "test.won.many", "{count} de gagnées")


def test_french_says_0_and_1_alike_the_others_only_1(counted):
    assert [tn("test.won", "fr", n) for n in (0, 1, 2)] == ["0 gagnée", "1 gagnée", "2 gagnées"]
    assert [tn("test.won", "es", n) for n in (0, 1, 2)] == ["0 ganadas", "1 ganada", "2 ganadas"]
    assert [tn("test.won", "nl", n) for n in (0, 1)] == ["0 gewonnen!", "1 gewonnen"]
    assert [tn("test.won", "tr", n) for n in (0, 1, 5)] == [
        "0 kazanıldı!",
        "1 kazanıldı",
        "5 kazanıldı!",
    ]
    assert tn("test.won", "fr", 1_000_000) == "1000000 de gagnées"  # its own "many"
    assert tn("test.won", "es", 1_000_000) == "1000000 ganadas"  # "many" reads "other"


def test_the_catalogs_own_plurals_read_by_category():
    assert tn("length", "es", 1) == t("length.one", "es")
    assert tn("length", "en", 3) == "first to 3 chicas"
    assert tn("word.perro", "es", 2) == "perros" and tn("word.perro", "es", 1) == "perro"
    assert {"length", "word.perro", "count.cards", "refuse.missing_permissions"} <= plural_bases(
        SPANISH
    )


# ------------------------------------------------------------------ lists, names
def test_names_are_joined_as_each_language_lists_them():
    names = ["Ana", "Beto", "Caro"]
    assert join_names(names, "es") == "Ana, Beto y Caro"
    assert join_names(names, "en") == "Ana, Beto, and Caro"
    assert join_names(names, "nl") == "Ana, Beto en Caro"
    assert join_names(names, "fr") == "Ana, Beto et Caro"
    assert join_names(names, "tr") == "Ana, Beto ve Caro"
    assert join_names(["Ana", "Beto"], "es") == "Ana y Beto"
    assert join_names(["Ana"], "fr") == "Ana" and join_names([], "fr") == ""


def test_languages_are_named_in_the_readers_words_beside_their_own():
    assert language_name("es", "es") == "Español"
    assert language_name("nl", "es") == "Neerlandés (Nederlands)"
    assert language_name("tr", "fr") == "Turc (Türkçe)"


# --------------------------------------------------------------------- fallback
def write(path: Path, lang: str, texts: dict[str, str], fuzzy: tuple[str, ...] = ()) -> None:
    catalog = Catalog(locale=lang)
    for key, text in texts.items():
        catalog.add(key, text, flags=("fuzzy",) if key in fuzzy else ())
    with path.open("wb") as file:
        write_po(file, catalog)


@pytest.fixture
def locales(tmp_path) -> Path:
    """A small catalog: Spanish, English, and a Dutch with one text missing, one empty,
    one fuzzy, one under an old name."""
    spanish = {
        "hello": "Hola, {who}",
        "bye": "Adiós",
        "sure": "Seguro",
        "soon": "Pronto",
        "cmd.start": "empezar",
        "won.one": "1 ganada",
        "won.other": "{count} ganadas",
        "length.other": "a {count} chicas",
    }
    write(tmp_path / "es.po", "es", spanish)
    write(tmp_path / "en.po", "en", {k: f"EN {v}" for k, v in spanish.items()})
    dutch = {
        "hello": "Hallo, {who}",
        "bye": "",
        "sure": "Zeker",
        "cmd.start": "starten",
        "won.one": "1 gewonnen",
        "won.other": "{count} gewonnen",
        "length.many": "tot {n} chicas",
        "won.few": "{count} gewonnen (few)",  # a plural form Spanish lacks: kept
        "gone.few": "weg",  # of no counted key: ignored
    }
    write(tmp_path / "nl.po", "nl", dutch, fuzzy=("sure",))
    return tmp_path


def test_what_a_language_lacks_reads_in_spanish(locales):
    catalog = load_catalog(locales)
    dutch = catalog.texts["nl"]
    assert dutch["hello"] == "Hallo, {who}"
    assert dutch["bye"] == "Adiós"  # empty
    assert dutch["sure"] == "Seguro"  # fuzzy: not yet a translation
    assert dutch["soon"] == "Pronto"  # missing
    assert catalog.texts["fr"] == catalog.texts["es"]  # no fr.po at all
    assert dutch["won.few"] == "{count} gewonnen (few)" and "gone.few" not in dutch
    assert dutch["length.other"] == "tot {count} chicas"  # under its old name, "length.many"
    assert catalog.translated["nl"] == {
        "hello",
        "cmd.start",
        "won.one",
        "won.other",
        "won.few",
        "length.other",
    }
    assert t("refuse.gone", "qu") == t("refuse.gone", "es")  # a language the bot lacks


def test_check_names_every_problem_and_update_fixes_what_it_can(locales, capsys):
    assert main(["--locales", str(locales), "check", "nl"]) == 1
    said = capsys.readouterr().out
    for problem in ("bye: not translated", "soon: not translated", "sure: not translated"):
        assert problem in said
    assert "old names (`update` renames them): ['length.many']" in said
    assert main(["--locales", str(locales), "update"]) == 0
    assert read_texts(locales / "nl.po")["length.other"] == "tot {count} chicas"
    assert "length.many" not in read_texts(locales / "nl.po")
    assert read_texts(locales / "nl.po")["won.few"] == "{count} gewonnen (few)"  # kept
    updated = (locales / "nl.po").read_text()
    assert "#. es: Pronto" in updated and "#. en: EN Pronto" in updated  # for the translator
    assert main(["--locales", str(locales), "new", "fr"]) == 0
    assert read_texts(locales / "fr.po") == {}
    assert main(["--locales", str(locales), "new", "fr"]) == 1  # never over a translation
    assert main(["--locales", str(locales), "stats"]) == 0
    assert "nl: 5 of 8 messages translated" in capsys.readouterr().out


def test_broken_translations_are_each_named():
    source = {
        "a": "Le toca a {who} <t:{when}:R>",
        "b": "**Hola**",
        "n.one": "1 carta",
        "n.other": "{count} cartas",
        "cmd.hand": "mano",
        "cmd.hand.desc": "Tu mano",
        "cmd.stats_menu": "Estadísticas de Cuarenta",
    }
    french = {
        "a": "À {qui} de jouer",
        "b": "Salut",
        "n.other": "{count} cartes",
        "cmd.hand": "Ma main",
        "cmd.hand.desc": "x" * 101,
        "cmd.stats_menu": "Statistiques Cuarenta",
    }
    problems = "\n".join(translation_problems("fr", french, source))
    assert "a: placeholders ['qui'] instead of ['when', 'who']" in problems
    assert "a: Discord markup differs" in problems and "b: Discord markup differs" in problems
    assert "n.one: missing (plural form 'one' of n)" in problems
    assert "cmd.hand: 'Ma main' is no Discord command name" in problems
    assert "cmd.hand.desc: 101 characters" in problems
    assert "stats_menu" not in problems  # a menu's name may hold spaces and capitals
    french |= {"n.one": "1 carte"}  # French says "one" of 0 too: "0 carte", not "1 carte"
    assert "n.one: 'one' is also said of 0 in fr" in "\n".join(
        translation_problems("fr", french, source)
    )
    assert translation_problems("nl", {"n.one": "1 kaart"} | french, source) != []


# ------------------------------------------------------------ the screens' check
def test_the_screen_check_finds_spanish_english_and_unfilled_placeholders():
    own = pseudo_texts(TEXTS["en"])
    foreign = Foreign.for_language("nl", own)
    assert foreign.leaks([pseudo(TEXTS["en"]["forfeit.done"])], ["Jóíñ"]) == []
    spanish = SPANISH["forfeit.confirm"].format(consequence="")
    assert any(leak.startswith("forfeit.confirm") for leak in foreign.leaks([spanish], []))
    assert foreign.leaks([], [TEXTS["en"]["button.join"]]) == [
        f"button.join: label {TEXTS['en']['button.join']!r}"
    ]
    assert foreign.leaks(["Hallo {who}"], []) == ["unfilled {who}"]


def test_keys_of_an_old_python_catalog_module_are_carried_into_the_po_files(locales, tmp_path):
    module = tmp_path / "catalog_new.py"
    module.write_text(
        "NEW: dict[str, tuple[str, str]] = {\n"
        '    "fresh": ("Nuevo {who}", "New {who}"),\n'
        '    "bye": ("Chao", "EN Adiós"),\n'
        '    "word.perros": ("perros", "perros"),  # renamed since: left out\n'
        "}\n"
    )
    assert main(["--locales", str(locales), "from-python", str(module)]) == 0
    spanish, english = read_texts(locales / "es.po"), read_texts(locales / "en.po")
    assert spanish["fresh"] == "Nuevo {who}" and english["fresh"] == "New {who}"
    assert spanish["bye"] == "Chao" and english["bye"] == "EN Adiós"
    assert "word.perros" not in spanish
