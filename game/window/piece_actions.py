"""What a clicked piece can do: the context menu's items, straight from the rules engine.

No Panda3D here (unit-tested headless). The game is read through game/window/game_view.GameView
(its state, its legal actions, a dry run of a candidate); each game of the registry has its own
menu maker in ``MENUS``, by the game's registry name. For a piece the menu lists

* the **legal** actions of the pending decision that concern it: every legal action naming the
  piece in one of its fields (choose survivor X, short-distance kill of zombie Z, fight with X...)
  and, when the piece is the active survivor, the actions it takes itself (move, use a weapon,
  take/drop, end the turn...). Picking one calls the game's ``pick(index)`` with the action's
  index in ``legal_actions()`` (the path of the letter keys);
* the action kinds the piece could do but which are **illegal now**, greyed, each with the reason
  the rules give: the candidate is tried on the current state (``game.dry_run(action)``: rules
  states are frozen dataclasses, nothing changes) and ``IllegalAction.reason`` kept,
  preceded by a plain-words hint for the common cases (not your team, the pretzel holder first...).

Tail Feathers (game/tailfeathers/window_game.py): the legal actions naming the clicked figure or its
unit, picked the same way; then, greyed, the action kinds the figure has (activate
its unit, launch for a bird on the ground, attack with it) that no legal action offers now, each
with the rules' reason from a dry run of one candidate of the kind, preceded by a plain-words hint
(another player's unit, already activated, not the phase, activate it first...).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass

from feltbox.game.players.script import describe
from feltbox.game.snowbirds.window_game import label as sb_label
from feltbox.game.tailfeathers.window_game import label as tf_label
from feltbox.game.text.choices import choice_label
from feltbox.game.text.event_feed import name as tf_name
from feltbox.game.text.event_feed import pretty
from feltbox.game.text.reasons import sentence_of
from feltbox.game.window.game_view import GameView
from feltbox.rules.core import IllegalAction
from feltbox.rules.flickem.flow import ChooseSurvivor, Move, ShortDistanceKill, UseWeapon
from feltbox.rules.flickem.weapons import weapons_of
from feltbox.rules.tailfeathers.activation import Activate, AttackWith
from feltbox.rules.tailfeathers.phases import LAUNCH_HEADINGS, Launch


@dataclass(frozen=True)
class MenuItem:
    label: str
    index: int | None          # the action's index in legal_actions (None: greyed)
    reason: str = ""           # why it is illegal now (greyed items)

    @property
    def legal(self) -> bool:
        return self.index is not None


def nice(action) -> str:
    """An action in plain words for the menu, as the HUD's choice list reads it
    (game/text/choices.py): "choose survivor John", "use weapon gun", "kill zombie 4 at short distance"."""
    return choice_label(describe(action))


def names(action, piece: str) -> bool:
    """Does one of the action's fields name ``piece`` (a string, or a string in a tuple)?"""
    if not is_dataclass(action):
        return False
    for f in fields(action):
        value = getattr(action, f.name)
        if value == piece or (isinstance(value, (tuple, list)) and piece in value):
            return True
    return False


def _names_other_piece(action, piece: str, pieces: set[str]) -> bool:
    return any(names(action, other) for other in pieces if other != piece)


def flickem_items(game: GameView, piece: str, label: Callable[[object], str] = nice) -> list[MenuItem]:
    """The menu of ``piece`` in a Dead of Winter game; empty when the rules wait for nobody at
    this window."""
    legal = game.legal_actions()
    if not legal:
        return []
    state = game.state()
    pieces = {s.id for s in state.data.survivors} | {z.id for z in state.data.zombies}
    active = state.flow.active
    items = []
    for k, action in enumerate(legal):
        own = piece == active and not _names_other_piece(action, piece, pieces)
        if names(action, piece) or own:
            items.append(MenuItem(label(action), k))
    for action in _candidates(state, piece):
        if action in legal:
            continue
        try:
            game.dry_run(action)
        except IllegalAction as exc:
            items.append(MenuItem(label(action), None, _hint(state, piece, action, exc.reason, legal)))
        except Exception as exc:          # a rules module refusing in its own way: still a reason
            items.append(MenuItem(label(action), None, sentence_of("", str(exc))))
    return items


