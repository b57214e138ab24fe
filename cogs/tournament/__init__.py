"""Tournaments: the command, the sign-up and the answers to its buttons."""
