"""Tournaments: the command, the sign-up, the rounds, the final, and their refusals.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

TOURNAMENT_MESSAGES: dict[str, tuple[str, str]] = {
    # --- the command ----------------------------------------------------------------
    "cmd.tournament": ("torneo", "tournament"),
    "cmd.tournament.desc": (
        "Organiza un torneo de Cuarenta aquí (sin opciones: los campeones del servidor)",
        "Run a Cuarenta tournament here (no options: the server's champions)",
    ),
    "opt.format": ("formato", "format"),
    "opt.format.desc": (
        "Eliminación directa, suizo o grupos con repechaje",
        "Knockout, Swiss, or groups with a repechaje",
    ),
    "opt.teams": ("equipos", "teams"),
    "opt.teams.desc": ("Individual (1 contra 1) o parejas fijas", "Singles or fixed pairs"),
    "opt.size": ("cupos", "size"),
    "opt.size.desc": ("Cuántos inscritos como máximo (2 a 96)", "Most entries (2 to 96)"),
    "opt.swiss_rounds": ("rondas", "rounds"),
    "opt.swiss_rounds.desc": (
        "Suizo: cuántas rondas (vacío: las que hagan falta)",
        "Swiss: how many rounds (empty: as many as needed)",
    ),
    "opt.starts_in": ("empieza_en", "starts_in"),
    "opt.starts_in.desc": (
        "Minutos hasta que empiece solo (vacío: lo empiezas tú)",
        "Minutes until it starts by itself (empty: you start it)",
    ),
    "opt.hints": ("pistas", "hints"),
    "opt.hints.desc": ("¿Se permiten pistas en las mesas?", "Are hints allowed at the tables?"),
    "opt.walkover": ("plazo", "deadline"),
    "opt.walkover.desc": (
        "Minutos para presentarse a una mesa; quien no juega pierde (10 por defecto)",
        "Minutes to show up at a table; a side that never plays loses (default 10)",
    ),
    "opt.open_tournaments": ("torneos_abiertos", "open_tournaments"),
    "opt.open_tournaments.desc": (
        "Cualquiera puede organizar un torneo (si no, solo quien administra el servidor)",
        "Anyone may run a tournament (otherwise only server managers)",
    ),
    "config.open_tournaments": ("torneos: {value}", "tournaments: {value}"),
    "config.open_tournaments.on": ("los organiza cualquiera", "anyone runs them"),
    "config.open_tournaments.off": (
        "solo quien administra el servidor",
        "server managers only",
    ),
    "choice.knockout": ("Eliminación directa", "Knockout"),
    "choice.swiss": ("Suizo", "Swiss"),
    "choice.groups": ("Grupos y repechaje (como el Mundial de 40)", "Groups and repechaje"),
    "choice.singles": ("Individual", "Singles"),
    "choice.pairs": ("Parejas", "Pairs"),
    # --- the tournament's message -----------------------------------------------------
    "tournament.title": ("🏆 **Torneo de Cuarenta** · {how}", "🏆 **Cuarenta tournament** · {how}"),
    "tournament.format.knockout": ("eliminación directa", "knockout"),
    "tournament.format.swiss": ("suizo a {rounds} rondas", "Swiss, {rounds} rounds"),
    "tournament.format.groups": ("grupos y repechaje", "groups and repechaje"),
    "tournament.teams.1": ("individual", "singles"),
    "tournament.teams.2": ("parejas", "pairs"),
    "tournament.chicas.one": ("a 1 chica", "1 chica"),
    "tournament.chicas.other": ("a {count} chicas", "{count} chicas"),
    "tournament.host": ("Organiza {host}", "Run by {host}"),
    "tournament.hints_on": ("con pistas", "hints allowed"),
    "tournament.entries": (
        "**Inscritos ({count}/{size})**",
        "**Entries ({count}/{size})**",
    ),
    "tournament.no_entries": ("Nadie todavía: ¡sé el primero!", "Nobody yet: be the first!"),
    "tournament.starts_at": ("Empieza solo {when}.", "Starts by itself {when}."),
    "tournament.host_starts": (
        "Empieza cuando {host} lo diga (mínimo 2 inscritos).",
        "Starts when {host} says so (at least 2 entries).",
    ),
    "tournament.pairs_note": (
        "Parejas: al inscribirte eliges a tu pareja, que tiene que aceptar.",
        "Pairs: when you sign up you pick your partner, who must accept.",
    ),
    "tournament.pair": ("{a} y {b}", "{a} and {b}"),
    "tournament.bots": ("{names} ({level})", "{names} ({level})"),
    "tournament.withdrawn": ("{entry} (se retiró)", "{entry} (withdrew)"),
    "tournament.round": ("**Ronda {number}** · {stage}", "**Round {number}** · {stage}"),
    "tournament.stage.knockout": ("eliminación", "knockout"),
    "tournament.stage.swiss": ("suizo", "Swiss"),
    "tournament.stage.group": ("fase de grupos", "group stage"),
    "tournament.stage.repechaje": (
        "repechaje de los terceros",
        "repechaje of the thirds",
    ),
    "tournament.stage.final": ("final", "final"),
    "tournament.stage.semifinal": ("semifinales", "semi-finals"),
    "tournament.stage.quarterfinal": ("cuartos de final", "quarter-finals"),
    "tournament.stage.round_of_16": ("octavos de final", "round of 16"),
    "tournament.stage.round_of_32": ("dieciseisavos de final", "round of 32"),
    "tournament.stage.round_of_64": ("treintaidosavos de final", "round of 64"),
    "tournament.match": ("{a} vs {b}", "{a} vs {b}"),
    "tournament.match_live": ("{match} — en juego en {thread}", "{match} — playing in {thread}"),
    "tournament.match_waiting": ("{match} — abriendo la mesa…", "{match} — opening the table…"),
    "tournament.match_won": (
        "✅ {winner} le ganó a {loser} {score}",
        "✅ {winner} beat {loser} {score}",
    ),
    "tournament.decided": ("{verdict}: {why}", "{verdict}: {why}"),
    "tournament.goes_on": ("✅ {winner} pasa", "✅ {winner} goes on"),
    "tournament.by_default": ("✅ {winner} gana por abandono", "✅ {winner} wins by default"),
    "tournament.why.no_show": ("{loser} no se presentó", "{loser} did not show up"),
    "tournament.why.gave_up": ("{loser} se rindió", "{loser} gave up"),
    "tournament.why.withdrew": ("{loser} se retiró del torneo", "{loser} withdrew"),
    "tournament.stopped_note": (
        " (mesa detenida: iba adelante)",
        " (table stopped: was ahead)",
    ),
    "tournament.bye_counts": (
        "{entry} descansa (cuenta como ganada)",
        "{entry} has a bye (counts as a win)",
    ),
    "tournament.bot_plain": ("🤖 {name}", "🤖 {name}"),
    "tournament.progress.one": (
        "{done} de 1 partida terminada · la ronda {next} empieza cuando termine.",
        "{done} of 1 match over · round {next} starts when it ends.",
    ),
    "tournament.progress.other": (
        "{done} de {count} partidas terminadas · la ronda {next} empieza cuando terminen todas.",
        "{done} of {count} matches over · round {next} starts when they all end.",
    ),
    "tournament.progress_last.one": (
        "{done} de 1 partida terminada · es la última del torneo.",
        "{done} of 1 match over · the tournament's last.",
    ),
    "tournament.progress_last.other": (
        "{done} de {count} partidas terminadas · es la última ronda.",
        "{done} of {count} matches over · this is the last round.",
    ),
    "tournament.more_matches.one": (
        "… y 1 partida más (todas en la imagen)",
        "… and 1 more match (all in the picture)",
    ),
    "tournament.more_matches.other": (
        "… y {count} partidas más (todas en la imagen)",
        "… and {count} more matches (all in the picture)",
    ),
    "tournament.more_standings.one": ("… y 1 más en la imagen", "… and 1 more in the picture"),
    "tournament.more_standings.other": (
        "… y {count} más en la imagen",
        "… and {count} more in the picture",
    ),
    "tournament.more_entries.one": ("… y 1 inscripción más", "… and 1 more entry"),
    "tournament.more_entries.other": (
        "… y {count} inscripciones más",
        "… and {count} more entries",
    ),
    "tournament.each_match.one": (
        "Cada partida: a 1 chica, {minutes} min para presentarse a la mesa.",
        "Each match: 1 chica, {minutes} min to show up at the table.",
    ),
    "tournament.each_match.other": (
        "Cada partida: a {count} chicas, {minutes} min para presentarse a la mesa.",
        "Each match: {count} chicas, {minutes} min to show up at the table.",
    ),
    "tournament.full": ("¡Lleno! {host}, toca ▶ Empezar.", "Full! {host}, tap ▶ Start."),
    "tournament.mine.none": (
        "No juegas en este torneo ({link}).",
        "You are not playing in this tournament ({link}).",
    ),
    "tournament.mine.out": (
        "Quedaste fuera del torneo; sigue en {link}.",
        "You are out of the tournament; follow it at {link}.",
    ),
    "tournament.mine.not_started": (
        "El torneo todavía no empieza: tu mesa se abre cuando empiece.",
        "The tournament has not started: your table opens when it does.",
    ),
    "tournament.mine.waiting.one": (
        "Ya jugaste esta ronda. La ronda {next} empieza cuando termine la partida que falta;"
        " te avisamos en tu hilo.",
        "You have played this round. Round {next} starts when the last match ends; we will"
        " call you in your thread.",
    ),
    "tournament.mine.waiting.other": (
        "Ya jugaste esta ronda. La ronda {next} empieza cuando terminen las {count} partidas"
        " que faltan; te avisamos en tu hilo.",
        "You have played this round. Round {next} starts when the {count} matches left end;"
        " we will call you in your thread.",
    ),
    "tournament.mine.opening": (
        "Tu mesa contra {rival} se está abriendo: en un momento te llamamos en su hilo.",
        "Your table against {rival} is opening: we will call you in its thread in a moment.",
    ),
    "tournament.mine.table": (
        "🧵 Tu mesa: {thread} · {stage} contra {rival}. Haz tu primera jugada antes de"
        " {deadline} o pierdes por no presentarte.",
        "🧵 Your table: {thread} · {stage} against {rival}. Make your first play before"
        " {deadline} or you lose by not showing up.",
    ),
    "tournament.over.champion": (
        "🏆 {entry} es campeón del torneo.",
        "🏆 {entry} is the tournament's champion.",
    ),
    "tournament.over.see_all": ("El podio, en {link}.", "The podium is at {link}."),
    "tournament.over.goes_on.one": (
        "✅ {entry} pasa a la ronda {next}: su mesa se abre cuando termine la partida que"
        " falta; le avisamos aquí.",
        "✅ {entry} goes on to round {next}: their table opens when the last match ends;"
        " we will call them here.",
    ),
    "tournament.over.goes_on.other": (
        "✅ {entry} pasa a la ronda {next}: su mesa se abre cuando terminen las {count}"
        " partidas que faltan; le avisamos aquí.",
        "✅ {entry} goes on to round {next}: their table opens when the {count} matches left"
        " end; we will call them here.",
    ),
    "tournament.over.plays_on.one": (
        "{entry} juega la ronda {next} cuando termine la partida que falta.",
        "{entry} plays round {next} when the last match ends.",
    ),
    "tournament.over.plays_on.other": (
        "{entry} juega la ronda {next} cuando terminen las {count} partidas que faltan.",
        "{entry} plays round {next} when the {count} matches left end.",
    ),
    "tournament.over.out": (
        "{entry} queda fuera; el torneo sigue en {link}.",
        "{entry} is out; the tournament goes on at {link}.",
    ),
    "tournament.forfeit_out": (
        "Es una partida del torneo: si te rindes, tu rival pasa y tú quedas fuera."
        " Cuenta como partida perdida.",
        "This is a tournament match: if you give up, your rival goes on and you are out."
        " It counts as a lost match.",
    ),
    "tournament.forfeit_loses": (
        "Es una partida del torneo: si te rindes, tu rival la gana por abandono."
        " Cuenta como partida perdida.",
        "This is a tournament match: if you give up, your rival wins it by default."
        " It counts as a lost match.",
    ),
    "tournament.bye": (
        "{entry} pasa sin jugar (descansa)",
        "{entry} goes on without playing (bye)",
    ),
    "tournament.group": ("Grupo {name}", "Group {name}"),
    "tournament.standings": ("**Posiciones**", "**Standings**"),
    "tournament.standing": (
        "{place}. {entry} — {wins} gan. · chicas {won}–{lost} · {points} pts",
        "{place}. {entry} — {wins} W · chicas {won}–{lost} · {points} pts",
    ),
    "tournament.picture_title": ("Torneo · {how}", "Tournament · {how}"),
    "tournament.picture_round": ("Ronda {number} · {stage}", "Round {number} · {stage}"),
    "tournament.picture_wins": ("ganadas", "won"),
    "tournament.picture_chicas": ("chicas", "chicas"),
    "tournament.picture_champion": ("Gana el torneo: {name}", "Champion: {name}"),
    "tournament.picture_slot": ("gana {a} / {b}", "winner {a} / {b}"),
    "tournament.picture_note.no_show": ("W.O.", "no-show"),
    "tournament.picture_note.gave_up": ("se rindió", "gave up"),
    "tournament.picture_note.withdrew": ("se retiró", "withdrew"),
    "tournament.picture_note.bye": ("descansa", "bye"),
    "tournament.threads_note": (
        "Cada partida se juega en su hilo: entra, toca **Ver mi mano** y juega.",
        "Each match plays in its own thread: go in, tap **My hand** and play.",
    ),
    "tournament.champion": (
        "🏆 **¡{entry} gana el torneo!**",
        "🏆 **{entry} wins the tournament!**",
    ),
    "tournament.runner_up": ("🥈 Segundo lugar: {entry}", "🥈 Runner-up: {entry}"),
    "tournament.third": ("🥉 Tercer lugar: {entry}", "🥉 Third place: {entry}"),
    "tournament.thirds_shared": (
        "🥉 Tercer lugar compartido (no se juega): {entries}",
        "🥉 Third place, shared (not played off): {entries}",
    ),
    "tournament.final_note": (
        "Las partidas quedan en el historial de cada jugador (/cuarenta historial).",
        "The matches are in each player's history (/cuarenta history).",
    ),
    "tournament.cancelled": ("✖ Torneo cancelado por {host}.", "✖ Tournament cancelled by {host}."),
    "tournament.thread_name": ("Ronda {number} · {match}", "Round {number} · {match}"),
    "tournament.call": (
        "{people}: ¡a jugar! {stage}, ronda {number} del torneo. Toca **Ver mi mano** en la mesa."
        " Quien no juega en {minutes} min pierde la partida.",
        "{people}: time to play! {stage}, round {number} of the tournament. Tap **My hand** on"
        " the table. A side that does not play within {minutes} min loses the match.",
    ),
    "tournament.call_until": (
        "{people}: ¡a jugar! {stage}, ronda {number} del torneo. Toca **Ver mi mano** en la"
        " mesa. Haz tu primera jugada antes de las {deadline}; si no, pierdes por no"
        " presentarte.",
        "{people}: time to play! {stage}, round {number} of the tournament. Tap **My hand**"
        " on the table. Make your first play before {deadline}, or you lose by not showing"
        " up.",
    ),
    "tournament.invite": (
        "{partner}: {inviter} te invita a jugar de pareja en el torneo. ¿Aceptas?",
        "{partner}: {inviter} invites you to play the tournament as a pair. Do you accept?",
    ),
    "tournament.invite_accepted": (
        "✅ {partner} y {inviter} están inscritos como pareja.",
        "✅ {partner} and {inviter} are signed up as a pair.",
    ),
    "tournament.invite_declined": (
        "{partner} no aceptó la invitación de {inviter}.",
        "{partner} declined {inviter}'s invitation.",
    ),
    "tournament.pick_partner": (
        "Elige a tu pareja: le llegará una invitación que tiene que aceptar.",
        "Pick your partner: they get an invitation they must accept.",
    ),
    "tournament.partner_placeholder": ("Tu pareja", "Your partner"),
    "tournament.remove_placeholder": ("Quitar una inscripción…", "Remove an entry…"),
    "tournament.remove_more": (
        "➡ Más inscripciones (página {page} de {pages})",
        "➡ More entries (page {page} of {pages})",
    ),
    "tournament.invited": (
        "Invitación enviada a {partner}: quedan inscritos cuando acepte.",
        "Invitation sent to {partner}: you are signed up once they accept.",
    ),
    "tournament.joined": ("Estás inscrito. ¡Suerte!", "You are signed up. Good luck!"),
    "tournament.left": ("Ya no estás inscrito.", "You are no longer signed up."),
    "tournament.removed": ("Inscripción {entry} quitada.", "Entry {entry} removed."),
    "tournament.filled.one": ("1 cupo lleno con bots.", "1 place filled with bots."),
    "tournament.filled.other": (
        "{count} cupos llenos con bots.",
        "{count} places filled with bots.",
    ),
    "tournament.leave_confirm": (
        "¿Seguro que te retiras? Pierdes la partida que juegas y las que vengan. Esto no se"
        " puede deshacer.",
        "Are you sure you want to withdraw? You lose the match you are playing and every match"
        " after it. This cannot be undone.",
    ),
    "tournament.withdrew": ("Te retiraste del torneo.", "You withdrew from the tournament."),
    "tournament.past": ("🏆 **Campeones de este servidor**", "🏆 **This server's champions**"),
    "tournament.past_line": ("{when}: {champion} — {how}", "{when}: {champion} — {how}"),
    "tournament.past_best_person": (" · mejor persona: {entry}", " · best person: {entry}"),
    "tournament.more_past.one": ("… y 1 torneo más", "… and 1 more tournament"),
    "tournament.more_past.other": ("… y {count} torneos más", "… and {count} more tournaments"),
    "tournament.past_none": (
        "Todavía no hay campeones aquí. Organiza el primer torneo: `/cuarenta torneo formato:`",
        "No champions here yet. Run the first tournament: `/cuarenta tournament format:`",
    ),
    "tournament.here": ("El torneo de este canal: {link}", "This channel's tournament: {link}"),
    "stats.titles.one": ("🏆 1 torneo ganado", "🏆 1 tournament won"),
    "stats.titles.other": ("🏆 {count} torneos ganados", "🏆 {count} tournaments won"),
    "history.tournament": ("🏆 torneo", "🏆 tournament"),
    "table.of_tournament": (" · 🏆 torneo", " · 🏆 tournament"),
    "button.tournament_join": ("Inscribirme", "Sign up"),
    "button.tournament_leave": ("Salir", "Leave"),
    "button.tournament_withdraw": ("Retirarme del torneo", "Withdraw"),
    "button.tournament_confirm_leave": ("Sí, me retiro", "Yes, withdraw"),
    "button.tournament_bots": ("🤖 Llenar con bots", "🤖 Fill with bots"),
    "button.tournament_start": ("▶ Empezar", "▶ Start"),
    "button.tournament_cancel": ("✖ Cancelar", "✖ Cancel"),
    # --- refusals ---------------------------------------------------------------------
    "refuse.tournament_started": (
        "El torneo ya empezó: las inscripciones están cerradas.",
        "The tournament has started: sign-up is closed.",
    ),
    "refuse.tournament_over": ("Ese torneo ya terminó.", "That tournament is over."),
    "refuse.tournament_not_host": (
        "Solo quien organiza el torneo puede hacer eso.",
        "Only the tournament's host can do that.",
    ),
    "refuse.tournament_already_in": (
        "Ya estás inscrito en este torneo (o tienes una invitación pendiente).",
        "You are already in this tournament (or have an invitation pending).",
    ),
    "refuse.tournament_other": (
        "Ya estás en otro torneo de este servidor: un jugador juega un torneo a la vez.",
        "You are already in another tournament of this server: one at a time.",
    ),
    "refuse.tournament_full": ("El torneo está lleno.", "The tournament is full."),
    "refuse.tournament_needs_partner": (
        "Es un torneo de parejas: toca Inscribirme y elige a tu pareja.",
        "It is a pairs tournament: tap Sign up and pick your partner.",
    ),
    "refuse.tournament_singles": (
        "Es un torneo individual: no hace falta pareja.",
        "It is a singles tournament: no partner needed.",
    ),
    "refuse.tournament_partner_self": (
        "Tu pareja tiene que ser otra persona.",
        "Your partner must be someone else.",
    ),
    "refuse.tournament_partner_bot": (
        "Tu pareja tiene que ser una persona; el anfitrión puede llenar cupos con bots.",
        "Your partner must be a person; the host can fill places with bots.",
    ),
    "refuse.tournament_invite_gone": (
        "Esa invitación ya no vale (se respondió o pasaron 10 minutos).",
        "That invitation no longer holds (answered, or 10 minutes passed).",
    ),
    "refuse.tournament_invite_not_yours": (
        "Esa invitación es para otra persona.",
        "That invitation is for someone else.",
    ),
    "refuse.tournament_not_in": ("No estás en este torneo.", "You are not in this tournament."),
    "refuse.tournament_no_entry": ("Esa inscripción ya no está.", "That entry is gone."),
    "refuse.tournament_running_cancel": (
        "El torneo ya está en juego: solo quien administra el servidor puede cancelarlo"
        " (sus mesas terminan sin resultado).",
        "The tournament is under way: only a server manager can cancel it (its tables end"
        " without a result).",
    ),
    "refuse.tournament_not_started": (
        "El torneo todavía no empieza.",
        "The tournament has not started yet.",
    ),
    "tournament.paused": (
        "⏸️ Torneo en pausa por mantenimiento: las mesas que faltan se abren cuando"
        " termine, y los plazos para presentarse esperan.",
        "⏸️ Tournament paused for maintenance: the tables still to open open when it ends,"
        " and the show-up deadlines wait.",
    ),
    "refuse.tournament_not_expired": (
        "Las inscripciones siguen abiertas.",
        "The sign-up is still open.",
    ),
    "refuse.tournament_too_few": (
        "Hacen falta al menos 2 inscritos para empezar.",
        "At least 2 entries are needed to start.",
    ),
    "refuse.tournament_only_bots": (
        "Un torneo solo de bots no tiene gracia: hace falta al menos una persona.",
        "A tournament of bots only is no fun: at least one person is needed.",
    ),
    "refuse.tournament_no_match": ("Esa partida no es del torneo.", "That match is not in it."),
    "refuse.tournament_result_known": (
        "Esa partida ya tiene resultado.",
        "That match has a result.",
    ),
    "refuse.tournament_here": (
        "Ya hay un torneo en este canal: {link}",
        "There is already a tournament in this channel: {link}",
    ),
    "refuse.tournament_not_allowed": (
        "Solo quien administra el servidor organiza torneos aquí (`/cuarenta config"
        " torneos_abiertos:` lo cambia).",
        "Only server managers run tournaments here (`/cuarenta config open_tournaments:`"
        " changes that).",
    ),
    "refuse.tournament_threads": (
        "Para el torneo me falta un permiso en este canal: {perms}. Cada partida se juega en su"
        " hilo.",
        "For the tournament I lack a permission in this channel: {perms}. Each match plays in"
        " its own thread.",
    ),
    "refuse.tournament_gone": ("Ese torneo ya no está.", "That tournament is gone."),
    "refuse.tournament_table_stop": (
        "Esta mesa es de un torneo: se juega hasta el final (o alguien se rinde).",
        "This table is a tournament's: it plays to the end (or someone gives up).",
    ),
    "perm.create_public_threads": ("Crear hilos públicos", "Create Public Threads"),
}
