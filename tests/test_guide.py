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


def test_the_show_of_force_guide_follows_a_first_round_with_the_bot_as_the_rats():
    from feltbox.game.tailfeathers.window_game import TFWindowGame  # noqa: PLC0415
    from feltbox.scenes.loader import load_tailfeathers  # noqa: PLC0415
    script = load_guide("tailfeathers-show_of_force")
    game = TFWindowGame(load_tailfeathers(script.scene), 1, script.bots)
    guide = Guide(script)
    seen = []
    game.listeners += [guide.on_events, lambda events: seen.extend((e.kind, e.data.get("player")) for e in events)]
    game.run_bots()

    def choose(word):
        game.pick(next(k for k, c in enumerate(game.choices()) if word in c))
        guide.update(game)

    assert guide.index == 0 and "MISSION PHASE" in guide.text()
    choose("no mission card")
    assert guide.index == 1 and "drag" in guide.text()
    choose("launch")                                      # Aerijin takes off...
    assert guide.said.startswith("a bird took off") and guide.index == 1
    choose("keep perched")
    choose("keep perched")                                # ... the other two stay
    assert guide.index == 2
    choose("no extra initiative dice")
    assert guide.index == 3 and any(k == "first player" for k, _ in seen)
    choose("activate Aerijin")
    assert guide.index == 4                               # the mouse activated: not the rats' activation
    assert [p for k, p in seen if k == "activated"][-1] == "mouse"
    for _ in range(30):                                   # the flight and the rest of the activation
        labels = game.choices()
        if guide.index != 4 or not labels:
            break
        pick = next((c for c in labels if c.startswith("fly") or "flight" in c), None) or \
            next((c for c in labels if "end the activation" in c), labels[0])
        choose(pick)
    assert guide.index >= 5 and ("activated", "rat") in seen
    assert any(k == "flight" for k, _ in seen) and "FLIGHT MOVEMENT" in script.explain["flight"]
