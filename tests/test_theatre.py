"""The replay theatre: the playback timeline, video export, the CLI's errors and the real window."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from feltbox.game.cli.main import main
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.replay.timeline import HOLD, build_timeline, event_label
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from tests.lab import lab_city, survivor, zombie
from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.physics


def _event(kind, **data):
    return {"kind": kind, "data": data, "visible_to": None}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> Path:
    """A real recording of three episodes (a move, a bullet, a 2-zombie rush) with rules actions
    between them, as a game's recorder writes them."""
    path = tmp_path_factory.mktemp("theatre") / "turn.fbr"
    city = lab_city(survivor(-20, 0), zombie(0, 0), zombie(20, 12, number=2), zombie(22, -12, number=3))
    recorder = Recorder(path, city_header(city, 7))
    rule = recorder.writer.add_rule
    session = Session(city, on_episode=recorder)
    rule("ChooseSurvivor", {"survivor": "survivor-anita"}, [_event("survivor chosen", survivor="survivor-anita")], f"{0:016x}")
    session.flick("survivor-anita", "movement_disc", Aim(90.0, 0.15))
    rule("Measured", {}, [_event("move succeeded", reason="")], f"{1:016x}")
    session.flick("survivor-anita", "bullet", Aim(-20.0, 0.6))
    rule("Measured", {}, [_event("zombie killed at short distance", zombie="zombie-01")], f"{2:016x}")
    rule("EndTurn", {}, [_event("turn ended", survivor="survivor-anita"),
                         _event("reaction LOUD", rush=["zombie-02", "zombie-03"], stand=[])], f"{3:016x}")
    session.rush(["zombie-02", "zombie-03"], tuple(session.poses[city.index("survivor-anita"), :2]))
    rule("Measured", {}, [_event("rush result", fell=[])], f"{4:016x}")
    recorder.close()
    return path


@pytest.fixture(scope="module")
def timeline(recorded):
    return build_timeline(read_replay(recorded))


def test_timeline_holds_every_episode_start_frames_and_a_hold(recorded, timeline):
    replay = read_replay(recorded)
    eps = replay.episodes
    assert timeline.frames == sum(1 + len(e.frames) + HOLD for e in eps)
    assert timeline.poses.dtype == np.float32 and timeline.poses.shape[1:] == eps[0].start.shape
    at = 0
    for ep in eps:
        assert np.array_equal(timeline.poses[at], ep.start)
        assert np.array_equal(timeline.poses[at + 1:at + 1 + len(ep.frames)], ep.frames)
        assert np.array_equal(timeline.poses[at + len(ep.frames) + HOLD], ep.frames[-1])
        at += 1 + len(ep.frames) + HOLD
    absent = eps[0].inputs[0]["absent"]
    assert absent and not timeline.present[0, absent].any() and timeline.present[0].sum() > 4


def test_seek_is_clamped_indexing(timeline):
    first, _ = timeline.seek(-3.0)
    last, present = timeline.seek(1e9)
    assert np.array_equal(first, timeline.poses[0]) and np.array_equal(last, timeline.poses[-1])
    assert present.shape == (timeline.poses.shape[1],)
    assert timeline.frame_at(timeline.duration) == timeline.frames - 1
    assert np.array_equal(timeline.seek(1.0)[0], timeline.poses[60])
    start = time.perf_counter()
    for t in np.random.default_rng(0).uniform(0, timeline.duration, 2000):
        timeline.seek(float(t))
    assert (time.perf_counter() - start) / 2000 < 1e-3


def test_markers_sit_where_their_episodes_end(recorded, timeline):
    eps = read_replay(recorded).episodes
    end_of_bullet = (1 + len(eps[0].frames) + HOLD) + len(eps[1].frames)
    labels = [(m.frame, m.kind, m.label) for m in timeline.markers]
    assert [(f, k) for f, k, _ in labels] == [(0, "turn"), (end_of_bullet, "event"), (end_of_bullet, "event")]
    assert labels[0][2] == "Anita's turn"
    assert labels[1][2] == "Zombie 1 is killed at short distance"
    assert labels[2][2].startswith("LOUD: 2 zombies rush")


def test_next_and_previous_event(timeline):
    kill, loud = timeline.markers[1], timeline.markers[2]
    assert timeline.next_event(0.0) is kill
    assert timeline.next_event(kill.frame / 60) is None          # the LOUD shares its frame
    assert timeline.prev_event(timeline.duration) is loud
    assert timeline.prev_event(0.0) is None
    assert "Zombie 1 is killed" in timeline.label_at(kill.frame / 60 + 0.5)
    assert timeline.label_at(timeline.duration, within=0.2) == ""
    assert timeline.label_at(kill.frame / 60 - 0.1) == "Anita's turn"


