"""Event kinds are an EventKind: equal to the strings they always were, and checked."""

from __future__ import annotations

import json

import pytest

from engine import Event, EventKind, Game
from engine.events import SCORING_KINDS


def test_a_string_kind_becomes_the_member_and_a_wrong_one_is_refused():
    event = Event("drop", 0, 0, 1)  # type: ignore[arg-type]  # a string, on purpose
    assert event.kind is EventKind.DROP and event.kind == "drop"
    assert event == Event(EventKind.DROP, 0, 0, 1)
    assert hash(event) == hash(Event(EventKind.DROP, 0, 0, 1))
    with pytest.raises(ValueError):
        Event("dropped")  # type: ignore[arg-type]


def test_kinds_read_write_and_save_as_their_strings():
    assert [str(kind) for kind in EventKind] == [kind.value for kind in EventKind]
    assert f"event.{EventKind.DOS_POR_DARLAS}" == "event.dos_por_darlas"
    assert json.dumps({"kind": EventKind.CAIDA}) == '{"kind": "caida"}'
    assert "limpia" in SCORING_KINDS and EventKind.DEAL not in SCORING_KINDS


def test_every_event_of_a_match_has_a_member_kind():
    game = Game.new(players=2, seed=3)
    kinds = [event.kind for event in game.opening_events]
    while game.winner is None:
        events = game.play(game.legal_moves()[-1])
        kinds += [event.kind for event in events]
    assert kinds and all(type(kind) is EventKind for kind in kinds)
    assert kinds[-1] is EventKind.MATCH
