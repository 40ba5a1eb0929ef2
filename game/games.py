"""The game registry: one entry per game, naming everything of it that the rooms above need.

A game is known by its name ("flickem", "tailfeathers", "snowbirds", "tailsandtactics"); ``GAMES[name]`` says how to load one of
its scenes from a command-line key, build its bridge and seats, lay its table for a picture,
record a whole game, check a recording's rules, and which controller plays it in
the window. The window and the command line ask here instead of testing game names, and a new
game is one more entry. Sits above the games and replay rooms (it names their parts), below the
window and the command line.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.flickem import seats as flickem_seats
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.players.headless import GameResult, play_game
from feltbox.game.replay import recorder
from feltbox.game.replay.format import Replay
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import city_bodies_for_replay
from feltbox.game.replay.root_check import RootRulesCheck, root_recorder
from feltbox.game.replay.root_timeline import build_root_timeline
from feltbox.game.replay.rules_check import RulesCheck
from feltbox.game.replay.snowbirds_check import SBRulesCheck, sb_recorder
from feltbox.game.replay.snowbirds_timeline import build_sb_timeline
from feltbox.game.replay.tailfeathers_check import TFRulesCheck, tf_recorder
from feltbox.game.replay.tailfeathers_timeline import build_tf_timeline
from feltbox.game.replay.tailsandtactics_check import TTRulesCheck, tt_recorder
from feltbox.game.replay.tailsandtactics_timeline import build_tt_timeline
from feltbox.game.replay.timeline import Timeline, build_timeline
from feltbox.game.replay.verify_flickem import FlickemRulesCheck, flickem_recorder
from feltbox.game.replay.video import replay_bodies
from feltbox.game.root import seats as root_seats
from feltbox.game.root.agreement import disagreements as root_disagreements
from feltbox.game.root.bridge import RootBridge
from feltbox.game.root.pictures import felt_dresser, root_gallery, root_scene_table
from feltbox.game.root.table import root_view
from feltbox.game.root.window_game import RootWindowGame
from feltbox.game.snowbirds import seats as sb_seats
from feltbox.game.snowbirds.agreement import disagreements as sb_disagreements
from feltbox.game.snowbirds.bridge import SBBridge
from feltbox.game.snowbirds.gallery import sb_gallery, sb_scene_table
from feltbox.game.snowbirds.pictures import PublicDresser
from feltbox.game.snowbirds.table import sb_view
from feltbox.game.snowbirds.window_game import SBWindowGame
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import City, build_city
from feltbox.game.table.gallery import gallery as flickem_gallery
from feltbox.game.tailfeathers import seats as tf_seats
from feltbox.game.tailfeathers.agreement import disagreements as tf_disagreements
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.tailfeathers.forces import scene_with_forces
from feltbox.game.tailfeathers.gallery import tf_gallery
from feltbox.game.tailfeathers.table import tf_table
from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.game.tailsandtactics import seats as tt_seats
from feltbox.game.tailsandtactics.agreement import disagreements as tt_disagreements
from feltbox.game.tailsandtactics.bridge import TTBridge
from feltbox.game.tailsandtactics.gallery import tt_gallery, tt_scene_table
from feltbox.game.tailsandtactics.layout import tt_view
from feltbox.game.tailsandtactics.pictures import FeltDresser
from feltbox.game.tailsandtactics.window_game import TTWindowGame
from feltbox.rules.core import InputError
from feltbox.rules.flickem.flow import ACTIONS as FLICKEM_ACTIONS
from feltbox.rules.flickem.secrets import dealt_events
from feltbox.rules.root.flow import ACTIONS as ROOT_ACTIONS
from feltbox.rules.snowbirds.flow import ACTIONS as SB_ACTIONS
from feltbox.rules.tailfeathers.flow import ACTIONS as TF_ACTIONS
from feltbox.rules.tailfeathers.forces import load_force
from feltbox.rules.tails_and_tactics.flow import ACTIONS as TT_ACTIONS
from feltbox.scenes.loader import SceneError, load_flickem, load_scene, load_tailfeathers
from feltbox.scenes.root.named import load_root
from feltbox.scenes.snowbirds.named import load_snowbirds
from feltbox.scenes.tailsandtactics.named import load_tailsandtactics

Table = tuple[list[BodySpec], np.ndarray]


@dataclass(frozen=True)
class GameKind:
    """Everything the window and the command line need of one game."""

    name: str
    title: str
    load_scene: Callable[[str], Any]                     # a command-line key ("1", "show_of_force", "my.toml")
    new_bridge: Callable[..., Any]                       # (scene, seed, on_episode=, on_action=)
    new_seats: Callable[..., Any]                        # (bridge, bots, script) -> players.Seats
    actions: dict                                        # the rules actions, by name (game scripts)
    turn_ends: tuple[str, ...]                           # actions that end a turn (headless count)
    min_decisions: int                                   # the least decision limit of a whole game
    window_game: Callable[..., Any]                      # (scene, seed, bots) -> the window's controller
    new_recorder: Callable[..., Any]                     # (path, scene, seed) -> a whole game's Recorder
    rules_check: Callable[[dict, list], RulesCheck]      # (header, episodes) -> its rules check
    table: Callable[[Any], Table]                        # the table laid from a scene (pictures)
    gallery: Callable[[], Table]                         # every piece kind in rows
    replay_bodies: Callable[[dict], list[BodySpec]]      # the bodies a recording is drawn with
    replay_timeline: Callable[[Replay], tuple[Timeline, list[BodySpec]]]   # its playback; RebuildError
    seat_word: str = ""                                  # how a seat is named before its id: "team A"
    agreement: Callable[[Any], list] | None = None       # (bridge) -> where rules and table disagree
    opening: Callable[[Any], list] | None = None         # (state) -> private events of the deal (secret cards)
    chooses_first: bool = False                          # the players choose which team starts
    free_table: Callable[[Any], City] | None = None      # a table to flick on without rules, if any
    with_forces: Callable[[Any, list], Any] | None = None   # the scene with custom forces, if any
    seats: Callable[[Any], tuple[str, ...]] = lambda scene: ()   # (scene) -> the seats --bots can name
    dresser: Callable[[list[BodySpec]], Callable[[Any, np.ndarray], Any]] | None = None
    # (bodies) -> dress(scene, poses, present=None): the faces a picture or video may show, before each frame
    overview: Callable[[], tuple] | None = None          # () -> (eye, look-at) of a picture's overview, if not the city's


def scene_file(key: str) -> Path | None:
    """The scene file a command-line key names (it ends in .toml or is a path), else None: every
    command that takes a scenario number or scene name also takes a player's own scene file."""
    return Path(key) if key.lower().endswith(".toml") or "/" in key or "\\" in key else None


