"""Every user-facing text as (Spanish, English). Placeholders use str.format names.

Spanish first: the words are the ones used at real tables in Ecuador (see UX.md).
A text that names a count has two keys, `KEY.one` and `KEY.other`, read with `tn()`.
Each area of the bot may keep its texts in a module of its own (`catalog_*.py`); they
are merged here, and a key may be defined only once.
"""

from .catalog_admin import ADMIN_MESSAGES
from .catalog_history import HISTORY_MESSAGES
from .catalog_house_rules import HOUSE_RULES_MESSAGES
from .catalog_options import OPTION_MESSAGES
from .catalog_puzzles import PUZZLE_MESSAGES
from .catalog_review import REVIEW_MESSAGES
from .catalog_seasons import SEASON_MESSAGES
from .catalog_tournament import TOURNAMENT_MESSAGES

MESSAGES: dict[str, tuple[str, str]] = {
    # --- command names and descriptions (localized at sync time) ---------------------
    "cmd.cuarenta": ("cuarenta", "cuarenta"),
    "cmd.cuarenta.desc": (
        "Juega Cuarenta, el juego de cartas del Ecuador",
        "Play Cuarenta, Ecuador's card game",
    ),
    "cmd.start": ("empezar", "start"),
    "cmd.start.desc": (
        "Abre una mesa de Cuarenta en este canal",
        "Open a Cuarenta table in this channel",
    ),
    "cmd.challenge": ("retar", "challenge"),
    "cmd.challenge.desc": (
        "Reta a alguien a una partida 1 contra 1",
        "Challenge someone to a 1-on-1 match",
    ),
    "cmd.hand": ("mano", "hand"),
    "cmd.hand.desc": ("Muestra tu mano (solo tú la ves)", "Show your hand (only you see it)"),
    "cmd.rules": ("reglas", "rules"),
    "cmd.rules.desc": ("Las reglas, cortas y claras", "The rules, short and clear"),
    "cmd.forfeit": ("rendirse", "forfeit"),
    "cmd.forfeit.desc": (
        "Te rindes: tu lado pierde la partida",
        "Give up: your side loses the match",
    ),
    "cmd.stop": ("parar", "stop"),
    "cmd.stop.desc": (
        "Detiene la partida de este canal (anfitrión o moderador)",
        "Stop this channel's game (host or moderator)",
    ),
    "cmd.leaderboard": ("clasificación", "leaderboard"),
    "cmd.leaderboard.desc": ("Los campeones del servidor", "The server's champions"),
    "cmd.stats": ("estadísticas", "stats"),
    "cmd.stats.desc": ("El historial de un jugador", "A player's record"),
    "cmd.history": ("historial", "history"),
    "cmd.history.desc": (
        "Tus últimas partidas (o las de otro jugador), con repeticiones",
        "Your last matches (or another player's), with replays",
    ),
    "cmd.review": ("repaso", "review"),
    "cmd.review.desc": (
        "El repaso de tu última partida: precisión y jugadas clave",
        "A review of your last match: accuracy and key moves",
    ),
    "opt.match": ("partida", "match"),
    "opt.match.desc": (
        "El número de una partida de tu /cuarenta historial (vacío o 1: la última)",
        "The number of a match in your /cuarenta history (empty or 1: the latest)",
    ),
    "cmd.prefs": ("preferencias", "preferences"),
    "cmd.prefs.desc": (
        "Cómo juegas tú: un toque, aviso de turno",
        "How you play: one tap, turn ping",
    ),
    "opt.one_tap": ("un_toque", "one_tap"),
    "opt.one_tap.desc": (
        "Una carta que no recoge se echa al primer toque",
        "A card that captures nothing is dropped on the first tap",
    ),
    "opt.turn_ping": ("aviso_de_turno", "turn_ping"),
    "opt.turn_ping.desc": (
        "Te menciono cuando te toca, en partidas con otras personas",
        "Mention me when it's my turn, in games with other people",
    ),
    "prefs.show": (
        "Tus preferencias:\n{lines}",
        "Your preferences:\n{lines}",
    ),
    "prefs.saved": (
        "Guardado. Tus preferencias:\n{lines}",
        "Saved. Your preferences:\n{lines}",
    ),
    "prefs.lines": (
        "• **Un toque**: {one_tap} (una carta que no recoge se echa apenas la tocas)\n"
        "• **Aviso de turno**: {turn_ping} (te mencionan cuando te toca, en mesas con otras personas)",
        "• **One tap**: {one_tap} (a card that captures nothing is played as soon as you tap it)\n"
        "• **Turn ping**: {turn_ping} (you are mentioned when it is your turn, at tables with other people)",
    ),
    "cmd.config": ("config", "config"),
    "cmd.config.desc": (
        "Opciones del servidor (gestionar servidor)",
        "Server defaults (Manage Server)",
    ),
    "cmd.challenge_menu": ("Retar a Cuarenta", "Challenge to Cuarenta"),
    "opt.mode": ("modo", "mode"),
    "opt.mode.desc": (
        "Vacío: juegas ya contra el bot. O una mesa 1 contra 1 o 2 contra 2 para amigos",
        "Empty: play the bot now. Or a 1 on 1 or 2 on 2 table for friends",
    ),
    "opt.opponent": ("rival", "opponent"),
    "opt.opponent.desc": (
        "Retar a alguien a un 1 contra 1 (opcional)",
        "Challenge someone to a 1 on 1 (optional)",
    ),
    "opt.user": ("jugador", "user"),
    "opt.user.desc": ("El jugador", "The player"),
    "opt.bot_level": ("nivel_bot", "bot_level"),
    "opt.bot_level.desc": (
        "Nivel de los bots en sillas libres",
        "Level of the bots in empty seats",
    ),
    "opt.rules": ("reglas", "rules"),
    "opt.rules.desc": (
        "Reglas: Quito, Cuenca o las de la casa (/cuarenta config)",
        "Rule set: Quito, Cuenca or the house rules (/cuarenta config)",
    ),
    "opt.length": ("duración", "length"),
    "opt.length.desc": ("Una chica, o una partida a 2 chicas", "One chica, or a match of 2 chicas"),
    "opt.scope": ("alcance", "scope"),
    "opt.scope.desc": ("Este servidor o todos", "This server or all servers"),
    "opt.sort": ("orden", "sort"),
    "opt.sort.desc": ("Ordenar por", "Sort by"),
    "opt.with_bots": ("con_bots", "with_bots"),
    "opt.with_bots.desc": ("Ranking de partidas con bots", "Ranking of games with bots"),
    "opt.public": ("publicar", "public"),
    "opt.public.desc": (
        "Mostrarlo a todo el canal (si no, solo lo ves tú)",
        "Show it to the whole channel (otherwise only you see it)",
    ),
    "opt.turn_seconds": ("segundos_turno", "turn_seconds"),
    "opt.turn_seconds.desc": ("Segundos por turno (20–600)", "Seconds per turn (20–600)"),
    "opt.language": ("idioma", "language"),
    "opt.language.desc": ("Idioma del bot en este servidor", "The bot's language in this server"),
    "opt.picture": ("imagen_mesa", "table_picture"),
    "opt.picture.desc": ("Mostrar la imagen de la mesa", "Show the picture of the table"),
    "choice.bot_mode": ("1 contra el bot", "1 on 1 against the bot"),
    "choice.1v1": ("1 contra 1", "1 on 1"),
    "choice.2v2": ("2 contra 2", "2 on 2"),
    "choice.easy": ("fácil", "easy"),
    "choice.normal": ("normal", "normal"),
    "choice.expert": ("experto", "expert"),
    "choice.quito": ("Quito", "Quito"),
    "choice.cuenca": ("Cuenca", "Cuenca"),
    "choice.one_chica": ("una chica", "one chica"),
    "choice.match": ("partida (a 2 chicas)", "match (first to 2 chicas)"),
    "choice.guild": ("este servidor", "this server"),
    "choice.global": ("todos los servidores", "all servers"),
    "choice.wins": ("partidas ganadas", "matches won"),
    "choice.win_rate": ("porcentaje de victorias", "win rate"),
    "choice.points": ("puntos", "points"),
    "choice.es": ("español", "Spanish"),
    "choice.en": ("inglés", "English"),
    # --- refusals: a wrong click gets one of these, ephemerally -------------------
    "refuse.host_only": (
        "Solo quien abrió la mesa puede hacer eso.",
        "Only the player who opened the table can do that.",
    ),
    "refuse.lobby_closed": (
        "Esta mesa ya no está esperando jugadores.",
        "This table is no longer waiting for players.",
    ),
    "refuse.already_seated": (
        "Ya estás sentado en esta mesa.",
        "You already have a seat at this table.",
    ),
    "refuse.lobby_full": ("La mesa está llena.", "The table is full."),
    "refuse.team_full": (
        "Ese equipo ya está completo: únete al Equipo {other}.",
        "That team is full: join Team {other}.",
    ),
    "refuse.hand_started": ("La mano ya empezó.", "The hand has already started."),
    "refuse.not_replaced": (
        "Tu silla no la ocupa un bot: no hay nada que recuperar.",
        "No bot is playing your seat: there is nothing to take back.",
    ),
    "refuse.not_seated": ("No estás en esta mesa.", "You are not at this table."),
    "refuse.bad_players": ("Cuarenta se juega entre 2 o 4.", "Cuarenta is played by 2 or 4."),
    "refuse.bad_bot_level": ("Ese nivel de bot no existe.", "There is no such bot level."),
    "refuse.game_over": ("Esta partida ya terminó.", "This game is over."),
    "refuse.no_game": ("Aquí no hay una partida en juego.", "There is no game being played here."),
    "refuse.not_in_game": (
        "No juegas en esta partida; puedes mirar la mesa.",
        "You are not playing in this game; you can watch the table.",
    ),
    "refuse.stale_hand": (
        "Esa mano ya no está al día; aquí la tienes como está ahora.",
        "That hand was out of date; here it is as it is now.",
    ),
    "refuse.not_your_turn": ("Espera: le toca a {who}.", "Wait: it's {who}'s turn."),
    "refuse.hint_stale": (
        "La jugada ya cambió: esa pista no sirve. Pide otra si la quieres.",
        "The position has changed: that hint is no use now. Ask for another if you like.",
    ),
    "refuse.hint_slow": (
        "La pista tardó demasiado y tu turno sigue corriendo: juega sin ella o pídela otra vez.",
        "The hint took too long and your turn is running: play without it or ask again.",
    ),
    "refuse.choose_capture": (
        "Elige qué llevarte o échala a la mesa.",
        "Choose what to capture, or drop it.",
    ),
    "refuse.card_not_in_hand": ("Ya no tienes esa carta.", "You no longer hold that card."),
    "refuse.challenge_expired": ("Este reto ya expiró.", "This challenge has expired."),
    "refuse.challenge_not_yours": ("Este reto no es para ti.", "This challenge is not for you."),
    "refuse.challenge_withdraw_not_yours": (
        "Solo quien hizo el reto puede retirarlo.",
        "Only the challenger can withdraw this challenge.",
    ),
    "refuse.channel_busy": (
        "Ya hay una mesa en este canal: {link}",
        "There is already a table in this channel: {link}",
    ),
    "refuse.challenge_self": ("No puedes retarte a ti mismo.", "You can't challenge yourself."),
    "refuse.challenge_bot": (
        "Para jugar contra el bot usa /cuarenta empezar.",
        "To play the bot, use /cuarenta start.",
    ),
    "refuse.stop_permission": (
        "Solo el anfitrión o alguien con «Gestionar mensajes» puede parar la partida.",
        "Only the host or someone with Manage Messages can stop the game.",
    ),
    "refuse.config_permission": (
        "Solo quien puede «Gestionar servidor» cambia estas opciones.",
        "Only members who can Manage Server change these settings.",
    ),
    "refuse.no_dm": (
        "Cuarenta se juega en un canal de un servidor.",
        "Cuarenta is played in a server channel.",
    ),
    "refuse.unexpected": (
        "Algo salió mal de nuestro lado; la partida está a salvo. Inténtalo de nuevo.",
        "Something went wrong on our side; the game is safe. Please try again.",
    ),
    "refuse.gone": ("Esta mesa ya no existe.", "This table no longer exists."),
    "refuse.bad_turn_seconds": (
        "El turno debe durar entre 20 y 600 segundos.",
        "A turn must last between 20 and 600 seconds.",
    ),
    "refuse.not_saved": (
        "No pude guardar eso, así que no cuenta; inténtalo de nuevo en un momento.",
        "I could not save that, so it did not count; please try again in a moment.",
    ),
    "refuse.busy": (
        "La mesa está ocupada con otra jugada; inténtalo de nuevo en un momento.",
        "The table is busy with another move; try again in a moment.",
    ),
    "refuse.challenge_answered": (
        "Este reto ya fue respondido.",
        "This challenge has already been answered.",
    ),
    "refuse.missing_permission": (
        "No puedo jugar aquí: me falta el permiso «{perms}» en este canal.",
        "I can't play here: I am missing the {perms} permission in this channel.",
    ),
    "refuse.missing_permissions": (
        "No puedo jugar aquí: me faltan estos permisos en este canal: {perms}.",
        "I can't play here: I am missing these permissions in this channel: {perms}.",
    ),
    "perm.view_channel": ("Ver canal", "View Channel"),
    "perm.send_messages": ("Enviar mensajes", "Send Messages"),
    "perm.send_messages_in_threads": ("Enviar mensajes en hilos", "Send Messages in Threads"),
    "perm.read_message_history": ("Leer el historial de mensajes", "Read Message History"),
    "perm.attach_files": ("Adjuntar archivos", "Attach Files"),
    "table.unreachable": (
        "Ya no puedo publicar en el canal de esta mesa, así que la partida terminó sin resultado.",
        "I can no longer post in this table's channel, so the game ended without a result.",
    ),
    # --- lobby ---------------------------------------------------------------------------
    "lobby.title": (
        "{host} abrió una mesa de Cuarenta · {mode} · {rules} · {length}",
        "{host} opened a Cuarenta table · {mode} · {rules} · {length}",
    ),
    "lobby.seats_1v1": ("Jugadores: {a} contra {b}", "Players: {a} vs {b}"),
    "lobby.seats_2v2": ("Equipo A: {a}\nEquipo B: {b}", "Team A: {a}\nTeam B: {b}"),
    "lobby.hints_casual": (
        "💡 Con pistas, la partida es amistosa: no cuenta para el ranking.",
        "💡 With hints, the match is casual: it does not count for the rankings.",
    ),
    "lobby.free": ("(libre)", "(free)"),
    "lobby.expires": (
        "Se cierra {when} si nadie la empieza. Las sillas libres se llenan con bots ({level}).",
        "Closes {when} unless started. Free seats get bots ({level}).",
    ),
    "lobby.cancelled": ("La mesa se cerró.", "The table was closed."),
    "lobby.expired": (
        "La mesa se cerró: nadie la empezó a tiempo.",
        "The table closed: nobody started it in time.",
    ),
    "lobby.started": (
        "¡La partida empezó! La mesa está abajo.",
        "The game has started! The table is below.",
    ),
    "lobby.joined": ("Te sentaste en la mesa.", "You took a seat."),
    "lobby.left": ("Dejaste la mesa.", "You left the table."),
    "length.one": ("a 1 chica", "1 chica"),
    "length.many": ("a {n} chicas", "first to {n} chicas"),
    "button.join": ("Unirme", "Join"),
    "button.leave": ("Salir", "Leave"),
    "button.add_bot": ("Añadir bot", "Add bot"),
    "button.rules_set": ("Reglas: {name} ⟳", "Rules: {name} ⟳"),
    "button.hints": ("💡 Pistas: {state}", "💡 Hints: {state}"),
    "table.casual": (
        " · 💡 con pistas: amistosa, sin ranking",
        " · 💡 with hints: casual, unranked",
    ),
    "button.start": ("Empezar", "Start"),
    "button.cancel": ("Cancelar", "Cancel"),
    "button.accept": ("Aceptar", "Accept"),
    "button.decline": ("Rechazar", "Decline"),
    "button.withdraw": ("Retirar el reto", "Withdraw"),
    "button.my_hand": ("Ver mi mano", "My hand"),
    "button.rules": ("Reglas", "Rules"),
    "button.rematch": ("Revancha", "Rematch"),
    "button.next_hand": ("Siguiente mano ▶", "Next hand ▶"),
    "button.reclaim": ("Volver a mi silla", "Take my seat back"),
    "button.team_a": ("Equipo A", "Team A"),
    "button.team_b": ("Equipo B", "Team B"),
    "button.back": ("← Volver", "← Back"),
    "button.drop": ("Echar el {card} a la mesa", "Drop {card} on the table"),
    "button.take.one": ("Llevarme {takes} (1 carta)", "Take {takes} (1 card)"),
    "button.take.other": ("Llevarme {takes} ({count} cartas)", "Take {takes} ({count} cards)"),
    "button.prev": ("◀ Anterior", "◀ Previous"),
    "button.next": ("Siguiente ▶", "Next ▶"),
    # --- challenge -----------------------------------------------------------------
    "challenge.text": (
        "{challenged}, {challenger} te reta a una partida de Cuarenta (1 contra 1, {rules}, {length}). Expira {when}.",
        "{challenged}, {challenger} challenges you to a game of Cuarenta (1 on 1, {rules}, {length}). Expires {when}.",
    ),
    "challenge.accepted": (
        "{challenged} aceptó el reto de {challenger}. ¡A jugar!",
        "{challenged} accepted {challenger}'s challenge. Let's play!",
    ),
    "challenge.declined": (
        "{challenged} rechazó el reto de {challenger}.",
        "{challenged} declined {challenger}'s challenge.",
    ),
    "challenge.withdrawn": (
        "{challenger} retiró su reto a {challenged}.",
        "{challenger} withdrew the challenge to {challenged}.",
    ),
    "challenge.expired": (
        "El reto de {challenger} a {challenged} expiró sin respuesta.",
        "{challenger}'s challenge to {challenged} expired unanswered.",
    ),
    "challenge.sent": ("Reto enviado.", "Challenge sent."),
    # --- the table -----------------------------------------------------------------------
    "table.title": (
        "**CUARENTA** · {rules} · chica {chica} · {length}",
        "**CUARENTA** · {rules} · chica {chica} · {length}",
    ),
    "table.team_a": ("Equipo A", "Team A"),
    "table.team_b": ("Equipo B", "Team B"),
    "table.side_line": (
        "{label}  {names}   {score} · chicas {chicas}",
        "{label}  {names}   {score} · chicas {chicas}",
    ),
    "table.score": (
        "{perros} {perro_word} {tantos} {tanto_word} ({points})",
        "{perros} {perro_word} {tantos} {tanto_word} ({points})",
    ),
    "word.perro": ("perro", "perro"),
    "word.perros": ("perros", "perros"),
    "word.tanto": ("tanto", "tanto"),
    "word.tantos": ("tantos", "tantos"),
    "table.cards": ("Mesa: {cards}", "Table: {cards}"),
    "table.empty": ("Mesa: (vacía)", "Table: (empty)"),
    "table.stock": (
        "Mazo: {stock} · reparto {deal} de {deals} · recogidas {a}–{b}",
        "Stock: {stock} · deal {deal} of {deals} · captured {a}–{b}",
    ),
    "count.cards.one": ("1 carta", "1 card"),
    "count.cards.other": ("{count} cartas", "{count} cards"),
    "count.won.one": ("1 ganada", "1 won"),
    "count.won.other": ("{count} ganadas", "{count} won"),
    "count.lost.one": ("1 perdida", "1 lost"),
    "count.lost.other": ("{count} perdidas", "{count} lost"),
    "count.given.one": ("1 dada", "1 given"),
    "count.given.other": ("{count} dadas", "{count} given"),
    "count.suffered.one": ("1 sufrida", "1 suffered"),
    "count.suffered.other": ("{count} sufridas", "{count} suffered"),
    "table.turn": (
        "▶ Le toca a {who} (jugada automática {when})",
        "▶ {who} to play (auto-play {when})",
    ),
    "table.turn_bot": ("▶ Le toca a {who}…", "▶ {who} is thinking…"),
    "table.paused": (
        "⏸ {who} abre la siguiente mano {when}, o cuando alguien pulse «Siguiente mano».",
        "⏸ {who} leads the next hand {when}, or when someone presses Next hand.",
    ),
    "table.locked": (
        "{label} está en {points}: solo la caída le sirve.",
        "{label} is at {points}: only a caída scores for it.",
    ),
    "picture.bot": ("bot {level}", "bot {level}"),
    "picture.player": ("jugador {seat}", "player {seat}"),
    "table.bot_name": ("🤖 {name} ({level})", "🤖 {name} ({level})"),
    "table.bot_for": ("🤖 en lugar de {who}", "🤖 in place of {who}"),
    "picture.bot_for": ("bot en lugar de {name}", "bot in place of {name}"),
    "picture.bot_named": ("{name}", "{name}"),
    "level.easy": ("fácil", "easy"),
    "level.easy.f": ("fácil", "easy"),
    "level.normal": ("normal", "normal"),
    "level.normal.f": ("normal", "normal"),
    "level.expert": ("experto", "expert"),
    "level.expert.f": ("experta", "expert"),
    "table.result": ("🏆 {winner} gana {a}–{b}", "🏆 {winner} wins {a}–{b}"),
    "table.result_zapateria": (
        "🏆 {winner} gana {a}–{b} · ¡Zapatería!",
        "🏆 {winner} wins {a}–{b} · Zapatería!",
    ),
    "table.result_forfeit": (
        "🏳️ {loser} se rindió · {winner} gana",
        "🏳️ {loser} forfeited · {winner} wins",
    ),
    "table.result_forfeit_void": (
        "🏳️ {loser} se rindió antes de la 3.ª jugada: partida sin resultado (no cuenta).",
        "🏳️ {loser} forfeited before the 3rd play: no result (it does not count).",
    ),
    "table.moved": ("La mesa sigue más abajo ↓", "The table continues below ↓"),
    "table.stopped": ("⏹️ Partida detenida.", "⏹️ Game stopped."),
    "table.chicas_so_far": ("Chicas: {results}", "Chicas: {results}"),
    "table.chica_result": ("{winner} {won}–{lost}", "{winner} {won}–{lost}"),
    "table.hand_over": (
        "**Fin de la mano** · {a_name}: {a} · {b_name}: {b}",
        "**End of the hand** · {a_name}: {a} · {b_name}: {b}",
    ),
    # {cards}: count.cards, what the side took in the hand.
    "table.hand_points": ("{cards} (+{points} en la mano)", "{cards} (+{points} this hand)"),
    "table.hand_no_points": ("{cards} (nada en la mano)", "{cards} (nothing this hand)"),
    "table.chica_over": (
        "🏁 **Chica para {winner} {won}–{lost}**. La siguiente empieza 0–0.",
        "🏁 **Chica to {winner} {won}–{lost}**. The next one starts at 0–0.",
    ),
    "event.reclaimed": ("↩️ {who} volvió a su silla", "↩️ {who} took their seat back"),
    "event.drop": ("{who} echó {card}", "{who} dropped {card}"),
    "event.capture": (
        "{who} echó {card} y se llevó {takes}",
        "{who} played {card} and took {takes}",
    ),
    "event.caida": ("¡Caída! +{points}", "Caída! +{points}"),
    "event.limpia": ("¡Limpia! +{points}", "Limpia! +{points}"),
    "event.caida_limpia": ("¡Caída y limpia! +{points}", "Caída and limpia! +{points}"),
    "event.limpia_locked": (
        "limpia sin puntos: en {lock} solo la caída cuenta",
        "the limpia scores nothing: at {lock} only a caída counts",
    ),
    "event.auto": ("(jugada automática)", "(auto-played)"),
    "event.ronda": ("{who} canta ronda (+{points})", "{who} calls ronda (+{points})"),
    "event.doble_ronda": (
        "{who} canta ¡doble ronda! (+{points})",
        "{who} calls double ronda! (+{points})",
    ),
    "event.carton": (
        "Cartón: {side} con {cards}, +{points}",
        "Count: {side} with {cards}, +{points}",
    ),
    "event.dos_por_darlas": (
        "Dos por darlas: {side} +{points}",
        "Two for dealing: {side} +{points}",
    ),
    "event.deal": ("Reparto {count}", "Deal {count}"),
    "event.chica": ("{side} gana la chica", "{side} wins the chica"),
    "event.zapateria": ("¡Zapatería!", "Zapatería!"),
    "event.match": ("🏆 {side} gana la partida", "🏆 {side} wins the match"),
    "event.timeout": (
        "⏰ {who} tardó demasiado: se jugó por su cuenta",
        "⏰ {who} took too long: a move was made for them",
    ),
    "event.replaced": (
        "🤖 {who} faltó 3 turnos seguidos: un bot juega en su lugar",
        "🤖 {who} missed 3 turns in a row: a bot plays in their place",
    ),
    "event.forfeit": ("🏳️ {who} se rindió", "🏳️ {who} forfeited"),
    "event.stopped": ("⏹️ La partida fue detenida", "⏹️ The game was stopped"),
    "ping": ("{mention}, te toca en Cuarenta.", "{mention}, your turn in Cuarenta."),
    "reminder": (
        "{mention}, te toca jugar en Cuarenta: se jugará por ti {when}.",
        "{mention}, it's your turn in Cuarenta: a move will be made for you {when}.",
    ),
    # --- the hand (private) -------------------------------------------------------
    "hand.your_turn": ("Tu mano — ¡te toca!", "Your hand — your turn!"),
    "hand.wait": ("Tu mano — le toca a {who}", "Your hand — {who} to play"),
    "hand.over": ("La partida terminó.", "The game is over."),
    "hand.replaced": (
        "Esta mano ya no está al día: usa la más reciente ↓",
        "This hand is out of date: use the newest one ↓",
    ),
    "hand.table": ("Mesa: {cards}", "Table: {cards}"),
    "hand.choose": ("{card} — ¿qué haces?", "{card} — what will you do?"),
    "hand.played": ("Jugaste {card}.", "You played {card}."),
    "hand.empty": ("(vacía)", "(empty)"),
    "hand.hint": (
        "Verde: la carta recoge. Toca una carta para ver qué hace antes de jugarla.",
        "Green: the card captures. Tap a card to see what it does before you play it.",
    ),
    "hand.hint_one_tap": (
        "Verde: la carta recoge. Un toque: una carta que no recoge se echa a la mesa.",
        "Green: the card captures. One tap: a card that captures nothing is dropped at once.",
    ),
    "hand.replaced_seat": (
        "Un bot juega por ti desde que faltaste a tus turnos. ¿Vuelves?",
        "A bot plays for you since you missed your turns. Coming back?",
    ),
    "tag.caida": ("caída", "caída"),
    "tag.limpia": ("limpia", "limpia"),
    "tag.caida_limpia": ("caída y limpia", "caída + limpia"),
    # --- other commands -------------------------------------------------------------
    "forfeit.done": ("Te rendiste.", "You forfeited."),
    "forfeit.confirm": (
        "¿Seguro que te rindes? {consequence}",
        "Are you sure you want to forfeit? {consequence}",
    ),
    "forfeit.loses": ("Tu lado pierde la partida.", "Your side loses the match."),
    "forfeit.void": (
        "Todavía no hay 3 jugadas por lado: la partida quedará sin resultado y no contará.",
        "There are not yet 3 plays a side: the match will have no result and will not count.",
    ),
    "button.forfeit": ("🏳️ Sí, me rindo", "🏳️ Yes, forfeit"),
    "stop.done": ("Partida detenida.", "Game stopped."),
    "start.vs_bot": ("Partida contra el bot: ¡suerte!", "Game against the bot: good luck!"),
    "config.saved": ("Opciones guardadas: {summary}", "Settings saved: {summary}"),
    "config.show": ("Opciones de este servidor: {summary}", "This server's settings: {summary}"),
    "config.summary": (
        "{rules}, turno {turn} s, bot {level}, idioma {language}, imagen de mesa: {picture}",
        "{rules}, turn {turn} s, bot {level}, language {language}, table picture {picture}",
    ),
    "word.on": ("sí", "on"),
    "word.off": ("no", "off"),
    "word.auto": ("automático", "automatic"),
    "leaderboard.title": (
        "🏆 Clasificación · {scope} · {sort}{bots}",
        "🏆 Leaderboard · {scope} · {sort}{bots}",
    ),
    "leaderboard.bots": (" · partidas con bots", " · games with bots"),
    "leaderboard.row": (
        "{rank}. {who} — {wins}, {losses} ({rate}%) · {score}",
        "{rank}. {who} — {wins}, {losses} ({rate}%) · {score}",
    ),
    "leaderboard.empty": (
        "Todavía no hay partidas registradas aquí.",
        "No matches recorded here yet.",
    ),
    "leaderboard.too_few": (
        "Nadie tiene todavía {n} partidas, el mínimo para el porcentaje de victorias.",
        "Nobody has played {n} matches yet, the least for a win rate.",
    ),
    "leaderboard.page": ("Página {page} de {pages}", "Page {page} of {pages}"),
    "stats.none": (
        "{who} todavía no ha jugado ninguna partida.",
        "{who} hasn't played a match yet.",
    ),
    "stats.only_abandoned.one": (
        "{who} todavía no ha terminado ninguna partida (1 quedó abandonada).",
        "{who} hasn't finished a match yet (1 was abandoned).",
    ),
    "stats.only_abandoned.other": (
        "{who} todavía no ha terminado ninguna partida ({count} quedaron abandonadas).",
        "{who} hasn't finished a match yet ({count} were abandoned).",
    ),
    "stats.text": (
        "**{who}**\nPartidas: {wins}, {losses} ({rate}%)\nChicas: {chicas_won}, {chicas_lost}\n"
        "Puntos: {score}\nCaídas {caidas} · Limpias {limpias} · Rondas {rondas}\nZapaterías: {zap_given}, {zap_suffered}\n"
        "Mejor compañero: {partner} · Rival más duro: {rival}\nPartidas con bots: {bot_matches}",
        "**{who}**\nMatches: {wins}, {losses} ({rate}%)\nChicas: {chicas_won}, {chicas_lost}\n"
        "Points: {score}\nCaídas {caidas} · Limpias {limpias} · Rondas {rondas}\nZapaterías: {zap_given}, {zap_suffered}\n"
        "Best partner: {partner} · Toughest rival: {rival}\nMatches with bots: {bot_matches}",
    ),
    "stats.nobody": ("—", "—"),
    "rules.text": (
        "**Cuarenta en corto** · {rules}\n"
        "• 40 cartas (sin 8, 9, 10). Se reparten 5; juegas una por turno.\n"
        "• **Echar**: dejas la carta en la mesa. **Llevarte**: con una carta igual, o con dos que sumen tu carta "
        "(A=1 … 7; J, Q, K no suman), y además la escalera que sigue (…6, 7, J, Q, K).\n"
        "• **Caída** +2: te llevas, con una igual, la carta que el rival acaba de echar. **Limpia** +2: dejas la mesa vacía.\n"
        "• **Ronda** +{ronda}: te reparten tres del mismo valor; cuatro (**doble ronda**) {doble}.\n"
        "• **Cartón**: al final de la mano, 20 cartas recogidas valen 6 y cada dos más, 2 más. Empate: dos por darlas (+2 al que no dio).\n"
        "• Gana la **chica** quien llega a 40. {lock}La **partida** es {chicas}. **Zapatería**: ganar con el rival bajo 10.\n"
        "• Se cuenta en **perros** (10) y **tantos** (2).",
        "**Cuarenta in short** · {rules}\n"
        "• 40 cards (no 8, 9, 10). Five are dealt; you play one per turn.\n"
        "• **Drop**: leave the card on the table. **Capture**: with a card of the same rank, or two cards that add up "
        "to yours (A=1 … 7; J, Q, K never add), plus the run that follows (…6, 7, J, Q, K).\n"
        "• **Caída** +2: capture, by match, the card your opponent just dropped. **Limpia** +2: leave the table empty.\n"
        "• **Ronda** +{ronda}: being dealt three of a rank; four (**double ronda**) {doble}.\n"
        "• **Count**: at the end of the hand, 20 captured cards score 6, every two more add 2. A tie: two for dealing (+2 to the non-dealer).\n"
        "• A **chica** is won at 40. {lock}The **match** is {chicas}. **Zapatería**: winning while the other side is under 10.\n"
        "• Points are told in **perros** (10) and **tantos** (2).",
    ),
    "rules.lock": (
        "Con {lock} o más, solo la caída cuenta. ",
        "At {lock} or more, only a caída scores. ",
    ),
    "rules.doble_wins": ("gana la chica", "wins the chica"),
    "rules.doble_points": ("+{points}", "+{points}"),
    "rules.chicas.one": ("a 1 chica", "one chica"),
    "rules.chicas.other": ("a {count} chicas", "first to {count} chicas"),
    "side.you": ("tú", "you"),
}

for _part in (
    HOUSE_RULES_MESSAGES,
    OPTION_MESSAGES,
    HISTORY_MESSAGES,
    REVIEW_MESSAGES,
    TOURNAMENT_MESSAGES,
    ADMIN_MESSAGES,
    PUZZLE_MESSAGES,
    SEASON_MESSAGES,
):
    _twice = MESSAGES.keys() & _part.keys()
    if _twice:
        raise ValueError(f"catalog keys defined twice: {sorted(_twice)}")
    MESSAGES.update(_part)
