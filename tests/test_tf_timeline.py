"""A Tail Feathers replay in the theatre shows the battlefield, rebuilt from its rules actions."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from feltbox.game.cli.main import main
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.tailfeathers_timeline import FLIGHT, build_tf_timeline, is_tailfeathers
from tests.tf_tray import assert_lying_in_tray
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def tf_replay(tmp_path_factory) -> Path:
    """A real bot battle (show_of_force, seed 1) recorded by the game's own CLI."""
    path = tmp_path_factory.mktemp("tf-theatre") / "tf.fbr"
    subprocess.run([sys.executable, "-m", "feltbox", "play", "tailfeathers", "show_of_force", "--headless",
                    "--bots", "all", "--seed", "1", "--record", str(path)], cwd=ROOT, check=True,
                   capture_output=True, timeout=120)
    return path


@pytest.fixture(scope="module")
def built(tf_replay):
    replay = read_replay(tf_replay)
    timeline, bodies = build_tf_timeline(replay)
    return replay, timeline, bodies


def _fresh_bridge(replay):
    """The battle rebuilt independently: a new bridge, every recorded action, synced (the battle
    is recorded sealed: its REVL record opens the seed, the salt and the hidden choices)."""
    from feltbox.game.replay.sealing import keyed_hash
    from feltbox.game.replay.tailfeathers_check import scene_for_replay
    from feltbox.game.tailfeathers.bridge import TFBridge
    from feltbox.rules.core import from_json, state_hash
    opened = replay.reveal
    bridge = TFBridge(scene_for_replay(replay.header), opened["seed"])
    for rec in replay.rules:
        data = opened["actions"].get(str(rec.index), rec.data)
        bridge.decide(from_json(bridge.engine.action_types[rec.type], data))
        hashed = keyed_hash(opened["salt"], state_hash(bridge.engine.state))
        assert hashed == rec.hash, f"action {rec.index} rebuilt differently"
    return bridge


def test_the_timeline_holds_the_battlefield_and_the_last_rolls_dice_in_its_tray(built):
    replay, timeline, bodies = built
    assert is_tailfeathers(replay.header)
    kinds = {b.kind for b in bodies}
    assert {"tf_bird", "tf_rodent", "tf_tree", "tf_nest", "tf_leaf"} <= kinds
    assert [b.kind for b in bodies if "tray" in b.kind] == ["tf_dice_tray"]   # its tray stands beside it
    # the dice shown at the end are the last roll's, as its throws left them in the tray
    last = [rec for rec in replay.rules if rec.episodes][-1]
    faces: dict[str, str] = {}
    for episode in (replay.episodes[i] for i in last.episodes):
        cocked = set(episode.outcome["cocked"])
        faces.update({d: f for d, f in zip(episode.outcome["dice"], episode.outcome["faces"]) if d not in cocked})
    tray = next(k for k, b in enumerate(bodies) if b.kind == "tf_dice_tray")
    shown = {b.id.removeprefix("tray-"): timeline.poses[-1, k] for k, b in enumerate(bodies)
             if b.id.startswith("tray-die-") and timeline.present[-1, k]}
    assert sorted(shown) == sorted(faces) and faces
    assert_lying_in_tray(shown, faces, timeline.poses[-1, tray])
    assert timeline.poses.shape == (timeline.frames, len(bodies), 7)
    assert timeline.present.shape == (timeline.frames, len(bodies))
    assert timeline.duration > 30.0
    # every variant of a piece (a bird's tilt, a dial's life): at most one shown at a time
    pieces = [b.id.split("~")[0] for b in bodies]
    for name in set(pieces):
        cols = [k for k, p in enumerate(pieces) if p == name]
        assert timeline.present[:, cols].sum(axis=1).max() <= 1, name


def test_the_last_frame_is_the_rebuilt_battle(built):
    replay, timeline, bodies = built
    bridge = _fresh_bridge(replay)
    now = {b.id: b for b in bridge.bodies_now()}
    last_pose, last_present = timeline.poses[-1], timeline.present[-1]
    birds = [i for i, b in enumerate(bridge.bodies) if b.kind == "tf_bird"]
    assert birds
    for i in birds:
        bid = bridge.bodies[i].id
        cols = [k for k, b in enumerate(bodies) if b.id.split("~")[0] == bid and last_present[k]]
        if not bridge.present[i]:
            assert not cols, f"{bid} is off the battlefield but shown"
            continue
        assert len(cols) == 1, bid
        assert bodies[cols[0]].params == now[bid].params, f"{bid} shown with the wrong tilt"
        assert np.allclose(last_pose[cols[0]], bridge.poses[i], atol=1e-4), bid
    shown = sum(bool(last_present[[k for k, b in enumerate(bodies) if b.id.split("~")[0] == spec.id]].any())
                for spec in bridge.bodies)
    assert shown == int(bridge.present.sum())


