"""Battle (Law 4.3) between the Duchy and the Corvids, with Embedded Agents (Law 13.2.5) and the
Price of Failure (Law 12.2.3). Steps kept in ``flow.battle``:

1. ambush: the defender may play an ambush matching the clearing (or a bird ambush); both seats are
   always asked, so the question itself gives nothing away. foil: the attacker may cancel it.
   Otherwise the ambush deals two hits to the attacker at once; no attacking warriors left: the
   battle ends.
2. roll: ``PhysicsRequest("roll", {"dice": 2, "kind": "d12", "why": "battle", ...})`` answered by
   ``Measured({"faces": [a, b]})`` (faces 0-3): the attacker deals the higher, the defender the
   lower, each capped by its warriors in the clearing.
3. effects: optional card effects, the attacker first (Brutal Tactics, Armorers, Sappers);
   extra hits: a defenseless defender takes one more, Corvids defending with a face-down plot
   there deal one more.
4. hits: warriors first, then buildings and tokens; the Duchy chooses which of its buildings and
   tunnels go (step losses) when it matters. 1 VP per enemy building or token removed.
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.root import board, pieces
from feltbox.rules.root.actions import Ambush, Decline, RemovePiece, UseEffect
from feltbox.rules.root.craft import has_effect
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import tables
from feltbox.rules.root.state import CORVIDS, DUCHY, NAMES, Battle, Data, RootState, enemy, who

DUCHY_PIECES = ("citadel", "market", "tunnel")


def why_not_battle(d: Data, seat: str, clearing: int) -> str:
    if not 1 <= clearing <= 12:
        return f"there is no battle to fight in clearing {clearing}"
    c = d.clearings[clearing]
    if board.warriors(c, seat) == 0:
        return f"you have no warriors in clearing {clearing}"
    if not board.presence(c, enemy(seat)):
        return f"no enemy piece is in clearing {clearing}"
    return ""


def start(ctx: Ctx, attacker: str, clearing: int) -> None:
    ctx.f.battle = Battle(attacker, enemy(attacker), clearing)
    ctx.say("battle", f"{who(attacker, 'attack')} {NAMES[enemy(attacker)]} in clearing {clearing}", attacker=attacker,
            clearing=clearing)
    if has_effect(ctx.d, attacker, "scouting_party"):
        ctx.f.battle = replace(ctx.f.battle, step="roll")
        ctx.say("scouting_party", "Scouting Party: the attacker is not affected by ambush cards")


def ambushes(d: Data, seat: str, clearing: int) -> list[str]:
    """Ambush cards in ``seat``'s hand that match the clearing (bird ambushes are wild)."""
    suit = tables().suit(clearing)
    return sorted(c for c in set(d.hands[seat]) if tables().card(c).kind == "ambush"
                  and board.matches(tables().card(c).suit, suit))


def deciding(state: RootState) -> str:
    """The seat whose decision the battle waits for ("" while the dice roll)."""
    b = state.flow.battle
    if b.step == "ambush":
        return b.defender
    if b.step == "foil":
        return b.attacker
    if b.step == "losses":
        return DUCHY
    if b.step == "effects":
        return offer(state.data, b)[0]
    return ""


def offer(d: Data, b: Battle) -> tuple[str, str]:
    """The next optional battle effect to offer: (seat, effect), attacker first (Law 4.3.3)."""
    wanted = ((b.attacker, "brutal_tactics"), (b.attacker, "armorers"), (b.defender, "sappers"),
              (b.defender, "armorers"))
    for seat, effect in wanted:
        if f"{seat}:{effect}" not in b.asked and has_effect(d, seat, effect):
            return seat, effect
    return "", ""


