"""Root on the felt: the Underground Duchy against the Corvid Conspiracy on the Autumn map
(rules/root/): the table laid from a seat's view, the two d12 thrown in a tray, the bridge, the
seats, the window's controller, pictures and the tournament. May import game.table, game.text,
game.players, game.render, game.cards, rules, models and scenes (never replay, window or cli)."""
