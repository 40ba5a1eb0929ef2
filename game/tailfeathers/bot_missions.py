"""The Tail Feathers bot's missions (rulebook: Mission Phase, Resolve Missions). It reads only what
its player may know: its own figures and casualties, the birds in flight, and the opponent's
mission box as seen on the table in earlier rounds (a face-down card is never read).

Which card, in this order of need:
- rescue: a bird of ours is in the casualty pile and 2 figures can go (Resolve Missions 5);
- patrol: an enemy bird in flight is one ranged group attack from defeat (its life left no more
  than the figures with a bow we can send), or the enemy flies more birds than we do;
- intercept: the opponent sent figures on a mission last round and we have 2 fighters to send
  (not twice in a row);
- siege: 3 or more ground figures on the home tree: they land by the enemy trunk;
- special (the scenario's house effect: 1 cheese): the cheese that fills the wheel when 2 squad
  figures wait in the casualty pile to be revived, or 1 or 2 figures and the wheel is low;
- decoy: 1 or 2 figures otherwise: they are safe in the box, and a swoop at the card is wasted.
"""
from __future__ import annotations

from feltbox.game.tailfeathers.bot_flight import enemy_of
from feltbox.rules.tailfeathers import phases
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, MISSION, TFState
from feltbox.rules.tailfeathers.stats import fig_value, home_nest, home_tree, on_ground, space, stat

BOX = 4                 # the mission box holds 4 small figures
CHEESE_TO_REVIVE = 6    # Revive: with a full cheese wheel
WANT = {"rescue": 2, "patrol": 3, "intercept": 3, "siege": 3, "special": 1, "decoy": 1}


def home_figures(state: TFState, who: str) -> list:
    """Ground figures on the home tree that may go on a mission (not birds, not structures)."""
    tree = home_tree(state, who)
    return [f for f in state.data.figures if f.alliance == who and on_ground(state, f)
            and space(state, f.where).tree == tree and state.data.unit(f.unit).kind not in ("bird", "structure")]


def life_left(state: TFState, uid: str) -> int:
    return max(1, stat(state, uid, "life") - state.data.unit(uid).wounds)


def choose_mission(state: TFState, who: str, opponent_sent: bool, last: str = "") -> str:
    """``opponent_sent``: the opponent had figures in its mission box last round (seen on the
    table); ``last``: our own mission last round (no two intercepts in a row: the opponent
    learns, and the figures are wanted on the trees)."""
    spare = [f for f in home_figures(state, who) if f.size == "S"]
    if not spare:
        return ""
    mine = [u for u in state.data.units if u.alliance == who and u.kind == "bird"]
    lost = [u for u in mine if all(f.where == CASUALTY for f in state.data.figures_of(u.id))]
    if lost and len(spare) >= 2:
        return "rescue"
    bows = [f for f in spare if fig_value(state, f, "ranged") >= 1][:BOX]
    enemy = enemy_of(state, who)
    theirs = [f for f in state.data.figures if f.alliance == enemy and f.where == FLYING]
    flying = sum(1 for f in state.data.figures if f.alliance == who and f.where == FLYING)
    if bows and any(life_left(state, f.unit) <= len(bows) for f in theirs):
        return "patrol"
    revivable = [f for f in state.data.figures if f.alliance == who and f.where == CASUALTY
                 and state.data.unit(f.unit).kind == "squad"]
    if state.data.player(who).cheese == CHEESE_TO_REVIVE - 1 and len(revivable) >= 2:
        return "special"                        # its cheese fills the wheel: Revive next round
    fighters = [f for f in spare if fig_value(state, f, "melee") >= 1]
    if opponent_sent and len(fighters) >= 2 and last != "intercept":
        return "intercept"
    if len(spare) >= 3:
        return "siege"
    if len(bows) >= 2 and len(theirs) > flying:
        return "patrol"
    if state.data.player(who).cheese <= 3:
        return "special"
    return "decoy"


def pick_figure(state: TFState, who: str, legal: list):
    """The next figure for the box, or DoneAssigning once the mission has what it needs: the
    strongest for the mission's attack first, figures off the nest before its defenders; a hero
    (small, life 4, melee and ranged 2: Staborah) goes on a siege first, to the enemy tree,
    where it does more than guarding a home tree no enemy stands on."""
    p = state.data.player(who)
    boxed = sum(1 for f in state.data.figures if f.alliance == who and f.where == MISSION)
    kind = "ranged" if p.mission == "patrol" else "melee"
    kinds = ("squad", "hero") if p.mission == "siege" else ("squad",)   # a hero leads a siege
    picks = [a for a in legal if isinstance(a, phases.AssignFigure) and state.data.figure(a.figure).size == "S"
             and state.data.unit(state.data.figure(a.figure).unit).kind in kinds]
    picks.sort(key=lambda a: (state.data.unit(state.data.figure(a.figure).unit).kind == "hero",
                              fig_value(state, state.data.figure(a.figure), kind), _far_from_nest(state, who, a.figure)))
    if boxed < WANT.get(p.mission, 2) and picks:
        return picks[-1]
    done = phases.DoneAssigning()
    return done if done in legal else legal[0]


def _far_from_nest(state: TFState, who: str, fid: str) -> int:
    """Figures off the nest go first: the ones in the nest defend it."""
    return int(state.data.figure(fid).where != home_nest(state, who))
