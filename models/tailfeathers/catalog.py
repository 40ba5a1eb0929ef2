"""The Tail Feathers piece kinds (all prefixed ``tf_``), merged into ``models.catalog.KINDS``.

Format as there: kind -> (builder, {param: (type, allowed values or None, default or REQUIRED)}).
"""
from __future__ import annotations

from feltbox.models.tailfeathers import dice, figures, flight, terrain, tokens, tray
from feltbox.models.tailfeathers.shapes import TREE_OVERLAYS


def tf_kinds(required) -> dict:
    alliance = (str, ("mouse", "rat"), "mouse")
    return {
        "tf_tree": (terrain.tree, {"overlay": (str, TREE_OVERLAYS, required)}),
        "tf_sapling": (terrain.sapling, {}),
        "tf_leaf": (terrain.leaf, {"side": (str, ("green", "orange"), "green")}),
        "tf_nest": (terrain.nest, {"owner": alliance}),
        "tf_nest_dial": (terrain.nest_dial, {"life": (int, tuple(range(0, 31)), 10), "owner": alliance}),
        "tf_axis_marker": (terrain.axis_marker, {}),
        "tf_mission": (terrain.mission_card, {"alliance": alliance,
                                              "mission": (str, terrain.MISSIONS, "decoy"),
                                              "face": (str, ("up", "down"), "down")}),
        "tf_bird": (figures.bird, {"name": (str, tuple(figures.BIRDS), required),
                                   "tilt": (str, figures.TILTS, "center"),
                                   "pilot": (str, ("",) + tuple(figures.PILOTS), ""),
                                   "ring": (str, tuple(figures.RINGS), "blue")}),
        "tf_rodent": (figures.rodent, {"alliance": alliance,
                                       "role": (str, ("squad", "hero", "pilot"), "squad")}),
        "tf_template": (flight.flight_template, {"size": (str, ("short", "long"), "short"),
                                                 "end": (bool, None, False)}),
        "tf_death_spiral": (flight.death_spiral, {}),
        "tf_range_finder": (flight.range_finder, {}),
        "tf_feather": (tokens.feather, {"side": (str, ("front", "notched"), "front")}),
        "tf_cheese": (tokens.cheese_token, {}),
        "tf_marker": (tokens.marker, {"marker": (str, tuple(tokens.MARKERS), "wound")}),
        "tf_action_die": (dice.action_die, {}),
        "tf_dice_tray": (tray.dice_tray, {}),
    }


EXAMPLES = [("tf_tree", {"overlay": o}) for o in TREE_OVERLAYS] + [
    ("tf_sapling", {}), ("tf_leaf", {"side": "green"}), ("tf_leaf", {"side": "orange"}),
    ("tf_nest", {"owner": "mouse"}), ("tf_nest", {"owner": "rat"}), ("tf_nest_dial", {"life": 12, "owner": "rat"}),
    ("tf_axis_marker", {}), ("tf_mission", {"alliance": "rat"}),
    ("tf_mission", {"alliance": "mouse", "mission": "siege", "face": "up"}),
    ("tf_bird", {"name": "aerijin", "pilot": "zure", "ring": "blue"}),
    ("tf_bird", {"name": "sienna", "tilt": "left", "pilot": "snibble", "ring": "green"}),
    ("tf_bird", {"name": "valchirp", "tilt": "right", "pilot": "wella", "ring": "yellow"}),
    ("tf_bird", {"name": "grizzard", "tilt": "launch", "pilot": "snag", "ring": "red"}),
    ("tf_bird", {"name": "wrunk", "pilot": "chumjaw", "ring": "purple"}),
    ("tf_rodent", {"alliance": "mouse"}), ("tf_rodent", {"alliance": "rat"}),
    ("tf_rodent", {"alliance": "rat", "role": "hero"}), ("tf_rodent", {"alliance": "mouse", "role": "pilot"}),
    ("tf_template", {"size": "short"}), ("tf_template", {"size": "long"}),
    ("tf_template", {"size": "short", "end": True}), ("tf_template", {"size": "long", "end": True}),
    ("tf_death_spiral", {}), ("tf_range_finder", {}), ("tf_feather", {"side": "front"}),
    ("tf_feather", {"side": "notched"}), ("tf_cheese", {})] + \
    [("tf_marker", {"marker": k}) for k in tokens.MARKERS] + [("tf_action_die", {}), ("tf_dice_tray", {})]
