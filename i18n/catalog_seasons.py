"""Seasons, logros and the player's card.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

_MONTHS = (
    ("enero", "January"),
    ("febrero", "February"),
    ("marzo", "March"),
    ("abril", "April"),
    ("mayo", "May"),
    ("junio", "June"),
    ("julio", "July"),
    ("agosto", "August"),
    ("septiembre", "September"),
    ("octubre", "October"),
    ("noviembre", "November"),
    ("diciembre", "December"),
)

# Each logro: its name (told when earned, shown on the card) and what earns it.
_LOGROS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "first_win": (
        ("¡Primera victoria!", "First win!"),
        ("Gana una partida con nivel", "Win a rated match"),
    ),
    "first_caida": (
        ("¡Primera caída!", "First caída!"),
        ("Llévate la carta que el rival acaba de echar", "Capture the card just dropped"),
    ),
    "first_limpia": (
        ("¡Primera limpia!", "First limpia!"),
        ("Deja la mesa vacía", "Leave the table empty"),
    ),
    "caida_limpia": (
        ("¡Caída y limpia!", "Caída and limpia!"),
        ("Una caída que además limpia la mesa", "A caída that also empties the table"),
    ),
    "ronda": (
        ("¡Primera ronda!", "First ronda!"),
        ("Que te repartan tres del mismo valor", "Be dealt three of a rank"),
    ),
    "doble_ronda": (
        ("¡Doble ronda!", "Double ronda!"),
        ("Que te repartan las cuatro de un valor", "Be dealt all four of a rank"),
    ),
    "caida_streak": (
        ("¡Tres caídas seguidas!", "Three caídas in a row!"),
        (
            "Tres jugadas tuyas seguidas, cada una una caída",
            "Three plays of yours in a row, each a caída",
        ),
    ),
    "three_limpias": (
        ("¡Escoba nueva!", "New broom!"),
        ("Tres limpias en una partida", "Three limpias in one match"),
    ),
    "cartonazo": (
        ("¡Cartonazo!", "Huge count!"),
        (
            "Tu lado recoge 30 cartas o más en una mano",
            "Your side takes 30 cards or more in a hand",
        ),
    ),
    "zapateria": (
        ("¡Zapatería!", "Zapatería!"),
        ("Gana una chica con el rival bajo 10", "Win a chica with the other side under 10"),
    ),
    "comeback": (
        ("¡Remontada!", "Comeback!"),
        ("Gana una chica que ibas perdiendo por 30", "Win a chica you trailed by 30"),
    ),
    "lock_win": (
        ("¡Del 38 a la victoria!", "From 38 to the win!"),
        ("Gana una chica después de quedarte en 38", "Win a chica after being stuck at 38"),
    ),
    "clean_sweep": (
        ("¡Sin perder chica!", "Not a chica lost!"),
        (
            "Gana una partida de varias chicas sin perder ninguna",
            "Win a match of several chicas, losing none",
        ),
    ),
    "team_win": (
        ("¡Buena pareja!", "Good partners!"),
        ("Gana una partida 2 contra 2", "Win a 2 on 2 match"),
    ),
    "beat_expert": (
        ("¡Le ganaste al experto!", "You beat the expert!"),
        ("Gana una partida contra el bot experto", "Win a match against the expert bot"),
    ),
    "ten_wins": (
        ("¡Diez victorias!", "Ten wins!"),
        ("Gana 10 partidas con nivel", "Win 10 rated matches"),
    ),
    "hundred_caidas": (
        ("¡Cien caídas!", "A hundred caídas!"),
        ("Haz 100 caídas en partidas con nivel", "Make 100 caídas in rated matches"),
    ),
    "fifty_matches": (
        ("¡Cincuenta partidas!", "Fifty matches!"),
        ("Juega 50 partidas con nivel", "Play 50 rated matches"),
    ),
    "season_regular": (
        ("¡Fijo de la temporada!", "Season regular!"),
        ("Juega 10 partidas en una temporada", "Play 10 matches in one season"),
    ),
    "season_podium": (
        ("¡Al podio!", "On the podium!"),
        ("Termina una temporada entre los tres primeros", "End a season in the top three"),
    ),
    "season_champion": (
        ("¡Campeón de temporada!", "Season champion!"),
        ("Termina una temporada en el primer puesto", "End a season in first place"),
    ),
}

SEASON_MESSAGES: dict[str, tuple[str, str]] = {
    # --- commands and options ---------------------------------------------------------
    "cmd.logros": ("logros", "logros"),
    "cmd.logros.desc": ("Los logros de un jugador", "A player's logros (achievements)"),
    "cmd.stats_menu": ("Estadísticas de Cuarenta", "Cuarenta stats"),
    "opt.vs": ("contra", "vs"),
    "opt.vs.desc": (
        "Cómo le va contra este jugador, cara a cara",
        "How they do against this player, head to head",
    ),
    "opt.season": ("temporada", "season"),
    "opt.season.desc": (
        "Esta temporada (por defecto), una pasada, o de siempre",
        "This season (the default), a past one, or all time",
    ),
    "opt.seasons": ("temporadas", "seasons"),
    "opt.seasons.desc": (
        "Temporadas mensuales, trimestrales, con nombre y fechas, o ninguna",
        "Monthly, quarterly, named seasons with dates, or none",
    ),
    "opt.season_name": ("nombre_temporada", "season_name"),
    "opt.season_name.desc": (
        "Una temporada con nombre, p. ej. Fiestas de Quito (con inicio y fin)",
        "A named season, e.g. Fiestas de Quito (with start and end)",
    ),
    "opt.season_start": ("inicio_temporada", "season_start"),
    "opt.season_start.desc": (
        "Primer día de la temporada con nombre: 1/12/2026",
        "First day of the named season: 2026-12-01",
    ),
    "opt.season_end": ("fin_temporada", "season_end"),
    "opt.season_end.desc": (
        "Último día de la temporada con nombre: 6/12/2026",
        "Last day of the named season: 2026-12-06",
    ),
    "opt.season_channel": ("canal_temporadas", "season_channel"),
    "opt.season_channel.desc": (
        "Dónde anunciar el podio al final de cada temporada",
        "Where to announce the podium when a season ends",
    ),
    "choice.season_monthly": ("mensuales", "monthly"),
    "choice.season_quarterly": ("trimestrales", "quarterly"),
    "choice.season_named": ("con nombre y fechas", "named, with dates"),
    "choice.season_off": ("sin temporadas", "off"),
    # --- season names -----------------------------------------------------------------
    **{f"month.{number}": names for number, names in enumerate(_MONTHS, start=1)},
    "season.month": ("{month} {year}", "{month} {year}"),
    "season.quarter": ("{quarter}.º trimestre {year}", "Q{quarter} {year}"),
    "season.current": ("Esta temporada ({name})", "This season ({name})"),
    "season.all_time": ("de siempre", "all time"),
    "season.choice_all": ("De siempre", "All time"),
    # --- config -----------------------------------------------------------------------
    "config.seasons": ("temporadas {mode}{channel}", "seasons {mode}{channel}"),
    "config.season_channel": (" (anuncios en {channel})", " (announced in {channel})"),
    "config.named": ("Temporadas con nombre: {seasons}", "Named seasons: {seasons}"),
    "config.named_one": ("{name} ({first} a {last})", "{name} ({first} to {last})"),
    "config.named_none": (
        "Aún no hay temporadas con nombre: ponlas con nombre_temporada, inicio_temporada y"
        " fin_temporada.",
        "No named seasons yet: add one with season_name, season_start and season_end.",
    ),
    "refuse.bad_season_date": (
        "No entiendo esa fecha: escríbela como 1/12/2026 o 2026-12-01. Nada ha cambiado.",
        "I can't read that date: write it as 2026-12-01 or 1/12/2026. Nothing changed.",
    ),
    "refuse.season_incomplete": (
        "Una temporada con nombre necesita nombre, inicio y fin. Nada ha cambiado.",
        "A named season needs a name, a start and an end. Nothing changed.",
    ),
    "refuse.season_backwards": (
        "La temporada termina antes de empezar. Nada ha cambiado.",
        "The season ends before it starts. Nothing changed.",
    ),
    "refuse.season_overlap": (
        "Esas fechas se cruzan con otra temporada con nombre. Nada ha cambiado.",
        "Those dates overlap another named season. Nothing changed.",
    ),
    "refuse.season_of_all_servers": (
        "Las temporadas son de cada servidor: pide la clasificación de este servidor."
        " Nada ha cambiado.",
        "Seasons are each server's own: ask for this server's leaderboard. Nothing changed.",
    ),
    "refuse.unknown_season": (
        "No conozco esa temporada: elige una de la lista. Nada ha cambiado.",
        "I don't know that season: pick one from the list. Nothing changed.",
    ),
    # --- leaderboard ------------------------------------------------------------------
    "leaderboard.season": (" · temporada {name}", " · season {name}"),
    "leaderboard.all_time": (" · de siempre", " · all time"),
    "leaderboard.season_ends": (" · termina {ends}", " · ends {ends}"),
    "leaderboard.empty_season": (
        "La temporada {name} todavía no tiene partidas (termina {ends}). Mientras, la de siempre:",
        "Season {name} has no matches yet (it ends {ends}). Meanwhile, all time:",
    ),
    # --- the season's end -------------------------------------------------------------
    "season.over": (
        "🏁 **Terminó la temporada {name}** · {ladder}",
        "🏁 **Season {name} is over** · {ladder}",
    ),
    "season.place.1": (
        "🥇 Campeón: {who} — **{rating}** · {record}",
        "🥇 Champion: {who} — **{rating}** · {record}",
    ),
    "season.place.2": (
        "🥈 Segundo: {who} — **{rating}** · {record}",
        "🥈 Runner-up: {who} — **{rating}** · {record}",
    ),
    "season.place.3": (
        "🥉 Tercero: {who} — **{rating}** · {record}",
        "🥉 Third: {who} — **{rating}** · {record}",
    ),
    "season.most_matches": ("🗓️ Más partidas: {who} ({count})", "🗓️ Most matches: {who} ({count})"),
    "season.best_streak.one": (
        "🔥 Mejor racha: {who}, 1 caída",
        "🔥 Best streak: {who}, 1 caída",
    ),
    "season.best_streak.other": (
        "🔥 Mejor racha: {who}, {count} caídas seguidas",
        "🔥 Best streak: {who}, {count} caídas in a row",
    ),
    "word.and": (" y ", " and "),
    "season.too_few": (
        "No hay podio: hacen falta al menos 3 jugadores con nivel en la temporada.",
        "No podium: it takes at least 3 players with a rating in the season.",
    ),
    "season.nobody": (
        "Nadie jugó partidas con nivel esta temporada.",
        "Nobody played rated matches this season.",
    ),
    "season.next": (
        "Arranca una temporada nueva: el nivel de temporada empieza de nuevo y el de siempre"
        " sigue. La clasificación de la que terminó sigue en `/cuarenta clasificación`"
        " (temporada: {name}).",
        "A new season starts: season ratings begin afresh, the all-time rating goes on. The"
        " finished season's leaderboard stays in `/cuarenta leaderboard` (season: {name}).",
    ),
    # --- logros -----------------------------------------------------------------------
    **{f"logro.{name}": texts[0] for name, texts in _LOGROS.items()},
    **{f"logro.{name}.desc": texts[1] for name, texts in _LOGROS.items()},
    "logros.earned": ("🏅 {who}: {logros}", "🏅 {who}: {logros}"),
    "logros.title": (
        "🏅 **Logros de {who}** · {count} de {total}",
        "🏅 **{who}'s logros** · {count} of {total}",
    ),
    "logros.row": ("{emoji} **{name}** — {desc}", "{emoji} **{name}** — {desc}"),
    "logros.todo_title": ("**Por ganar:**", "**Still to earn:**"),
    "logros.todo_row": ("▫️ {name} — {desc}", "▫️ {name} — {desc}"),
    "logros.progress": (" · llevas {done}/{needed}", " · {done}/{needed} so far"),
    "logros.more.one": (" y 1 más (/cuarenta logros)", " and 1 more (/cuarenta logros)"),
    "logros.more.other": (
        " y {count} más (/cuarenta logros)",
        " and {count} more (/cuarenta logros)",
    ),
    "logros.note": (
        "Se ganan en partidas con nivel, contra personas o bots.",
        "Earned in rated matches, against people or bots.",
    ),
    # --- the player's card --------------------------------------------------------------
    "card.season": ("Temporada {name}", "Season {name}"),
    "card.all_time": ("De siempre", "All time"),
    "card.rank": ("#{rank}", "#{rank}"),
    "card.someone": ("alguien", "someone"),
    "card.unrated": ("sin nivel", "unrated"),
    "card.curve_season": ("temporada", "season"),
    "card.curve_all_time": ("de siempre", "all time"),
    "card.curve.one": ("Nivel · la última partida", "Rating · the last match"),
    "card.curve.other": ("Nivel · últimas {count} partidas", "Rating · last {count} matches"),
    "card.curve_none": ("Sin partidas con nivel todavía", "No rated matches yet"),
    "card.record": ("{mode}: {wins} · {losses}", "{mode}: {wins} · {losses}"),
    "card.caidas": ("Caídas", "Caídas"),
    "card.limpias": ("Limpias", "Limpias"),
    "card.rondas": ("Rondas", "Rondas"),
    "card.cartones": ("Cartones", "Counts"),
    "card.zapaterias_given": ("Zap. dadas", "Zap. given"),
    "card.zapaterias_taken": ("Zap. recibidas", "Zap. taken"),
    "card.partner": ("Mejor compañero", "Best partner"),
    "card.rival": ("Rival más duro", "Toughest rival"),
    "card.vs": ("Contra {who}", "Against {who}"),
    "card.logros": ("Logros", "Logros"),
    "card.latest": ("Últimos logros: {logros}", "Latest logros: {logros}"),
    "card.titles.one": ("Torneo ganado", "Tournament won"),
    "card.titles.other": ("Torneos ganados", "Tournaments won"),
    "stats.season_rating": (
        "Temporada {name}: {rows}",
        "Season {name}: {rows}",
    ),
    "stats.season_none": (
        "Temporada {name}: aún sin partidas con nivel",
        "Season {name}: no rated matches yet",
    ),
    "stats.season_row": (
        "{mode}{bots} **{rating}** (puesto {rank})",
        "{mode}{bots} **{rating}** (rank {rank})",
    ),
    "stats.cartones": ("Cartones {cartones}", "Counts {cartones}"),
    "stats.streak.one": (" · Mejor racha: 1 caída", " · Best streak: 1 caída"),
    "stats.streak.other": (
        " · Mejor racha: {count} caídas seguidas",
        " · Best streak: {count} caídas in a row",
    ),
    "stats.modes": ("Por mesa: {modes}", "By table: {modes}"),
    "stats.vs": (
        "Cara a cara contra {who}: {wins}, {losses}",
        "Head to head against {who}: {wins}, {losses}",
    ),
    "stats.logros": (
        "Logros ({count} de {total}): {logros}",
        "Logros ({count} of {total}): {logros}",
    ),
    "card.summary": (
        "🃏 {who} · {caption}: {rating} · {won}, {lost}",
        "🃏 {who} · {caption}: {rating} · {won}, {lost}",
    ),
    "card.more": (
        "Todo en texto: la descripción de la imagen · 📜 /cuarenta historial · 🏅 /cuarenta logros",
        "All in words: the picture's description · 📜 /cuarenta history · 🏅 /cuarenta logros",
    ),
    "card.alt_prefix": ("Tarjeta del jugador. ", "Player card. "),
}
