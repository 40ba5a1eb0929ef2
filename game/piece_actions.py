"""What a clicked piece can do: the context menu's items, straight from the rules engine.

No Panda3D here (unit-tested headless). For a piece the menu lists

* the **legal** actions of the pending decision that concern it: every legal action naming the
  piece in one of its fields (choose survivor X, short-distance kill of zombie Z, fight with X...)
  and, when the piece is the active survivor, the actions it takes itself (move, use a weapon,
  take/drop, end the turn...). Picking one calls ``WindowGame.choose(index)`` with the action's
  index in ``legal_actions`` (the very path of the letter keys);
* the action kinds the piece could do but which are **illegal now**, greyed, each with the reason
  the rules give: the candidate is applied to the current state (rules states are frozen
  dataclasses, so ``game.apply(state, action)`` is a dry run) and ``IllegalAction.reason`` kept,
  preceded by a plain-words hint for the common cases (not your team, the pretzel holder first...).

Tail Feathers (game/tf_window_game.py): the legal actions naming the clicked bird, picked with
``TFWindowGame.pick(index)``; its rules refuse too many shapes of action to guess candidates, so
no greyed items there.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass

from rules.core import IllegalAction


@dataclass(frozen=True)
class MenuItem:
    label: str
    index: int | None          # the action's index in legal_actions (None: greyed)
    reason: str = ""           # why it is illegal now (greyed items)

    @property
    def legal(self) -> bool:
        return self.index is not None


def nice(action) -> str:
    """An action in plain words for the menu: "ChooseSurvivor survivor=survivor-john" -> "choose
    survivor john", "UseWeapon weapon=gun" -> "use weapon gun"."""
    import re
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(action).__name__).lower()
    values = []
    if is_dataclass(action):
        for f in fields(action):
            value = getattr(action, f.name)
            if value is None or value == f.default:
                continue
            text = value if isinstance(value, str) else str(value)
            values.append(text.split("-", 1)[1] if text.startswith(("survivor-", "zombie-")) and f.name != "zombie"
                          else text.replace("_", " "))
    return " ".join([words, *values])


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


def flickem_items(game, state, piece: str, pieces: set[str], label=str) -> list[MenuItem]:
    """The menu of ``piece`` in a Flick'em Up! rules state (``game``: FlickemGame-like with
    legal_actions and apply; ``pieces``: the ids of the figures on the table)."""
    legal = game.legal_actions(state)
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
            game.apply(state, action)
        except IllegalAction as exc:
            items.append(MenuItem(label(action), None, _hint(state, piece, action, exc.reason, legal)))
        except Exception as exc:          # a rules module refusing in its own way: still a reason
            items.append(MenuItem(label(action), None, f"{type(exc).__name__}: {exc}"))
    return items


def _candidates(state, piece: str) -> list:
    """Action kinds the piece could take part in, legal or not."""
    from rules.flickem.flow import ChooseSurvivor, Move, ShortDistanceKill, UseWeapon
    from rules.flickem.weapons import weapons_of
    survivor = next((s for s in state.data.survivors if s.id == piece), None)
    if survivor is not None:
        out = [ChooseSurvivor(piece), Move()]
        out += [UseWeapon(w) for w in weapons_of(survivor.name, state.data.kinds(survivor.inventory))]
        return out
    if any(z.id == piece for z in state.data.zombies):
        return [ShortDistanceKill(piece)]
    return []


def _hint(state, piece: str, action, reason: str, legal: list) -> str:
    """The rules' reason, after a plain-words hint where one is obvious from the state."""
    f = state.flow
    survivor = next((s for s in state.data.survivors if s.id == piece), None)
    hint = ""
    kind = type(action).__name__
    if survivor is not None and survivor.team != f.teams[f.team_index]:
        hint = f"{survivor.name} is team {survivor.team}'s survivor"
    elif survivor is not None and survivor.where in ("dead", "reserve"):
        hint = f"{survivor.name} is {survivor.where}"
    elif kind == "ChooseSurvivor" and f.waiting == "choose":
        chosen = [a.survivor for a in legal if type(a).__name__ == "ChooseSurvivor"]
        if chosen == [state.data.pretzel] and piece != state.data.pretzel:
            hint = f"the pretzel holder ({state.data.pretzel.removeprefix('survivor-')}) goes first this round"
        else:
            hint = f"{survivor.name} has already played this round"
    elif kind == "ChooseSurvivor":
        hint = f"{f.active} is playing now"
    elif f.waiting == "choose":
        hint = "choose a survivor first"
    elif f.active and f.active != piece and survivor is not None:
        hint = f"only the active survivor ({f.active}) acts"
    elif f.actions_left == 0:
        hint = "no actions left"
    return f"{hint} ({reason})" if hint else reason


def tf_items(tf_game, piece: str, label=str) -> list[MenuItem]:
    """The legal actions of a Tail Feathers window game naming ``piece``."""
    tf_game._refresh()
    return [MenuItem(label(a), k) for k, a in enumerate(tf_game._seen) if names(a, piece)]


def items_for(window_game, piece: str) -> list[MenuItem]:
    """The context menu of ``piece`` for either window game (game/window_game.py or
    game/tf_window_game.py); empty when the rules wait for nobody at this window."""
    if hasattr(window_game, "pick"):                      # Tail Feathers
        from game.tf_window_game import label
        return tf_items(window_game, piece, label)
    engine = window_game.bridge.engine
    if not window_game.choices():
        return []
    pieces = {s.id for s in engine.state.data.survivors} | {z.id for z in engine.state.data.zombies}
    return flickem_items(engine.game, engine.state, piece, pieces, nice)


def choose_item(window_game, item: MenuItem):
    """Play a legal item through the same path as the keys; the frames to animate."""
    if not item.legal:
        return None
    if hasattr(window_game, "pick"):
        return window_game.pick(item.index)
    return window_game.choose(item.index)
