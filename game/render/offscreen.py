"""Offscreen rendering: screenshots and frame sequences with no window and no display.

Uses Panda3D's ``p3headlessgl`` (EGL; Mesa llvmpipe when there is no GPU) and falls back to the
``p3tinydisplay`` software renderer. The scene graph is built here and passed around (no global
ShowBase): a felt table, the city outline, a key, fill and ambient light, one camera. Pictures have
shadows (game/render/shading.py) and anti-aliased edges: the headless EGL path ignores multisampled
buffers (a buffer given 4 samples draws the same staircase), so the scene is drawn into a texture
and a fast approximate anti-aliasing pass (shaders/fxaa.*) draws it into the buffer.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from panda3d.core import (
    AmbientLight,
    Camera,
    DirectionalLight,
    FrameBufferProperties,
    GraphicsEngine,
    GraphicsPipe,
    GraphicsPipeSelection,
    LineSegs,
    NodePath,
    PerspectiveLens,
    PNMImage,
    Point3,
    Quat,
    Texture,
    WindowProperties,
    loadPrcFileData,
)

from feltbox.game.render import shading, shadow_cache
from feltbox.game.render.camera import preset_view
from feltbox.game.render.fxaa_pass import antialias
from feltbox.game.render.mood import Lamplight, Mood
from feltbox.game.render.surfaces import FELT, lay_surfaces, set_felt
from feltbox.game.render.visuals import piece_node
from feltbox.game.table.bodies import BodySpec
from feltbox.models.dimensions import dims

ROOM = (0.10, 0.09, 0.08, 1.0)     # beyond the floor


def build_table_scene(root: NodePath) -> NodePath:
    """The felt, its rim and the floor, the city outline and the lights under ``root``; returns
    the pieces node."""
    lay_surfaces(root)
    cw, cd = dims()["city"]["width"] / 2, dims()["city"]["depth"] / 2
    lines = LineSegs("city")
    lines.setThickness(2.0)
    lines.setColor(0.85, 0.85, 0.7, 0.6)
    corners = [(-cw, -cd), (cw, -cd), (cw, cd), (-cw, cd), (-cw, -cd)]
    lines.moveTo(corners[0][0], corners[0][1], 0.02)
    for x, y in corners[1:]:
        lines.drawTo(x, y, 0.02)
    root.attachNewNode(lines.create())
    ambient = AmbientLight("ambient")
    ambient.setColor((0.38, 0.38, 0.42, 1))
    key = DirectionalLight("key")           # the shadow caster (game/render/shading.py)
    key.setColor((0.85, 0.80, 0.72, 1))
    fill = DirectionalLight("fill")
    fill.setColor((0.25, 0.28, 0.35, 1))
    for light, hpr in ((ambient, None), (key, (-35, -55, 0)), (fill, (145, -30, 0))):
        path = root.attachNewNode(light)
        if hpr:
            path.setHpr(*hpr)
        root.setLight(path)
    return root.attachNewNode("pieces")


class Scene3D:
    """Pieces in a scene graph, posed from (N,7) arrays; shared by the offscreen and window views."""

    def __init__(self, root: NodePath):
        self.root = root
        self.pieces_root = build_table_scene(root)
        self.paths: list[NodePath] = []
        self.lamp_rows: list[int] = []
        self.mood: Mood | None = None            # game/render/mood.py; None: the plain table
        self.lights = {name: root.find(name).node().getColor() for name in ("ambient", "key", "fill")}
        self.lamplight: Lamplight | None = None
        self.antialiasing = None                 # the window's FXAA pass (lighting.setup_lighting)

    def set_bodies(self, bodies: Sequence[BodySpec]) -> None:
        for path in self.paths:
            path.removeNode()
        self.paths = [piece_node(spec, self.pieces_root) for spec in bodies]
        self.lamp_rows = [k for k, spec in enumerate(bodies) if spec.kind == "street_lamp"]
        self._light_lamps()

    def set_mood(self, mood: Mood | None) -> None:
        """Snow, night and lit lamps (a game's mood), or the plain table (None)."""
        if mood == self.mood:
            return
        self.mood = mood
        set_felt(self.root, mood.felt if mood else FELT)
        shadow_cache.force_redraw(self.root)     # the new felt is split by where the shadows fall (shading.py)
        for name, plain in self.lights.items():
            self.root.find(name).node().setColor((*getattr(mood, name), 1.0) if mood else plain)
        self._light_lamps()

    def _light_lamps(self) -> None:
        if self.lamplight is not None:
            self.lamplight.remove()
            self.lamplight = None
        if self.mood is not None and self.mood.lamps and self.lamp_rows:
            self.lamplight = Lamplight(self.root, self.lamp_rows, self.mood)
            if self.paths:                       # night falls on posed pieces: light where the heads are now
                self.lamplight.place(self.poses_now())

    def poses_now(self) -> np.ndarray:
        """Each piece's pose (N, 7: x y z qw qx qy qz) as its node holds it: the last ``set_poses``."""
        return np.array([[*path.getPos(), *path.getQuat()] for path in self.paths], dtype=np.float64)

    def set_poses(self, poses: np.ndarray) -> None:
        poses = np.asarray(poses, dtype=np.float64)
        if poses.shape != (len(self.paths), 7):
            raise ValueError(f"poses have shape {poses.shape}, expected ({len(self.paths)}, 7)")
        for path, (x, y, z, qw, qx, qy, qz) in zip(self.paths, poses.tolist()):
            path.setPosQuat(Point3(x, y, z), Quat(qw, qx, qy, qz))
        if self.lamplight is not None:
            self.lamplight.place(poses)


class Renderer(Scene3D):
    """An offscreen buffer of ``width`` x ``height`` with its own camera."""

    def __init__(self, width: int = 1280, height: int = 720, shadows: bool = True, antialias: bool = True):
        # egldisplay: Panda probes the default EGL display before the headless device and prints
        # two harmless errors on machines without one
        loadPrcFileData("", "window-type offscreen\naudio-library-name null\nsync-video false\n"
                            "notify-level-egldisplay fatal\ntextures-power-2 none\n")
        super().__init__(NodePath("render"))
        self.width, self.height = width, height
        self.engine = GraphicsEngine.getGlobalPtr()
        self.buffer, self.pipe_name = self._open_buffer(width, height)
        self.texture = Texture()
        self.buffer.addRenderTexture(self.texture, self.buffer.RTMCopyRam)
        self.buffer.setClearColor(ROOM)
        lens = PerspectiveLens()
        lens.setFov(58)
        lens.setAspectRatio(width / height)
        lens.setNearFar(1.0, 2000.0)
        cam = Camera("camera")
        cam.setLens(lens)
        self.camera = self.root.attachNewNode(cam)
        region = self.buffer.makeDisplayRegion()
        region.setCamera(self.camera)
        self.shadows = shading.apply(self.root, self.buffer.getGsg(), shadows)
        self._filters = None
        self.first_frame = True
        self.antialiased = antialias and self._antialias()
        self.look("overview")

    def _open_buffer(self, width: int, height: int):
        fb = FrameBufferProperties()
        fb.setRgbColor(True)
        fb.setRgbaBits(8, 8, 8, 8)
        fb.setDepthBits(24)
        props = WindowProperties.size(width, height)
        selection = GraphicsPipeSelection.getGlobalPtr()
        for module in ("p3headlessgl", "p3tinydisplay"):
            pipe = selection.makeModulePipe(module)
            if pipe is None:
                continue
            buffer = self.engine.makeOutput(pipe, f"offscreen-{module}", 0, fb, props,
                                            GraphicsPipe.BFRefuseWindow)
            if buffer is not None:
                return buffer, module
        raise RuntimeError("no offscreen renderer: neither EGL (p3headlessgl) nor p3tinydisplay opened")

    def _antialias(self) -> bool:
        """Draw the scene into a texture and the anti-aliasing pass into the buffer; False where
        shaders do not work."""
        self._filters = antialias(self.buffer, self.camera)
        return self._filters is not None

    def look(self, preset: str = "overview", target: tuple[float, float, float] | None = None) -> None:
        self.look_from(*preset_view(preset, target))

    def look_from(self, eye, at) -> None:
        """The camera at ``eye`` looking at ``at`` (a game's own view: game/snowbirds/table.sb_view)."""
        self.camera.setPos(*eye)
        self.camera.lookAt(Point3(*at))

    def render(self) -> None:
        """Draw one frame (the shadow map only if a piece moved: shadow_cache.py)."""
        shadow_cache.before_frame(self.root)
        self.engine.renderFrame()

    def image(self) -> np.ndarray:
        """Render one frame and return it as (H, W, 3) uint8, top row first."""
        self.render()
        if self.first_frame or self.pipe_name != "p3headlessgl":
            # the first frame makes the shadow buffer, which draws from the second on; on the
            # tinydisplay fallback the copy to RAM lands one frame late. Later EGL frames are
            # whole after one render (checked picture by picture in tests/test_shadow_cache.py)
            self.render()
        self.first_frame = False
        data = np.frombuffer(self.texture.getRamImageAs("RGB"), dtype=np.uint8)
        return data.reshape(self.height, self.width, 3)[::-1].copy()

    def snapshot(self, path: str | Path) -> np.ndarray:
        image = self.image()
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        pnm = PNMImage()
        self.texture.store(pnm)
        if not pnm.write(str(path)):
            raise OSError(f"could not write {path}")
        return image

    def close(self) -> None:
        """Let the scene go: the graphics engine keeps a buffer's camera, and so its whole scene
        graph, alive. The buffer stops drawing and lets go of its camera; it is not removed from
        the engine (removing one spoiled the anti-aliasing pass of every renderer made after it)."""
        self.buffer.setActive(False)
        for k in range(self.buffer.getNumDisplayRegions()):
            self.buffer.getDisplayRegion(k).setCamera(NodePath())
        self.root.removeNode()

    def frame_ms(self, frames: int = 10, pieces_moved: bool = True) -> float:
        """Mean wall ms of a frame of what is posed; ``pieces_moved``: every frame draws the
        shadow map again, as when pieces move (else only the camera moves: the map is kept)."""
        self.render()
        start = time.perf_counter()
        for _ in range(frames):
            if pieces_moved:
                shadow_cache.force_redraw(self.root)
            self.render()
        return (time.perf_counter() - start) * 1000.0 / frames


def render_frames(bodies: Sequence[BodySpec], frames: np.ndarray, out_dir: str | Path,
                  size: tuple[int, int] = (640, 360), preset: str = "overview", dresser=None) -> list[Path]:
    """Write one PNG per (N,7) frame: frame_00000.png, ...; ``dresser`` (a game's, games.GameKind)
    dresses the cards for each frame."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    renderer = Renderer(*size)
    renderer.set_bodies(bodies)
    renderer.look(preset)
    dress = dresser(bodies) if dresser is not None else None
    paths = []
    for k, poses in enumerate(frames):
        renderer.set_poses(poses)
        if dress is not None:
            dress(renderer, poses)
        path = out / f"frame_{k:05d}.png"
        renderer.snapshot(path)
        paths.append(path)
    return paths
