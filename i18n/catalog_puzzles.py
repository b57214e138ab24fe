# ruff: noqa: E501  (prose: one message per line reads better than wrapped strings)
"""The puzzle of the day ("¿Qué jugarías?") and practice puzzles.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

PUZZLE_MESSAGES: dict[str, tuple[str, str]] = {
    # --- commands -------------------------------------------------------------------
    "cmd.puzzle": ("reto", "puzzle"),
    "cmd.puzzle.desc": (
        "¿Qué jugarías? El reto del día, práctica o la clasificación de retos",
        "What would you play? Today's puzzle, practice, or the puzzle ranking",
    ),
    "opt.puzzle_mode": ("modo", "mode"),
    "opt.puzzle_mode.desc": (
        "El reto de hoy (cuenta para la racha), uno de práctica, o la clasificación",
        "Today's puzzle (counts for your streak), a practice one, or the ranking",
    ),
    "choice.puzzle_today": ("El reto de hoy", "Today's puzzle"),
    "choice.puzzle_easy": ("Práctica fácil", "Practice: easy"),
    "choice.puzzle_medium": ("Práctica media", "Practice: medium"),
    "choice.puzzle_hard": ("Práctica difícil", "Practice: hard"),
    "choice.puzzle_ranking": ("Clasificación de retos", "Puzzle ranking"),
    "cmd.puzzle_daily": ("reto-diario", "daily-puzzle"),
    "cmd.puzzle_daily.desc": (
        "Publica un reto cada día en un canal (administradores)",
        "Post a puzzle every day in a channel (admins)",
    ),
    "opt.puzzle_channel": ("canal", "channel"),
    "opt.puzzle_channel.desc": ("Dónde sale el reto", "Where the puzzle is posted"),
    "opt.puzzle_hour": ("hora", "hour"),
    "opt.puzzle_hour.desc": (
        "A qué hora (0–23, hora UTC; Ecuador es UTC−5)",
        "At what hour (0–23, UTC)",
    ),
    "opt.puzzle_names": ("nombrar", "name_players"),
    "opt.puzzle_names.desc": (
        "Decir de quién es la jugada cuando sale de una partida del servidor (no, si no dices)",
        "Name the player whose position it is, when it comes from this server's match (off by default)",
    ),
    "opt.puzzle_off": ("apagar", "off"),
    "opt.puzzle_off.desc": ("Deja de publicar el reto diario", "Stop the daily puzzle"),
    # --- the puzzle -----------------------------------------------------------------
    "puzzle.title.daily": (
        "🧩 **¿Qué jugarías?** · Reto del día · {difficulty}",
        "🧩 **What would you play?** · Puzzle of the day · {difficulty}",
    ),
    "puzzle.title.practice": (
        "🧩 **¿Qué jugarías?** · Práctica · {difficulty}",
        "🧩 **What would you play?** · Practice · {difficulty}",
    ),
    "puzzle.difficulty.easy": ("fácil", "easy"),
    "puzzle.difficulty.medium": ("media", "medium"),
    "puzzle.difficulty.hard": ("difícil", "hard"),
    "puzzle.situation": (
        "Último reparto de la mano y te toca. Tú: {mine} · Rival: {theirs} · recogidas: tú {cards_mine}, el rival {cards_theirs}.",
        "Last deal of the hand, your turn. You: {mine} · Opponent: {theirs} · captured: you {cards_mine}, the opponent {cards_theirs}.",
    ),
    "puzzle.chicas": (" · chicas {mine}–{theirs}", " · chicas {mine}–{theirs}"),
    "puzzle.rival": ("Rival", "Opponent"),
    "puzzle.caption": ("¿Qué jugarías?", "What would you play?"),
    "puzzle.hand": ("Tu mano: {cards}", "Your hand: {cards}"),
    "puzzle.table": ("Mesa: {cards}", "Table: {cards}"),
    "puzzle.dropped": (" (el rival acaba de echar {card})", " (the opponent just dropped {card})"),
    "puzzle.table_empty": ("Mesa: vacía", "Table: empty"),
    "puzzle.outside": (
        "Ya salió todo lo demás: al rival le quedan {ranks}.",
        "Everything else is out: the opponent holds {ranks}.",
    ),
    "puzzle.question": (
        "El rival contesta siempre lo mejor. ¿Qué jugada te deja más puntos?",
        "The opponent always answers their best. Which play leaves you the most points?",
    ),
    "puzzle.from_player": (
        "Jugada de {who}, en una partida de este servidor.",
        "{who}'s position, from a match on this server.",
    ),
    "puzzle.from_server": ("De una partida de este servidor.", "From a match on this server."),
    "puzzle.from_bots": ("De una partida entre bots.", "From a match between bots."),
    "puzzle.yesterday": (
        "Ayer: {move} · lo resolvieron {solved} de {tried}.",
        "Yesterday: {move} · {solved} of {tried} solved it.",
    ),
    "puzzle.yesterday_nobody": (
        "Ayer: {move} · nadie lo intentó.",
        "Yesterday: {move} · nobody tried it.",
    ),
    "button.puzzle_solve": ("🧩 Resolver", "🧩 Solve"),
    "button.puzzle_again": ("🔁 Probar otra jugada", "🔁 Try another play"),
    "puzzle.pick_card": (
        "Elige tu carta. Cuenta solo tu primera respuesta.",
        "Pick your card. Only your first answer counts.",
    ),
    "puzzle.pick_card_explore": (
        "Explora: ya respondiste, esto no cambia tu resultado.",
        "Explore: you have answered, this changes nothing.",
    ),
    "puzzle.pick_take": ("{card}: ¿qué haces?", "{card}: what do you do?"),
    # --- the answer -----------------------------------------------------------------
    "puzzle.move.take": ("{card} llevándose {takes}", "{card} taking {takes}"),
    "puzzle.move.drop": ("echar {card}", "drop {card}"),
    "puzzle.right": ("✅ **¡Bien visto!** {move}", "✅ **Well spotted!** {move}"),
    "puzzle.wrong": (
        "❌ **No era esa.** La jugada: {move}",
        "❌ **Not that one.** The play: {move}",
    ),
    "puzzle.why.lock": (
        "A 38 no se juega sino con caída: esta jugada manda en la chica.",
        "At 38 only a caída scores: this play rules the chica.",
    ),
    "puzzle.why.caida": (
        "La caída suma y deja al rival sin lo mejor.",
        "The caída scores and leaves the opponent nothing good.",
    ),
    "puzzle.why.limpia": (
        "Limpias la mesa y no le dejas nada.",
        "You sweep the table and leave nothing.",
    ),
    "puzzle.why.avoid_caida": (
        "Echar un {rank} era regalar una caída: el rival tiene {rank}.",
        "Dropping a {rank} gave away a caída: the opponent holds one.",
    ),
    "puzzle.why.count": (
        "Contando las cartas, esta te asegura el cartón.",
        "Counting the cards, this one secures the count.",
    ),
    "puzzle.margin.win": (
        "Con ella ganas la chica; con ninguna otra.",
        "It wins the chica; no other play does.",
    ),
    "puzzle.margin.points.one": (
        "Deja 1 punto más que la siguiente.",
        "It leaves 1 point more than the next best.",
    ),
    "puzzle.margin.points.other": (
        "Deja {count} puntos más que la siguiente.",
        "It leaves {count} points more than the next best.",
    ),
    "puzzle.values": (
        "Lo que deja cada jugada hasta el fin de la mano, los dos jugando perfecto:",
        "What each play leaves you by the end of the hand, both playing perfectly:",
    ),
    "puzzle.value_line": ("· {move}: {value}{mark}", "· {move}: {value}{mark}"),
    "puzzle.value.win": ("gana la chica", "wins the chica"),
    "puzzle.value.loss": ("pierde la chica", "loses the chica"),
    "puzzle.value.points": ("{points} puntos", "{points} points"),
    "puzzle.mark.best": ("  ← la mejor", "  ← the best"),
    "puzzle.mark.yours": ("  ← tu respuesta", "  ← your answer"),
    "puzzle.streak": (
        "Racha: {streak} · mejor racha: {best}",
        "Streak: {streak} · best streak: {best}",
    ),
    "puzzle.counted_before": (
        "Tu primera respuesta es la que cuenta: {move} ({verdict}).",
        "Your first answer is the one that counts: {move} ({verdict}).",
    ),
    "puzzle.verdict.right": ("bien", "right"),
    "puzzle.verdict.wrong": ("mal", "wrong"),
    "puzzle.practice_note": (
        "Práctica: no cuenta para la racha.",
        "Practice: it does not count for your streak.",
    ),
    # --- ranking and the daily post's settings --------------------------------------
    "puzzle.ranking.title": (
        "🧩 Retos resueltos en este servidor",
        "🧩 Puzzles solved on this server",
    ),
    "puzzle.ranking.line": (
        "{rank}. {who} · {solved} de {tried} · racha {streak} (mejor {best})",
        "{rank}. {who} · {solved} of {tried} · streak {streak} (best {best})",
    ),
    "puzzle.ranking.empty": (
        "Nadie ha resuelto un reto todavía. ¡Prueba con /cuarenta reto!",
        "Nobody has solved a puzzle yet. Try /cuarenta puzzle!",
    ),
    "puzzle.daily_on": (
        "Listo: desde mañana sale un reto en {channel} cada día entre las {hour}:00 y las {hour}:59 (UTC).{names}",
        "Done: from tomorrow a puzzle is posted in {channel} every day between {hour}:00 and {hour}:59 (UTC).{names}",
    ),
    "puzzle.daily_names": (
        " Se nombra al jugador de cada jugada tomada de este servidor.",
        " The player of each position taken from this server is named.",
    ),
    "puzzle.daily_off": ("El reto diario quedó apagado.", "The daily puzzle is off."),
    "puzzle.daily_none": (
        "El reto diario está apagado. Actívalo con un canal y una hora.",
        "The daily puzzle is off. Turn it on with a channel and an hour.",
    ),
    "refuse.puzzle_unknown": (
        "Ese reto no existe (o no es de este servidor). Abre el de hoy con /cuarenta reto.",
        "There is no such puzzle (or not on this server). Open today's with /cuarenta puzzle.",
    ),
    "refuse.puzzle_old": (
        "Ese era el reto de otro día: ya no cuenta. Abre el de hoy con /cuarenta reto.",
        "That was another day's puzzle: it no longer counts. Open today's with /cuarenta puzzle.",
    ),
    "refuse.puzzle_bad_move": (
        "Esa jugada no está en el reto: elige una carta de la mano del reto.",
        "That play is not in the puzzle: pick a card of the puzzle's hand.",
    ),
    "refuse.puzzle_none_yet": (
        "Los retos se están preparando: vuelve en un minuto.",
        "The puzzles are being prepared: come back in a minute.",
    ),
    "refuse.puzzle_hour": ("La hora va de 0 a 23.", "The hour goes from 0 to 23."),
    "refuse.puzzle_channel": (
        "Dime el canal y la hora del reto diario.",
        "Tell me the channel and the hour of the daily puzzle.",
    ),
}
