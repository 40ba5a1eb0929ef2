"""Every ``feltbox`` command in README's tables is RUN, not only parsed: headless ones to the end
(their exit code and their last line checked), window ones in a real window under Xvfb until
their first frames are drawn. A README line that no longer works fails here.

Placeholders are filled with real inputs made once per module (a recorded replay, a save, a
script, force files, a scene file of the player's own). The default run shortens the few
commands that take minutes: ``REDUCED`` says how, and the slow suite runs them as written."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_readme_commands import COMMANDS
from tests.xvfb import needs_xvfb, xvfb_display

ROOT = Path(__file__).resolve().parent.parent
WINDOWLESS = {"scenes", "render", "gallery", "sim", "bench", "tournament"}
# command as README writes it -> the shorter command the default run uses (same code paths)
REDUCED = {"feltbox tournament flickem 1-5 --seeds 20 --workers 2": "feltbox tournament flickem 1 --seeds 1 --workers 2",
           "feltbox tournament tailfeathers show_of_force --seeds 40": "feltbox tournament tailfeathers show_of_force --seeds 1",
           "feltbox tournament snowbirds --seeds 1000 --workers 2": "feltbox tournament snowbirds --seeds 2 --workers 2",
           "feltbox tournament tailsandtactics --seeds 200 --workers 2":
           "feltbox tournament tailsandtactics --seeds 2 --workers 2"}
# minutes each, or the same run as a default-suite test already makes (named): the slow suite
# (`pytest -m slow`) runs them as written
SLOW_AS_WRITTEN = set(REDUCED) | {
    "feltbox replay FILE --video out.mp4", "feltbox replay FILE --frames DIR", "feltbox bench",
    "feltbox play flickem N --headless --check-agreement",   # test_flickem_agreement: S1 with --check-agreement
    "feltbox play flickem my-city.toml --headless",         # test_own_scene: a whole bot game on a scene file
    "feltbox demo flickem 1"}                                # test_theatre's demo; demo tailfeathers runs here
REDUCED["feltbox tournament root --seeds 200 --workers 2"] = "feltbox tournament root --seeds 2 --workers 2"
SLOW_AS_WRITTEN.add("feltbox tournament root --seeds 200 --workers 2")


def windowed(words: list[str]) -> bool:
    """Does this command open a window (no --headless, not an offline command, no export)?"""
    if len(words) < 2:
        return True
    if words[1] in WINDOWLESS or "--headless" in words:
        return False
    return not (words[1] == "replay" and {"--verify", "--video", "--frames", "--info"} & set(words))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, str]:
    """Real files for README's placeholders, made by feltbox itself."""
    tmp = tmp_path_factory.mktemp("readme")
    home = tmp / "home"
    env = {**os.environ, "FELTBOX_HOME": str(home)}
    replay = tmp / "s1.fbr"
    # README's relative paths: a copy of docs/, so what a command writes there (a render's
    # --out docs/...png) stays out of the checkout (a symlink wrote through into it)
    shutil.copytree(ROOT / "docs", tmp / "docs")
    run(["play", "flickem", "1", "--headless", "--seed", "2", "--record", str(replay)], env, tmp)
    own = tmp / "my-city.toml"
    own.write_text((ROOT / "scenes" / "flickem" / "s01.toml").read_text().replace("x = -27.0", "x = -26.0", 1))
    battle = tmp / "my-battle.toml"
    battle.write_text((ROOT / "scenes" / "tailfeathers" / "show_of_force.toml").read_text())
    run([sys.executable, "-c", SAVE, str(home)], env, tmp, feltbox=False)
    return {"home": str(home), "cwd": str(tmp), "replay": str(replay), "save": "x",
            "script": str(ROOT / "docs" / "scripts" / "s01.txt"),
            "sim-script": str(ROOT / "docs" / "examples" / "s01.toml"), "my-city.toml": str(own),
            "my-battle.toml": str(battle),
            "force-mouse": str(ROOT / "scenes" / "tailfeathers" / "forces" / "mouse_wings.toml"),
            "force-rat": str(ROOT / "scenes" / "tailfeathers" / "forces" / "rat_raiders.toml")}


SAVE = """
import os, sys
from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.window.saves import save_game
from feltbox.scenes.loader import load_flickem
save_game(WindowGame(load_flickem(1), 0, "none"), "x")
"""


