"""A committed text playthrough of one seeded Root bot game (seed 3), regenerated and diffed
(OpenSpiel's playthrough tests): any change to the rules, the data or the bots that changes a game
shows up here line by line. ``FELTBOX_REGEN=1`` rewrites it after a deliberate change."""
from __future__ import annotations

import os
from pathlib import Path

from feltbox.rules.core import GameOver, Measured, PhysicsRequest, Rng
from feltbox.rules.root import bots, flow, view
from feltbox.rules.root.playout import throw

GOLDEN = Path(__file__).resolve().parent / "golden" / "root-seed3-playthrough.txt"


def playthrough(seed: int) -> str:
    state, dice, lines = flow.new_game(seed), Rng(seed ^ 0x5EED), []
    while not isinstance(flow.pending(state), GameOver):
        p = flow.pending(state)
        if isinstance(p, PhysicsRequest):
            faces, dice = throw(dice)
            action = Measured({"faces": faces})
        else:
            action = bots.choose(state)
        logged = view.action_for(action, "")
        state, events = flow.apply(state, action)
        lines.append(f"{logged['type']} {logged['data']}")
        lines += [f"    {e['data']['text']}" for e in view.events_for(events, "") if e["data"]]
    lines.append(f"GAME OVER: {flow.pending(state).reason}")
    return "\n".join(lines) + "\n"


def test_the_seed_3_playthrough_is_regenerated_and_diffed():
    text = playthrough(3)
    if os.environ.get("FELTBOX_REGEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert "'kind': 'plot'" in text                   # the spectator never sees a face-down plot's kind
