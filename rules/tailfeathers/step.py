"""What a step of play hands back to the turn flow (flow.py, the one dispatcher).

A step resolves one decision or one physics result (an attack roll, a flight, a death spiral
roll, a drifting leaf...). A step that can never decide what comes next returns the new state;
the others return a :class:`Step`: the new state and, in ``next``, what happened that decides
what comes next (an attack is over, the activated unit is done, the first player is known, no
unit is left to activate, a leaf has drifted), or "" when play simply waits for the next
decision or physics result (``flow.pending``). The flow reads ``next`` and runs what follows
(rulebook: Round Order; Activation Phase; Final Phase): a step never calls back into the module
that started it. A step's events go, in order, to the ``events`` list the flow hands in (the
shared helpers below the steps, such as wounds, append to the same list).
"""
from __future__ import annotations

from dataclasses import dataclass

from feltbox.rules.tailfeathers.state import TFState

ATTACK_RESOLVED = "attack resolved"      # the attack is over; ``resume`` says what it interrupted
UNIT_DONE = "unit done"                  # the activated unit has moved and attacked (then Revive)
FIRST_PLAYER = "first player"            # Determine Initiative is over: the first activation turn
ACTIVATIONS_OVER = "activations over"    # no player has a unit to activate: the Final Phase
LEAF_DRIFTED = "leaf drifted"            # a drifting leaf has moved (Leaves: Moving a Drifting Leaf)


@dataclass(frozen=True)
class Step:
    state: TFState
    next: str = ""          # one of the names above; "" = play waits for the next decision or roll
    resume: str = ""        # ATTACK_RESOLVED: "act" | "flight" | "final" (Attack.resume)
