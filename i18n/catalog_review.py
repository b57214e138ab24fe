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
    "refuse.hints_off": (
        "En esta mesa no hay pistas: el anfitrión no las activó (💡 Pistas en la sala de"
        " espera). Nada ha cambiado.",
        "Hints are off at this table: the host did not turn them on (💡 Hints in the lobby)."
        " Nothing changed.",
    ),
    # --- the review -----------------------------------------------------------------
    "button.review": ("📊 Repaso", "📊 Review"),
    "review.title": (
        "📊 **Repaso de tu partida** · {result}",
        "📊 **Your match, reviewed** · {result}",
    ),
    "review.accuracy": (
        "**Precisión** (puntos esperados de cada jugada frente a la mejor del experto,"
        " juzgada solo con lo que cada uno sabía):",
        "**Accuracy** (expected points of each move against the expert's best, judged"
        " only with what each player knew):",
    ),
    "review.bot": ("🤖 {name}", "🤖 {name}"),
    "review.accuracy_line": (
        "{who}: **{accuracy}%** en {moves}",
        "{who}: **{accuracy}%** over {moves}",
    ),
    "review.moves.one": ("{count} jugada", "{count} move"),
    "review.moves.other": ("{count} jugadas", "{count} moves"),
    "review.costly.one": ("**Tu jugada más cara**", "**Your costliest move**"),
    "review.costly.other": (
        "**Tus {count} jugadas más caras**",
        "**Your {count} costliest moves**",
    ),
    "review.costly_line": (
        "{n}. Chica {chica}, {score}: {played}; mejor: {best} — {lost}",
        "{n}. Chica {chica}, {score}: {played}; better: {best} — {lost}",
    ),
    "review.lost": ("−{points} puntos esperados", "−{points} expected points"),
    "review.lost_chica": ("te costó la chica", "it cost you the chica"),
    "review.costly_none": (
        "Ninguna jugada tuya perdió puntos frente al experto. ¡Impecable!",
        "None of your moves lost points against the expert. Flawless!",
    ),
    "review.you_dropped": ("echaste {card}", "you dropped {card}"),
    "review.you_captured": (
        "jugaste {card} llevándote {takes}",
        "you played {card} taking {takes}",
    ),
    "review.drop": ("echar {card}", "drop {card}"),
    "review.capture": ("{card} llevándote {takes}", "{card} taking {takes}"),
    "review.moments": (
        "**Momentos que decidieron la chica**",
        "**Moments that decided the chica**",
    ),
    "review.moment.caida_at_lock": (
        "Chica {chica}: {who}, en {lock}, la ganó con una caída de {card}.",
        "Chica {chica}: {who}, at {lock}, won it with a caída of {card}.",
    ),
    "review.moment.missed_limpia": (
        "Chica {chica}: tenías una limpia y jugaste {card} ({lost}).",
        "Chica {chica}: you had a limpia and played {card} ({lost}).",
    ),
    "review.moment.left_for_caida": (
        "Chica {chica}: echaste {card} y te hicieron caída ({lost}).",
        "Chica {chica}: you dropped {card} and it was fallen on ({lost}).",
    ),
    "review.moments_none": ("Ningún momento decisivo que contar.", "No decisive moment to tell."),
    "review.pictures": (
        "_Las imágenes: arriba la mesa, abajo tu mano (en ámbar la carta que jugaste)._",
        "_The pictures: the table above, your hand below (the card you played in amber)._",
    ),
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
