"""The guided first game (game/window/guide.py) on the real table: S1's first turn played through
the window's controller (real Bullet flicks), the guide's step moved on by the rules' events and
the game's state, and what the rules did explained after each flick."""
from __future__ import annotations

import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.window.guide import Guide, GuideError, load_guide
from feltbox.scenes.loader import load_flickem


def pick(game, word):
    return next(k for k, c in enumerate(game.choices()) if word in c)


def test_the_s1_guide_follows_a_whole_first_turn_on_the_real_table():
    script = load_guide("flickem-s1")
    game = WindowGame(load_flickem(int(script.scene)), 0, script.bots)
    guide = Guide(script)
    seen = []
    game.listeners += [guide.on_events, lambda events: seen.extend(e.kind for e in events)]
    game.run_bots()

    def at(step):
        guide.update(game)
        guide.update(game)                  # a second frame changes nothing: the step waits
        assert guide.index == step, (step, guide.text())

    at(0)
    assert "choose survivor" in guide.text()
    game.pick(0)                             # choose the first survivor
    at(1)
    game.pick(pick(game, "Move"))
    at(2)
    assert "slingshot" in guide.text()
    game.aim(90.0, 0.45)                     # a real flick of the movement disc
    at(3)
    outcome = next(k for k in reversed(seen) if k in ("move succeeded", "move failed"))
    assert guide.said == script.explain[outcome]
    assert guide.said in guide.text()
    game.pick(pick(game, "UseWeapon"))
    at(4)
    game.aim(0.0, 0.6)                       # the bullet
    at(5)
    game.pick(pick(game, "EndTurn"))
    assert "turn ended" in seen
    at(6)
    assert guide.finished and "whole turn" in guide.text()


def test_ending_the_turn_early_jumps_to_the_last_step():
    script = load_guide("flickem-s1")
    game = WindowGame(load_flickem(1), 0, "none")
    guide = Guide(script)
    game.listeners.append(guide.on_events)
    game.run_bots()
    game.pick(0)
    game.pick(pick(game, "EndTurn"))
    guide.update(game)
    assert guide.finished


def test_a_bad_guide_file_is_one_line_naming_file_line_and_field(tmp_path):
    (tmp_path / "bad.toml").write_text('title = "t"\ngame = "flickem"\nscene = "1"\nbots = "none"\n'
                                       '[[step]]\nsay = "hello"\nuntil = ["dancing"]\n')
    with pytest.raises(GuideError, match=r"bad\.toml:7: step\[0\]\.until: 'dancing'"):
        load_guide("bad", tmp_path)
