"""IN A BUILDING: the place on a building's support blocks where a figure put into it stands.

Rulebook, ENTERING AND EXITING A BUILDING: "To mark that a survivor has entered a building, it's
figure is placed on either of that building's support blocks"; IN A BUILDING: "Any component on
the support blocks of a building is IN that building". Each block's exposed shelf is 3 cm wide and
11 cm deep (models/dimensions.toml); a figure's base is 2.6 cm across and a token 2.4 cm, and the
tokens lie at the shelf's front and back (``city.SHELF_TOKEN_X`` from its centre), a figure's place
free between them.

Until stop 36 every survivor went to the first block's centre and every zombie to the second's,
so two survivors in one building stood inside one another. Asleep they stayed put; the first rush
that woke them blew them apart, and each lost a life to a fall no zombie caused (S4 seed 12, the
round-3 horde: Elijah and Lily in the grocery store, thrown 8 cm and 9 cm). Now each figure takes
the first place no other figure in that building holds, in ``SPOTS`` order: the two centres first
(survivors from the first block, zombies from the second, as before), then the front and back of
each shelf, standing on whatever tokens lie there. The two shelves hold six figures; a seventh in
one building (possible only where more than 5 survivors play, as in S5 with both found or the
competitive scenarios' two teams) shares the first place.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.city import SHELF_TOKEN_X, City
from feltbox.models import buildings as building_models
from feltbox.models.base import inflation
from feltbox.models.dimensions import dims

# (block, offset along the shelf in SHELF_TOKEN_X): centres, then fronts (toward the door), backs
SPOTS = ((0, 0), (1, 0), (0, 1), (1, 1), (0, -1), (1, -1))


def _spots(city: City, building: str, first_block: int) -> list[np.ndarray]:
    """World (x, y, shelf top) of the places on ``building``'s blocks, in the order a figure
    whose own block is ``first_block`` takes them."""
    geom = city.buildings[building]
    out = []
    for block, along in SPOTS:
        slot = block if first_block == 0 else 1 - block
        lx, ly, lz = building_models.shelf_point(geom.name, slot)
        wx, wy = geom.to_world(np.array([lx + along * SHELF_TOKEN_X, ly]))[0]
        out.append(np.array([wx, wy, lz]))
    return out


def _tokens_top(city: City, poses: np.ndarray, present: np.ndarray, spot: np.ndarray) -> float:
    """Height a figure stands at on ``spot``: the shelf, or the top of the tokens lying on it."""
    top = float(spot[2])
    reach = dims()["token"]["diameter"] / 2 + 0.8
    for j in city.ids("token"):
        if present[j] and float(np.hypot(*(poses[j, :2] - spot[:2]))) < reach:
            model = city.bodies[j].model
            top = max(top, float(poses[j, 2]) - model.rest_height + model.top_height + inflation(model))
    return top


def figure_spot(city: City, poses: np.ndarray, present: np.ndarray, inside: dict, building: str,
                piece: str) -> tuple[float, float, float]:
    """World x, y and base height where figure ``piece`` stands IN ``building``.

    A figure already in that building keeps its place (a stand or a lay down where it is);
    otherwise it takes the first place no other figure in the building holds."""
    spots = _spots(city, building, 1 if "zombie" in city.bodies[city.index(piece)].model.tags else 0)
    xy = np.array([s[:2] for s in spots])

    def place_of(j: int) -> int:
        return int(np.argmin(np.linalg.norm(xy - poses[j, :2], axis=1)))

    if inside.get(piece) == building:
        spot = spots[place_of(city.index(piece))]
    else:
        held = {place_of(city.index(other)) for other, where in inside.items()
                if where == building and other != piece and present[city.index(other)]
                and "figure" in city.bodies[city.index(other)].model.tags}
        spot = next((s for k, s in enumerate(spots) if k not in held), spots[0])
    return float(spot[0]), float(spot[1]), _tokens_top(city, poses, present, spot)


def token_spot(city: City, poses: np.ndarray, present: np.ndarray, inside: dict,
               building: str) -> tuple[float, float, float]:
    """World x, y and shelf height where a token put into ``building`` lies: the back of the first
    block, unless a figure stands there (a fifth in the building), then the next back or front."""
    figures = [city.index(p) for p, where in inside.items() if where == building
               and present[city.index(p)] and "figure" in city.bodies[city.index(p)].model.tags]
    places = list(zip(SPOTS, _spots(city, building, 0)))
    spots = [s for (_, along), s in places if along < 0] + [s for (_, along), s in places if along > 0]   # backs, fronts
    clear = dims()["figure"]["base_diameter"] / 2 + dims()["token"]["diameter"] / 2
    free = (s for s in spots if all(float(np.hypot(*(poses[j, :2] - s[:2]))) >= clear for j in figures))
    spot = next(free, spots[0])
    return float(spot[0]), float(spot[1]), float(spot[2])
