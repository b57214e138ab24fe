"""The custom_id catalog (cogs/ui/ids.py and each feature's ids.py) and the button
classes the features register agree: every template has exactly one registered
Clickable, every Clickable is registered, and no two templates share a kind."""

from __future__ import annotations

import importlib
import pkgutil

import cogs
from cogs.ui import ids
from cogs.ui.ids import Clickable


def templates() -> list[ids.IdTemplate]:
    """Every template of every ids module under cogs/ (ui's and the features')."""
    modules = [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(cogs.__path__, "cogs.")
        if info.name.endswith(".ids")
    ]
    assert "cogs.ui.ids" in {module.__name__ for module in modules}
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, ids.IdTemplate)
    ]


def every_subclass(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= every_subclass(sub)
    return found


def test_every_template_kind_is_its_own():
    kinds = [template.kind for template in templates()]
    assert len(kinds) == len(set(kinds))


async def test_the_catalog_and_the_registered_buttons_agree(world):
    registered = world.env.bot.get_cog("Cuarenta").clickables
    kinds = [clickable.id_template.kind for clickable in registered]
    assert len(kinds) == len(set(kinds)), "two classes for one template"
    assert sorted(kinds) == sorted(template.kind for template in templates())
    assert set(registered) == every_subclass(Clickable)  # none left unregistered
    dispatched = {item.__discord_ui_compiled_template__.pattern for item in registered}
    assert dispatched == {template.pattern for template in templates()}