def fill(command: str, inputs: dict[str, str]) -> list[str]:
    """README's words with its placeholders replaced by real inputs."""
    words = shlex.split(command)
    out: list[str] = []
    for i, word in enumerate(words):
        before = words[i - 1].lstrip("-") if i else ""
        if word in ("N",):
            word = "1"
        elif word == "S":
            word = "3"
        elif word == "DIR":
            word = "frames"
        elif word == "NAME|FILE":
            word = inputs["save"]
        elif word == "FILE" and words[1] == "sim":
            word = inputs["sim-script"]
        elif word == "FILE":
            word = inputs.get(before) or inputs["replay"]
        elif word.endswith(".toml") and word in inputs:     # my-city.toml, my-battle.toml
            word = inputs[word]
        out.append(word)
    return out[1:]


def run(args: list[str], env: dict, cwd: Path, feltbox: bool = True, stdin: str = "",
        timeout: float = 600) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "feltbox.game.cli.main", *args] if feltbox else args
    out = subprocess.run(cmd, env=env, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(map(str, args))}: exit {out.returncode}\n{out.stderr[-2000:]}"
    return out


# A window command runs with ShowBase.run replaced: a few frames drawn, a screenshot, exit 0.
WINDOW_DRIVER = r"""
import sys
from direct.showbase.ShowBase import ShowBase
from panda3d.core import PNMImage

def run(self):
    for _ in range(8):
        self.taskMgr.step()
    image = PNMImage()
    assert self.win is not None and self.win.getScreenshot(image), "no window frame"
    colours = {tuple(round(c, 1) for c in image.getXel(x, y)) for x in range(0, image.getXSize(), 64)
               for y in range(0, image.getYSize(), 64)}
    print("FRAME", image.getXSize(), image.getYSize(), len(colours), flush=True)
    raise SystemExit(0)

ShowBase.run = run
from feltbox.game.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


# a player at the prompt who answers the first listed choice and flicks at 90 degrees, power 0.3
TYPED = "1\naim 90 0.3\n" * 400


def check_headless(command: str, words: list[str], out: subprocess.CompletedProcess) -> None:
    """The command's own success: a game's last JSON line has a result that is not an error,
    JSON commands print JSON, files are written."""
    lines = out.stdout.strip().splitlines()
    assert lines, f"{command}: printed nothing"
    if words[0] == "play":
        result = json.loads(lines[-1])["result"]
        assert not result.startswith(("error", "unfinished")), (command, result)
    elif words[0] in ("bench", "tournament"):
        assert json.loads(out.stdout[out.stdout.index("{"):])
    elif words[0] == "replay" and "--verify" in words:
        assert "verified" in out.stdout.lower() or "ok" in out.stdout.lower(), out.stdout[-500:]


def _case(command: str):
    marks = [pytest.mark.slow] if command in SLOW_AS_WRITTEN else []
    if command in REDUCED:          # as written, a tournament plays 40-100 games (half an hour)
        marks.append(pytest.mark.skip(reason="as written it takes half an hour; its reduced form runs"))
    if windowed(shlex.split(command)):
        marks += [pytest.mark.render, needs_xvfb]
    return pytest.param(command, marks=marks, id=command.removeprefix("feltbox ") or "feltbox")


@pytest.mark.parametrize("command", [_case(c) for c in COMMANDS] +
                         [pytest.param(c, id=f"reduced: {r}", marks=pytest.mark.slow) for c, r in REDUCED.items()])
def test_every_readme_command_runs(command, inputs, request):
    reduced = "reduced" in request.node.callspec.id
    words = fill(REDUCED[command] if reduced else command, inputs)
    env = {**os.environ, "FELTBOX_HOME": inputs["home"]}
    cwd = Path(inputs["cwd"])
    if not words or windowed(["feltbox", *words]):
        with xvfb_display() as display:
            out = run([sys.executable, "-c", WINDOW_DRIVER, *words], {**env, "DISPLAY": display}, cwd,
                      feltbox=False, timeout=300)
        frame = [line.split() for line in out.stdout.splitlines() if line.startswith("FRAME")]
        assert frame, f"{command}: no frame drawn\n{out.stdout[-800:]}{out.stderr[-800:]}"
        assert int(frame[-1][3]) > 3, f"{command}: the window is blank"
        return
    stdin = TYPED if "--script" in words and "-" in words else ""
    check_headless(command, words, run(words, env, cwd, stdin=stdin))
