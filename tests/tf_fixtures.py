"""A small test battlefield and helpers for the Tail Feathers rules tests (house layout, 100 x 100
cm): a home tree in two corners, a middle tree with a leaf, a sapling."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Measured
from feltbox.rules.tailfeathers.battlefield import Battlefield, Space, Trunk
from feltbox.rules.tailfeathers.flow import apply, legal_actions, new_game, pending
from feltbox.rules.tailfeathers.state import FLYING, Setup, UnitSpec


def box(x0, x1, y0, y1):
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def battlefield() -> Battlefield:
    spaces = (
        Space("m-nest", "t-mouse", "nest", box(0, 10, 0, 10), 99, ("m-b1", "m-b2"), "mouse"),
        Space("m-b1", "t-mouse", "branch", box(14, 24, 6, 14), 4, ("m-nest", "m-b3")),
        Space("m-b2", "t-mouse", "branch", box(6, 14, 14, 24), 4, ("m-nest",)),
        Space("m-b3", "t-mouse", "branch", box(24, 34, 6, 14), 4, ("m-b1", "c-1")),
        Space("r-nest", "t-rat", "nest", box(90, 100, 90, 100), 99, ("r-b1", "r-b2"), "rat"),
        Space("r-b1", "t-rat", "branch", box(76, 86, 86, 94), 4, ("r-nest", "r-b3")),
        Space("r-b2", "t-rat", "branch", box(86, 94, 76, 86), 4, ("r-nest",)),
        Space("r-b3", "t-rat", "branch", box(66, 76, 86, 94), 4, ("r-b1", "c-2")),
        Space("c-1", "t-mid", "branch", box(40, 48, 44, 56), 4, ("c-2", "m-b3")),
        Space("c-2", "t-mid", "branch", box(52, 60, 44, 56), 4, ("c-1", "c-leaf", "r-b3")),
        Space("c-leaf", "t-mid", "leaf", box(60, 66, 46, 54), 3, ("c-2",)),
        Space("s-1", "t-sap", "sapling", box(20, 28, 70, 78), 4, ()),
    )
    trunks = (Trunk("trunk-mouse", "t-mouse", box(10, 14, 10, 14)), Trunk("trunk-rat", "t-rat", box(86, 90, 86, 90)),
              Trunk("trunk-mid", "t-mid", box(48, 52, 48, 52)))
    return Battlefield(spaces, trunks, (0.0, 100.0, 0.0, 100.0), (50.0, 30.0),
                       (("mouse", "t-mouse"), ("rat", "t-rat")))


UNITS = (UnitSpec("aerijin", "mouse", "bird", "aerijin", "zure.standard"),
         UnitSpec("sienna", "mouse", "bird", "sienna", "snibble.standard"),
         UnitSpec("oakguard", "mouse", "squad", "oakguard", figures=6),
         UnitSpec("grizzard", "rat", "bird", "grizzard", "snag.ace"),
         UnitSpec("wrunk", "rat", "bird", "wrunk", "chumjaw.standard"),
         UnitSpec("ratblades", "rat", "squad", "ratblades", figures=6),
         UnitSpec("staborah", "rat", "hero", "staborah"))


def setup(rules=(), **kw) -> Setup:
    return Setup(battlefield(), UNITS, "mouse", rules=tuple(rules), **kw)


def game(rules=(), seed=1, **kw):
    return new_game(setup(rules, **kw), seed)


def play(state, action):
    state, _ = apply(state, action)
    return state


def roll(state, *faces):
    state, _ = apply(state, Measured({"faces": list(faces)}))
    return state


def at_activation(state, first="mouse"):
    """Skip to the activation phase, ``first`` to play."""
    order = (first, "rat" if first == "mouse" else "mouse")
    return replace(state, flow=replace(state.flow, order=order, phase="activation", waiting="activate",
                                       turn=0, queue=()))


def put(state, fid, **changes):
    return replace(state, data=state.data.with_figure(replace(state.data.figure(fid), **changes)))


def unit(state, uid, **changes):
    return replace(state, data=state.data.with_unit(replace(state.data.unit(uid), **changes)))


def cheese(state, who, n):
    return replace(state, data=state.data.with_player(replace(state.data.player(who), cheese=n)))


__all__ = ["apply", "legal_actions", "pending"]


def flying(s, fid="aerijin", pose=(50.0, 30.0, 90.0), tilt="center"):
    """The figure ``fid`` in flight at ``pose`` with ``tilt``."""
    return put(s, fid, where=FLYING, pose=pose, tilt=tilt)
