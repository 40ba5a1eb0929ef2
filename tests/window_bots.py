"""A game played from the window's side with every seat's decisions and flicks made by the bot
(the same calls the window makes), until a condition holds or the game is over."""
from __future__ import annotations


def play_by_bot(game, until=lambda game: False, steps: int = 300) -> None:
    """Pick the bot's choice or make its flick, step by step, until ``until(game)`` holds at a
    decision, the game is over or ``steps`` are played."""
    for _ in range(steps):
        legal = game.legal_actions()
        if legal and until(game):
            return
        if legal:
            game.pick(legal.index(game.seats.bot.decide(legal)))
        elif game.wants_aim():
            aim = game.seats.bot.aim(game.bridge.pending())
            game.aim(aim.direction, aim.power)
        else:
            return                                    # the game is over
