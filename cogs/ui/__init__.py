"""What every feature's messages share: custom ids, component rows, words, pictures."""
