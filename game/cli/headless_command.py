"""``feltbox play GAME KEY --headless``: bots (or a script, or players at a prompt) play a whole
game on the real table; prints the result as JSON, optionally records a replay, writes the event
log, a readable transcript and the game as a script."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from feltbox.game.games import GameKind, game_of, game_recorder, play_headless, seat_name
from feltbox.game.players.headless import transcript
from feltbox.game.players.hotseat import Prompt
from feltbox.game.players.script import GameScriptError, load_game_script
from feltbox.game.text.scenario_info import scenarios


def _scene(kind: GameKind, args):
    scene = kind.load_scene(args.number)
    forces = [(path, alliance) for path, alliance in ((args.force_mouse, "mouse"), (args.force_rat, "rat")) if path]
    if forces:
        if kind.with_forces is None:
            raise GameScriptError(f"--force-mouse / --force-rat: {kind.title} has no forces to choose")
        scene = kind.with_forces(scene, forces)
    return scene


def _check_bots(kind: GameKind, scene, args) -> None:
    """--bots names seats of this scene: one line naming the scene's seats otherwise."""
    if args.bots in ("all", "none"):
        return
    teams = kind.seats(scene)
    unknown = sorted({b.removeprefix("team") for b in args.bots.split(",")} - set(teams))
    if unknown:
        info = next((s for s in scenarios(kind.name) if s.key == str(args.number)), None)
        label = info.label if info is not None else f"{args.number} ({scene.title})"
        seats = ", ".join(seat_name(kind, t) for t in teams)
        raise GameScriptError(f"--bots {args.bots}: {label} has no seat {', '.join(unknown)} "
                              f"(its seats: {seats})")


def _script(kind: GameKind, args):
    if args.script == "-":                 # hot-seat: the players answer at a prompt
        return Prompt(kind.actions)
    script = load_game_script(args.script, kind.actions) if args.script else None
    if script is None and args.bots != "all":
        raise GameScriptError(f"--bots {args.bots}: the other seats need --script FILE headless "
                              "(or play them in the window without --headless)")
    return script


class AgreementLog:
    """``--check-agreement``: after every action, where the rules and the table disagree."""

    def __init__(self, check):
        self.check, self.actions, self.found = check, 0, []     # (action number, its type, disagreements)

    def __call__(self, bridge) -> None:
        self.actions += 1
        found = self.check(bridge)
        if found:
            self.found.append((self.actions, type(bridge.engine.history[-1].action).__name__, found))

    def report(self) -> int:
        """One line on stderr (and the first few cases); 1 when rules and table disagreed."""
        total = sum(len(f) for *_, f in self.found)
        print(f"agreement: {len(self.found)} of {self.actions} actions left the rules and the table disagreeing "
              f"({total} figures in all)", file=sys.stderr)
        for number, kind, found in self.found[:5]:
            print(f"  after action {number} ({kind}): {found[0]}" + (f" (+{len(found) - 1} more)" if found[1:] else ""),
                  file=sys.stderr)
        return 1 if self.found else 0


def play_headless_command(args) -> int:
    args.bots = args.bots or "all"
    kind = game_of(args.game)
    scene = _scene(kind, args)
    _check_bots(kind, scene, args)
    script = _script(kind, args)
    if args.check_agreement and kind.agreement is None:
        raise GameScriptError(f"--check-agreement: {kind.title} has no agreement check yet")
    agreement = AgreementLog(kind.agreement) if args.check_agreement else None
    recorder = game_recorder(args.record, scene, args.seed) if args.record else None
    try:
        result = play_headless(scene, args.seed, args.log, on_episode=recorder, bots=args.bots, script=script,
                               on_action=recorder and recorder.action, after_action=agreement)
    except BaseException as exc:           # nothing half-written: the replay is dropped
        if recorder:
            recorder.abort(exc)
        raise
    if recorder:
        recorder.close()
    if args.save_script:
        head = (f"# feltbox play {args.game} {args.number} --headless --seed {args.seed} --bots none "
                f"--script {args.save_script}\n")
        Path(args.save_script).write_text(head + "\n".join(result.script) + "\n", encoding="utf-8")
    if args.transcript:
        Path(args.transcript).write_text(transcript(result.log), encoding="utf-8")
    print(json.dumps({k: v for k, v in result.__dict__.items() if k not in ("log", "script")}))
    return agreement.report() if agreement is not None else 0