def options(state: RootState) -> list:
    b, d = state.flow.battle, state.data
    if b.step == "ambush":
        return [Ambush(c) for c in ambushes(d, b.defender, b.clearing)] + [Decline()]
    if b.step == "foil":
        return [Ambush(c) for c in ambushes(d, b.attacker, b.clearing)] + [Decline()]
    if b.step == "losses":
        c = d.clearings[b.clearing]
        have = {"citadel": c.citadels, "market": c.markets, "tunnel": c.tunnel}
        return [RemovePiece(p) for p in DUCHY_PIECES if have[p]]
    if b.step == "effects":
        return [UseEffect(offer(d, b)[1]), Decline()]
    return []


def play_ambush(ctx: Ctx, card: str) -> None:
    b = ctx.f.battle
    seat = b.defender if b.step == "ambush" else b.attacker
    ctx.d.hands[seat].remove(card)
    if b.step == "ambush":
        ctx.f.battle = replace(b, step="foil", ambush=card)
        ctx.say("ambush", f"{who(seat, 'spring')} an ambush ({tables().card(card).suit})", seat=seat, card=card)
        return
    ctx.d.discard += [b.ambush, card]
    ctx.f.battle = replace(b, step="roll", ambush="")
    ctx.say("foil", f"{who(seat, 'foil')} the ambush with one of their own", seat=seat, card=card)


def decline(ctx: Ctx) -> None:
    b = ctx.f.battle
    if b.step == "ambush":
        ctx.f.battle = replace(b, step="roll")
    elif b.step == "foil":
        ctx.d.discard.append(b.ambush)
        ctx.f.battle = replace(b, ambush="")
        ctx.say("ambush_hits", f"the ambush deals 2 hits to {b.attacker}")
        pending = take_hits(ctx, b.attacker, b.clearing, 2)
        attackers_left = board.warriors(ctx.d.clearings[b.clearing], b.attacker)
        then = "roll" if attackers_left else "end"
        if pending:
            ctx.f.battle = replace(ctx.f.battle, step="losses", duchy_hits=pending, then=then)
            return
        _hits_dealt(ctx)
        if then == "end":
            finish(ctx)
        else:
            ctx.f.battle = replace(ctx.f.battle, step="roll")
    elif b.step == "effects":
        seat, effect = offer(ctx.d, b)
        ctx.f.battle = replace(b, asked=(*b.asked, f"{seat}:{effect}"))
        _after_effects(ctx)


def use_effect(ctx: Ctx) -> None:
    b = ctx.f.battle
    seat, effect = offer(ctx.d, b)
    b = replace(b, asked=(*b.asked, f"{seat}:{effect}"))
    card = has_effect(ctx.d, seat, effect)
    if effect == "brutal_tactics":
        b = replace(b, extra_attacker=b.extra_attacker + 1)
        pieces.score(ctx, b.defender, 1, "Brutal Tactics")
    elif effect == "sappers":
        b = replace(b, extra_defender=b.extra_defender + 1)
    elif effect == "armorers":
        b = replace(b, **({"ignore_attacker": True} if seat == b.attacker else {"ignore_defender": True}))
    if effect in ("sappers", "armorers"):
        ctx.d.crafted[seat].remove(card)
        ctx.d.discard.append(card)
    ctx.say("battle_effect", f"{who(seat, 'use')} {tables().card(card).name}", seat=seat, effect=effect)
    ctx.f.battle = b
    _after_effects(ctx)


def roll_request(state: RootState) -> dict:
    b = state.flow.battle
    return {"dice": 2, "kind": "d12", "why": "battle", "attacker": b.attacker, "defender": b.defender,
            "clearing": b.clearing, "die_faces": list(tables().game["die_faces"])}


def rolled(ctx: Ctx, faces: tuple[int, int]) -> None:
    ctx.f.battle = replace(ctx.f.battle, faces=tuple(faces), step="effects")
    ctx.say("dice", f"the dice show {faces[0]} and {faces[1]}", faces=list(faces))
    _after_effects(ctx)


