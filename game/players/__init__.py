"""Who plays a seat, for any game: a bot, a written game script, or players at a prompt.

The game-script language (script.py), the seats that answer a bridge's decisions and aims
(seats.py), the terminal hot-seat prompt (hotseat.py), the loop that plays a whole game headless
(headless.py), a tournament's worker pool and its number summaries (pool.py, tally.py) and the
window controllers' common parts (controller.py; choices.py for the games played from a list of
actions, card_table.py for the card games' tables). Game-neutral: each game hands in its bot,
teams and actions. May import ``feltbox.game.table`` (an aim) and ``feltbox.rules``; never a
game's room."""
