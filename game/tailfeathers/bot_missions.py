"""The Tail Feathers bot's missions (rulebook: Mission Phase, Resolve Missions). It reads only what
its player may know: its own figures and casualties, the birds in flight, and the opponent's
mission box as seen on the table in earlier rounds (a face-down card is never read).

Which card, in this order of need (each for what it gains; the mission texts: rulebook, Resolve
Missions):
- rescue: a bird of ours is in the casualty pile and 2 figures can go (Resolve Missions 5: it
  comes back at the end of the round), or one of our birds on the table has 2 life or less left:
  it may well fall this round, and the rescue, resolved after the round's attacks, brings it
  back (if it does not fall, the 2 figures simply come home);
- patrol: an enemy bird in flight is one ranged group attack from defeat (its life left no more
  than the figures with a bow we can send), or the enemy flies more birds than we do;
- special (the scenario's house effect: 1 cheese): the cheese that fills the wheel for a Revive
  worth more than a siege (a hero, or 2 squad figures or more in the casualty pile); or instead
  of a siege when enemies stand on or beside our nest and we may not intercept (we did last
  round): 1 figure goes for the cheese, the others stay to defend the nest; or 1 or 2 figures
  and the wheel is not full;
- decoy: an enemy bird swooped our face-down card last round (the card is public once flipped):
  the next swoop at it is wasted and the figures are safe (Swoop Attack: "If it is a decoy, no
  swoop attack happens", and they go home); also 1 or 2 figures and a full wheel;
- intercept: the opponent sent figures on a mission last round and we have 2 fighters to send
  (not twice in a row);
- siege: 3 or more ground figures on the home tree: they land by the enemy trunk.
"""
from __future__ import annotations

from feltbox.game.tailfeathers.bot_flight import enemy_of
from feltbox.game.tailfeathers.bot_value import LEAF_RIDER, cheese_worth
from feltbox.rules.tailfeathers import phases
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, MISSION, TFState
from feltbox.rules.tailfeathers.stats import fig_value, home_nest, home_tree, on_ground, space, stat

BOX = 4                 # the mission box holds 4 small figures
FALLING = 2             # a bird with this much life left or less may fall this round (a swoop rolls 4-6 dice)
SIEGE_WORTH = 3 * LEAF_RIDER   # a siege's 3 figures by the enemy trunk, worth what a leaf's riders are
WANT = {"rescue": 2, "patrol": 3, "intercept": 3, "siege": 3, "special": 1, "decoy": 1}


def home_figures(state: TFState, who: str) -> list:
    """Ground figures on the home tree that may go on a mission (not birds, not structures)."""
    tree = home_tree(state, who)
    return [f for f in state.data.figures if f.alliance == who and on_ground(state, f)
            and space(state, f.where).tree == tree and state.data.unit(f.unit).kind not in ("bird", "structure")]


def life_left(state: TFState, uid: str) -> int:
    return max(1, stat(state, uid, "life") - state.data.unit(uid).wounds)


def choose_mission(state: TFState, who: str, opponent_sent: bool, last: str = "", swooped: bool = False) -> str:
    """``opponent_sent``: the opponent had figures in its mission box last round (seen on the
    table); ``last``: our own mission last round (no two intercepts in a row: the opponent
    learns, and the figures are wanted on the trees); ``swooped``: an enemy bird swooped our
    mission card last round (it was flipped face up in play)."""
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
    if len(spare) >= 2 and any(life_left(state, u.id) <= FALLING for u in mine if u not in lost):
        return "rescue"                         # a bird that may fall this round comes back at its end
    if cheese_worth(state, who) >= SIEGE_WORTH:
        return "special"                        # its cheese fills the wheel: Revive next round
    if swooped and last != "decoy":
        return "decoy"                          # the next swoop at the card is wasted
    fighters = [f for f in spare if fig_value(state, f, "melee") >= 1]
    if opponent_sent and len(fighters) >= 2 and last != "intercept":
        return "intercept"
    if len(spare) >= 3 and not (last == "intercept" and _besieged(state, who)):
        return "siege"
    if len(bows) >= 2 and len(theirs) > flying:
        return "patrol"
    if cheese_worth(state, who) > 0:
        return "special"                        # a figure for the cheese; the others defend at home
    return "decoy"


def _besieged(state: TFState, who: str) -> bool:
    """Enemy figures stand on or beside our nest (landed by a siege, or a bird perched there)."""
    nest = home_nest(state, who)
    near = {nest, *space(state, nest).adjacent}
    return any(f.alliance != who and f.where in near for f in state.data.figures)


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