def _after_effects(ctx: Ctx) -> None:
    b = ctx.f.battle
    if offer(ctx.d, b)[0]:
        return
    c = ctx.d.clearings[b.clearing]
    hi, lo = max(b.faces), min(b.faces)
    attacker_hits = 0 if b.ignore_defender else min(hi, board.warriors(c, b.attacker))
    defender_hits = 0 if b.ignore_attacker else min(lo, board.warriors(c, b.defender))
    if board.warriors(c, b.defender) == 0:
        attacker_hits += 1          # Law 4.3.3.II: defenseless
    if b.defender == CORVIDS and c.plot and not c.plot_up:
        defender_hits += 1          # Law 13.2.5: Embedded Agents
    attacker_hits += b.extra_attacker
    defender_hits += b.extra_defender
    ctx.say("hits", f"{who(b.attacker, 'deal')} {attacker_hits} hit{'s' * (attacker_hits != 1)}, "
            f"{who(b.defender, 'deal')} {defender_hits}",
            attacker_hits=attacker_hits, defender_hits=defender_hits)
    pending = take_hits(ctx, b.defender, b.clearing, attacker_hits)
    pending += take_hits(ctx, b.attacker, b.clearing, defender_hits)
    if pending:
        ctx.f.battle = replace(ctx.f.battle, step="losses", duchy_hits=pending, then="end")
    else:
        _hits_dealt(ctx)
        finish(ctx)


def take_hits(ctx: Ctx, seat: str, clearing: int, hits: int) -> int:
    """Remove ``seat``'s pieces for ``hits``: warriors first (Law 4.3.4). Returns the hits the
    Duchy still has to choose buildings or tunnels for (0 when there is no choice to make)."""
    hits -= pieces.remove_warriors(ctx, seat, clearing, hits)
    if hits <= 0:
        return 0
    c = ctx.d.clearings[clearing]
    if seat == CORVIDS:
        if c.plot:
            pieces.remove_plot(ctx, clearing, DUCHY)
        return 0
    owned = ["citadel"] * c.citadels + ["market"] * c.markets + ["tunnel"] * int(c.tunnel)
    if hits >= len(owned) or len(set(owned)) <= 1:
        for piece in owned[:hits]:
            remove_duchy_piece(ctx, clearing, piece)
        return 0
    return hits


def remove_duchy_piece(ctx: Ctx, clearing: int, piece: str) -> None:
    pieces.remove_duchy_piece(ctx, clearing, piece, CORVIDS)
    if piece != "tunnel":
        ctx.f.battle = replace(ctx.f.battle, removed_buildings=True)


def remove_piece(ctx: Ctx, piece: str) -> None:
    """The Duchy's choice of the next building or tunnel to lose (step losses)."""
    b = ctx.f.battle
    remove_duchy_piece(ctx, b.clearing, piece)
    left = take_hits(ctx, DUCHY, b.clearing, b.duchy_hits - 1)
    if left:
        ctx.f.battle = replace(ctx.f.battle, duchy_hits=left)
        return
    _hits_dealt(ctx)
    if b.then == "roll":
        ctx.f.battle = replace(ctx.f.battle, step="roll", duchy_hits=0)
    else:
        finish(ctx)


def _hits_dealt(ctx: Ctx) -> None:
    """One set of hits (the ambush's, or the roll's) is dealt: if it removed Duchy buildings, a
    Price of Failure is owed (Law 12.2.3: whenever any number are removed), paid when the battle
    ends (Law 1.4.2: it does not interrupt the battle)."""
    b = ctx.f.battle
    if b.removed_buildings:
        ctx.f.battle = replace(b, removed_buildings=False, failures=b.failures + 1)


def finish(ctx: Ctx) -> None:
    b = ctx.f.battle
    ctx.f.battle = None
    ctx.say("battle_over", f"the battle in clearing {b.clearing} is over", clearing=b.clearing)
    for _ in range(b.failures):
        pieces.price_of_failure(ctx)
