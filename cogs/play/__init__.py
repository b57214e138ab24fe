"""A table from lobby to result: its commands and buttons, its live state, its messages."""
