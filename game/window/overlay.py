"""The window's markers drawn over the finished picture: the active piece's white ring, the hover
ring, aim lines, the aim preview's outlines and Tail Feathers' launch rings and arrow are thin lines
that the anti-aliasing pass (game/render/fxaa_pass.py) would soften into the felt. They live under
``overlay(base)``, a scene of their own drawn by a display region after the table's (and so after
the pass) and before the HUD, through a camera that shares the table camera's lens and follows it.
The pass writes the table's depth into the window (``keep_depth``), so a marker is still hidden
behind the pieces in front of it, as when it was drawn with the table. The overlay's camera takes
the table camera's lens again whenever that changes (the orthographic top view swaps it).
"""
from __future__ import annotations

from panda3d.core import Camera, NodePath

OVERLAY = "feltbox_overlay"   # the ShowBase attribute that keeps the overlay's root
SORT = 5                      # after the table's display region (0), before the HUD's render2d (10)
LENS_TASK = "feltbox-overlay-lens"
LENS_TASK_SORT = 48           # after the game's updates (a view change), before the frame is drawn (igLoop, 50)


def overlay(base) -> NodePath:
    """The root the window's markers attach to (made once per window)."""
    root = getattr(base, OVERLAY, None)
    if root is None:
        root = NodePath("overlay")
        camera = Camera("overlay-camera", base.camLens)     # the same lens: the same projection and depth
        camera.setScene(root)
        region = base.win.makeDisplayRegion()
        region.setSort(SORT)
        region.disableClears()                              # over the table's colour and depth
        region.setCamera(base.cam.attachNewNode(camera))     # follows the table camera

        shown = [base.camLens]

        def same_lens(task):
            if base.camLens is not shown[0]:                 # top_camera.py sets both
                shown[0] = base.camLens
                camera.setLens(base.camLens)
            return task.cont
        base.taskMgr.add(same_lens, LENS_TASK, sort=LENS_TASK_SORT)
        setattr(base, OVERLAY, root)
    return root
