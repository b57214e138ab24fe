"""The owner's tools (/cuarenta admin), maintenance and restarts, as the players see them.

Same format as `catalog.MESSAGES`: key -> (Spanish, English).
"""

ADMIN_MESSAGES: dict[str, tuple[str, str]] = {
    "cmd.admin": ("admin", "admin"),
    "cmd.admin.desc": (
        "Estado del bot y mantenimiento (solo para el dueño del bot)",
        "The bot's status and maintenance (for the bot's owner only)",
    ),
    "opt.action": ("acción", "action"),
    "opt.action.desc": ("Qué hacer", "What to do"),
    "choice.status": ("Estado", "Status"),
    "choice.maintenance_on": ("Mantenimiento: activar", "Maintenance: on"),
    "choice.maintenance_off": ("Mantenimiento: desactivar", "Maintenance: off"),
    "refuse.not_owner": (
        "Solo el dueño del bot puede usar este comando.",
        "Only the bot's owner can use this command.",
    ),
    "refuse.maintenance": (
        "🛠️ El bot está en mantenimiento{reason}: por ahora no se abren mesas nuevas. Las que están en juego siguen. Vuelve a probar en un rato.",
        "🛠️ The bot is under maintenance{reason}: no new tables for now. Games in progress play on. Try again a little later.",
    ),
    "refuse.maintenance_until": (
        "🛠️ El bot está en mantenimiento{reason} hasta las {until} (en tu hora): por ahora no se abren mesas nuevas. Las que están en juego siguen.",
        "🛠️ The bot is under maintenance{reason} until {until} (your time): no new tables for now. Games in progress play on.",
    ),
    "refuse.restarting": (
        "🔄 El bot se está reiniciando; vuelve a probar en un minuto.",
        "🔄 The bot is restarting; try again in a minute.",
    ),
    "notice.maintenance": (
        "🛠️ *Mantenimiento: no se abren mesas nuevas; esta partida sigue.*",
        "🛠️ *Maintenance: no new tables open; this game plays on.*",
    ),
    "notice.restarting": (
        "🔄 *El bot se está reiniciando; la partida sigue en un momento.*",
        "🔄 *The bot is restarting; the game goes on in a moment.*",
    ),
    "admin.status": (
        "**Estado del bot**\n"
        "• Versión: {version}\n"
        "• Encendido hace: {uptime}\n"
        "• Shards: {shards}\n"
        "• Mesas en juego: {tables}\n"
        "• Jugadas en el último minuto: {moves}\n"
        "• Base de datos: {backend}, {size}\n"
        "• Mantenimiento: {maintenance}",
        "**Bot status**\n"
        "• Version: {version}\n"
        "• Up for: {uptime}\n"
        "• Shards: {shards}\n"
        "• Live tables: {tables}\n"
        "• Moves in the last minute: {moves}\n"
        "• Database: {backend}, {size}\n"
        "• Maintenance: {maintenance}",
    ),
    "admin.shard": ("#{shard} ({ms} ms)", "#{shard} ({ms} ms)"),
    "duration.days_hours": ("{days} d {hours} h", "{days} d {hours} h"),
    "duration.hours_minutes": ("{hours} h {minutes} min", "{hours} h {minutes} min"),
    "duration.minutes": ("{minutes} min", "{minutes} min"),
    "duration.under_a_minute": ("menos de un minuto", "under a minute"),
    "admin.maintenance_on": (
        "🛠️ Mantenimiento activado: no se abren mesas nuevas; las {tables} en juego siguen y lo avisan.",
        "🛠️ Maintenance on: no new tables open; the {tables} in progress play on and say so.",
    ),
    "admin.maintenance_off": (
        "✅ Mantenimiento desactivado: ya se pueden abrir mesas.",
        "✅ Maintenance off: tables can open again.",
    ),
}
