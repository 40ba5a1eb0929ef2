"""A headless physical session on one city: runs flick and rush episodes, keeps the table state
between them, applies the physical consequences of a move or a bat flick as the rules judge them
(rules.flickem.judge), and hands episodes to a recorder.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from feltbox.game.table.arena import arena_flick
from feltbox.game.table.city import City, rest_pose
from feltbox.game.table.flick import Aim, FlickSetup, heading_of, setup_flick
from feltbox.game.table.flick_runner import episode_world, run_flick
from feltbox.game.table.measure import fallen_mask, footprint_radius, inside_city, just_inside, restore
from feltbox.game.table.rush import RushSetup, setup_horde, setup_rush
from feltbox.game.table.shelf import figure_spot
from feltbox.game.table.table import EpisodeResult, Table
from feltbox.models.dimensions import dims
from feltbox.rules.flickem.judge import judge_bat, judge_move
from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome
from feltbox.rules.flickem.scenarios import scenario_rules


@dataclass
class Episode:
    """One recorded episode: what the replay stores and ``--verify`` re-runs."""
    kind: str
    start: np.ndarray
    world: dict                      # present mask (indices off the table), awake, watch, cap
    inputs: list
    result: EpisodeResult
    outcome: dict


@dataclass
class Session:
    city: City
    poses: np.ndarray = None
    present: np.ndarray = None
    on_episode: Callable[[Episode], None] | None = None
    episodes: int = 0
    inside: dict = field(default_factory=dict)   # survivor id -> building id it is in

    def __post_init__(self):
        self.poses = self.city.poses.copy() if self.poses is None else np.asarray(self.poses, np.float32)
        self.present = self.city.present.copy() if self.present is None else np.asarray(self.present, bool)
        for p in self.city.scene.placements:     # survivors that start IN a building
            if p.kind == "survivor" and p.on in self.city.buildings:
                self.inside.setdefault(p.id, p.on)

    def snapshot(self) -> tuple[np.ndarray, np.ndarray, dict]:
        """The table as it stands: poses, who is on it, who is inside which building."""
        return self.poses.copy(), self.present.copy(), dict(self.inside)

    def restore(self, snapshot: tuple[np.ndarray, np.ndarray, dict]) -> None:
        """Put the table back exactly as a snapshot found it (bit for bit)."""
        poses, present, inside = snapshot
        self.poses, self.present, self.inside = poses.copy(), present.copy(), dict(inside)

    # -- running ------------------------------------------------------------------------------
    def _run(self, kind: str, poses: np.ndarray, present: np.ndarray, inputs: list, awake: list[int],
             watch: list[int] | None, touch: list[int] | None = None) -> tuple[EpisodeResult, dict]:
        table = Table(self.city.bodies, poses, present, awake)
        result = table.run(inputs, watch=watch, touch=touch)
        return result, episode_world(present, awake, watch, touch)

    def rv_parts(self, present: np.ndarray) -> list[int] | None:
        """The RV and its support blocks on the table, when the scenario loses the moment a
        zombie touches them (S1 INSTANT DEFEAT); None in any other scenario."""
        if scenario_rules(self.city.scene.number).instant_defeat != "zombie_touches_rv" \
                or "rv" not in self.city.buildings:
            return None
        parts = [self.city.index(p) for p in ("rv", *self.city.buildings["rv"].supports)]
        return [i for i in parts if present[i]]

    def _record(self, kind: str, result: EpisodeResult, world: dict, inputs: list, outcome: dict) -> None:
        self.episodes += 1
        if self.on_episode is not None:
            self.on_episode(Episode(kind, result.start, world, [i.to_json() for i in inputs], result, outcome))

    # -- flicks -------------------------------------------------------------------------------
    def flick(self, survivor: str, weapon: str, aim: Aim, side: str = "right",
              piece_heading: float | None = None, apply_move_rule: bool = True) -> FlickOutcome:
        """Flick ``weapon`` for ``survivor`` and keep the table in the state the rulebook leaves."""
        inside = self.inside.get(survivor)
        from_behind = ("movement_disc", "bat", "bullet", "knife")   # out through the door
        start_xy = self.behind_building(inside) if inside and weapon in from_behind else None
        setup = setup_flick(self.city, self.poses, self.present, survivor, weapon, aim, side,
                            piece_heading, start_xy)
        result, outcome = self._run_flick(setup, inside)
        outcome = replace(outcome, extra=replace(outcome.extra, survivor=survivor, weapon=weapon, aim=aim.to_json(),
                                                 side=side))
        self._record("flick", result, episode_world(setup.present, setup.awake, setup.watched), setup.inputs,
                     outcome.episode_json())
        self._after_flick(setup, result, outcome, survivor, weapon, apply_move_rule)
        return outcome

    def fight(self, spec: dict, aim: Aim) -> FlickOutcome:
        """One attack of a fight, in the arena outside the city (game/table/arena.py): recorded like
        any episode; the city is left as it stands."""
        setup = arena_flick(self.city, spec, aim)
        result, outcome = self._run_flick(setup, None)
        outcome = replace(outcome, extra=replace(outcome.extra, attacker=spec["attacker"], weapon=spec["weapon"],
                                                 aim=aim.to_json()))
        self._record("fight", result, episode_world(setup.present, setup.awake, setup.watched), setup.inputs,
                     outcome.episode_json())
        return outcome

    def eject(self, survivor: str, building: str, aim: Aim) -> FlickOutcome:
        """S6: the loser of a fight is "placed behind the building's entrance" and flicked out.
        House reading: a standing figure does not fit under the building the way a disc does,
        so it is placed at the entrance, its base just clear of the door line."""
        i = self.city.index(survivor)
        geom = self.city.buildings[building]
        local = np.array([geom.door_x + dims()["figure"]["base_diameter"] / 2 + 0.3, 0.0])
        x, y = geom.to_world(local)[0]
        self.poses[i] = rest_pose(self.city.bodies[i], float(x), float(y), geom.heading)
        self.present[i] = True
        outcome = self.flick(survivor, "figure", aim, apply_move_rule=False)
        self.inside.pop(survivor, None)
        return outcome

    def _run_flick(self, setup: FlickSetup, inside: str | None) -> tuple[EpisodeResult, FlickOutcome]:
        run = run_flick(self.city, setup, inside)
        return run.result, run.outcome

    def behind_building(self, building: str) -> tuple[float, float]:
        """Where a disc starts to leave ``building``: behind it, clear of the blocks' backs
        (a flick from inside a building starts behind it)."""
        geom = self.city.buildings[building]
        radius = dims()["movement_disc"]["diameter"] / 2 + 0.6     # clear of the blocks' backs
        return tuple(geom.to_world(np.array([geom.back_x - radius, 0.0]))[0])

    def _after_flick(self, setup: FlickSetup, result: EpisodeResult, outcome: FlickOutcome,
                     survivor: str, weapon: str, apply_move_rule: bool) -> None:
        """MOVE / BASEBALL BAT consequences, judged by the rules: on success the figure takes the
        disc's (bat's) place facing its line; a failed move puts back every disturbed piece, the
        bat stands up what fell; either way the flicked kit leaves the table."""
        poses = result.final.copy()
        present = setup.present.copy()
        s = self.city.index(survivor)
        if weapon in ("movement_disc", "bat") and apply_move_rule:
            if weapon == "movement_disc":
                verdict = judge_move(outcome)
                poses = restore(self.city, setup.poses, poses, list(verdict.restore))
            else:
                verdict = judge_bat(outcome, self._friends(survivor))
                self.stand(poses, verdict.stand_up)
            if verdict.success:
                target = outcome.entered or (None if outcome.exited else self.inside.get(survivor))
                self._land(poses, s, result.final[setup.flicked], target)
                if outcome.exited:
                    self.inside.pop(survivor, None)
            else:
                poses[s] = self.poses[s]
            present[s] = True
        for kit_piece in [setup.flicked] * (weapon != "figure") + setup.held + setup.awake:
            if self.city.bodies[kit_piece].id != survivor:
                present[kit_piece] = False
                poses[kit_piece] = self.city.poses[kit_piece]
        self.poses, self.present = poses.astype(np.float32), present

    def _friends(self, survivor: str) -> frozenset[str]:
        teams = {s.piece: s.team for s in self.city.scene.survivors}
        return frozenset(p for p, team in teams.items() if team == teams.get(survivor))

    def stand(self, poses: np.ndarray, pieces) -> None:
        """Stand fallen pieces back up where they lie (rulebook: 'returned to standing')."""
        for piece in pieces:
            i = self.city.index(piece)
            poses[i] = rest_pose(self.city.bodies[i], float(poses[i, 0]), float(poses[i, 1]),
                                 heading_of(poses[i]))

    def _land(self, poses: np.ndarray, survivor: int, disc_pose: np.ndarray, building: str | None) -> None:
        """The figure replaces the disc, facing the disc's orientation line."""
        heading = heading_of(disc_pose)
        spec = self.city.bodies[survivor]
        if building is None:
            poses[survivor] = rest_pose(spec, float(disc_pose[0]), float(disc_pose[1]), heading)
            return
        wx, wy, base = figure_spot(self.city, poses, self.present, self.inside, building, spec.id)
        poses[survivor] = rest_pose(spec, wx, wy, heading, base_z=base)
        self.inside[spec.id] = building

    # -- rushes -------------------------------------------------------------------------------
    def rush(self, zombies: list[str], target_xy: tuple[float, float]) -> RushOutcome:
        setup = setup_rush(self.city, self.poses, self.present, zombies, target_xy)
        return self._run_rush("rush", setup, zombies)

    def horde(self, zombies: list[str]) -> RushOutcome:
        setup = setup_horde(self.city, self.poses, self.present, zombies)
        return self._run_rush("horde", setup, zombies)

    def _run_rush(self, kind: str, setup: RushSetup, zombies: list[str]) -> RushOutcome:
        # The rules read a rush's touches only for S1's INSTANT DEFEAT (bridge._touching_rv): the
        # rushing zombies are watched there, for touches of the RV and its blocks alone; elsewhere
        # nothing is watched.
        rv = self.rv_parts(setup.present)
        result, world = self._run(kind, setup.poses, setup.present, setup.inputs, setup.awake,
                                  None if rv is None else setup.awake, rv)
        before, after = result.start, result.final
        ids = [b.id for b in self.city.bodies]
        on_table = setup.present & ~np.isin(np.arange(len(ids)), setup.awake)
        tags = [b.model.tags for b in self.city.bodies]
        fell = on_table & ~fallen_mask(before) & fallen_mask(after)
        left = setup.present & ~inside_city(self.city, after[:, :2])
        left &= inside_city(self.city, before[:, :2]) | np.isin(np.arange(len(ids)), setup.awake)
        outcome = RushOutcome(
            zombies=tuple(zombies),
            survivors_fell=tuple(ids[i] for i in np.flatnonzero(fell) if "survivor" in tags[i]),
            objects_fell=tuple(ids[i] for i in np.flatnonzero(fell) if "object" in tags[i]),
            left_city=tuple(ids[i] for i in np.flatnonzero(left) if "tower" not in tags[i]),
            back_inside={ids[i]: just_inside(self.city, after[i, :2], footprint_radius(self.city, i) + 0.5)
                         for i in np.flatnonzero(left) if "figure" in tags[i]},
            set_aside=tuple(ids[i] for i in setup.set_aside), heading=float(setup.heading),
            settled=bool(result.settled), sim_seconds=float(result.sim_seconds),
            touched={ids[z]: tuple(ids[i] for _, i in c) for z, c in result.contacts_of.items()})
        self._record(kind, result, world, setup.inputs, outcome.episode_json())
        poses, present = after.copy(), setup.present.copy()
        present[setup.set_aside] = True                   # set-aside components come back
        poses[setup.set_aside] = self.poses[setup.set_aside]
        for k, name in enumerate(("zombie_bin", "zombie_tower", "roof_support")):
            poses[self.city.index(name)] = self.city.tower_home[k]   # the tower goes home
        self.poses, self.present = poses.astype(np.float32), present
        return outcome
