"""Hints on demand and the review after a match.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

REVIEW_MESSAGES: dict[str, tuple[str, str]] = {
    # --- the hint -------------------------------------------------------------------
    "button.hint": ("💡 Pista", "💡 Hint"),
    "hint.drop": ("💡 Echa {card}.", "💡 Drop {card}."),
    "hint.capture": (
        "💡 Juega {card} y llévate {takes}{score}.",
        "💡 Play {card} and take {takes}{score}.",
    ),
    "hint.why.empty": (
        "Por qué: deja la mesa vacía, sin nada que llevarse ni carta para una caída.",
        "Why: it leaves the table empty, nothing to take and no card to fall on.",
    ),
    "hint.why.no_caida": (
        "Por qué: no deja carta para una caída: las demás de ese número ya salieron.",
        "Why: it leaves no card a caída can fall on: the others of that rank are out.",
    ),
    "hint.why.caida_risk.one": (
        "Por qué: cualquier otra jugada sale peor, aunque queda 1 carta sin ver que podría"
        " hacerle caída.",
        "Why: any other play does worse, though 1 unseen card could still make a caída on it.",
    ),
    "hint.why.caida_risk.other": (
        "Por qué: cualquier otra jugada sale peor, aunque quedan {count} cartas sin ver que"
        " podrían hacerle caída.",
        "Why: any other play does worse, though {count} unseen cards could still make a caída"
        " on it.",
    ),
    "hint.why.limpia_risk.one": (
        "Por qué: cualquier otra jugada sale peor, pero ojo: 1 carta sin ver podría hacer"
        " limpia con la mesa que dejas.",
        "Why: any other play does worse, but careful: 1 unseen card could sweep the table you"
        " leave.",
    ),
    "hint.why.limpia_risk.other": (
        "Por qué: cualquier otra jugada sale peor, pero ojo: {count} cartas sin ver podrían"
        " hacer limpia con la mesa que dejas.",
        "Why: any other play does worse, but careful: {count} unseen cards could sweep the"
        " table you leave.",
    ),
    "hint.why.safe": (
        "Por qué: suma cartas para el cartón y no deja una limpia al alcance.",
        "Why: it adds cards to your count and leaves no limpia within reach.",
    ),
    "hint.note": (
        "_Solo tú ves esta pista; el experto la calcula con lo que tú sabes._",
        "_Only you see this hint; the expert works it out from what you know._",
    ),
    "refuse.hint_no_time": (
        "Se te acaba el turno: ya no hay tiempo para una pista. ¡Juega!",
        "Your turn is almost over: there is no time left for a hint. Play!",
    ),
    "refuse.hints_off": (
        "En esta mesa no hay pistas: el anfitrión no las activó (💡 Pistas en la sala de"
        " espera). Nada ha cambiado.",
        "Hints are off at this table: the host did not turn them on (💡 Hints in the lobby)."
        " Nothing changed.",
    ),
    # --- the review -----------------------------------------------------------------
    "button.review": ("📊 Repaso", "📊 Review"),
    "review.title.won": ("📊 **Ganaste {won}–{lost}**", "📊 **You won {won}–{lost}**"),
    "review.title.lost": ("📊 **Perdiste {won}–{lost}**", "📊 **You lost {won}–{lost}**"),
    "review.title.won_forfeit": (
        "📊 **Ganaste**: el otro lado se rindió",
        "📊 **You won**: the other side gave up",
    ),
    "review.title.lost_forfeit": (
        "📊 **Perdiste**: tu lado se rindió",
        "📊 **You lost**: your side gave up",
    ),
    "review.title.no_result": (
        "📊 **Sin resultado**: se rindieron apenas empezó, no cuenta para nadie",
        "📊 **No result**: given up as it began, it counts for nobody",
    ),
    "review.title.stopped": (
        "📊 **Partida parada** antes del final",
        "📊 **Match stopped** before the end",
    ),
    "review.chica_scores": (" · chicas {scores}", " · chicas {scores}"),
    # A sentence, maybe followed by review.verdict.costliest, then a full stop.
    "review.verdict.better.2": (
        "Jugaste mejor que tu rival",
        "You played better than your opponent",
    ),
    "review.verdict.worse.2": (
        "Tu rival jugó mejor que tú",
        "Your opponent played better than you",
    ),
    "review.verdict.even.2": (
        "Jugaste casi tan bien como tu rival: las cartas lo decidieron",
        "You played about as well as your opponent: the cards decided it",
    ),
    "review.verdict.better.4": (
        "Tu equipo jugó mejor que los rivales",
        "Your team played better than your opponents",
    ),
    "review.verdict.worse.4": (
        "Los rivales jugaron mejor que tu equipo",
        "Your opponents played better than your team",
    ),
    "review.verdict.even.4": (
        "Los dos equipos jugaron parejo: las cartas lo decidieron",
        "Both teams played about as well: the cards decided it",
    ),
    "review.verdict.costliest": (
        "; tu jugada más cara te costó {lost}",
        "; your costliest move cost you {lost}",
    ),
    "review.points.one": ("1 punto", "1 point"),
    "review.points.other": ("unos {count} puntos", "about {count} points"),
    "review.points_none": ("casi nada", "almost nothing"),
    "review.accuracy": (
        "**Precisión** (100 % = siempre la mejor jugada del experto, con lo que cada uno sabía)",
        "**Accuracy** (100% = always the expert's best move, with what each player knew)",
    ),
    "review.you": ("Tú", "You"),
    "review.accuracy_line": (
        "{who}: **{accuracy} %** en {moves}",
        "{who}: **{accuracy}%** over {moves}",
    ),
    "review.moves.one": ("{count} jugada", "{count} move"),
    "review.moves.other": ("{count} jugadas", "{count} moves"),
    "review.stood_in.bot.one": ("; 1 más la jugó el bot por ti", "; the bot played 1 more for you"),
    "review.stood_in.bot.other": (
        "; {count} más las jugó el bot por ti",
        "; the bot played {count} more for you",
    ),
    "review.stood_in.timeout.one": (
        "; 1 se jugó sola cuando se te acabó el tiempo",
        "; 1 was played for you when your time ran out",
    ),
    "review.stood_in.timeout.other": (
        "; {count} se jugaron solas cuando se te acabó el tiempo",
        "; {count} were played for you when your time ran out",
    ),
    "review.costly.one": ("**Tu jugada más cara**", "**Your costliest move**"),
    "review.costly.other": (
        "**Tus {count} jugadas más caras**",
        "**Your {count} costliest moves**",
    ),
    "review.costly_line": (
        "{n}. Chica {chica}, cuando iban {score}: {played}{what}; mejor: {best} — {lost}",
        "{n}. Chica {chica}, with the score at {score}: {played}{what}; better: {best} — {lost}",
    ),
    "review.costly_line_one_chica": (
        "{n}. Cuando iban {score}: {played}{what}; mejor: {best} — {lost}",
        "{n}. With the score at {score}: {played}{what}; better: {best} — {lost}",
    ),
    "review.what.missed_limpia": (" (tenías una limpia)", " (you had a limpia)"),
    "review.what.left_for_caida": (
        " y te hicieron caída",
        " and your opponent made a caída on it",
    ),
    "review.costly_none": (
        "Ninguna jugada tuya regaló puntos frente al experto. ¡Impecable!",
        "None of your moves gave points away against the expert. Flawless!",
    ),
    "review.you_dropped": ("echaste {card}", "you dropped {card}"),
    "review.you_captured": (
        "jugaste {card} llevándote {takes}",
        "you played {card} taking {takes}",
    ),
    "review.drop": ("echar {card}", "drop {card}"),
    "review.capture": ("{card} llevándote {takes}", "{card} taking {takes}"),
    "review.decided": ("**Lo que decidió la chica**", "**What decided the chica**"),
    "review.moment.caida_at_lock": (
        "Chica {chica}: {who}, en {lock}, la ganó con una caída de {card}.",
        "Chica {chica}: {who}, at {lock}, won it with a caída of {card}.",
    ),
    "review.picture": (
        "_En la imagen, la jugada 1: arriba la mesa que viste (en ámbar, la última carta"
        " jugada); abajo tu mano (en ámbar, la que jugaste)._",
        "_The picture shows move 1: above, the table you saw (the last card played in"
        " amber); below, your hand (the card you played in amber)._",
    ),
    "review.pictures_more.one": (
        "_Tu jugada cara n.º {first}: arriba la mesa que viste, abajo tu mano._",
        "_Your costly move no. {first}: above, the table you saw; below, your hand._",
    ),
    "review.pictures_more.other": (
        "_Tus jugadas caras n.º {first} a {last}, en orden: arriba la mesa que viste, abajo"
        " tu mano._",
        "_Your costly moves no. {first} to {last}, in order: above, the table you saw; below,"
        " your hand._",
    ),
    "button.review_pictures": ("🖼️ Ver las otras imágenes", "🖼️ See the other pictures"),
    "review.picture_caption": ("jugaste {played} · mejor {best}", "played {played} · best {best}"),
    "refuse.review_unknown": (
        "No encuentro esa partida en tu historial: usa su número (1 = la última) o su botón 📊.",
        "That match is not in your history: use its number (1 = the latest) or its 📊 button.",
    ),
    "refuse.review_no_moves": (
        "Esa partida terminó antes de empezar: no hay jugadas que repasar.",
        "That match ended before it started: there are no plays to review.",
    ),
    "refuse.review_none": (
        "No tienes una partida terminada que repasar (las mesas terminadas se guardan un día).",
        "You have no finished match to review (finished tables are kept for a day).",
    ),
    "refuse.review_not_yours": (
        "Solo quienes jugaron esta partida pueden ver su repaso.",
        "Only the players of this match can see its review.",
    ),
    "refuse.review_unfinished": (
        "El repaso se abre cuando termina la partida.",
        "The review opens when the match is over.",
    ),
}
