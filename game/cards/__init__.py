"""The card layer every card game shares: faces and backs drawn from card data (faces.py), a deck
as data with who may see which face (deck.py), where cards lie on the felt (layout.py), and the
textured card in Panda3D (visual.py, textures.py). docs/cards.md tells the API. May import the
table room, models and rules; render and the window import it."""