def _candidates(state, piece: str) -> list:
    """Action kinds the piece could take part in, legal or not."""
    survivor = next((s for s in state.data.survivors if s.id == piece), None)
    if survivor is not None:
        out = [ChooseSurvivor(piece), Move()]
        out += [UseWeapon(w) for w in weapons_of(survivor.name, state.data.kinds(survivor.inventory))]
        return out
    if any(z.id == piece for z in state.data.zombies):
        return [ShortDistanceKill(piece)]
    return []


def _hint(state, piece: str, action, reason: str, legal: list) -> str:
    """The rules' reason in plain words (game/text/reasons.py), after a plain-words hint where one
    is obvious from the state: one whole sentence."""
    f = state.flow
    survivor = next((s for s in state.data.survivors if s.id == piece), None)
    hint = ""
    kind = type(action).__name__
    if survivor is not None and survivor.team != f.teams[f.team_index]:
        hint = f"{survivor.name} is team {pretty(survivor.team)}'s survivor"
    elif survivor is not None and survivor.where in ("dead", "reserve"):
        hint = f"{survivor.name} is {pretty(survivor.where)}"
    elif kind == "ChooseSurvivor" and f.waiting == "choose":
        chosen = [a.survivor for a in legal if type(a).__name__ == "ChooseSurvivor"]
        if chosen == [state.data.pretzel] and piece != state.data.pretzel:
            hint = f"the pretzel holder ({pretty(state.data.pretzel)}) goes first this round"
        else:
            hint = f"{survivor.name} has already played this round"
    elif kind == "ChooseSurvivor" and f.active:
        hint = f"{pretty(f.active)} is playing now"
    elif f.waiting == "choose":
        hint = "choose a survivor first"
    elif f.active and f.active != piece and survivor is not None:
        hint = f"only the active survivor ({pretty(f.active)}) acts"
    elif f.actions_left == 0:
        hint = "no actions left"
    return sentence_of(hint, reason)


def tf_items(tf_game: GameView, piece: str, label: Callable[[object], str] = tf_label) -> list[MenuItem]:
    """A Tail Feathers figure's menu: the legal actions naming it (or its unit), then the greyed
    kinds it cannot do now with the reason."""
    legal = tf_game.legal_actions()
    state = tf_game.state()
    fig = next((f for f in state.data.figures if f.id == piece), None)
    unit = fig.unit if fig is not None else piece
    others = {f.id for f in state.data.figures} - {piece}

    def concerns(a) -> bool:          # names the figure, or its unit and no other figure (a squad's pick)
        return names(a, piece) or (unit != piece and names(a, unit) and not _names_other_piece(a, piece, others))
    items = [MenuItem(label(a), k) for k, a in enumerate(legal) if concerns(a)]
    if fig is None or not legal:
        return items
    for kind, action in _tf_candidates(state, fig):
        if any(type(a) is type(action) and concerns(a) for a in legal):
            continue
        try:
            tf_game.dry_run(action)
            reason = "not offered now"
        except IllegalAction as exc:      # the rules' words in plain words (game/text/reasons.py)
            reason = exc.reason
        except Exception as exc:          # a rules module refusing in its own way: still a reason
            reason = str(exc)
        hint = _tf_hint(state, fig, kind, tf_game.decider())
        items.append(MenuItem(f"{kind} {tf_name(piece)}", None, sentence_of(hint, reason, "tailfeathers")))
    return items


def _tf_candidates(state, fig) -> list[tuple[str, object]]:
    """(kind, one action of the kind) a figure could take part in, legal or not."""
    unit = state.data.unit(fig.unit)
    out = [("activate", Activate(unit.id, tuple(f.id for f in state.data.figures_of(unit.id))))]
    if unit.kind == "bird":
        out.append(("launch", Launch(fig.id, LAUNCH_HEADINGS[0])))
    enemy = next((p.alliance for p in state.data.players if p.alliance != fig.alliance), "")
    out.append(("attack with", AttackWith(fig.id, f"nest:{enemy}", "melee")))
    return out


