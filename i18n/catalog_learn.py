# ruff: noqa: E501  (prose: one message per line reads better than wrapped strings)
"""Aprender: the lessons (tables/lessons.py), the first-time tips (tables/moments.py) and
the words of the game explained once, the way the texts that introduce the game do.

Same format as `catalog.MESSAGES`: key -> (Spanish, English). The lesson bot is Rosita
(tables.lessons.BOT_NAME). Per lesson: title, intro (the word explained once), goal (one
line), need (what the goal needs, after a wrong play), done (the why, once it is met).
"""

LEARN_MESSAGES: dict[str, tuple[str, str]] = {
    # --- the command and the welcome (time said up front) ----------------------------
    "cmd.learn": ("aprender", "learn"),
    "cmd.learn.desc": (
        "Aprende Cuarenta jugando: lecciones cortas contra el bot (solo tú las ves)",
        "Learn Cuarenta by playing: short lessons against the bot (only you see them)",
    ),
    "learn.welcome": (
        "**Aprender Cuarenta** · {lessons} lecciones cortas, unos {minutes} minutos en total. Cada una es una mano arreglada de una o dos jugadas contra Rosita, con un objetivo. Puedes salir cuando quieras y seguir después.",
        "**Learn Cuarenta** · {lessons} short lessons, about {minutes} minutes in all. Each is an arranged hand of one or two plays against Rosita, with one goal. You can leave any time and carry on later.",
    ),
    "learn.lesson_of": ("Lección {number} de {total}", "Lesson {number} of {total}"),
    "learn.progress": (
        "{done} de {total} lecciones · {stars} de {most} estrellas",
        "{done} of {total} lessons · {stars} of {most} stars",
    ),
    "learn.result.one": (
        "{stars} en {count} jugada (par: {par})",
        "{stars} in {count} play (par: {par})",
    ),
    "learn.result.other": (
        "{stars} en {count} jugadas (par: {par})",
        "{stars} in {count} plays (par: {par})",
    ),
    "learn.all_done": (
        "¡Terminaste las lecciones! Ahora juega tu primera chica contra el bot fácil, con pistas.",
        "You finished the lessons! Now play your first chica against the easy bot, with hints.",
    ),
    "refuse.learn_over": (
        "Esta lección ya terminó: empieza la siguiente o repítela.",
        "This lesson is over: start the next one or play it again.",
    ),
    "refuse.learn_illegal": (
        "Esa jugada no se puede hacer ahora.",
        "That play can't be made now.",
    ),
    "refuse.learn_guided": (
        "Esa carta no sirve para este objetivo: prueba con una de las cartas que están activas.",
        "That card can't meet this goal: try one of the cards that are enabled.",
    ),
    "refuse.learn_none": (
        "No tienes ninguna lección abierta: empieza con /cuarenta aprender.",
        "You have no lesson open: start one with /cuarenta learn.",
    ),
    "refuse.learn_stale": (
        "Esa lección ya cambió: usa el mensaje más reciente.",
        "That lesson has moved on: use the latest message.",
    ),
    "logro.learned": ("Aprendiz", "Apprentice"),
    "logro.learned.desc": (
        "Terminó una lección de /cuarenta aprender",
        "Finished a lesson of /cuarenta learn",
    ),
    # --- what a play did (from its real events) ---------------------------------------
    "learn.did.drop": (
        "Echaste {card}: se queda en la mesa.",
        "You dropped {card}: it stays on the table.",
    ),
    "learn.did.match": (
        "Con {card} te llevaste {base}, del mismo valor.",
        "With {card} you took {base}, of the same rank.",
    ),
    "learn.did.sum": (
        "Con {card} te llevaste {base}, que suman {value}.",
        "With {card} you took {base}, which add up to {value}.",
    ),
    "learn.did.escalera": ("Y la escalera: {cards}.", "And the run: {cards}."),
    "learn.did.caida": ("¡Caída! +{points}.", "Caída! +{points}."),
    "learn.did.limpia": ("¡Limpia! +{points}.", "Limpia! +{points}."),
    "learn.did.limpia_locked": (
        "Limpia, pero con 38 ya no suma.",
        "A limpia, but at 38 it scores nothing.",
    ),
    "learn.did.limpia_with_caida": (
        "Y limpia: con las reglas de Quito, la caída con limpia vale 2 en total.",
        "And a limpia: under Quito rules a caída with a limpia scores 2 in all.",
    ),
    "learn.bot.drop": ("Rosita echó {card}.", "Rosita dropped {card}."),
    "learn.bot.take": ("Rosita se llevó {takes} con {card}.", "Rosita took {takes} with {card}."),
    "learn.event.deal": ("Reparto nuevo: 5 cartas para cada uno.", "New deal: 5 cards each."),
    "learn.event.ronda": (
        "¡Ronda! Te tocaron tres del mismo valor: +{points}.",
        "Ronda! You were dealt three of a rank: +{points}.",
    ),
    "learn.event.carton.one": (
        "Fin de la mano: recogiste {count} carta, cartón +{points}.",
        "End of the hand: you captured {count} card, cartón +{points}.",
    ),
    "learn.event.carton.other": (
        "Fin de la mano: recogiste {count} cartas, cartón +{points}.",
        "End of the hand: you captured {count} cards, cartón +{points}.",
    ),
    "learn.event.carton_bot.one": (
        "Fin de la mano: Rosita recogió {count} carta, cartón +{points} para ella.",
        "End of the hand: Rosita captured {count} card, cartón +{points} for her.",
    ),
    "learn.event.carton_bot.other": (
        "Fin de la mano: Rosita recogió {count} cartas, cartón +{points} para ella.",
        "End of the hand: Rosita captured {count} cards, cartón +{points} for her.",
    ),
    "learn.event.more_cards.one": (
        "Fin de la mano: nadie llegó a 20 cartas; con {count} tienes más y te llevas +{points}.",
        "End of the hand: nobody reached 20 cards; with {count} you have more and score +{points}.",
    ),
    "learn.event.more_cards.other": (
        "Fin de la mano: nadie llegó a 20 cartas; con {count} tienes más y te llevas +{points}.",
        "End of the hand: nobody reached 20 cards; with {count} you have more and score +{points}.",
    ),
    "learn.event.more_bot.one": (
        "Fin de la mano: nadie llegó a 20 cartas; Rosita tiene más ({count}) y se lleva +{points}.",
        "End of the hand: nobody reached 20 cards; Rosita has more ({count}) and scores +{points}.",
    ),
    "learn.event.more_bot.other": (
        "Fin de la mano: nadie llegó a 20 cartas; Rosita tiene más ({count}) y se lleva +{points}.",
        "End of the hand: nobody reached 20 cards; Rosita has more ({count}) and scores +{points}.",
    ),
    "learn.event.chica": (
        "Llegaste a {points}: ¡ganaste la chica!",
        "You reached {points}: you won the chica!",
    ),
    "learn.event.chica_bot": (
        "Rosita llegó a {points} y ganó la chica.",
        "Rosita reached {points} and won the chica.",
    ),
    # --- 1. llevarse con una igual ------------------------------------------------------
    "learn.match.title": ("Llevarse con una igual", "Capture by matching"),
    "learn.match.intro": (
        "En tu turno juegas una carta: la **echas** a la mesa o te **llevas** cartas con ella. Se lleva una carta de la mesa **del mismo valor**; los palos no importan nunca.",
        "On your turn you play one card: you **drop** it on the table or **capture** with it. It takes a table card **of the same rank**; suits never matter.",
    ),
    "learn.match.goal": (
        "Llévate una carta de la mesa con una carta igual de tu mano.",
        "Take a table card with a card of the same rank from your hand.",
    ),
    "learn.match.need": (
        "Para llevarte algo, busca en tu mano una carta del mismo valor que una de la mesa.",
        "To capture, look for a card in your hand of the same rank as one on the table.",
    ),
    "learn.match.done": (
        "¡Eso! Las cartas que te llevas se guardan: al final de la mano cuentan para el cartón.",
        "That's it! The cards you take are kept: at the end of the hand they count for the cartón.",
    ),
    # --- 2. llevarse por suma -----------------------------------------------------------
    "learn.sum.title": ("Llevarse por suma", "Capture by sum"),
    "learn.sum.intro": (
        "También te llevas **dos cartas que suman** la tuya: el A vale 1 y del 2 al 7 lo que dicen. La J, la Q y la K no suman nunca (una J no es un 8).",
        "You also take **two cards that add up** to yours: the A counts 1 and 2 to 7 their face value. J, Q and K never add (a J is not an 8).",
    ),
    "learn.sum.goal": (
        "Llévate dos cartas de la mesa que sumen lo que vale tu carta.",
        "Take two table cards that add up to your card.",
    ),
    "learn.sum.need": (
        "Busca dos cartas de la mesa que sumen el valor de una carta de tu mano (solo del A al 7).",
        "Find two table cards that add up to a card in your hand (A to 7 only).",
    ),
    "learn.sum.done": (
        "¡Bien! 4 + 2 = 6. Una suma es de dos cartas, nunca con figuras, y una sola por jugada.",
        "Well done! 4 + 2 = 6. A sum takes two cards, never faces, and only one per play.",
    ),
    # --- 3. la escalera -----------------------------------------------------------------
    "learn.escalera.title": ("La escalera", "The run (escalera)"),
    "learn.escalera.intro": (
        "Cuando te llevas algo, te llevas también la **escalera**: una carta de cada valor siguiente al de tu carta (…5, 6, 7, J, Q, K), mientras no falte ninguno.",
        "When you capture, you also take the **escalera** (the run): one card of each rank after your card's (…5, 6, 7, J, Q, K), for as long as none is missing.",
    ),
    "learn.escalera.goal": (
        "Llévate una carta y la escalera que le sigue, en una sola jugada.",
        "Take a card and the run that follows it, in one play.",
    ),
    "learn.escalera.need": (
        "La escalera sube desde el valor de tu carta: llévate una carta cuyo valor siguiente esté en la mesa.",
        "The run climbs from your card's rank: capture with a card whose next rank is on the table.",
    ),
    "learn.escalera.done": (
        "¡Escalera! 4, 5 y 6; como no hay 7, la J se queda: la escalera se corta donde falta un valor.",
        "A run! 4, 5 and 6; there is no 7, so the J stays: the run stops at a missing rank.",
    ),
    # --- 4. la caída --------------------------------------------------------------------
    "learn.caida.title": ("La caída", "The caída"),
    "learn.caida.intro": (
        "Una **caída** (+2) es llevarte, **con una carta igual**, la carta que el rival acaba de echar.",
        "A **caída** (+2) is taking, **with a card of the same rank**, the card your opponent has just dropped.",
    ),
    "learn.caida.goal": (
        "Haz una caída: llévate la carta que acaba de echar Rosita con una igual.",
        "Make a caída: take the card Rosita just dropped with one of the same rank.",
    ),
    "learn.caida.need": (
        "Para la caída, llévate la carta que acaba de echar Rosita con una del mismo valor: por suma no es caída.",
        "For a caída, take the card Rosita just dropped with one of the same rank: a sum is no caída.",
    ),
    "learn.caida.done": (
        "Eso es una caída. Y al revés también: la carta que tú echas, el rival te la puede hacer caer.",
        "That's a caída. It works the other way too: a card you drop, your opponent may fall on.",
    ),
    # --- 5. la limpia -------------------------------------------------------------------
    "learn.limpia.title": ("La limpia", "The limpia"),
    "learn.limpia.intro": (
        "Una **limpia** (+2) es una jugada que deja la mesa vacía.",
        "A **limpia** (+2) is a capture that leaves the table empty.",
    ),
    "learn.limpia.goal": (
        "Haz una limpia: llévate todas las cartas de la mesa en una jugada.",
        "Make a limpia: take every card on the table in one play.",
    ),
    "learn.limpia.need": (
        "Para la limpia no debe quedar nada en la mesa: prueba una suma con su escalera.",
        "For a limpia nothing may stay on the table: try a sum with its run.",
    ),
    "learn.limpia.done": (
        "2 + 3 = 5, la escalera 6, y la mesa quedó vacía: eso es una limpia.",
        "2 + 3 = 5, the run 6, and the table is empty: that's a limpia.",
    ),
    # --- 6. la ronda y el reparto -------------------------------------------------------
    "learn.ronda.title": ("La ronda y el reparto", "The ronda and the deal"),
    "learn.ronda.intro": (
        "Cuando todos se quedan sin cartas se **reparten** 5 más. Si te tocan tres del mismo valor es **ronda** (+2): se canta al repartir, sin decir cuál.",
        "When everyone runs out of cards, 5 more are **dealt**. Three of one rank dealt to you is a **ronda** (+2): it is called at the deal, without saying the rank.",
    ),
    "learn.ronda.goal": (
        "Juega tu última carta, mira el reparto y después llévate el 4 que echó Rosita.",
        "Play your last card, watch the deal, then take the 4 Rosita dropped.",
    ),
    "learn.ronda.need": (
        "Después del reparto, llévate el 4 de la mesa con uno de tus 4.",
        "After the deal, take the 4 on the table with one of your 4s.",
    ),
    "learn.ronda.done": (
        "Tu ronda sumó 2 al repartir. Y ese 4 ya no fue caída: después de un reparto nuevo no hay caída sobre lo que quedó en la mesa.",
        "Your ronda scored 2 at the deal. And that 4 was no caída: after a new deal, nothing left on the table can be fallen on.",
    ),
    # --- 7. el cartón -------------------------------------------------------------------
    "learn.carton.title": ("El cartón", "The cartón (the count)"),
    "learn.carton.intro": (
        "Cuando el mazo se acaba y se juegan las últimas cartas, termina la **mano** y cada uno cuenta lo que recogió: **20 cartas valen 6** (el **cartón**) y cada dos más suman 2. Si nadie llega a 20, el que tiene más se lleva 2.",
        "When the stock runs out and the last cards are played, the **hand** ends and each side counts what it captured: **20 cards score 6** (the **cartón**) and every two more add 2. If nobody reaches 20, whoever has more scores 2.",
    ),
    "learn.carton.goal": (
        "Termina la mano con 20 cartas recogidas o más: llevas 16.",
        "End the hand with 20 captured cards or more: you have 16.",
    ),
    "learn.carton.need": (
        "Te faltan cartas para llegar a 20: busca la jugada que se lleva más cartas.",
        "You are short of 20 cards: find the play that takes the most cards.",
    ),
    "learn.carton.done": (
        "20 cartas valen 6; con 21 o 22 serían 8, con 23 o 24, 10. Cuenta tus cartas en el último reparto.",
        "20 cards score 6; 21 or 22 would score 8, 23 or 24 would score 10. Count your cards in the last deal.",
    ),
    # --- 8. perros, tantos y 38 que no juega --------------------------------------------
    "learn.perros.title": ("Perros, tantos y el 38", "Perros, tantos and 38"),
    "learn.perros.intro": (
        "En la mesa los puntos se cuentan en **perros** (10) y **tantos** (2). Gana la **chica** quien llega a 40: 4 perros. Y con 38 o más, **solo la caída suma** (38 que no juega).",
        "At the table points are told in **perros** (10) and **tantos** (2). The **chica** goes to whoever reaches 40: 4 perros. And at 38 or more, **only a caída scores** (38 que no juega).",
    ),
    "learn.perros.goal": (
        "Tienes 3 perros y 3 tantos (36): gana la chica llegando a 40.",
        "You have 3 perros and 3 tantos (36): win the chica by reaching 40.",
    ),
    "learn.perros.need": (
        "Necesitas 4 puntos en dos jugadas: una limpia te lleva a 38, y en 38 solo una caída suma.",
        "You need 4 points in two plays: a limpia takes you to 38, and at 38 only a caída scores.",
    ),
    "learn.perros.done": (
        "40 son 4 perros. En 38 la limpia ya no sumó; la caída sí. Una partida se juega a 2 chicas.",
        "40 is 4 perros. At 38 the limpia scored nothing; the caída did. A match is played to 2 chicas.",
    ),
    # --- first-time tips (tables/moments.py): what is possible, never what to play -----
    "tip.caida": (
        "💡 Caída posible: {card} acaba de caer y tienes una del mismo valor (+2).",
        "💡 A caída is possible: {card} was just dropped and you hold one of the same rank (+2).",
    ),
    "tip.sum": (
        "💡 Suma: {card} se puede llevar {base}, que suman su valor.",
        "💡 A sum: {card} can take {base}, which add up to it.",
    ),
    "tip.escalera": (
        "💡 Escalera: con {card} te llevarías también {cards}.",
        "💡 A run: with {card} you would also take {cards}.",
    ),
    "tip.limpia": (
        "💡 Limpia posible: con {card} la mesa queda vacía (+2).",
        "💡 A limpia is possible: {card} can leave the table empty (+2).",
    ),
    "tip.carton": (
        "💡 Último reparto de la mano: al final, 20 cartas recogidas valen 6 (el cartón). Tu lado lleva {count}.",
        "💡 The hand's last deal: at its end, 20 captured cards score 6 (the cartón). Your side has {count}.",
    ),
    "tip.lock": (
        "💡 38 que no juega: con {lock} o más, un lado solo suma con una caída.",
        "💡 38 que no juega: at {lock} or more, a side scores only with a caída.",
    ),
}
