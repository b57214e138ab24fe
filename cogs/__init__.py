"""Discord glue: commands, buttons and messages. Game rules live in engine/ and tables/."""
