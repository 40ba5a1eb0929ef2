"""Every piece kind feltbox can build, by name, with the parameters each accepts.

``build(kind, **params)`` returns a cached :class:`PieceModel`; the scene loader validates kinds
and parameters against ``KINDS`` so a typo in a scene names the field instead of crashing later.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from feltbox.models import buildings, cards, d6, d12, discs, figures, props, tower, vehicles, weapons
from feltbox.models.base import PieceModel
from feltbox.models.cache import cached_build
from feltbox.models.root.catalog import root_kinds
from feltbox.models.snowbirds.catalog import sb_kinds
from feltbox.models.tailfeathers.catalog import tf_kinds

BUILDING_NAMES = ("library", "grocery_store", "police_station", "gas_station", "hospital",
                  "school", "rv")
VEHICLE_NAMES = ("car", "ice_cream_truck", "pickup_truck")
TOKEN_NAMES = ("life", "not_allowed", "survivor", "food", "fuel", "medicine", "pretzel", "gun",
               "baseball_bat", "knife", "shotgun", "sniper", "crossroads", "key", "zombie",
               "extra_action", "flare", "x", "time_marker")

# kind -> (builder, {param: (type, allowed values or None, default or REQUIRED)})
REQUIRED = object()
KINDS: dict[str, tuple[Callable[..., PieceModel], dict[str, tuple[type, tuple | None, Any]]]] = {
    "survivor": (figures.survivor, {"number": (int, tuple(range(1, 12)), REQUIRED),
                                    "name": (str, None, ""),
                                    "backpack": (str, ("day", "night"), "day")}),
    "zombie": (figures.zombie, {"number": (int, tuple(range(1, 19)), REQUIRED),
                                "design": (int, (1, 2, 3), 1)}),
    "movement_disc": (discs.movement_disc, {}),
    "bullet": (discs.bullet, {}),
    "pellet": (discs.pellet, {}),
    "flare": (discs.flare, {"side": (str, ("big", "small"), "big")}),
    "token": (discs.token, {"token": (str, TOKEN_NAMES, REQUIRED),
                            "face": (str, ("up", "down"), "down")}),
    "knife": (weapons.knife, {}),
    "bat": (weapons.bat, {}),
    "shotgun_template": (weapons.shotgun_template, {}),
    "sniper_template": (weapons.sniper_template, {}),
    "building": (buildings.building, {"name": (str, BUILDING_NAMES, REQUIRED)}),
    "support_block": (buildings.support_block, {"building": (str, BUILDING_NAMES, REQUIRED)}),
    "vehicle": (vehicles.vehicle, {"name": (str, VEHICLE_NAMES, REQUIRED)}),
    "barrel": (props.barrel, {"number": (int, (1, 2, 3), 1)}),
    "box": (props.crate, {"number": (int, (1, 2, 3), 1)}),
    "street_lamp": (props.street_lamp, {}),
    "barricade": (props.barricade, {}),
    "city_limit": (props.city_limit, {}),
    "zombie_tower": (tower.zombie_tower, {}),
    "roof_support": (tower.roof_support, {}),
    "zombie_bin": (tower.zombie_bin, {"day": (int, tuple(range(0, 19)), 2),
                                      "night": (int, tuple(range(0, 19)), 3)}),
    "card": (cards.card, {"size": (str, tuple(cards.card_sizes()), "poker")}),   # one kind per card size
}
KINDS.update(tf_kinds(REQUIRED))   # Tail Feathers pieces: tf_tree, tf_bird, tf_die ...
KINDS["d6"] = (d6.d6, {})          # the standard six-sided die (Snowbirds' two dice)
KINDS.update(sb_kinds(REQUIRED))   # Snowbirds pieces: sb_player_mat, sb_token, sb_dice_tray ...
KINDS["d12"] = (d12.d12, {})       # a twelve-sided die (Root's two battle dice)
KINDS.update(root_kinds(REQUIRED))  # Root pieces: root_map, root_warrior, root_plot ...


def check_params(kind: str, params: dict[str, Any]) -> dict[str, Any]:
    """Validate and complete ``params`` for ``kind``; raise ValueError naming the bad field."""
    if kind not in KINDS:
        raise ValueError(f"unknown piece kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    spec = KINDS[kind][1]
    unknown = set(params) - set(spec)
    if unknown:
        raise ValueError(f"{kind}: unknown parameter {sorted(unknown)[0]!r}")
    full = {}
    for name, (typ, allowed, default) in spec.items():
        if name not in params:
            if default is REQUIRED:
                raise ValueError(f"{kind}: missing parameter {name!r}")
            full[name] = default
            continue
        value = params[name]
        if not isinstance(value, typ) or isinstance(value, bool) != (typ is bool):
            raise ValueError(f"{kind}: parameter {name!r} must be {typ.__name__}, got {value!r}")
        if allowed is not None and value not in allowed:
            raise ValueError(f"{kind}: parameter {name!r} = {value!r} is not one of {list(allowed)}")
        full[name] = value
    return full


@cache
def _build_cached(kind: str, frozen: tuple) -> PieceModel:
    return cached_build(kind, frozen, KINDS[kind][0])      # built once per process, kept on disk


def build(kind: str, **params: Any) -> PieceModel:
    """The model of one piece (cached: identical pieces share one model)."""
    full = check_params(kind, params)
    return _build_cached(kind, tuple(sorted(full.items())))
