"""A Snowbirds replay's theatre timeline on the whole Snowbirds table (not only the dice tray).

``build_sb_timeline`` rebuilds the migration on a fresh game/snowbirds/bridge.SBBridge for the
header's scene and the revealed seed (a sealed migration that did not end cannot be rebuilt:
RebuildError), through the card games' timeline builder (game/replay/card_timeline.py: throws in
the tray, slides of whatever moved, markers), the table laid after each action as the play window
does (``SBBridge.follow``); a turn marker at each day's end (take off, rest day).
"""
from __future__ import annotations

from feltbox.game.replay.card_timeline import rebuild_bridge, rebuild_timeline
from feltbox.game.replay.timeline import Timeline
from feltbox.game.snowbirds import table
from feltbox.game.snowbirds.bridge import SBBridge
from feltbox.game.table.bodies import BodySpec

DAY_ENDS = {"Fly": "take off", "RestDay": "rest day"}     # the turn markers: a day's end


def is_snowbirds(header: dict) -> bool:
    return header.get("scene", {}).get("game") == "snowbirds" and "rules" in header


def build_sb_timeline(replay) -> tuple[Timeline, list[BodySpec]]:
    """(timeline, bodies) of a Snowbirds replay: the table, action by action, throws shown
    (game/replay/card_timeline.rebuild_timeline)."""
    bridge = rebuild_bridge(replay, SBBridge, "Snowbirds", "migration", "it decides the cards to come")

    def follow(action, request, before, throws) -> None:
        bridge.follow(action, request, before.flow.dice, throws)

    def dice(request) -> list[int]:
        spec = request.spec
        targets = [int(spec["die"])] if int(spec["dice"]) == 1 else [0, 1]
        return [bridge.dice[t] for t in targets]
    return rebuild_timeline(replay, bridge, follow, dice, table.tray_centre(), DAY_ENDS, "Snowbirds")
