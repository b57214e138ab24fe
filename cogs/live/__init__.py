"""The bot's live things: each table (`LiveTable`, with its publisher and driver) and each
challenge (`LiveChallenge`), held by channel in `TableRuntime`."""