def test_follow_camera_goes_where_things_move(recorded, timeline):
    assert timeline.target.shape == (timeline.frames, 3) and np.isfinite(timeline.target).all()
    assert 30.0 <= timeline.follow_distance <= 95.0
    eps = read_replay(recorded).episodes
    rush_mid = timeline.frames - HOLD - len(eps[2].frames) // 2
    zombies = timeline.poses[rush_mid, timeline.present[rush_mid], :2]
    step = np.abs(np.diff(timeline.target[:, :2], axis=0)).max()
    assert step < 2.0, "the follow camera jumps"
    assert np.linalg.norm(zombies - timeline.target[rush_mid, :2], axis=1).min() < 40.0


def test_event_labels_are_one_short_line():
    from feltbox.game.text.event_feed import sentence
    from feltbox.rules.core import Event
    rolled = _event("rolled", faces=["bow", "cheese"], player="rat", why="defense")
    assert event_label(rolled) == sentence(Event("rolled", rolled["data"]))      # the HUD feed's words
    assert "bow" in event_label(rolled) and "=" not in event_label(rolled)
    assert event_label({"kind": "secret", "data": None, "visible_to": ["mouse"]}).lower().startswith("secret")
    assert len(event_label(_event("flight", crossings=[[1, 2]] * 50, text="x" * 200))) <= 78


@pytest.mark.render
def test_video_export_3_seconds(recorded, tmp_path, capsys):
    import av
    out = tmp_path / "clip.mp4"
    assert main(["replay", str(recorded), "--video", str(out), "--from", "0.5", "--to", "3.5",
                 "--size", "320x192", "--keep-idle"]) == 0
    captured = capsys.readouterr()
    assert "100% 90/90 frames" in captured.err and "wrote" in captured.out
    with av.open(str(out)) as container:
        stream = container.streams.video[0]
        frames = list(container.decode(stream))
    assert len(frames) == 90 and (frames[0].width, frames[0].height) == (320, 192)
    assert stream.codec_context.name == "h264" and float(stream.average_rate) == 30.0
    picture = frames[45].to_ndarray(format="rgb24")
    assert picture.std() > 10, "a blank video frame"
    assert [p.name for p in tmp_path.iterdir()] == ["clip.mp4"]   # no temporary left behind