def test_birds_fly_along_their_paths(built):
    _, timeline, bodies = built
    birds = [k for k, b in enumerate(bodies) if b.kind == "tf_bird" and "~" not in b.id]
    pos = timeline.poses[:, birds, :2]
    shown = np.stack([timeline.present[:, [k for k, b in enumerate(bodies)
                                            if b.id.split("~")[0] == bodies[i].id]].any(axis=1) for i in birds], 1)
    step = np.linalg.norm(np.diff(pos, axis=0), axis=2)          # (F-1, birds)
    step[~(shown[1:] & shown[:-1])] = 0.0                         # arriving on the table is no jump
    assert step.max() < 10.0, "a bird jumped instead of flying"
    moving = (step > 1e-3).any(axis=1)
    runs = np.diff(np.flatnonzero(np.diff(np.r_[0, moving.astype(int), 0])))[::2]
    assert runs.max() >= FLIGHT - 2, "no flight lasts about a second"
    total = step.sum(axis=0)
    assert (total > 20.0).sum() >= 3, "the birds hardly move"


def test_markers_turns_and_dice(built):
    replay, timeline, _ = built
    turns = [m for m in timeline.markers if m.kind == "turn"]
    assert len(turns) == sum(rec.type == "Activate" for rec in replay.rules)
    assert any(" rolls " in m.label for m in timeline.markers)
    frames = [m.frame for m in timeline.markers]
    assert frames == sorted(frames) and 0 <= frames[0] and frames[-1] < timeline.frames


def test_info_reports_the_battlefield_timeline(tf_replay, capsys):
    assert main(["replay", str(tf_replay), "--info"]) == 0
    out = capsys.readouterr().out
    assert "rules actions" in out and "turns" in out


@pytest.mark.render
def test_video_of_a_tf_replay_shows_the_battlefield(tf_replay, tmp_path, capsys):
    import av
    out = tmp_path / "tf.mp4"
    assert main(["replay", str(tf_replay), "--video", str(out), "--from", "8", "--to", "10",
                 "--size", "192x108", "--camera", "overview", "--keep-idle"]) == 0
    with av.open(str(out)) as container:
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(container.streams.video[0])]
    assert len(frames) == 60 and frames[0].shape == (108, 192, 3)
    picture = frames[30].astype(int)
    r, g, b = picture[..., 0], picture[..., 1], picture[..., 2]
    felt = (g > r + 15) & (g > b + 5)
    assert felt.mean() > 0.3, f"only {felt.mean():.0%} green felt: not the battlefield"


def _props(bodies, kind):
    return [k for k, b in enumerate(bodies) if b.kind == kind]


def test_a_flights_templates_are_laid_where_the_rules_measure_it(built):
    """Rulebook "Flight Templates": each Fly lays its templates, first from the base's edge, each
    next from the maneuver point before; the timeline shows them while the bird flies along them."""
    from feltbox.game.replay.tailfeathers_timeline import rebuild
    from feltbox.game.replay.tf_props import LAY_EACH
    replay, timeline, bodies = built
    templates = _props(bodies, "tf_template")
    assert templates and not timeline.present[0, templates].any()        # none before the first flight
    first = next(laid[1] for *_, laid in rebuild(replay) if laid)
    shown = np.flatnonzero(timeline.present[:, templates].any(axis=1))
    k0 = int(shown[0])
    assert timeline.present[k0, templates].sum() == 1                    # laid one at a time
    k_all = k0 + LAY_EACH * (len(first) - 1)
    on = [c for c in templates if timeline.present[k_all, c]]
    assert len(on) == len(first)
    for lay in first:
        match = [c for c in on if bodies[c].params == {"size": lay.size, "end": lay.end}
                 and np.allclose(timeline.poses[k_all, c, :2], (lay.x, lay.y), atol=1e-3)]
        assert match, f"no {lay.size} template at ({lay.x:.1f}, {lay.y:.1f})"
    # the bird then flies with its templates on the table, and they are picked up afterwards
    birds = [k for k, b in enumerate(bodies) if b.kind == "tf_bird"]
    steps = np.linalg.norm(np.diff(timeline.poses[:, birds, :2], axis=0), axis=2).max(axis=1)
    flying = np.flatnonzero(steps[k_all:] > 0.2)[0] + k_all            # a bird's first real glide
    assert timeline.present[flying + 5, on].all()
    assert not timeline.present[-1, templates].all()


