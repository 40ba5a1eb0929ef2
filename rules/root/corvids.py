"""The Corvid Conspiracy (Law 13): set-up, Birdsong (craft, flip, recruit), Daylight (three
actions: move, plot, battle, trick), Evening (exert, draw), the plot tokens (13.7) and Exposure
(13.2.4, the Duchy's action on its own turn). ``options(state)`` lists the legal actions of the
Corvids' stage; ``act(ctx, a)`` carries one out (the flow checked it is legal)."""
from __future__ import annotations

from feltbox.rules.root import battle, board, cards, common, craft, pieces
from feltbox.rules.root.actions import Battle, Craft, Done, EndTurn, Expose, Flip, Move, Place, Plot, Recruit, Trick, UseEffect
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import SUITS, tables
from feltbox.rules.root.state import CORVIDS, DUCHY, Data, Flow, RootState, setc

SETUP_SUITS = SUITS         # Law 13.3.2: one warrior in a clearing of each suit


def hand(d: Data) -> list[str]:
    return sorted(set(d.hands[CORVIDS]))


def setup_options(d: Data, f: Flow) -> list[Place]:
    suit = f.setup_left[0]
    return [Place(c) for c in board.CLEARINGS if tables().suit(c) == suit]


def recruit_options(d: Data) -> list[Recruit]:
    out = []
    for card in hand(d):
        s = tables().card(card).suit
        out += [Recruit(card, x) for x in (SUITS if s == "bird" else (s,))]
    return out


def plot_options(d: Data, f: Flow) -> list[Plot]:
    need = 1 + f.plots_placed
    kinds = sorted(set(d.plot_supply))
    return [Plot(c, k) for c in board.CLEARINGS for k in kinds
            if not d.clearings[c].plot and d.clearings[c].corvids >= need]


def trick_options(d: Data) -> list[Trick]:
    plots = [c for c in board.CLEARINGS if d.clearings[c].plot]
    return [Trick(a, b) for i, a in enumerate(plots) for b in plots[i + 1:]
            if d.clearings[a].plot_up == d.clearings[b].plot_up]


def daylight_actions(d: Data, f: Flow) -> list:
    return (common.move_options(d, CORVIDS) + plot_options(d, f) + common.battle_options(d, CORVIDS)
            + trick_options(d))


def options(state: RootState) -> list:
    d, f = state.data, state.flow
    if f.stage == "setup_corvids":
        return setup_options(d, f)
    if f.stage == "corvids_birdsong":
        out: list = []
        if f.step <= 0:
            out += [Craft(c) for c in hand(d) if not craft.why_not(d, f, CORVIDS, c)]
        if f.step <= 1:
            out += [Flip(c) for c in board.CLEARINGS
                    if d.clearings[c].plot and not d.clearings[c].plot_up and d.clearings[c].corvids]
        if f.step <= 2 and not f.recruited:
            out += recruit_options(d)
        return out + common.birdsong_effects(d, f, CORVIDS) + [Done()]
    if f.stage == "corvids_daylight":
        out = daylight_actions(d, f) if f.actions > 0 else []
        if craft.has_effect(d, CORVIDS, "command_warren") and "daylight_acted" not in f.once:
            out += common.battle_options(d, CORVIDS, "command_warren")
        return out + common.daylight_effects(d, f, CORVIDS) + [Done()]
    if f.stage == "corvids_evening":
        out = []
        if craft.has_effect(d, CORVIDS, "cobbler") and "cobbler" not in f.once and not f.exerted \
                and "evening_acted" not in f.once:
            out += common.move_options(d, CORVIDS, "cobbler")
        if not f.exerted:
            out += daylight_actions(d, f)
        return out + [EndTurn()]
    return []


# -- doing it ---------------------------------------------------------------------------------
def setup(ctx: Ctx, clearing: int) -> None:
    pieces.place_warriors(ctx, CORVIDS, clearing, 1)
    ctx.f.setup_left.pop(0)
    ctx.say("setup", f"a Corvid warrior is placed in clearing {clearing}", seat=CORVIDS, clearing=clearing)