@pytest.mark.render
def test_video_rejects_an_empty_range(recorded, tmp_path, capsys):
    out = tmp_path / "none.mp4"
    assert main(["replay", str(recorded), "--video", str(out), "--from", "500"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(out) in err and not out.exists()


@pytest.mark.parametrize("extra", [[], ["--info"], ["--video", "x.mp4"]])
def test_truncated_replay_is_one_line_exit_2(recorded, tmp_path, capsys, extra):
    bad = tmp_path / "cut.fbr"
    bad.write_bytes(recorded.read_bytes()[:-40])
    assert main(["replay", str(bad), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and str(bad) in err and "truncated" in err


def test_info_summarises(recorded, capsys):
    assert main(["replay", str(recorded), "--info"]) == 0
    out = capsys.readouterr().out
    assert "3 episodes" in out and "1 turns, 2 events" in out


def test_theatre_without_display_says_so_in_one_line(recorded):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "feltbox", "replay", str(recorded)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.startswith("feltbox:")]
    assert len(lines) == 1 and "no display" in lines[0] and "--info" in lines[0] and "--video" in lines[0]


DRIVER = r"""
import subprocess, sys
from panda3d.core import Filename
import numpy as np
from feltbox.game.cli.replay_commands import load
from feltbox.game.window.theatre import open_theatre, BAR_Y

replay, timeline, bodies = load(REPLAY)
app = open_theatre(timeline, bodies, "feltbox-theatre-smoke", frames=10)
base, th = app.base, app.theatre

def step(n):
    for _ in range(n):
        base.taskMgr.step()

def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], check=True)

win = subprocess.run(["xdotool", "search", "--name", "feltbox-theatre-smoke"], capture_output=True,
                     text=True, check=True).stdout.split()[0]
xdo("windowfocus", "--sync", win)
xdo("key", "--window", win, "space"); step(30)
print("playing", th.playing, "t>0", th.t > 0)
xdo("key", "--window", win, "space"); step(3)
print("paused", not th.playing)
t0 = th.t
xdo("key", "--window", win, "Right"); step(3)
print("right", abs(th.t - min(t0 + 5.0, timeline.duration)) < 1e-6, th.t > t0)
xdo("key", "--window", win, "equal", "equal"); step(3)
xdo("key", "--window", win, "minus"); step(3)
xdo("key", "--window", win, "f"); step(3)
print("speed", th.speed, "follow", th.follow, th.camera_button["text"])
w, h = base.win.getXSize(), base.win.getYSize()
def bar_px(t):
    return int((th.x_of(t) / base.getAspectRatio() + 1) / 2 * w), int((1 - BAR_Y) / 2 * h)
def at(px):      # step until the window has seen the pointer at ``px`` (xdotool is asynchronous)
    for _ in range(120):
        step(1)
        if base.win.getPointer(0).getX() == px:
            return
def pressed(down):  # step until the window has seen the left button go down (or up)
    from panda3d.core import MouseButton
    for _ in range(120):
        step(1)
        if base.mouseWatcherNode.isButtonDown(MouseButton.one()) == down:
            return
x, y = bar_px(timeline.duration * 0.25)
xdo("mousemove", "--window", win, x, y); at(x); step(3)
xdo("mousedown", 1); pressed(True); step(3)
x2, _ = bar_px(timeline.duration * 0.6)
xdo("mousemove", "--window", win, x2, y); at(x2); step(3)
xdo("mouseup", 1); pressed(False); step(3)
print("scrubbed %.3f" % (th.t / timeline.duration))
xdo("mousemove", "--window", win, w // 2, h // 3); step(2)
first = timeline.poses[0]
xdo("key", "--window", win, "Home"); step(1)
th.seek(0.0); step(2)
xdo("key", "--window", win, "n"); step(5)
marker = timeline.next_event(0.0)
print("next", th.shown_frame == marker.frame, "label", repr(th.event_text.getText()))
moved = float(np.abs(np.asarray([p.getPos() for p in app.scene.paths]) - first[:, :3]).max())
print("moved %.2f" % moved)
th.attract, th.next_timeline = True, lambda: (timeline, bodies)      # attract mode: loops on
th.seek(timeline.duration - 0.02)
if not th.playing:
    th.toggle_play()
step(4)                                  # few frames: under load each frame's dt is long (speed 2x)
print("loops", th.loops, "playing", th.playing, "restarted", th.t < 1.0)
th.seek(timeline.duration * 0.6); th.toggle_play(); step(3)
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
"""


@pytest.mark.render
@needs_xvfb
def test_theatre_window_plays_scrubs_and_jumps(recorded, tmp_path):
    """The real window under Xvfb: space plays and pauses (xdotool keys), a mouse drag along the
    timeline scrubs, n jumps to the next event, the pieces move and the table is on screen."""
    shot = tmp_path / "theatre.png"
    stdout = run_in_xvfb(DRIVER.replace("REPLAY", repr(str(recorded))), shot)
    assert "playing True t>0 True" in stdout and "paused True" in stdout
    assert "right True True" in stdout and "speed 2.0 follow True camera: follow" in stdout
    scrubbed = float(stdout.split("scrubbed ")[1].split()[0])
    assert abs(scrubbed - 0.6) < 0.03
    assert "next True label 'Zombie 1 is killed at short distance" in stdout
    assert float(stdout.split("moved ")[1].split()[0]) > 1.0
    assert "loops 1 playing True restarted True" in stdout
    felt_in(shot)


@pytest.mark.slow
@pytest.mark.render
def test_demo_records_a_bot_game_and_exports_it(tmp_path):
    """`feltbox demo flickem 1 --video`: a whole bot game is played and recorded, then 2 s exported
    with the still stretches kept (--keep-idle): 2 s at 30 fps is 60 frames."""
    import av
    out = tmp_path / "demo.mp4"
    done = subprocess.run([sys.executable, "-m", "feltbox", "demo", "flickem", "1", "--seed", "3", "--video",
                           str(out), "--to", "2", "--size", "320x180", "--keep-idle"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "demo: recorded" in done.stdout and "60 frames" in done.stdout
    with av.open(str(out)) as container:
        assert sum(1 for _ in container.decode(video=0)) == 60


def test_demo_without_display_says_so_before_playing():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "feltbox", "demo", "flickem", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "demo: the bots play" not in out.stdout
    lines = [line for line in out.stderr.splitlines() if line.startswith("feltbox:")]
    assert len(lines) == 1 and "no display" in lines[0] and "--video" in lines[0]
