"""One truth for Tail Feathers (ARCHITECTURE.md): after every applied action, every figure's pose on
the table (its space, height, place, heading and tilt, flying or perched) matches the rules state
(game/tailfeathers/agreement.py), on the real Show of Force battlefield and its real bodies: in
headless games (strict in the test suite: tests/conftest.py sets games.STRICT_AGREEMENT), and in
``feltbox replay --verify``."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from feltbox.game import games
from feltbox.game.replay import tailfeathers_check
from feltbox.game.tailfeathers.agreement import Disagreement, disagreements
from feltbox.game.tailfeathers.bridge import SCENE_RULES, TFBridge
from feltbox.rules.tailfeathers import leaves
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, Feather
from feltbox.scenes.loader import load_tailfeathers

SCENE = load_tailfeathers("show_of_force")


def _fly(bridge, fid, pose, tilt="center"):
    state = bridge.engine.state
    fig = replace(state.data.figure(fid), where=FLYING, pose=pose, tilt=tilt)
    bridge.engine.state = replace(state, data=state.data.with_figure(fig))
    bridge.sync()


def test_ONE_TRUTH_the_check_sees_every_kind_of_disagreement():
    bridge = TFBridge(SCENE, 1)
    assert disagreements(bridge) == []                     # as set up: birds perched, squads on spaces
    # Aerijin flies at (-14, -20) heading 30 at left tilt: the table follows (sync), they agree.
    _fly(bridge, "aerijin", (-14.0, -20.0, 30.0), "left")
    assert disagreements(bridge) == []
    i = bridge.index["aerijin"]
    bridge.poses[i, 0] += 0.5                              # its body 0.5 cm east of its rules place
    assert [d.piece for d in disagreements(bridge)] == ["aerijin"]
    assert "at (-13.50, -20.00)" in disagreements(bridge)[0].table
    bridge.sync()
    bridge.tilts["aerijin"] = "right"                      # the model at another tilt
    assert "right tilt" in disagreements(bridge)[0].table
    bridge.sync()
    h = np.radians(120.0) / 2                              # turned to heading 120 (rules: 30)
    bridge.poses[i, 3:7] = (np.cos(h), 0.0, 0.0, np.sin(h))
    assert "facing 120.0" in disagreements(bridge)[0].table
    bridge.sync()
    bridge.poses[i, 2] += 2.0                              # lifted 2 cm: not standing on the table
    assert "height 2.00" in disagreements(bridge)[0].table
    bridge.sync()
    # A casualty left on the table; an oakguard figure moved off its space (nest-mouse) onto the table.
    state = bridge.engine.state
    bridge.engine.state = replace(state, data=state.data.with_figure(replace(state.data.figure("sienna"), where=CASUALTY)))
    bridge.present[bridge.index["sienna"]] = True
    k = bridge.index["oakguard-1"]
    bridge.poses[k, :2] = (0.0, -30.0)
    found = {d.piece: d for d in disagreements(bridge)}
    assert set(found) == {"sienna", "oakguard-1"}
    assert "outside nest-mouse" in found["oakguard-1"].table and "casualty" in found["sienna"].rules
    assert isinstance(found["sienna"], Disagreement)


def test_ONE_TRUTH_tail_feathers_lie_where_the_rules_say_they_landed():
    # A feather landed at (16, -20) heading 30: its token lies there (the bridge follows the
    # rules); nudged 0.5 cm the check names it, and a token on the table the rules do not keep
    # is named too.
    bridge = TFBridge(SCENE, 1)
    state = bridge.engine.state
    bridge.engine.state = replace(state, data=replace(state.data, feathers=(Feather("feather-1", 16.0, -20.0, 30.0),),
                                                      feathers_dropped=1))
    bridge.sync()
    assert disagreements(bridge) == []
    t = bridge.index["tail-feather-1"]
    bridge.poses[t, 1] += 0.5
    found = {d.piece: d for d in disagreements(bridge)}
    assert set(found) == {"feather-1", "tail-feather-1"}
    assert "no feather token there" in found["feather-1"].table and "(16.00, -19.50)" in found["tail-feather-1"].table


def test_ONE_TRUTH_headless_battle_and_replay_verify_agree(tmp_path, monkeypatch):
    # A whole bot battle, strict: any disagreement after any action raises games.Disagreed.
    assert games.STRICT_AGREEMENT and games.TAILFEATHERS.agreement is disagreements
    path = tmp_path / "battle.fbr"
    rec = games.game_recorder(path, SCENE, 4)
    games.play_headless(SCENE, 4, on_episode=rec, on_action=rec.action)
    rec.close()
    ok = games.verify(path)
    assert ok.ok, ok.message
    # --verify lays every rebuilt state on the table and runs the check: a table that disagrees
    # after the first action is reported there.
    monkeypatch.setattr(tailfeathers_check, "disagreements",
                        lambda bridge: [Disagreement("aerijin", "flying", "it off the table")])
    bad = games.verify(path)
    assert not bad.ok and "action 0" in bad.message and "aerijin: the rules say flying" in bad.message


def test_ONE_TRUTH_a_figure_on_a_drifted_leaf_stands_inside_its_moved_outline():
    # With the Leaves rule, an oakguard on leaf-3 cuts it loose toward the sapling; one spin moves
    # the leaf about 5 cm (test_tf_geometry_flight.py works it out). The leaf piece and the figure
    # follow it (bridge.sync), so the check finds nothing; the figure left behind where the leaf
    # hung (x -18.3, y -9.2) is outside the moved outline, and the check says so.
    bridge = TFBridge(SCENE, 1, rules=SCENE_RULES + ("leaves",))
    s = bridge.engine.state
    s = replace(s, data=s.data.with_figure(replace(s.data.figure("oakguard-4"), where="leaf-3")))
    bridge.engine.state = s
    bridge.sync()
    k = bridge.index["oakguard-4"]
    hung = bridge.poses[k, :2].copy()
    s = leaves.cut(s, leaves.CutLeaf("oakguard-4", "sapling"), [])
    s = leaves.drift(replace(s, flow=replace(s.flow, roll=None, leaf="")), "leaf-3", 1, [])
    bridge.engine.state = s
    bridge.sync()
    assert disagreements(bridge) == []
    bridge.poses[k, :2] = hung
    assert [d.piece for d in disagreements(bridge)] == ["oakguard-4"]
    assert "outside leaf-3" in disagreements(bridge)[0].table
