"""The shared infrastructure every feature stands on, and which names no feature: the
scheduler, the clock, the retry policy, Discord I/O, the background crowd rule, the
workers, metrics, caches, the card emojis, the events a feature subscribes to."""
