"""The Underground Duchy (Law 12): set-up, Birdsong, Daylight (Assembly, Parliament, Sway),
Evening. ``options(state)`` lists the legal actions of the Duchy's current stage, ``act(ctx, a)``
carries one out (the flow checked it is legal)."""
from __future__ import annotations

from itertools import combinations

from feltbox.rules.root import battle, board, cards, common, craft, pieces
from feltbox.rules.root.actions import (
    Banker,
    Battle,
    Build,
    Craft,
    Dig,
    Done,
    Expose,
    Move,
    Place,
    Recruit,
    Score,
    Sway,
    UseEffect,
)
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import PLOT_KINDS, tables
from feltbox.rules.root.state import BURROW, DUCHY, Data, Flow, RootState, setc

SQUIRES_NOBLES = ("foremole", "captain", "marshal", "brigadier", "banker")


def setup(ctx: Ctx, corner: int) -> None:
    """Law 12.3.3: 2 warriors and a tunnel in the corner, 2 warriors in each adjacent clearing."""
    pieces.place_warriors(ctx, DUCHY, corner, 2)
    setc(ctx.d, corner, tunnel=True)
    ctx.d.supply["tunnels"] -= 1
    for adj in tables().clearings[corner].paths:
        pieces.place_warriors(ctx, DUCHY, adj, 2)
    ctx.say("setup", f"the Duchy surfaces in corner {corner}", seat=DUCHY, clearing=corner)


def birdsong(ctx: Ctx) -> None:
    """Law 12.4 (game-facts): one warrior in the Burrow plus one per warrior icon showing."""
    n = tables().duchy["birdsong_warriors"][board.on_map(ctx.d, "citadels")]
    placed = pieces.place_warriors(ctx, DUCHY, BURROW, n)
    ctx.say("birdsong", f"the Duchy places {placed} warriors in the Burrow", placed=placed)


# -- what may be done -----------------------------------------------------------------------
def hand(d: Data) -> list[str]:
    return sorted(set(d.hands[DUCHY]))


def build_options(d: Data, via: str = "", mayor: bool = False) -> list[Build]:
    out = []
    kinds = [b for b in ("citadel", "market") if d.supply[b + "s"] > 0]
    for c in board.CLEARINGS:
        if not kinds or board.open_slots(d, c) <= 0 or board.snared(d, c, DUCHY) or not board.rules(d, DUCHY, c):
            continue
        suit = tables().suit(c)
        for card in hand(d):
            if via == "foremole" or board.matches(tables().card(card).suit, suit):
                out += [Build(card, c, k, via, mayor) for k in kinds]
    return out


def dig_options(d: Data) -> list[Dig]:
    burrow = d.clearings[BURROW].duchy
    if not burrow:
        return []
    removable = [0] if d.supply["tunnels"] else [c for c in board.CLEARINGS if d.clearings[c].tunnel]
    out = []
    for c in board.CLEARINGS:
        if d.clearings[c].tunnel or board.snared(d, c, DUCHY):
            continue
        for card in hand(d):
            if board.matches(tables().card(card).suit, tables().suit(c)):
                out += [Dig(card, c, n, r) for n in range(1, min(4, burrow) + 1) for r in removable]
    return out


def exposure_options(d: Data) -> list:
    out = []
    for c in board.CLEARINGS:
        cl = d.clearings[c]
        if cl.plot and not cl.plot_up and board.presence(cl, DUCHY):
            for card in hand(d):
                if board.matches(tables().card(card).suit, tables().suit(c)):
                    out += [Expose(c, card, g) for g in PLOT_KINDS]
    return out


def assembly_options(d: Data, f: Flow) -> list:
    out: list = []
    if f.actions > 0:
        out += build_options(d)
        if d.supply["duchy_warriors"]:
            out.append(Recruit())
        out += common.move_options(d, DUCHY) + common.battle_options(d, DUCHY) + dig_options(d)
    if craft.has_effect(d, DUCHY, "command_warren") and "daylight_acted" not in f.once:
        out += common.battle_options(d, DUCHY, "command_warren")
    return out + [Done()]


def minister_options(d: Data, f: Flow, name: str, mayor: bool) -> list:
    if name == "foremole":
        return build_options(d, "foremole", mayor)
    if name == "captain":
        return common.battle_options(d, DUCHY, "captain", mayor)
    if name == "marshal":
        return common.move_options(d, DUCHY, "marshal", mayor)
    if name == "brigadier":
        return common.move_options(d, DUCHY, name, mayor) + common.battle_options(d, DUCHY, name, mayor)
    if name == "banker":
        return banker_options(d, mayor)
    if name in ("duchess", "baron", "earl"):
        return [Score(name)]
    return []


