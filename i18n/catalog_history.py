"""Ratings, match history and replays.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

HISTORY_MESSAGES: dict[str, tuple[str, str]] = {
    # --- ratings --------------------------------------------------------------------
    "rating.line": ("📈 Nivel: {changes}", "📈 Rating: {changes}"),
    "rating.provisional": (" (provisional)", " (provisional)"),
    "rating.with_bots": (" con bots", " with bots"),
    "choice.rating": ("nivel", "rating"),
    "opt.players": ("mesa", "table"),
    "opt.players.desc": (
        "Para el nivel: 1 contra 1 o 2 contra 2",
        "For the rating: 1 on 1 or 2 on 2",
    ),
    "leaderboard.rating_row": (
        "{rank}. {who} — **{rating}**{provisional} · {wins}, {losses}",
        "{rank}. {who} — **{rating}**{provisional} · {wins}, {losses}",
    ),
    "leaderboard.rating_note": (
        "El nivel es prudente: con pocas partidas sale más bajo y sube a medida que juegas.",
        "The rating is cautious: with few matches it reads lower, and it rises as you play.",
    ),
    "stats.ratings": ("**Nivel**", "**Rating**"),
    "stats.rating_row": (
        "{mode}{bots}: **{rating}**{provisional} · puesto {rank} · {trend} en {recent}",
        "{mode}{bots}: **{rating}**{provisional} · rank {rank} · {trend} over {recent}",
    ),
    "stats.recent.one": ("la última partida", "the last match"),
    "stats.recent.other": ("las últimas {count} partidas", "the last {count} matches"),
    "stats.best_win": (
        "Mejor victoria: contra {who} ({rating}) {when}",
        "Best win: against {who} ({rating}) {when}",
    ),
    # --- history --------------------------------------------------------------------
    "history.title": (
        "📜 Historial de {who} · {scope} · {count}",
        "📜 {who}'s history · {scope} · {count}",
    ),
    "history.count.one": ("1 partida", "1 match"),
    "history.count.other": ("{count} partidas", "{count} matches"),
    "history.empty": ("Todavía no hay partidas aquí.", "No matches here yet."),
    "history.row": (
        "**{n}.** {when} · {result} · chicas {chicas_won}–{chicas_lost}{scores}\n　{details}",
        "**{n}.** {when} · {result} · chicas {chicas_won}–{chicas_lost}{scores}\n　{details}",
    ),
    # Each chica's final score, the player's side first: " (14–40, 8–50)".
    "history.chica_scores": (" ({results})", " ({results})"),
    "history.won": ("✅ ganada", "✅ won"),
    "history.lost": ("❌ perdida", "❌ lost"),
    "history.forfeit": (" (por rendición)", " (by forfeit)"),
    "history.abandoned": ("⏸️ abandonada", "⏸️ abandoned"),
    "history.against": ("contra {who}", "against {who}"),
    "history.partner": ("con {who}", "with {who}"),
    "history.casual": ("amistosa", "casual"),
    "history.rating": ("📈 {change}", "📈 {change}"),
    "history.no_replay": ("sin repetición", "no replay"),
    "history.replay": ("🎬 {n}", "🎬 {n}"),
    "history.review": ("📊 {n}", "📊 {n}"),
    # --- replays --------------------------------------------------------------------
    "replay.title": ("🎬 Repetición · {when} · {rules}", "🎬 Replay · {when} · {rules}"),
    "replay.start": ("Primer reparto", "First deal"),
    "replay.step": ("Jugada {step} de {last}", "Play {step} of {last}"),
    "replay.scores": (
        "{a} {points_a} – {points_b} {b} · chicas {chicas_a}–{chicas_b}",
        "{a} {points_a} – {points_b} {b} · chicas {chicas_a}–{chicas_b}",
    ),
    "replay.end": ("🏁 Fin de la partida.", "🏁 End of the match."),
    "replay.hand": ("Mano de {who}: {cards}", "{who}'s hand: {cards}"),
    "replay.no_cards": ("(sin cartas)", "(no cards)"),
    "replay.hidden": (
        "🔒 Las manos de los demás no se muestran.",
        "🔒 Other players' hands are not shown.",
    ),
    "replay.next_hand": ("Siguiente mano ⏭", "Next hand ⏭"),
    "replay.to_end": ("Al final ⏭", "To the end ⏭"),
    "replay.next_chica": ("Siguiente chica ⏭", "Next chica ⏭"),
    "refuse.replay_missing": (
        "Esa partida no tiene repetición: se jugó antes de que se guardaran, o hace demasiado.",
        "That match has no replay: it was played before replays were kept, or too long ago.",
    ),
    # --- settings -------------------------------------------------------------------
    "opt.replay_hands": ("repeticion_con_manos", "replay_all_hands"),
    "opt.replay_hands.desc": (
        "Las repeticiones muestran las manos de todos (la partida ya terminó)",
        "Replays show everyone's hand (the match is over by then)",
    ),
    "config.replay_hands": (
        "repeticiones con todas las manos: {value}",
        "replays show all hands {value}",
    ),
}
