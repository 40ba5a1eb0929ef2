"""Figures on the table: their size, where an episode left them, and where a new one is placed
(rulebook: MOVE, ZOMBIE RUSH "After the Zombie Rush", ZOMBIES ENTERING A BUILDING, GLOSSARY
"NEXT TO").

Below every step module: a flick, a rush, the betrayer's flick and a fight's eject all apply the
bridge's measured ``positions`` / ``standing`` the same way (:func:`place_measured_figures`),
and zombies measured at a door go in by :func:`zombies_enter_buildings`.
"""
from __future__ import annotations

import math
from dataclasses import replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.barricades import barricaded
from feltbox.rules.flickem.outcome import TableFacts
from feltbox.rules.flickem.scenarios import may_enter, scenario_rules
from feltbox.rules.flickem.state import Data, FlickemState

FIGURE_RADIUS = 1.3       # house: dimensions table figure.base_diameter / 2
DISC_WIDTH = 4.0          # house: dimensions table movement_disc.diameter
# S3 RESCUED FIGURE "within a movement disc's width of its escort": house, her base 2.5 cm from his
# (not 1 cm as any other figure placed NEXT TO one), so his movement disc (4 cm across, in his place)
# sweeps past her in any direction 40 degrees or more from hers; at 1 cm it touched her up to 66
# degrees off (S3 seed 3: every flick round the pickup truck failed on her)
RESCUED_GAP = 2.5


def place_measured_figures(data: Data, outcome: TableFacts) -> Data:
    """Every figure where the episode left it, standing or fallen as measured (MOVE, ZOMBIE RUSH:
    "All zombies simply remain in their new position"); S3: the vehicles, barrels and boxes too."""
    standing = outcome.standing
    data = data.with_positions(outcome.positions)
    if outcome.objects is not None:       # S3: where the vehicles, barrels and boxes now are
        data = replace(data, objects=tuple((o, *rect) for o, rect in sorted(outcome.objects.items())))
    zombies = tuple(replace(z, standing=bool(standing.get(z.id, z.standing))) for z in data.zombies)
    survivors = tuple(replace(s, standing=bool(standing.get(s.id, s.standing))) for s in data.survivors)
    return replace(data, zombies=zombies, survivors=survivors)


def zombies_enter_buildings(state: FlickemState, outcome: TableFacts, events: list[Event]) -> FlickemState:
    """ZOMBIES ENTERING A BUILDING: a zombie measured at a building's door enters it only if at
    least one survivor or token is inside and fewer than 2 zombies are (S4: and it is not
    barricaded). It goes in standing or fallen as measured: the rulebook stands nobody up here
    (S2 FIGHT stands the building's fallen zombies when a survivor enters it, fights.py), so a
    fallen zombie that slid in lies on the support block and forces no fight until it stands."""
    data = state.data
    for zid, building in sorted(outcome.at_door.items()):
        zombie = next(z for z in data.zombies if z.id == zid)
        if zombie.where != "city":
            continue
        occupied = any(s.where == building for s in data.survivors) or \
            any(t.where == building for t in data.tokens)
        crowd = sum(z.where == building for z in data.zombies)
        if occupied and crowd < 2 and may_enter(scenario_rules(state.scenario), building, "zombie") \
                and not barricaded(data, building):
            data = replace(data, zombies=tuple(replace(z, where=building) if z.id == zid else z
                                               for z in data.zombies))
            events.append(Event("zombie entered a building", {"zombie": zid, "building": building,
                                                              "standing": zombie.standing}))
    return replace(state, data=data)


def free_spot(data: Data, xy: tuple[float, float], ignore: tuple[str, ...] = (),
              behind: tuple[float, float] | None = None, gap: float = 1.0) -> tuple[float, float]:
    """A figure's place NEXT TO ``xy`` (bases ``gap`` cm apart), on the side farthest from the
    other figures in the city (ties toward the city's centre, so it stays on the table).
    ``behind``: where the figure comes from (S3's rescued figure trailing her escort); then the
    spot nearest that side among those with a figure's room (bases at least ``gap`` from any
    other), so she is repositioned behind him, out of the way he was going (house: the rulebook
    leaves the spot to the players; a player keeps her off the line of the escort's next flick)."""
    spacing = 2 * FIGURE_RADIUS + gap
    others = [(x, y) for p, x, y in data.positions if p not in ignore and (x, y) != tuple(xy)]

    def spot(angle: float) -> tuple[float, float]:
        return (xy[0] + spacing * math.cos(angle), xy[1] + spacing * math.sin(angle))

    def room(angle: float) -> float:
        return min((math.dist(spot(angle), o) for o in others), default=99.0)

    def score(angle: float) -> tuple[float, float]:
        return (round(min(room(angle), 10.0), 3), -math.hypot(*spot(angle)))

    angles = [math.radians(a) for a in range(0, 360, 30)]
    best = max(angles, key=score)
    if behind is not None and math.dist(behind, xy) > 1e-6:
        back = math.atan2(behind[1] - xy[1], behind[0] - xy[0])
        roomy = [a for a in angles if room(a) >= spacing]
        if roomy:
            best = min(roomy, key=lambda a: abs((a - back + math.pi) % (2 * math.pi) - math.pi))
    x, y = spot(best)
    return (round(x, 3), round(y, 3))
