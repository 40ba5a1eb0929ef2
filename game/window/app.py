"""The desktop window for ``feltbox play``: camera rig, hover and pick, context menu, slingshot.

The ShowBase is opened by game/window/display.py; helpers get the window, camera and scene root
passed in: game/window/camera_rig.py (eased orbit, presets), game/window/picking.py (hover tint,
mouse ray), game/window/context_menu.py + game/window/piece_actions.py (a clicked piece's legal
and greyed actions), game/window/aim.py + game/window/aim_view.py + game/window/aim_preview.py
(slingshot maths, line and meter, predicted path), game/render/lighting.py. Key bindings:
docs/window.md.

A left-drag starting on a piece pulls back like a slingshot: the flick goes the other way, with
power from the drag length. In a rules game a left click on a piece opens its context menu while
the rules wait for a decision; when they want a flick, a left-drag on the piece the rules name
(game/window/flick_target.py) aims it. The callback runs the physics headless and returns the
60 Hz frames to animate. The piece the rules want next is ringed and named on the table
(game/window/active_marker.py); the camera follows what moves and then frames the active piece
and what it acted on (game/window/camera_director.py); tab skips an animation.

A rules game is talked to only through game/window/game_view.GameView. The app knows none of its
add-ons (HUD panels, sounds, in-game menu, hand-over, autosave, theatre): it keeps a typed place
for each, which whoever composes the window fills (game/window/shell.py, play.py, theatre.py),
and asks of them only what those places declare.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import ClockObject, Filename, Point3

from feltbox.game.render.camera import Orbit
from feltbox.game.render.lighting import set_shadows, setup_lighting
from feltbox.game.render.mood import mood_for
from feltbox.game.render.offscreen import Scene3D
from feltbox.game.render.visuals import piece_node
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.session import Session
from feltbox.game.text.event_feed import pretty
from feltbox.game.window.active_marker import ActiveMarker, marked, piece_label
from feltbox.game.window.addons import Cover, Messages, Panels, TableInput, TakesSettings
from feltbox.game.window.aim_view import AimView, draw_outlines
from feltbox.game.window.camera_bindings import bind_camera
from feltbox.game.window.camera_director import CameraDirector, follow_track
from feltbox.game.window.camera_rig import CameraRig
from feltbox.game.window.context_menu import ContextMenu, menu_room
from feltbox.game.window.display import NoDisplayError, open_base
from feltbox.game.window.game_view import KEYS, Frames, GameView, Listener
from feltbox.game.window.overlay import overlay
from feltbox.game.window.picking import Picker
from feltbox.game.window.piece_actions import MenuItem, choose_item, items_for
from feltbox.game.window.settings import Settings, load_settings
from feltbox.game.window.slingshot import Slingshot
from feltbox.game.window.top_camera import TopCamera
from feltbox.game.window.views import go_to_view

__all__ = ["NoDisplayError", "PlayApp", "run_window"]    # NoDisplayError: the command line catches it here

HELP = ("left-drag back from a piece: flick (shift: fine, ctrl: lock power)  |  right-drag: orbit  |  "
        "middle/shift+right-drag, WASD: pan  |  wheel/+/-: zoom  |  1-4: views, F: focus  |  P: aim preview  |  esc: quit")
MAX_FRAME_S = 1 / 20        # an animation's most per frame (the frame after a bot turn lasts its thinking)
HELP_BG = (0.05, 0.06, 0.07, 0.86)   # the help strip's backing: read on felt, snow and wood alike
ESC_HELP = "  |  esc: quit"         # the in-game menu (game/window/game_menu.py) makes it "esc: menu ..."


class PlayApp:
    """The window's state and input handling, around a ShowBase given from outside."""

    def __init__(self, base, bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
                 on_flick: Callable[[str, float, float], np.ndarray | None], game: GameView | None = None,
                 settings: Settings | None = None, session: Session | None = None):
        """``game``: a rules game, or None for the free table, where ``on_flick`` runs a flick and
        ``session`` (when given) is the table the aim preview simulates in copies of."""
        self.settings = settings or load_settings()
        self.base, self.on_flick, self.game, self.session = base, on_flick, game, session
        self.scene = Scene3D(base.render)
        self.scene.set_bodies(bodies)
        self.scene.set_poses(poses)
        self.shadows = setup_lighting(base, self.scene, self.settings.shadows)
        self.ids = [b.id for b in bodies]
        self.bodies = list(bodies)
        self.orbit = Orbit(np.zeros(3), heading=0.0, pitch=48.0, distance=150.0)
        self.rig = CameraRig(self.orbit, self.settings.mouse_sensitivity)
        self.animation: np.ndarray | None = None
        self.anim_time = 0.0
        self.track: np.ndarray | None = None       # the body the camera follows, per frame of the animation
        self.last_power = 0.0
        self.last_aim: tuple[float, float] | None = None
        self.last_flicked: str | None = None
        self.preview_on = bool(self.settings.aim_preview)
        self.preview_node = overlay(base).attachNewNode("preview")   # outlines the game supplies
        self.preview_key: bytes = b""
        self._active_seen: str | None = None
        self._texts(title)
        if game is not None:
            self.on_flick = lambda piece, direction, power: game.aim(direction, power)
        self.picker = Picker(base, self.scene)
        self.menu = ContextMenu(base)
        self.aim_view = AimView(base)
        self.aim_view.ui_scale = self.settings.ui_scale
        self.marker = ActiveMarker(base, self.scene, self.help, self.help_at)    # the piece the rules want next
        self.director = CameraDirector(self)
        self.top = TopCamera(self)                        # key 2: the orthographic top view
        self.sling = Slingshot(self)                      # the left button: clicks and flicks
        # The add-ons' places, filled by whoever composes the window (None: not in this window).
        self.hud_panels: Panels | None = None             # game/window/hud.Hud
        self.sounds: TakesSettings | None = None          # game/window/sounds.Sounds
        self.game_menu: Messages | None = None            # game/window/game_menu.GameMenu
        self.handover: Cover | None = None                # game/window/handover.Handover
        self.autosave: Listener | None = None             # game/window/saves.Autosaver, a game listener
        self.theatre: object | None = None                # game/window/theatre.Theatre
        self.cards: object | None = None                  # game/window/snowbirds_view.SBTableView (card games)
        self.guide: object | None = None                  # game/window/guide_panel.GuidePanel (a guided first game)
        self.table_choice: TableInput | None = None       # game/window/table_choice_view.TableChoiceView
        self._bind()
        base.disableMouse()
        self.place_camera()
        base.taskMgr.add(self._update, "feltbox-update")

    def _texts(self, title: str) -> None:
        """The title, status and help lines, and the plain text HUD of a rules game."""
        self.title = OnscreenText(text=title, pos=(-1.3, 0.92), scale=0.05, align=0, fg=(1, 1, 1, 1))
        self.status = OnscreenText(text="", pos=(-1.3, -0.86), scale=0.045, align=0, fg=(1, 0.9, 0.6, 1))
        self.status_prompt = OnscreenText(text="", pos=(0, 0.1), scale=0.07, fg=(1, 1, 1, 1), bg=(0.05, 0.06, 0.07, 0.9),
                                          mayChange=True, sort=25)      # "Quit feltbox? y / n"
        self.quit_asked = False
        self.help_at = (-self.base.getAspectRatio() + 0.04, -0.945)     # the window's left edge
        self.help = OnscreenText(text=HELP if self.game is None else self.game.HELP + ESC_HELP,   # a backed strip
                                 pos=self.help_at, scale=0.034, align=0, fg=(0.93, 0.93, 0.90, 1),
                                 bg=HELP_BG, mayChange=True)
        self.help.textNode.setCardAsMargin(0.4, 0.4, 0.35, 0.3)
        self.hud = OnscreenText(text="", pos=(-1.3, 0.84), scale=0.04, align=0, fg=(1, 1, 1, 1),
                                shadow=(0, 0, 0, 1), bg=(0, 0, 0, 0.45) if self.game is not None else None,
                                mayChange=True)

    # -- what add-ons ask of the window ---------------------------------------------------------------
    def replace_esc_help(self, keys: str) -> None:
        """An add-on that takes over esc (the in-game menu) names its keys instead of "esc: quit"."""
        self.help.setText(self.help.getText().replace(ESC_HELP, keys))

    def covered(self) -> bool:
        """Is the hot-seat hand-over's cover up? (Only its space key acts then.)"""
        return self.handover is not None and self.handover.active

    def choice_keys(self, on: bool) -> None:
        """The game's choice keys (a, b, c...) on or off: they rest while a panel or the hand-over
        covers the table, so a key pressed there (y / n) never picks a choice behind it."""
        for k, key in enumerate(KEYS):
            if on:
                self.base.accept(key, self.choose, [k])
            else:
                self.base.ignore(key)

    def animate(self, frames: Frames | None) -> None:
        """Play a rules game's frames, after rebuilding the models the game changed (a bird's tilt)."""
        if frames is None or not len(frames):
            return
        if self.game is not None:
            for i, spec in enumerate(self.game.bodies()):
                if spec != self.bodies[i]:
                    self.scene.paths[i].removeNode()
                    self.scene.paths[i], self.bodies[i] = piece_node(spec, self.scene.pieces_root), spec
        self.play(frames)

    def play(self, frames: Frames) -> None:
        """Animate ``frames``; the camera follows whatever moves in them (each bot flick too)."""
        self.animation, self.anim_time, self.track = frames, 0.0, follow_track(frames)
        self.director.following, self.director.seen_frame = None, -1

    def skip_animation(self) -> None:
        """Tab: the animation jumps to its end (the table as the rules leave it)."""
        if self.animation is not None:
            self.anim_time = len(self.animation) / 60.0 / self.settings.animation_speed

    def show_hint(self, text: str) -> None:
        """A reason on the help line for a few seconds ("drag back from Anita's disc to flick")."""
        self.marker.say(text, ClockObject.getGlobalClock().getFrameTime())

    def apply_settings(self, settings: Settings) -> None:
        """Take changed settings at once (a settings screen calls this): mouse sensitivity, the
        aim preview, shadows; then the add-ons that follow settings (HUD scale, sound volume)."""
        self.settings = settings
        self.rig.sensitivity = settings.mouse_sensitivity
        self.aim_view.ui_scale = settings.ui_scale
        if bool(settings.aim_preview) != self.preview_on:
            self.toggle_preview()
        self.shadows = set_shadows(self.base, self.scene, settings.shadows)
        for part in (self.hud_panels, self.sounds):
            if part is not None:
                part.apply_settings(settings)

    def place_camera(self) -> None:
        """Put the camera where the orbit says (after moving the orbit by hand); the top view
        stays orthographic until the orbit moves (game/window/top_camera.py)."""
        if self.top.place():
            return
        self.base.camera.setPos(*self.orbit.eye())
        self.base.camera.lookAt(Point3(*self.orbit.target))

    # -- compatibility: picking ------------------------------------------------------------------
    @property
    def selected(self) -> str | None:
        return self.picker.selected

    @selected.setter
    def selected(self, piece: str | None) -> None:
        self.picker.selected = piece

    # -- aiming ----------------------------------------------------------------------------------
    def flick(self, piece: str, direction: float, power: float) -> None:
        frames = self.on_flick(piece, direction, power)
        self.last_power, self.last_aim, self.last_flicked = power, (direction, power), piece
        if frames is not None and len(frames):
            self.play(frames)

    def toggle_preview(self) -> None:
        self.preview_on = not self.preview_on
        self.sling.throttle.reset()
        if not self.preview_on:
            self.aim_view.draw_path(None)

    # -- choices and the context menu ------------------------------------------------------------
    def open_menu(self, piece: str, at: tuple[float, float]) -> None:
        """The piece's context menu beside it (``at``: mouse coordinates), titled with its name,
        in the free area the HUD panels leave, off the panels and the piece to play where it can
        (game/window/hud_layout.place_box)."""
        self.selected = piece
        title, box, free, avoid = menu_room(self, piece)
        self.menu.show(piece, items_for(self.game, piece), at, self.pick_item, title=title, free=free, avoid=avoid,
                       box=box)

    def pick_item(self, item: MenuItem) -> None:
        self.menu.close()
        if self.animation is None:
            self.animate(choose_item(self.game, item))

    def choose(self, index: int) -> None:
        if self.animation is not None:
            return
        self.menu.close()
        self.animate(self.game.choose(index))

    def game_key(self, act: Callable[[], Frames | None]) -> None:
        """A key of the game's highlight and pages ([ ] enter, page up / down), while nothing moves."""
        if self.animation is None:
            self.animate(act())

    def _draw_preview(self) -> None:
        """The game's preview outlines (a flight's templates) as closed lines on the table."""
        outlines = self.game.preview()
        key = b"".join(np.asarray(o, np.float32).tobytes() for o in outlines)
        if key != self.preview_key:
            self.preview_key = key
            draw_outlines(self.preview_node, outlines)

    # -- keys and camera -------------------------------------------------------------------------
    def _bind(self) -> None:
        b = self.base
        for mods in ("", "shift-", "control-", "shift-control-"):
            b.accept(mods + "mouse1-up", self.sling.release)
        b.accept("mouse1", self.sling.press)
        self.camera_input = bind_camera(self, free_keys=self.game is None)
        b.accept("escape", self._escape)
        b.accept("f3", lambda: b.setFrameRateMeter(b.frameRateMeter is None))
        b.accept("tab", self.skip_animation)
        if self.game is None:
            return
        game = self.game                            # the rules game's choices: keys a, b, c...
        self.choice_keys(True)
        for key, step in (("]", 1), ("[", -1)):
            b.accept(key, self.game_key, [partial(game.move_highlight, step)])
        for key, step in (("page_down", 1), ("page_up", -1)):
            b.accept(key, self.game_key, [partial(game.turn_page, step)])
        b.accept("enter", self.game_key, [game.choose_highlighted])

    def _escape(self) -> None:
        """Esc without the game menu (a free table): close a piece's menu, else ask before
        quitting (y quits; n or Esc again stays)."""
        if self.menu.open:
            self.menu.close()
        elif self.quit_asked:
            self._stay()
        else:
            self.quit_asked = True
            self.status_prompt.setText("Quit feltbox?  y: quit   n / Esc: stay")
            self.base.accept("y", self.base.userExit)
            self.base.accept("n", self._stay)

    def _stay(self) -> None:
        self.quit_asked = False
        self.status_prompt.setText("")
        self.base.ignore("y")
        self.base.ignore("n")

    def piece_xy(self, piece: str | None):
        if piece is None or piece not in self.ids:
            return None
        return np.array(self.scene.paths[self.ids.index(piece)].getPos())

    def active_piece(self) -> str | None:
        """The piece being played: the rules' active survivor (or unit), else the selection."""
        return self.rules_active() or self.selected

    def rules_active(self) -> str | None:
        return self.game.active_piece() if self.game is not None else None

    def marked_piece(self) -> tuple[str | None, str]:
        """The piece the rules want next and its label (game/window/active_marker.marked)."""
        return marked(self.game, self.ids, self.bodies)

    def view(self, name: str) -> None:
        """Show a named view: overview, top, eye, tower, focus (game/window/views.py)."""
        go_to_view(self, name)

    # -- the loop --------------------------------------------------------------------------------
    def _update(self, task):
        dt = ClockObject.getGlobalClock().getDt()
        if self.game is not None and self.animation is None:
            self._follow_game()
        self.camera_input.update(dt)
        moved = self.rig.step(dt)
        self._guide()
        if self.sling.dragging:
            self.sling.update()
        elif self.animation is None:
            hover = self.picker.update(tuple(self.orbit.eye()), enabled=not self.menu.open)
            named = piece_label(self.bodies[self.ids.index(hover)]) if hover in self.ids else pretty(hover or "")
            self.status.setText(named                            # the last power: free play only (noise in a rules game)
                                + (f"   last flick power {self.last_power:.2f}" if self.game is None else "")
                                + ("   [aim preview on]" if self.preview_on else ""))
        if self.animation is not None:
            moved = self._play_frame(dt) or moved
        if moved:
            self.place_camera()
        return task.cont

    def _guide(self) -> None:
        """The active piece's ring and label, the hovered piece's name, the help line's hint."""
        still = self.animation is None          # while pieces move the marker stays on its piece
        piece, label = self.marked_piece() if still else (self.marker.piece, self.marker.label.getText())
        hover = self.picker.hover if still else None
        self.marker.update(piece, label, hover, self.bodies[self.ids.index(hover)] if hover in self.ids else None)
        self.marker.tick(ClockObject.getGlobalClock().getFrameTime())

    def _follow_game(self) -> None:
        """The text HUD and the preview outlines follow the game; the camera turns to a survivor
        (or unit) that starts to play."""
        if (text := self.game.text()) != self.hud.getText():
            self.hud.setText(text)
        self.scene.set_mood(mood_for(self.game.name, self.game.night()))   # day and night follow the rules' round
        self._draw_preview()
        active = self.rules_active()             # not the selection: a click opening a menu stays put
        if active != self._active_seen:
            self._active_seen = active
            if active is not None and active in self.ids:
                self.director.frame([active])

    def _play_frame(self, dt: float) -> bool:
        """Show the animation's frame for now (at the settings' speed), the camera on each piece that
        moves (the animation waits while it eases to one out of view). At the end the camera frames
        the active piece and what moved. False: the rig moves the camera itself."""
        k = min(int(self.anim_time * 60), len(self.animation) - 1)
        self.scene.set_poses(self.animation[k])
        if not self.director.follow(self.animation, self.track, k):
            self.anim_time += min(dt, MAX_FRAME_S) * self.settings.animation_speed    # not the bots' thinking time
        if k == len(self.animation) - 1:
            frames, self.animation, self.track = self.animation, None, None
            self.picker.invalidate()
            active = self.marked_piece()[0] if self.game is not None else self.selected
            self._active_seen = self.rules_active()
            self.director.after_animation(frames, active)
        return False


def run_window(bodies: Sequence[BodySpec], poses: np.ndarray, title: str,
               on_flick: Callable[[str, float, float], np.ndarray | None], frames: int | None = None,
               screenshot: str | None = None, game: GameView | None = None,
               addons: Sequence[Callable[[PlayApp], None]] = (), settings: Settings | None = None,
               session: Session | None = None) -> PlayApp:
    """Open the window and run it (``frames``: stop after that many, for smoke tests).
    ``addons``: callables ``addon(app)`` run once the window is up, that compose it (put the HUD
    panels, menus, sounds in the app's places: game/window/shell.dress_game_window; each binds
    its own keys and tasks on ``app.base``). ``settings``: game/window/settings.Settings (default:
    the player's settings file). ``session``: the free table's, for the aim preview."""
    base = open_base(title)
    app = PlayApp(base, bodies, poses, title, on_flick, game, settings, session)
    for addon in addons:
        addon(app)
    if frames is None:
        base.run()
        return app
    for _ in range(frames):
        base.taskMgr.step()
    if screenshot:
        base.win.saveScreenshot(Filename(screenshot))
    return app
