"""A scene with custom forces (rules/tailfeathers/forces.py): each force replaces its alliance's
figures of the scene. Its birds (with their pilots), squads (every figure of the card) and hero
deploy on the home tree as Deploy Forces says (rules/tailfeathers/setup.deploy: birds first on
empty branch spaces, then small figures, then the nest). The forces ride along in the scene
(``TFScene.forces``) so the bridge gives each pilot its rank and a replay rebuilds the same game."""
from __future__ import annotations

from dataclasses import replace

from feltbox.models.tailfeathers.figures import BIRDS, RINGS
from feltbox.rules.tailfeathers import data as tables
from feltbox.rules.tailfeathers.forces import Force, ForceError
from feltbox.scenes.tailfeathers.schema import FigureSetup, TFScene


def scene_with_forces(scene: TFScene, forces: list[Force] | tuple[Force, ...]) -> TFScene:
    """``scene`` with each force's figures in place of its alliance's."""
    forces = tuple(f for f in forces if f is not None)
    seen = [f.alliance for f in forces]
    if len(set(seen)) != len(seen):
        raise ForceError(f"two forces for the {seen[0]} alliance: {', '.join(f.source for f in forces)}")
    replaced = set(seen)
    rings = {f.params.get("name"): f.params.get("ring") for f in scene.figures if f.kind == "tf_bird"}
    figures = [f for f in scene.figures if f.alliance not in replaced]
    used = {f.params.get("ring") for f in figures if f.kind == "tf_bird"}
    for force in forces:
        for i, u in enumerate(force.units):
            figures += _figures(force, i, u, rings, used)
    return replace(scene, figures=tuple(figures), forces=tuple(f for f in scene.forces if f.alliance not in replaced)
                   + forces)


def _figures(force: Force, i: int, u, rings: dict, used: set) -> list[FigureSetup]:
    if u.kind == "bird":
        if u.card not in BIRDS:
            raise ForceError(f"{force.source}:{u.line}: unit[{i}].card: the table has no figure of {u.card} "
                             f"(bird figures: {', '.join(b for b, v in BIRDS.items() if v[0] == force.alliance)})")
        ring = rings.get(u.card) if rings.get(u.card) not in used else None
        ring = ring or next((r for r in RINGS if r not in used), "blue")
        used.add(ring)
        return [FigureSetup(u.card, "tf_bird", {"name": u.card, "pilot": u.pilot, "ring": ring, "tilt": "center"},
                            force.alliance)]
    if u.kind == "hero":
        return [FigureSetup(u.card, "tf_rodent", {"alliance": force.alliance, "role": "hero"}, force.alliance)]
    n = int(tables.card_of("squad", u.card).get("figures", 1))
    prefix = SQUAD_IDS.get(u.card, u.card)
    return [FigureSetup(f"{prefix}-{k + 1}", "tf_rodent", {"alliance": force.alliance, "role": "squad"},
                        force.alliance) for k in range(n)]


SQUAD_IDS = {"ratblades": "rat-squad"}      # the scenes' figure ids of a squad card