def act(ctx: Ctx, a) -> None:
    f = ctx.f
    if f.stage == "corvids_daylight" and not isinstance(a, Done):
        f.once.append("daylight_acted")
    if f.stage == "corvids_evening":
        f.once.append("evening_acted")
    if isinstance(a, Done):
        return done(ctx)
    if isinstance(a, EndTurn):
        n = 0 if f.exerted else 1 + board.on_map(ctx.d, "extortions_up")
        if f.exerted:
            ctx.say("exert", "the Corvids exerted: no cards drawn this Evening")
        return common.evening_draw(ctx, CORVIDS, n)
    if isinstance(a, UseEffect):
        return common.use_effect(ctx, CORVIDS, a)
    if isinstance(a, Craft):
        f.step = 0
        return craft.craft(ctx, CORVIDS, a.card)
    if isinstance(a, Flip):
        f.step = 1
        return flip(ctx, a.clearing)
    if isinstance(a, Recruit):
        f.step, f.recruited = 2, True
        return recruit(ctx, a)
    if isinstance(a, Move) and a.via == "cobbler":
        f.once.append("cobbler")
        return common.do_move(ctx, CORVIDS, a)
    if isinstance(a, Battle) and a.via == "command_warren":
        f.once.append("command_warren")
        return battle.start(ctx, CORVIDS, a.clearing)
    if f.stage == "corvids_evening":
        f.exerted = True            # Law 13.6.1
        ctx.say("exert", "the Corvids exert: one more Daylight action, no draw")
    else:
        f.actions -= 1
    if isinstance(a, Move):
        return common.do_move(ctx, CORVIDS, a)
    if isinstance(a, Battle):
        return battle.start(ctx, CORVIDS, a.clearing)
    if isinstance(a, Plot):
        return plot(ctx, a)
    if isinstance(a, Trick):
        return trick(ctx, a)
    raise AssertionError(f"the Corvids cannot {a!r} now")


def done(ctx: Ctx) -> None:
    f = ctx.f
    if f.stage == "corvids_birdsong":
        f.stage, f.actions = "corvids_daylight", 3
    elif f.stage == "corvids_daylight":
        f.stage = "corvids_evening"


def begin(ctx: Ctx) -> None:
    ctx.f.stage, ctx.f.step = "corvids_birdsong", 0


def flip(ctx: Ctx, clearing: int) -> None:
    """Law 13.4.2: face up, score 1 VP per face-up plot on the map, then a bomb or extortion."""
    kind = ctx.d.clearings[clearing].plot
    setc(ctx.d, clearing, plot_up=True)
    ctx.say("flip", f"the Corvids flip a {kind} plot in clearing {clearing}", clearing=clearing, plot=kind)
    pieces.score(ctx, CORVIDS, board.on_map(ctx.d, "plots_up"), "flipped a plot")
    if kind == "bomb":          # Law 13.7.1
        if pieces.remove_all_enemies(ctx, clearing, CORVIDS):
            pieces.price_of_failure(ctx)
        pieces.remove_plot(ctx, clearing, CORVIDS)
    elif kind == "extortion" and board.presence(ctx.d.clearings[clearing], DUCHY):   # Law 13.7.3
        cards.steal_random(ctx, CORVIDS, DUCHY)


def recruit(ctx: Ctx, a: Recruit) -> None:
    """Law 13.4.3: spend a card, one warrior in each clearing of its suit (a bird: chosen suit),
    in clearing order while the supply lasts (Law 1.5.4)."""
    cards.spend(ctx, CORVIDS, a.card)
    placed = [c for c in board.CLEARINGS if tables().suit(c) == a.suit and pieces.place_warriors(ctx, CORVIDS, c, 1)]
    ctx.say("recruit", f"the Corvids recruit in {a.suit} clearings {placed}", suit=a.suit, placed=placed)


def plot(ctx: Ctx, a: Plot) -> None:
    """Law 13.5.2: remove 1 + plots placed this turn warriors, place a face-down plot."""
    pieces.remove_warriors(ctx, CORVIDS, a.clearing, 1 + ctx.f.plots_placed)
    ctx.f.plots_placed += 1
    ctx.d.plot_supply.remove(a.kind)
    setc(ctx.d, a.clearing, plot=a.kind, plot_up=False)
    ctx.say("plot", f"the Corvids place a face-down plot in clearing {a.clearing}", clearing=a.clearing)
    ctx.say("plot_kind", f"the plot in clearing {a.clearing} is a {a.kind}", (CORVIDS,), clearing=a.clearing,
            plot=a.kind)


def trick(ctx: Ctx, a: Trick) -> None:
    """Law 13.5.4: swap two plots, both face up or both face down."""
    x, y = ctx.d.clearings[a.a], ctx.d.clearings[a.b]
    setc(ctx.d, a.a, plot=y.plot)
    setc(ctx.d, a.b, plot=x.plot)
    ctx.say("trick", f"the Corvids swap the plots in clearings {a.a} and {a.b}", a=a.a, b=a.b)


def expose(ctx: Ctx, a: Expose) -> None:
    """Law 13.2.4 (the Duchy on its turn): a right guess removes the plot (1 VP, a raid does not
    fire); a wrong one gives the card shown to the Corvids. The guess is public."""
    kind = ctx.d.clearings[a.clearing].plot
    right = kind == a.guess
    ctx.say("exposure", f"the Duchy shows {tables().card(a.card).name} and guesses {a.guess} in clearing "
            f"{a.clearing}: {'right' if right else 'no'}", clearing=a.clearing, card=a.card, guess=a.guess, right=right)
    if right:
        pieces.remove_plot(ctx, a.clearing, DUCHY, exposure=True)
    else:
        ctx.d.hands[DUCHY].remove(a.card)
        ctx.d.hands[CORVIDS].append(a.card)
