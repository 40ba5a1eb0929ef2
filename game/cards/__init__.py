"""The card layer every card game shares: faces and backs drawn from card data (faces.py), a deck
as data with who may see which face (deck.py), where cards lie on the felt and in the hand
(layout.py), the hand's choices (hand.py) and cards dressed for one viewer (table_view.py).
docs/cards.md tells the API. Knows no game's rules and no window: it may import
``feltbox.game.table``, ``feltbox.game.render`` (card nodes, textures) and ``feltbox.models``."""