def _own_scene(path: Path, game: str):
    """A player's scene file, checked by the same loader as the built-in ones; it must be ``game``'s."""
    scene = load_scene(path)
    if scene.game != game:
        raise SceneError(f"{path}:1: game: a {scene.game} scene, this command plays {game}")
    return scene


def _flickem_scene(key: str):
    if scene_file(key):
        return _own_scene(scene_file(key), "flickem")
    try:
        number = int(key)
    except ValueError:
        raise SceneError(f"scenario number must be an integer 1-10 or a scene file (.toml), got {key!r}") from None
    return load_flickem(number)


def _tf_scene(key: str):
    return _own_scene(scene_file(key), "tailfeathers") if scene_file(key) else load_tailfeathers(key)


def _sb_scene(key: str):
    return _own_scene(scene_file(key), "snowbirds") if scene_file(key) else load_snowbirds(key)


def _sb_timeline(replay: Replay) -> tuple[Timeline, list[BodySpec]]:
    """A migration is rebuilt on the whole Snowbirds table; throws alone play in the tray."""
    if "rules" in replay.header:
        return build_sb_timeline(replay)
    return build_timeline(replay), replay_bodies(replay.header)


def _root_scene(key: str):
    return _own_scene(scene_file(key), "root") if scene_file(key) else load_root(key)


def _root_timeline(replay: Replay) -> tuple[Timeline, list[BodySpec]]:
    """A game is rebuilt on the whole Root table; throws alone play in the tray."""
    if "rules" in replay.header:
        return build_root_timeline(replay)
    return build_timeline(replay), replay_bodies(replay.header)


def _tt_scene(key: str):
    return _own_scene(scene_file(key), "tailsandtactics") if scene_file(key) else load_tailsandtactics(key)


