"""The house-rules panel and the words that describe each rule option.

Same format as `catalog.MESSAGES`: key -> (Spanish, English). The option texts follow
the scheme in `tables/house_rules.py`: `house.<field>` names the option, then
`house.<field>.<choice>` (a label), `.means` (one line, at most 100 characters: a
select's description) and `.short` (a few words for a table header, for the choices
that differ from Quito). Every option text may use `{n}`, the choice's value.
"""

HOUSE_RULES_MESSAGES: dict[str, tuple[str, str]] = {
    "choice.house": ("Reglas de la casa", "House rules"),
    # A rule set's one name (tables/house_rules.py `rule_set_name`), and its word on a button.
    "rules.name.preset": ("reglas {preset}", "{preset} rules"),
    "rules.name.house": ("reglas de la casa ({details})", "house rules ({details})"),
    "rules.name.changed": ("{name} ({changes})", "{name} ({changes})"),
    "rules.short.house": ("de la casa", "house"),
    # --- sum_cards ---------------------------------------------------------------------
    "house.sum_cards": ("Sumas", "Sums"),
    "house.sum_cards.two": ("de 2 cartas", "of 2 cards"),
    "house.sum_cards.two.means": (
        "Una suma lleva justo dos cartas de la mesa: 3+4 con un 7.",
        "A sum takes exactly two table cards: 3+4 with a 7.",
    ),
    "house.sum_cards.any": ("de varias cartas", "of any number of cards"),
    "house.sum_cards.any.means": (
        "Una suma lleva dos o más cartas: A+2+3 con un 6.",
        "A sum takes two or more cards: A+2+3 with a 6.",
    ),
    "house.sum_cards.any.short": ("sumas de varias", "sums of any size"),
    # --- caida_limpia_points -----------------------------------------------------------
    "house.caida_limpia_points": ("Caída con limpia", "Caída with limpia"),
    "house.caida_limpia_points.two": ("2 puntos", "2 points"),
    "house.caida_limpia_points.two.means": (
        "Una caída que deja la mesa vacía vale 2, como una caída sola.",
        "A caída that empties the table scores 2, like a caída alone.",
    ),
    "house.caida_limpia_points.four": ("4 puntos", "4 points"),
    "house.caida_limpia_points.four.means": (
        "La caída y la limpia se suman: 4 puntos, como en Cuenca.",
        "The caída and the limpia add up: 4 points, as in Cuenca.",
    ),
    "house.caida_limpia_points.four.short": ("caída con limpia 4", "caída+limpia 4"),
    # --- ronda_points --------------------------------------------------------------------
    "house.ronda_points": ("Ronda", "Ronda"),
    "house.ronda_points.n": ("{n} puntos", "{n} points"),
    "house.ronda_points.n.means": (
        "Recibir tres del mismo valor en un reparto vale {n} puntos.",
        "Being dealt three of a rank scores {n} points.",
    ),
    "house.ronda_points.n.short": ("ronda {n}", "ronda {n}"),
    # --- doble_ronda ---------------------------------------------------------------------
    "house.doble_ronda": ("Doble ronda", "Double ronda"),
    "house.doble_ronda.chica": ("gana la chica", "wins the chica"),
    "house.doble_ronda.chica.means": (
        "Recibir cuatro del mismo valor gana la chica al momento.",
        "Being dealt four of a rank wins the chica at once.",
    ),
    "house.doble_ronda.points": ("{n} puntos", "{n} points"),
    "house.doble_ronda.points.means": (
        "Recibir cuatro del mismo valor vale {n} puntos, y la chica sigue.",
        "Being dealt four of a rank scores {n} points, and the chica goes on.",
    ),
    "house.doble_ronda.points.short": ("doble ronda {n}", "double ronda {n}"),
    # --- lock_at -------------------------------------------------------------------------
    "house.lock_at": ("Solo caída", "Caída only"),
    "house.lock_at.n": ("desde {n}", "from {n}"),
    "house.lock_at.n.means": (
        "Con {n} puntos o más, solo una caída suma ({n} que no juega).",
        "At {n} points or more, only a caída scores ({n} can't score).",
    ),
    "house.lock_at.n.short": ("solo caída desde {n}", "caída only from {n}"),
    "house.lock_at.off": ("nunca", "never"),
    "house.lock_at.off.means": (
        "Todo suma hasta llegar a 40: no hay 38 que no juega.",
        "Everything scores up to 40: there is no 38 can't score.",
    ),
    "house.lock_at.off.short": ("sin 38", "no 38 lock"),
    # --- carton_at_lock ------------------------------------------------------------------
    "house.carton_at_lock": ("Cartón en 38", "Count at 38"),
    "house.carton_at_lock.off": ("no suma", "scores nothing"),
    "house.carton_at_lock.off.means": (
        "En 38 que no juega, el cartón tampoco suma: solo la caída.",
        "At 38 can't score, the count scores nothing either: only a caída.",
    ),
    "house.carton_at_lock.on": ("sí suma", "still scores"),
    "house.carton_at_lock.on.means": (
        "En 38 que no juega, el cartón aún suma al final de la mano; limpia y ronda no.",
        "At 38 can't score, the count still scores at the end of a hand; limpia, ronda don't.",
    ),
    "house.carton_at_lock.on.short": ("cartón en 38", "count at 38"),
    # --- leftovers -----------------------------------------------------------------------
    "house.leftovers": ("Cartas que quedan", "Cards left over"),
    "house.leftovers.nobody": ("para nadie", "count for nobody"),
    "house.leftovers.nobody.means": (
        "Las cartas que quedan en la mesa al final de la mano no cuentan.",
        "Cards left on the table at the end of a hand count for nobody.",
    ),
    "house.leftovers.last_capturer": ("para el último que recogió", "go to the last capturer"),
    "house.leftovers.last_capturer.means": (
        "Las cartas que quedan en la mesa van a quien recogió último.",
        "Cards left on the table go to the side that captured last.",
    ),
    "house.leftovers.last_capturer.short": (
        "sobrantes al último",
        "leftovers to the last capturer",
    ),
    # --- caidas_seguidas -----------------------------------------------------------------
    "house.caidas_seguidas": ("Caídas seguidas", "Caídas in a row"),
    "house.caidas_seguidas.off": ("sin premio", "no prize"),
    "house.caidas_seguidas.off.means": (
        "Las caídas seguidas no tienen premio aparte.",
        "Caídas in a row earn nothing extra.",
    ),
    "house.caidas_seguidas.n": ("{n} ganan la chica", "{n} win the chica"),
    "house.caidas_seguidas.n.means": (
        "{n} caídas seguidas de un lado ganan la chica al momento.",
        "{n} caídas in a row by one side win the chica at once.",
    ),
    "house.caidas_seguidas.n.short": ("{n} caídas seguidas ganan", "{n} caídas in a row win"),
    # --- chicas_to_win -------------------------------------------------------------------
    "house.chicas_to_win": ("Partida", "Match"),
    "house.chicas_to_win.two": ("a 2 chicas", "first to 2 chicas"),
    "house.chicas_to_win.two.means": (
        "Gana quien gana 2 chicas; una zapatería gana la partida de una vez.",
        "The first side to win 2 chicas wins; a zapatería wins the match at once.",
    ),
    "house.chicas_to_win.one": ("a 1 chica", "one chica"),
    "house.chicas_to_win.one.means": (
        "Una sola chica decide la partida: un juego rápido.",
        "One chica decides the match: a quick game.",
    ),
    "house.chicas_to_win.one.short": ("a 1 chica", "1 chica"),
    # --- an option and its value, the rules of a table, the panel ---------------------
    "house.option_value": ("{name}: {value}", "{name}: {value}"),
    "house.explain.title": (
        "**Las reglas de esta mesa** ({name})",
        "**This table's rules** ({name})",
    ),
    "house.explain.line": ("• **{name}**: {value}. {means}", "• **{name}**: {value}. {means}"),
    "house.explain.bare": ("• **{name}**: {value}", "• **{name}**: {value}"),
    "house.explain.quito": (" _(en Quito: {value})_", " _(Quito: {value})_"),
    "house.panel.title": ("**Reglas de la casa**: {rules}", "**House rules**: {rules}"),
    "house.panel.help": (
        "Cada cambio se guarda al momento, y desde ahora `/cuarenta empezar` usa estas reglas "
        "(cámbialo con `/cuarenta config reglas:`); las partidas en juego siguen con las suyas.",
        "Each change is saved at once, and from now on `/cuarenta start` uses these rules "
        "(change that with `/cuarenta config rules:`); games in progress keep their own.",
    ),
    "house.panel.page": ("Página {page} de {pages}", "Page {page} of {pages}"),
    "house.reset": ("Todo como {name}", "Reset to {name}"),
    "refuse.house_rules_stale": (
        "Esa opción ya no está en el panel; nada cambió. Abre /cuarenta config de nuevo.",
        "That choice is no longer on the panel; nothing changed. Open /cuarenta config again.",
    ),
}
