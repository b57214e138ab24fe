"""Commands reach Discord with Spanish names and descriptions for es-ES and es-419."""

from __future__ import annotations

from i18n import TEXTS


def synced_commands(env) -> list[dict]:
    puts = [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts, "the commands were never synced"
    return puts[-1].json


async def test_command_names_are_localized(world):
    commands = synced_commands(world.env)
    group = next(c for c in commands if c["name"] == "cuarenta")
    assert group["description_localizations"]["es-ES"] == TEXTS["es"]["cmd.cuarenta.desc"]
    subcommands = {o["name"]: o for o in group["options"]}
    assert subcommands["start"]["name_localizations"] == {"es-ES": "empezar", "es-419": "empezar"}
    mode = next(o for o in subcommands["start"]["options"] if o["name"] == "mode")
    assert mode["name_localizations"]["es-419"] == "modo"
    labels = {c["value"]: c["name_localizations"]["es-ES"] for c in mode["choices"]}
    assert labels["bot"] == "1 contra el bot"
    menu = next(c for c in commands if c["name"] == "Challenge to Cuarenta")
    assert menu["name_localizations"]["es-419"] == "Retar a Cuarenta"
