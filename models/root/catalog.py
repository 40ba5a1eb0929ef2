"""The Root piece kinds (prefixed ``root_``), merged into ``models.catalog.KINDS``; the two dice
are the generic ``d12``. Format as there: kind -> (builder, {param: (type, allowed or None, default)})."""
from __future__ import annotations

from feltbox.models.root import FACTIONS, HIDDEN, PLOT_KINDS, pieces

SUITS = ("fox", "rabbit", "mouse")
MINISTERS = ("foremole", "captain", "marshal", "brigadier", "banker", "mayor", "duchess", "baron", "earl")


def root_kinds(required) -> dict:
    faction = {"faction": (str, FACTIONS, required)}
    return {
        "root_map": (pieces.autumn_board, {}),
        "root_burrow": (pieces.burrow_board, {}),
        "root_faction_board": (pieces.faction_board, faction),
        "root_score_track": (pieces.score_track, {}),
        "root_warrior": (pieces.warrior, faction),
        "root_citadel": (pieces.citadel, {}),
        "root_market": (pieces.market, {}),
        "root_tunnel": (pieces.tunnel, {}),
        "root_plot": (pieces.plot_token, {"plot": (str, (*PLOT_KINDS, HIDDEN), HIDDEN)}),
        "root_crown": (pieces.crown, {}),
        "root_minister": (pieces.minister, {"name": (str, MINISTERS, required)}),
        "root_score_marker": (pieces.score_marker, faction),
        "root_dice_tray": (pieces.root_dice_tray, {}),
        "root_clearing": (pieces.clearing_ring, {"suit": (str, SUITS, required)}),
    }


EXAMPLES = [("root_map", {}), ("root_burrow", {}), ("root_faction_board", {"faction": "duchy"}),
            ("root_faction_board", {"faction": "corvids"}), ("root_score_track", {}),
            ("root_warrior", {"faction": "duchy"}), ("root_warrior", {"faction": "corvids"}),
            ("root_citadel", {}), ("root_market", {}), ("root_tunnel", {}), ("root_plot", {"plot": "bomb"}),
            ("root_plot", {}), ("root_crown", {}), ("root_minister", {"name": "captain"}),
            ("root_score_marker", {"faction": "duchy"}), ("root_dice_tray", {}),
            ("root_clearing", {"suit": "fox"})]
