"""Checks shared by the tests of Tail Feathers' dice lying in the tray beside the battlefield."""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import quat_mul, quat_rotate
from feltbox.game.tailfeathers.dice import KIT
from feltbox.models.dice_faces import top_face_index


def assert_lying_in_tray(dice: dict, faces: dict, tray) -> None:
    """Each die ``dice[id]`` (a battlefield pose) lies flat on the floor of the tray at pose
    ``tray``, inside its walls, showing ``faces[id]`` on top (read off its pose, as a roll is)."""
    tray = np.asarray(tray, float)
    undo = tray[3:] * np.array([1.0, -1.0, -1.0, -1.0])          # the tray's turn undone
    for die, pose in dice.items():
        pose = np.asarray(pose, float)
        index, tilt = top_face_index(quat_mul(undo, pose[3:]), KIT.normals)
        assert str(KIT.faces[int(index)]) == str(faces[die]) and tilt < 1.0, die
        local = quat_rotate(undo, pose[:3] - tray[:3])
        assert abs(local[0]) < KIT.inner[0] / 2 and abs(local[1]) < KIT.inner[1] / 2, die
        assert abs(pose[2] - (KIT.floor_top + KIT.size / 2)) < 0.1, die       # flat on the floor
