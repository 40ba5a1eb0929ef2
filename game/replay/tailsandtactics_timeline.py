"""A Tails and Tactics replay's theatre timeline on the whole felt (not only the dice tray).

``build_tt_timeline`` rebuilds the game on a fresh game/tailsandtactics/bridge.TTBridge for the
header's scene and the revealed seed (a sealed game that did not end cannot be rebuilt: its seed
decides every card to come; RebuildError), through the card games' timeline builder
(game/replay/card_timeline.py: the first-player throws in the tray, slides of whatever moved,
markers), the felt laid after each action from the public view as the play window does; a turn
marker at each turn's end.

The game is over when it can be rebuilt, so nothing is hidden any more: the bodies come back as
game/tailsandtactics/pictures.PictureBodies dressed with every card's face (a card lying face down
still shows its back: its face is underneath) and the Base and chain plates as the game ended.
"""
from __future__ import annotations

from feltbox.game.replay.card_timeline import rebuild_bridge, rebuild_timeline
from feltbox.game.replay.timeline import Timeline
from feltbox.game.tailsandtactics import layout
from feltbox.game.tailsandtactics.bridge import TTBridge, printed
from feltbox.game.tailsandtactics.faces import card_face
from feltbox.game.tailsandtactics.felt import SIDES, card_body, die_body
from feltbox.game.tailsandtactics.pictures import PictureBodies
from feltbox.rules.tails_and_tactics.state import card_id

TURN_ENDS = {"EndTurn": "end of turn"}


def build_tt_timeline(replay) -> tuple[Timeline, PictureBodies]:
    """(timeline, bodies) of a Tails and Tactics replay: the felt, action by action, throws shown."""
    bridge = rebuild_bridge(replay, TTBridge, "Tails and Tactics", "game", "it decides the cards to come", "felt")
    dice = [bridge.index[die_body(s)] for s in SIDES]
    timeline, bodies = rebuild_timeline(replay, bridge, lambda action, request, before, throws: bridge.follow(action, throws),
                                        lambda request: dice, layout.tray_centre(), TURN_ENDS, "Tails and Tactics")
    state = bridge.engine.state
    shown = PictureBodies(bodies, bridge.felt)
    for s in SIDES:
        for iid in bridge.layer.decks[s]:
            shown.faces[card_body(iid)] = card_face(printed(card_id(state, iid)))
    return timeline, shown