def _tt_timeline(replay: Replay) -> tuple[Timeline, list[BodySpec]]:
    """A game is rebuilt on the whole felt; throws alone play in the tray."""
    if "rules" in replay.header:
        return build_tt_timeline(replay)
    return build_timeline(replay), replay_bodies(replay.header)


def _flickem_table(scene) -> Table:
    city = build_city(scene)
    return city.bodies, city.poses


def _flickem_timeline(replay: Replay) -> tuple[Timeline, list[BodySpec]]:
    return build_timeline(replay), city_bodies_for_replay(replay.header)


def _tf_timeline(replay: Replay) -> tuple[Timeline, list[BodySpec]]:
    """A battle is rebuilt on its battlefield; a recording of dice throws alone plays in the tray."""
    if "rules" in replay.header:
        return build_tf_timeline(replay)
    return build_timeline(replay), replay_bodies(replay.header)


def _tf_forces(scene, forces: list[tuple[str, str]]):
    """The scene with custom forces (``[(file, alliance)]``, docs/forces.md) for its figures."""
    return scene_with_forces(scene, [load_force(path, alliance) for path, alliance in forces])


FLICKEM = GameKind(
    name="flickem", title="Flick'em Up! Dead of Winter",
    load_scene=_flickem_scene, new_bridge=FlickemBridge, new_seats=flickem_seats.new_seats,
    actions=FLICKEM_ACTIONS, turn_ends=flickem_seats.TURN_ENDS, min_decisions=flickem_seats.MIN_DECISIONS,
    window_game=WindowGame,
    new_recorder=flickem_recorder,
    rules_check=FlickemRulesCheck, table=_flickem_table, gallery=flickem_gallery,
    replay_bodies=city_bodies_for_replay, replay_timeline=_flickem_timeline, seat_word="team",
    chooses_first=True, free_table=build_city, agreement=disagreements, opening=dealt_events,
    seats=lambda scene: tuple(sorted({s.team for s in scene.survivors})))

TAILFEATHERS = GameKind(
    name="tailfeathers", title="Tail Feathers",
    load_scene=_tf_scene, new_bridge=TFBridge, new_seats=tf_seats.new_seats,
    actions=TF_ACTIONS, turn_ends=tf_seats.TURN_ENDS, min_decisions=tf_seats.MIN_DECISIONS,
    window_game=TFWindowGame, new_recorder=tf_recorder,
    rules_check=TFRulesCheck,
    table=tf_table, gallery=tf_gallery, replay_bodies=replay_bodies, replay_timeline=_tf_timeline,
    with_forces=_tf_forces, agreement=tf_disagreements,
    seats=lambda scene: tuple(sorted({f.alliance for f in scene.figures})))

SNOWBIRDS = GameKind(
    name="snowbirds", title="Snowbirds",
    load_scene=_sb_scene, new_bridge=SBBridge, new_seats=sb_seats.new_seats,
    actions=SB_ACTIONS, turn_ends=sb_seats.TURN_ENDS, min_decisions=sb_seats.MIN_DECISIONS,
    window_game=SBWindowGame, new_recorder=sb_recorder, rules_check=SBRulesCheck,
    table=sb_scene_table, gallery=sb_gallery, replay_bodies=replay_bodies, replay_timeline=_sb_timeline,
    agreement=sb_disagreements, seats=lambda scene: sb_seats.SEATS, dresser=PublicDresser,
    overview=sb_view)

ROOT = GameKind(
    name="root", title="Root",
    load_scene=_root_scene, new_bridge=RootBridge, new_seats=root_seats.new_seats,
    actions=ROOT_ACTIONS, turn_ends=root_seats.TURN_ENDS, min_decisions=root_seats.MIN_DECISIONS,
    window_game=RootWindowGame, new_recorder=root_recorder, rules_check=RootRulesCheck,
    table=root_scene_table, gallery=root_gallery, replay_bodies=replay_bodies, replay_timeline=_root_timeline,
    agreement=root_disagreements, seats=lambda scene: root_seats.SEATS, dresser=felt_dresser, overview=root_view)