def test_a_ranged_attack_lays_the_range_finder_between_the_figures(built):
    """Rulebook "Ranged Attack" / "Range Finder": it touches the attacker's and the target's base,
    so its tip is on one and the target lies within its length along it."""
    from feltbox.rules.tailfeathers.geometry import RANGE
    replay, timeline, bodies = built
    finder = _props(bodies, "tf_range_finder")
    assert len(finder) == 1, "no ranged attack laid the range finder"
    shown = np.flatnonzero(timeline.present[:, finder[0]])
    attacks = [e for rec in replay.rules for e in rec.events
               if e["kind"] == "attack" and (e.get("data") or {}).get("kind") == "ranged"]
    assert attacks and len(shown) >= 30
    k = int(shown[0])
    pose = timeline.poses[k, finder[0]]
    heading = 2 * np.degrees(np.arctan2(pose[6], pose[3]))
    tip, along = pose[:2].astype(float), np.array([np.cos(np.radians(heading)), np.sin(np.radians(heading))])
    figures = [c for c, b in enumerate(bodies) if b.kind in ("tf_bird", "tf_rodent") and timeline.present[k, c]]
    offsets = timeline.poses[k, figures, :2] - tip
    ahead = offsets @ along
    beside = np.abs(offsets @ np.array([-along[1], along[0]]))
    near_tip = np.linalg.norm(offsets, axis=1).min()
    assert near_tip < 6.0, "the range finder's tip touches no figure's base"
    assert ((ahead > 1.0) & (ahead < RANGE + 6.0) & (beside < 6.0)).any(), "no target along the range finder"


def test_mid_flight_the_bird_is_on_its_announced_path(built):
    from feltbox.game.replay.tailfeathers_timeline import _project, rebuild
    replay, timeline, bodies = built
    announced: dict[str, list] = {}
    for _rec, _bridge, paths, *_ in rebuild(replay):
        for fid, path in paths.items():
            if not announced.get(fid) or announced[fid][-1] is not path:
                announced.setdefault(fid, []).append(path)
    assert sum(len(v) for v in announced.values()) == sum(rec.type == "Fly" for rec in replay.rules)
    checked = 0
    for k, b in enumerate(bodies):
        if b.kind != "tf_bird" or "~" in b.id or b.id not in announced:
            continue
        pos = timeline.poses[:, k, :2].astype(float)
        moving = np.r_[False, np.linalg.norm(np.diff(pos, axis=0), axis=1) > 1e-3, False]
        edges = np.flatnonzero(np.diff(moving.astype(int)))
        for start, end in zip(edges[::2], edges[1::2]):
            if end - start < FLIGHT - 2:
                continue
            mid = pos[(start + end) // 2]
            near = min(_project(np.asarray(p.centreline, float), mid)[1] for p in announced[b.id])
            assert near < 3.0, f"{b.id} mid-flight {near:.1f} cm off its path"
            checked += 1
    assert checked >= 3


TF_DRIVER = r"""
import sys, time
from panda3d.core import Filename
from feltbox.game.cli.replay_commands import load
from feltbox.game.window.theatre import open_theatre

replay, timeline, bodies = load(REPLAY)
app = open_theatre(timeline, bodies, "feltbox-tf-theatre", frames=5)
base, th = app.base, app.theatre
for _ in range(5):
    base.taskMgr.step()
times = []
for k in range(12):
    began = time.perf_counter()
    th.seek(timeline.duration * (k * 7 % 12) / 12)
    base.taskMgr.step()
    times.append(time.perf_counter() - began)
print("seek_ms %.1f" % (1000 * sorted(times)[len(times) // 2]), "max_ms %.1f" % (1000 * max(times)))
th.seek(timeline.duration * 0.3); base.taskMgr.step()
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
"""


@pytest.mark.render
@needs_xvfb
def test_the_theatre_window_shows_the_battlefield(tf_replay, tmp_path):
    shot = tmp_path / "tf-theatre.png"
    stdout = run_in_xvfb(TF_DRIVER.replace("REPLAY", repr(str(tf_replay))), shot)
    assert float(stdout.split("seek_ms ")[1].split()[0]) > 0.0           # a seek happened; its speed is feltbox bench's
    felt_in(shot)


def test_a_battle_these_rules_rebuild_differently_is_refused(tf_replay):
    from feltbox.game.replay.tailfeathers_timeline import RebuildError
    replay = read_replay(tf_replay)
    replay.rules[20].hash = "0" * 16
    with pytest.raises(RebuildError, match="action 20 .* different state"):
        build_tf_timeline(replay)


def test_each_frame_knows_its_action(built):
    replay, timeline, _ = built
    assert len(timeline.episode_of) == timeline.frames
    assert (np.diff(timeline.episode_of) >= 0).all() and timeline.episode_of[-1] <= replay.rules[-1].index
