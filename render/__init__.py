"""Pictures of cards, drawn by the project itself with Pillow (no image files, no Discord).

- `render.faces`: one face per card, square, for the bot's application emojis.
- `render.text`: the text fallback, "7♥".
- `render.table`: the picture of the table (cards on it and the scores), cached by content.
"""