def banker_options(d: Data, mayor: bool) -> list[Banker]:
    found: set[tuple[str, ...]] = set()
    h = hand(d)
    for suit in ("fox", "rabbit", "mouse", "bird"):
        group = [c for c in h if board.matches(tables().card(c).suit, suit)] if suit != "bird" else \
            [c for c in h if tables().card(c).suit == "bird"]
        for k in range(1, len(group) + 1):
            found.update(combinations(group, k))
    return [Banker(cards_, mayor) for cards_ in sorted(found)]


def parliament_options(d: Data, f: Flow) -> list:
    out: list = []
    if f.followup:
        if f.followup == "move":
            out += common.move_options(d, DUCHY, "brigadier", f.followup_mayor)
        else:
            out += common.battle_options(d, DUCHY, "brigadier", f.followup_mayor)
    for name in sorted(d.swayed):
        if name in f.ministers_used:
            continue
        if name == "mayor":
            for other in sorted(set(d.swayed) & set(SQUIRES_NOBLES)):
                out += minister_options(d, f, other, True)
        else:
            out += minister_options(d, f, name, False)
    return list(dict.fromkeys(out)) + [Done()]


def sway_ok(d: Data, chosen: tuple[str, ...]) -> bool:
    """Law 12.5.3.II: each revealed card needs its own clearing of its suit with a Duchy piece
    (birds are wild)."""
    places = {s: sum(1 for c in board.CLEARINGS if tables().suit(c) == s and board.presence(d.clearings[c], DUCHY))
              for s in ("fox", "rabbit", "mouse")}
    suits = [tables().card(c).suit for c in chosen]
    if len(suits) > sum(places.values()):
        return False
    return all(suits.count(s) <= places[s] for s in places)


def sway_options(d: Data, f: Flow) -> list:
    out: list = []
    unswayed = [m for m in tables().ministers.values() if m.name not in d.swayed and d.crowns[m.rank] > 0]
    h = hand(d)
    for m in unswayed:
        for chosen in combinations(h, m.cost):
            if sway_ok(d, chosen):
                out.append(Sway(m.name, chosen))
    return out + [Done()]


def evening_options(d: Data, f: Flow) -> list:
    out: list = [Craft(c) for c in hand(d) if not craft.why_not(d, f, DUCHY, c)]
    if craft.has_effect(d, DUCHY, "cobbler") and "cobbler" not in f.once and not f.used_pieces:
        out += common.move_options(d, DUCHY, "cobbler")
    return out + [Done()]


def options(state: RootState) -> list:
    d, f = state.data, state.flow
    if f.stage == "setup_duchy":
        return [Place(c) for c in tables().corners]
    daylight = f.stage in ("duchy_assembly", "duchy_parliament", "duchy_sway")
    extra = exposure_options(d) + (common.daylight_effects(d, f, DUCHY) if daylight else [])
    if f.stage == "duchy_birdsong":
        return common.birdsong_effects(d, f, DUCHY) + extra + [Done()]
    if f.stage == "duchy_assembly":
        return assembly_options(d, f) + extra
    if f.stage == "duchy_parliament":
        return parliament_options(d, f) + extra
    if f.stage == "duchy_sway":
        return sway_options(d, f) + extra
    if f.stage == "duchy_evening":
        return evening_options(d, f) + extra
    return []


# -- doing it ---------------------------------------------------------------------------------
def reveal(ctx: Ctx, card: str) -> None:
    ctx.d.hands[DUCHY].remove(card)
    ctx.d.revealed.append(card)
    ctx.say("reveal", f"the Duchy reveals {tables().card(card).name}", card=card)


def act(ctx: Ctx, a) -> None:
    f = ctx.f
    if f.stage == "duchy_assembly" and not isinstance(a, Done):
        f.once.append("daylight_acted")
    if f.stage == "duchy_parliament" and not is_followup(f, a):
        f.followup = ""
    if isinstance(a, Done):
        return done(ctx)
    if isinstance(a, UseEffect):
        return common.use_effect(ctx, DUCHY, a)
    if f.stage == "duchy_parliament":
        return parliament(ctx, a)
    if isinstance(a, Craft):
        return craft.craft(ctx, DUCHY, a.card)
    if isinstance(a, Sway):
        return sway(ctx, a)
    if isinstance(a, Move) and a.via == "cobbler":
        f.once.append("cobbler")
        return common.do_move(ctx, DUCHY, a)
    if isinstance(a, Battle) and a.via == "command_warren":
        f.once.append("command_warren")
        return battle.start(ctx, DUCHY, a.clearing)
    f.actions -= 1
    if isinstance(a, Build):
        return build(ctx, a)
    if isinstance(a, Recruit):
        pieces.place_warriors(ctx, DUCHY, BURROW, 1)
        return ctx.say("recruit", "the Duchy recruits a warrior in the Burrow")
    if isinstance(a, Move):
        return common.do_move(ctx, DUCHY, a)
    if isinstance(a, Battle):
        return battle.start(ctx, DUCHY, a.clearing)
    if isinstance(a, Dig):
        return dig(ctx, a)
    raise AssertionError(f"the Duchy cannot {a!r} now")


