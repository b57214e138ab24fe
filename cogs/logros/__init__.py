"""Logros: awarded from each rated match's move log, told once at the match end, listed by
`/cuarenta logros` and shown on the player's card."""
