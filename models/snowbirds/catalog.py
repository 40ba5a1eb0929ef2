"""The Snowbirds piece kinds (prefixed ``sb_``), merged into ``models.catalog.KINDS``; the two dice
are the generic ``d6``. Format as there: kind -> (builder, {param: (type, allowed or None, default)})."""
from __future__ import annotations

from feltbox.models.snowbirds import TRACKS, pieces


def sb_kinds(required) -> dict:
    return {
        "sb_player_mat": (pieces.player_mat, {}),
        "sb_map_row": (pieces.map_row, {}),
        "sb_token": (pieces.track_token, {"track": (str, TRACKS, required)}),
        "sb_migration_token": (pieces.migration_token, {}),
        "sb_dice_tray": (pieces.sb_dice_tray, {}),
    }


EXAMPLES = [("sb_player_mat", {}), ("sb_map_row", {}), ("sb_migration_token", {}), ("sb_dice_tray", {})] + \
    [("sb_token", {"track": t}) for t in TRACKS]