def build(ctx: Ctx, a: Build) -> None:
    reveal(ctx, a.card)
    key = a.building + "s"
    ctx.d.supply[key] -= 1
    c = ctx.d.clearings[a.clearing]
    setc(ctx.d, a.clearing, **{key: getattr(c, key) + 1})
    ctx.say("build", f"the Duchy builds a {a.building} in clearing {a.clearing}", clearing=a.clearing,
            building=a.building)


def dig(ctx: Ctx, a: Dig) -> None:
    cards.spend(ctx, DUCHY, a.card)
    if a.remove:
        pieces.remove_duchy_piece(ctx, a.remove, "tunnel", "")
    setc(ctx.d, a.clearing, tunnel=True)
    ctx.d.supply["tunnels"] -= 1
    pieces.move_warriors(ctx, DUCHY, BURROW, a.clearing, a.count)
    ctx.say("dig", f"the Duchy digs a tunnel to clearing {a.clearing} and {a.count} warriors surface",
            clearing=a.clearing, count=a.count, removed=a.remove)


def parliament(ctx: Ctx, a) -> None:
    f = ctx.f
    name = "mayor" if getattr(a, "mayor", False) else (a.via if isinstance(a, (Move, Battle, Build)) else
                                                       "banker" if isinstance(a, Banker) else a.minister)
    if not is_followup(f, a):
        f.ministers_used.append(name)
        if isinstance(a, (Move, Battle)) and a.via == "brigadier":
            f.followup = "move" if isinstance(a, Move) else "battle"
            f.followup_mayor = a.mayor
    else:
        f.followup = ""
    ctx.say("minister", f"the {name} acts", minister=name)
    if isinstance(a, Move):
        common.do_move(ctx, DUCHY, a)
    elif isinstance(a, Battle):
        battle.start(ctx, DUCHY, a.clearing)
    elif isinstance(a, Build):
        build(ctx, a)
    elif isinstance(a, Banker):
        for card in a.cards:
            cards.spend(ctx, DUCHY, card)
        pieces.score(ctx, DUCHY, len(a.cards), "the Banker")
    elif isinstance(a, Score):
        pieces.score(ctx, DUCHY, lord_score(ctx.d, a.minister), f"the {a.minister}")


def is_followup(f: Flow, a) -> bool:
    """The Brigadier's second move or battle (of the kind, and through the Mayor or not, as the first)."""
    kind = "move" if isinstance(a, Move) else "battle" if isinstance(a, Battle) else ""
    return bool(kind) and a.via == "brigadier" and f.followup == kind and a.mayor == f.followup_mayor


def lord_score(d: Data, name: str) -> int:
    if name == "duchess":
        return 2 if board.on_map(d, "tunnels") == 3 else 0
    return board.on_map(d, "markets" if name == "baron" else "citadels")


def sway(ctx: Ctx, a: Sway) -> None:
    m = tables().ministers[a.minister]
    for card in a.cards:
        reveal(ctx, card)
    ctx.d.swayed.append(m.name)
    ctx.d.crowns[m.rank] -= 1
    ctx.say("sway", f"the Duchy sways the {m.name}", minister=m.name, rank=m.rank)
    pieces.score(ctx, DUCHY, tables().duchy["crown_vp"][m.rank], f"swayed the {m.name}")
    ctx.f.swayed_this_turn = True
    to_evening(ctx)


def done(ctx: Ctx) -> None:
    f = ctx.f
    if f.stage == "duchy_birdsong":
        f.stage, f.actions = "duchy_assembly", 2
    elif f.stage == "duchy_assembly":
        f.stage, f.followup = "duchy_parliament", ""
    elif f.stage == "duchy_parliament":
        f.stage, f.followup = "duchy_sway", ""
    elif f.stage == "duchy_sway":
        to_evening(ctx)
    elif f.stage == "duchy_evening":
        n = tables().duchy["evening_draw"][board.on_map(ctx.d, "markets")]
        common.evening_draw(ctx, DUCHY, n)


def to_evening(ctx: Ctx) -> None:
    ctx.f.stage = "duchy_evening"
    cards.return_revealed(ctx)


def begin(ctx: Ctx) -> None:
    """The Duchy's Birdsong; a Birdsong decision only when a card effect offers one."""
    birdsong(ctx)
    ctx.f.stage = "duchy_birdsong"
    if not common.birdsong_effects(ctx.d, ctx.f, DUCHY):
        ctx.f.stage, ctx.f.actions = "duchy_assembly", 2