TAILSANDTACTICS = GameKind(
    name="tailsandtactics", title="Tails and Tactics",
    load_scene=_tt_scene, new_bridge=TTBridge, new_seats=tt_seats.new_seats,
    actions=TT_ACTIONS, turn_ends=tt_seats.TURN_ENDS, min_decisions=tt_seats.MIN_DECISIONS,
    window_game=TTWindowGame, new_recorder=tt_recorder, rules_check=TTRulesCheck,
    table=tt_scene_table, gallery=tt_gallery, replay_bodies=replay_bodies, replay_timeline=_tt_timeline,
    agreement=tt_disagreements, seats=lambda scene: tt_seats.SEATS, dresser=FeltDresser, overview=tt_view)

GAMES: dict[str, GameKind] = {g.name: g for g in (FLICKEM, TAILFEATHERS, SNOWBIRDS, TAILSANDTACTICS, ROOT)}


class UnknownGame(InputError):
    """A game name feltbox does not know; the message lists the known ones."""


def fresh_seed() -> int:
    """The seed of a game people play: 62 random bits. The seed deals every secret (tokens,
    objectives) and throws every die, so it must not be found by trying seeds against what the
    game shows (2**31 seeds could be tried in minutes)."""
    return secrets.randbelow(2**62)


def seat_name(kind: GameKind, team: str) -> str:
    """A seat as the start screen and the command line name it: "team A", "mouse"."""
    return f"{kind.seat_word} {team}" if kind.seat_word else team


def recorded_game(header: dict) -> GameKind:
    """The game a replay header's scene belongs to (recordings before the scene named its game
    are Dead of Winter's)."""
    return game_of(header.get("scene", {}).get("game", "flickem"))


def game_of(name: str) -> GameKind:
    """The registry entry of game ``name``."""
    if name not in GAMES:
        raise UnknownGame(f"no game {name!r} (known: {', '.join(GAMES)})")
    return GAMES[name]


def play_headless(scene, seed: int = 0, log: str | Path | None = None, on_episode=None,
                  max_decisions: int = 2000, bots: str = "all", script=None, on_action=None,
                  after_action=None) -> GameResult:
    """Play ``scene`` (of any game) to its end: bots on their seats, the script's lines on the
    others. ``on_episode`` gets every physics episode, ``on_action`` every rules action (a
    Recorder), ``after_action(bridge)`` the game once each action is applied to rules and table."""
    kind = game_of(scene.game)
    bridge = kind.new_bridge(scene, seed, on_episode=on_episode, on_action=on_action)
    seats = kind.new_seats(bridge, bots, script)
    if seats.interactive and kind.opening is not None:     # hot-seat: each player's own secret card
        seats.script.events(kind.opening(bridge.engine.state), bridge.engine.state)
    if STRICT_AGREEMENT and kind.agreement is not None:
        after_action = _strict(kind.agreement, after_action)
    return play_game(bridge, seats, kind.turn_ends, log, max(max_decisions, kind.min_decisions), after_action)


STRICT_AGREEMENT = False     # the test suite sets it (tests/conftest.py): every headless game checks one truth


class Disagreed(AssertionError):
    """The rules and the table told two stories (ARCHITECTURE.md "One truth")."""


def _strict(check, after_action):
    """``after_action`` preceded by the game's agreement check, which raises on a disagreement."""
    count = [0]

    def after(bridge) -> None:
        count[0] += 1
        found = check(bridge)
        if found:
            more = f" (+{len(found) - 1} more)" if len(found) > 1 else ""
            raise Disagreed(f"after action {count[0]}: {found[0]}{more}")
        if after_action is not None:
            after_action(bridge)
    return after


def game_recorder(path: str | Path, scene, seed: int) -> recorder.Recorder:
    """A recorder for a whole game on ``scene``: its episodes and every rules action (sealed
    when the game has secrets: game/replay/sealing.py)."""
    return game_of(scene.game).new_recorder(path, scene, seed)


def _rules_check(header: dict, episodes: list) -> RulesCheck:
    return game_of(header["rules"].get("game", "flickem")).rules_check(header, episodes)


def actions_of(name: str) -> dict | None:
    """The rules actions of game ``name`` by class name (None: no game of this build)."""
    return GAMES[name].actions if name in GAMES else None


def read_game_replay(path: str | Path) -> Replay:
    """read_replay, with each recorded rules action checked against its game's actions too."""
    return read_replay(path, actions_of)


def verify(path: str | Path) -> recorder.VerifyResult:
    """Re-simulate a replay and re-apply its rules actions with its game's rules check."""
    return recorder.verify(path, _rules_check, actions_of)
