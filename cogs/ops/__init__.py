"""Running the bot as a service: stopping, metrics and health, logs, owner tools."""
