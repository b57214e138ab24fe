"""The puzzle of the day ("¿Qué jugarías?"): `/cuarenta reto` and its buttons. The daily
post and the stock of puzzles: cogs/puzzle_desk.py; their messages: cogs/ui/puzzles.py; the
puzzles themselves: engine/ai/puzzles.py; their days: tables/puzzles.py."""
