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
    "opt.puzzle_channel": ("reto_canal", "puzzle_channel"),
    "opt.puzzle_channel.desc": (
        "El reto diario: el canal donde sale cada día",
        "The daily puzzle: the channel it is posted in every day",
    ),
    "opt.puzzle_hour": ("reto_hora", "puzzle_hour"),
    "opt.puzzle_hour.desc": (
        "El reto diario: a qué hora sale (0–23, hora de Ecuador salvo otra zona del servidor)",
        "The daily puzzle: the hour it is posted (0–23, Ecuador time unless the server set a zone)",
    ),
    "opt.puzzle_zone": ("reto_zona", "puzzle_zone"),
    "opt.puzzle_zone.desc": (
        "El reto diario: la zona horaria de su hora (por defecto America/Guayaquil)",
        "The daily puzzle: the time zone of its hour (America/Guayaquil by default)",
    ),
    "opt.puzzle_names": ("reto_nombrar", "puzzle_names"),
    "opt.puzzle_names.desc": (
        "El reto diario: decir de quién es la jugada cuando sale de una partida del servidor",
        "The daily puzzle: name the player whose position it is, when from this server's match",
    ),
    "opt.puzzle_off": ("reto_apagar", "puzzle_off"),
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
        "Último reparto de la mano y te toca. Tú: {mine} · Rival: {theirs} · recogidas: tú {cards_mine}, el rival {cards_theirs}",
        "Last deal of the hand, your turn. You: {mine} · Opponent: {theirs} · captured: you {cards_mine}, the opponent {cards_theirs}",
    ),
    "puzzle.rules": (
        "Se juega con {rules}: así cuenta cada jugada.",
        "Played by {rules}: that is how each play scores.",
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
    # Why the best play beats the next best ({other}), from the analysis of both lines.
    "puzzle.why.wins_chica": (
        "Con esta llegas a 40 y ganas la chica en esta mano; con ninguna otra.",
        "This one reaches 40 and wins the chica this hand; no other play does.",
    ),
    "puzzle.why.saves_chica": (
        "Con cualquier otra, el rival gana la chica en esta mano (con {other}, por ejemplo).",
        "With any other play the opponent wins the chica this hand ({other}, for one).",
    ),
    "puzzle.why.rival_caida": (
        "Con {other}, el rival te hace caída con un {rank}.",
        "With {other}, the opponent makes a caída with a {rank}.",
    ),
    "puzzle.why.caida": ("Haces caída con {card}.", "You make a caída with {card}."),
    "puzzle.why.limpia": (
        "Limpias la mesa: no le dejas nada.",
        "You sweep the table: nothing is left for the opponent.",
    ),
    "puzzle.why.takes_carton": (
        "Así el cartón es tuyo: {points} puntos.",
        "This way the count is yours: {points} points.",
    ),
    "puzzle.why.denies_carton": (
        "Así el rival no se lleva el cartón (con {other} se lo lleva: {points} puntos).",
        "This way the opponent misses the count (with {other} they take it: {points} points).",
    ),
    "puzzle.why.smaller_carton": (
        "El rival se lleva el cartón igual, pero más chico: {points} puntos en vez de {other_points}.",
        "The opponent takes the count anyway, but a smaller one: {points} points instead of {other_points}.",
    ),
    "puzzle.why.bigger_carton": (
        "Tu cartón sale más grande: {points} puntos en vez de {other_points}.",
        "Your count comes out bigger: {points} points instead of {other_points}.",
    ),
    "puzzle.why.count": (
        "Contando las cartas, es la que menos le regala al rival.",
        "Counting the cards, it is the one that gives the opponent the least.",
    ),
    # What the play the player chose ({move}) lets happen, against the best.
    "puzzle.yours.wins_chica": (
        "Con {move} no llegas a 40 en esta mano.",
        "With {move} you don't reach 40 this hand.",
    ),
    "puzzle.yours.saves_chica": (
        "Con {move}, el rival gana la chica en esta mano.",
        "With {move}, the opponent wins the chica this hand.",
    ),
    "puzzle.yours.rival_caida": (
        "Con {move}, el rival te hace caída con un {rank}.",
        "With {move}, the opponent makes a caída with a {rank}.",
    ),
    "puzzle.yours.caida": (
        "Con {move} se te pasa la caída con {card}.",
        "With {move} you miss the caída with {card}.",
    ),
    "puzzle.yours.limpia": (
        "Con {move} no limpias la mesa.",
        "With {move} you don't sweep the table.",
    ),
    "puzzle.yours.takes_carton": (
        "Con {move} el cartón ya no es tuyo.",
        "With {move} the count is no longer yours.",
    ),
    "puzzle.yours.denies_carton": (
        "Con {move}, el rival se lleva el cartón: {points} puntos.",
        "With {move}, the opponent takes the count: {points} points.",
    ),
    "puzzle.yours.smaller_carton": (
        "Con {move}, el cartón del rival sale más grande: {other_points} puntos en vez de {points}.",
        "With {move}, the opponent's count comes out bigger: {other_points} points instead of {points}.",
    ),
    "puzzle.yours.bigger_carton": (
        "Con {move} tu cartón sale más chico: {other_points} puntos en vez de {points}.",
        "With {move} your count comes out smaller: {other_points} points instead of {points}.",
    ),
    "puzzle.yours.count": (
        "Con {move} quedas en {value} (tú − rival), menos que con la mejor.",
        "With {move} you end at {value} (you − opponent), less than with the best.",
    ),
    "puzzle.margin.points.one": (
        "Le saca 1 punto a la siguiente.",
        "It is 1 point better than the next best.",
    ),
    "puzzle.margin.points.other": (
        "Le saca {count} puntos a la siguiente.",
        "It is {count} points better than the next best.",
    ),
    "puzzle.values": (
        "Tus puntos menos los del rival (tú − rival) de aquí al fin de la mano, los dos jugando perfecto:",
        "Your points minus the opponent's (you − opponent) from here to the end of the hand, both playing perfectly:",
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
    "puzzle.streak_ended.one": (
        "Se cortó tu racha de 1 día; empieza otra.",
        "Your 1-day streak is over; start another.",
    ),
    "puzzle.streak_ended.other": (
        "Se cortó tu racha de {count} días; empieza otra.",
        "Your {count}-day streak is over; start another.",
    ),
    "puzzle.counted_before": (
        "Tu primera respuesta es la que cuenta: {move} ({verdict}).",
        "Your first answer is the one that counts: {move} ({verdict}).",
    ),
    "puzzle.share.solved": (
        "🧩 {who} resolvió el reto de hoy ({difficulty}). ¿Y tú? /cuarenta reto",
        "🧩 {who} solved today's puzzle ({difficulty}). Your turn: /cuarenta puzzle",
    ),
    "puzzle.share.streak": (
        "🧩 {who} resolvió el reto de hoy ({difficulty}) · racha de {streak} días 🔥 ¿Y tú? /cuarenta reto",
        "🧩 {who} solved today's puzzle ({difficulty}) · {streak}-day streak 🔥 Your turn: /cuarenta puzzle",
    ),
    "puzzle.share.tried": (
        "🧩 {who} probó el reto de hoy ({difficulty}) y mañana va por la revancha. ¿Y tú? /cuarenta reto",
        "🧩 {who} tried today's puzzle ({difficulty}); tomorrow, revenge. Your turn: /cuarenta puzzle",
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
        "🧩 El reto diario sale en {channel} cada día entre las {hour}:00 y las {hour}:59 ({zone}); el próximo, {next} (a las {local} en tu hora).{names}",
        "🧩 The daily puzzle is posted in {channel} every day between {hour}:00 and {hour}:59 ({zone}); the next one {next} (at {local} your time).{names}",
    ),
    "puzzle.daily_names": (
        " Se nombra al jugador de cada jugada tomada de este servidor.",
        " The player of each position taken from this server is named.",
    ),
    "config.daily.on": (
        "reto diario: {channel} a las {hour} h ({zone})",
        "daily puzzle: {channel} at {hour}h ({zone})",
    ),
    "puzzle.zone.ecuador": ("hora de Ecuador", "Ecuador time"),
    "refuse.puzzle_zone": (
        "No conozco la zona horaria «{zone}». Escríbela como en la lista de zonas: America/Guayaquil, America/New_York, Europe/Madrid…",
        "Unknown time zone “{zone}”. Write it as in the time zone list: America/Guayaquil, America/New_York, Europe/Madrid…",
    ),
    "config.daily.off": ("reto diario: apagado", "daily puzzle: off"),
    "refuse.puzzle_unknown": (
        "Ese reto no existe (o no es de este servidor). Abre el de hoy con /cuarenta reto.",
        "There is no such puzzle (or not on this server). Open today's with /cuarenta puzzle.",
    ),
    "puzzle.late_note": (
        "🕰️ Este era el reto de otro día: lo puedes resolver, pero ya no cuenta para la racha. El de hoy: /cuarenta reto.",
        "🕰️ This was another day's puzzle: you can solve it, but it no longer counts for your streak. Today's: /cuarenta puzzle.",
    ),
    "refuse.puzzle_practice_all_seen": (
        "Ya viste todos los retos de práctica de esa dificultad que hay aquí. Preparo más: vuelve en unos minutos, o prueba otra dificultad.",
        "You have seen every practice puzzle of that difficulty here. More are being made: come back in a few minutes, or try another difficulty.",
    ),
    "refuse.puzzle_bad_move": (
        "Esa jugada no está en el reto: elige una carta de la mano del reto.",
        "That play is not in the puzzle: pick a card of the puzzle's hand.",
    ),
    "refuse.puzzle_none_yet": (
        "Los retos se están preparando: vuelve en un minuto.",
        "The puzzles are being prepared: come back in a minute.",
    ),
    # --- on /cuarenta stats -----------------------------------------------------------
    "stats.puzzles": (
        "🧩 Retos: {solved} · racha: {streak} (la mejor: {best}) · puesto {rank} de {players} en el servidor",
        "🧩 Puzzles: {solved} · streak: {streak} (best: {best}) · #{rank} of {players} on this server",
    ),
    "stats.puzzles.rating": (
        " · nivel de retos {rating}{provisional}",
        " · puzzle rating {rating}{provisional}",
    ),
    "stats.puzzles.solved.one": ("1 resuelto", "1 solved"),
    "stats.puzzles.solved.other": ("{count} resueltos", "{count} solved"),
    "stats.puzzles.days.one": ("1 día", "1 day"),
    "stats.puzzles.days.other": ("{count} días", "{count} days"),
    "refuse.puzzle_hour": ("La hora va de 0 a 23.", "The hour goes from 0 to 23."),
    "refuse.puzzle_channel": (
        "Para prender el reto diario dime el canal (reto_canal) y la hora (reto_hora).",
        "To turn the daily puzzle on, give its channel (puzzle_channel) and its hour (puzzle_hour).",
    ),
    "refuse.puzzle_off_and_on": (
        "O apagas el reto diario o le pones canal y hora, pero no las dos cosas a la vez.",
        "Either turn the daily puzzle off or set its channel and hour, not both at once.",
    ),
}