def _tf_hint(state, fig, kind: str, decider) -> str:
    """Why a Tail Feathers figure cannot do ``kind`` now, in plain words, where obvious."""
    f = state.flow
    unit = state.data.unit(fig.unit)
    if decider is not None and unit.alliance != decider:
        return f"{tf_name(unit.id)} is the {unit.alliance}'s unit; {decider} decides now"
    if fig.where in ("casualty", "reserves", "mission"):
        return f"{tf_name(fig.id)} is off the field ({pretty(fig.where)})"
    if kind == "activate":
        if unit.activated:
            return f"{tf_name(unit.id)} has already activated this round"
        if f.waiting != "activate" and f.phase == "activation" and f.active:
            return f"{tf_name(f.active)} is acting now: the next unit activates once it is done"
        if f.waiting != "activate":
            return "units activate in the activation phase"
    if kind == "launch":
        if f.waiting != "tilt":
            return "birds launch in the tilt phase"
        return f"{tf_name(fig.id)} is not the bird being set now"
    if kind == "attack with" and f.active != unit.id:
        return f"activate {tf_name(unit.id)} first"
    return ""


def sb_items(sb_game: GameView, piece: str) -> list[MenuItem]:
    """Snowbirds (game/snowbirds/window_game.py): a click on a die makes it the die a Tenacity
    card changes (Risk & Dice: "select a die to modify") and lists the Tenacity plays on it; a
    click on a card in the hand area lists the legal plays of that card; greyed, each other use
    of the card with the rules' reason."""
    legal = sb_game.legal_actions()
    die = sb_game.die_of(piece)
    if die is not None:
        sb_game.choose_die(die)
        return [MenuItem(sb_label(a), k) for k, a in enumerate(legal)
                if type(a).__name__ == "PlayTenacity" and a.die == die]
    card = piece.removeprefix("action-")
    if card not in sb_game.hand():
        return []
    items = [MenuItem(sb_label(a), k) for k, a in enumerate(legal) if getattr(a, "card", None) == card]
    _, reasons = sb_game.plays()
    items += [MenuItem(f"{zone}: {card.replace('_', ' ')}", None, sentence_of("", why))
              for (c, zone), why in sorted(reasons.items()) if c == card]
    return items


def tt_items(tt_game: GameView, piece: str) -> list[MenuItem]:
    """Tails and Tactics (game/tailsandtactics/window_game.py): a click on a card (or a Base plate)
    lists the legal actions that name it -- its attacks, the attacks on it, a trap to spring, a
    card to deploy on it -- in the deciding seat's words."""
    what = tt_game.iid_of(piece)
    if what is None:
        return []
    target = "base" if what.startswith("base:") else what
    legal = tt_game.legal_actions()
    names = ("card", "source", "target", "attach_to")
    return [MenuItem(tt_game.label(a), k) for k, a in enumerate(legal)
            if any(getattr(a, n, None) == target for n in names) and
            (target != "base" or what == f"base:{tt_game.other_seat()}")]


MENUS: dict[str, Callable[[GameView, str], list[MenuItem]]] = {"flickem": flickem_items, "tailfeathers": tf_items,
                                                               "snowbirds": sb_items, "tailsandtactics": tt_items}
"""The menu maker of each game of the registry (game/games.py ``GAMES``), by its name."""


def root_items(root_game: GameView, piece: str) -> list[MenuItem]:
    """Root (game/root/window_game.py): a click on a piece standing in a clearing (a warrior, a
    building, a tunnel, a plot) lists the legal actions that name that clearing, in words."""
    clearing = root_game.clearing_of(piece)
    if clearing is None:
        return []
    return [MenuItem(text, k) for k, text in root_game.actions_in(clearing)]


MENUS["root"] = root_items


def items_for(window_game: GameView, piece: str) -> list[MenuItem]:
    """The context menu of ``piece`` in a window game; empty when the rules wait for nobody at
    this window."""
    return MENUS[window_game.name](window_game, piece)


def choose_item(window_game: GameView, item: MenuItem):
    """Play a legal item through the same path as the keys; the frames to animate."""
    return window_game.pick(item.index) if item.legal else None
