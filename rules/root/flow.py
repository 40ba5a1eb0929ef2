"""The Root engine's entry points (rules/core.py contract): new_game / pending / legal_actions /
apply, and RootGame for rules.engine.Engine. The one dispatcher: step modules change the working
copy and return; this module decides what comes next.

Seats ``"duchy"`` and ``"corvids"``. ``pending`` is, in this order: GameOver; the Duchy's choice of
minister for the Price of Failure; a battle (its dice are
``PhysicsRequest("roll", {"dice": 2, "kind": "d12", "why": "battle", ...})`` answered by
``Measured({"faces": [a, b]})``, faces 0-3, or a battle decision); a discard down to the hand
limit; the stage's Decision. ``apply`` is pure: a new state and events (each with a "text"), or
IllegalAction with the reason, the input untouched."""
from __future__ import annotations

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest, Rng
from feltbox.rules.root import actions as A
from feltbox.rules.root import battle, board, cards, common, corvids, duchy, pieces, turns
from feltbox.rules.root.ctx import Ctx
from feltbox.rules.root.data import PLOT_KINDS, RANKS, SUITS, tables
from feltbox.rules.root.state import BURROW, CORVIDS, DUCHY, NAMES, SEATS, Clearing, Data, Flow, RootState, enemy, who

ACTION_TYPES = (A.Place, A.Done, A.Move, A.Battle, A.Build, A.Recruit, A.Dig, A.Banker, A.Score, A.Sway,
                A.ReturnMinister, A.Craft, A.Expose, A.Flip, A.Plot, A.Trick, A.Ambush, A.Decline, A.UseEffect,
                A.RemovePiece, A.Discard, A.EndTurn, Measured)
ACTIONS = {t.__name__: t for t in ACTION_TYPES}

PROMPTS = {
    "setup_duchy": "Duchy set-up: choose your corner clearing",
    "setup_corvids": "Corvid set-up: place a warrior in a {suit} clearing",
    "duchy_birdsong": "Birdsong: use a Birdsong card effect, or go on",
    "duchy_assembly": "Assembly: {actions} actions left (build, recruit, move, battle, dig)",
    "duchy_parliament": "Parliament: take each swayed minister's action once",
    "duchy_sway": "Sway a minister, or go on to Evening",
    "duchy_evening": "Evening: craft with citadels and markets, then draw",
    "corvids_birdsong": "Birdsong: craft, flip plots, recruit",
    "corvids_daylight": "Daylight: {actions} actions left (move, plot, battle, trick)",
    "corvids_evening": "Evening: exert (one more action, no draw) or draw",
}


def new_game(seed: int = 0) -> RootState:
    """Law 5.1 for two players: dominance cards out (5.1.3), 3 cards each, a random first
    player; then the Duchy surfaces and the Corvids scatter (Law 12.3, 13.3)."""
    t = tables()
    rng = Rng(seed)
    deck = sorted(cid for cid, c in t.cards.items() if c.kind != "dominance")
    first_i, rng = rng.below(2)
    data = Data(clearings=[Clearing() for _ in range(13)], hands={s: [] for s in SEATS}, pile=deck, discard=[],
                score={s: 0 for s in SEATS}, items=dict(t.items), crafted={s: [] for s in SEATS},
                items_crafted={s: [] for s in SEATS}, swayed=[], crowns=dict(t.duchy["crowns"]),
                crowns_lost={r: 0 for r in RANKS}, revealed=[],
                plot_supply=sorted(k for k, n in t.corvids["plots"].items() for _ in range(n)),
                supply={"duchy_warriors": t.duchy["warriors"], "tunnels": t.duchy["tunnels"],
                        "citadels": t.duchy["citadels"], "markets": t.duchy["markets"],
                        "corvid_warriors": t.corvids["warriors"]})
    flow = Flow(stage="setup_duchy", turn=DUCHY, first=SEATS[first_i], setup_left=list(SUITS))
    ctx = Ctx(RootState(data, flow, rng))
    for seat in SEATS:
        cards.draw(ctx, seat, t.game["starting_hand"])
    return ctx.state()


def whose(state: RootState) -> str:
    """The seat the game waits for ("" while dice roll or when it is over)."""
    p = pending(state)
    return p.player if isinstance(p, Decision) else ""


def pending(state: RootState):
    f = state.flow
    if f.stage == "over":
        return GameOver(tuple(f.winners), f.result)
    if f.pof_pending:
        return Decision(DUCHY, "Price of Failure: choose which minister of the highest rank returns")
    if f.battle is not None:
        if f.battle.step == "roll":
            return PhysicsRequest("roll", battle.roll_request(state))
        seat = battle.deciding(state)
        prompts = {"ambush": "play an ambush?", "foil": "foil the ambush with one of yours?",
                   "losses": "choose the building or tunnel to lose", "effects": "use a battle effect?"}
        return Decision(seat, f"battle in clearing {f.battle.clearing}: {prompts[f.battle.step]}")
    if f.discarding:
        return Decision(f.discarding, f"discard down to {cards.hand_limit()} cards")
    seat = DUCHY if f.stage.startswith(("duchy", "setup_duchy")) else CORVIDS
    suit = f.setup_left[0] if f.setup_left else ""
    return Decision(seat, PROMPTS[f.stage].format(actions=f.actions, suit=suit))


def legal_actions(state: RootState) -> list:
    f, d = state.flow, state.data
    if f.stage == "over":
        return []
    if f.pof_pending:
        return [A.ReturnMinister(m) for m in pieces.top_ministers(d.swayed)]
    if f.battle is not None:
        return battle.options(state)
    if f.discarding:
        return [A.Discard(c) for c in sorted(set(d.hands[f.discarding]))]
    if f.stage.startswith(("duchy", "setup_duchy")):
        return duchy.options(state)
    return corvids.options(state)


def check_faces(outcome) -> tuple[int, int]:
    faces = tuple(outcome.get("faces", ())) if isinstance(outcome, dict) else ()
    if len(faces) != 2:
        raise IllegalAction(f"2 dice were rolled, {len(faces)} faces came back")
    allowed = set(tables().game["die_faces"])
    for x in faces:
        if isinstance(x, bool) or not isinstance(x, int) or x not in allowed:
            raise IllegalAction(f"a Root die shows one of {sorted(allowed)}, not {x!r}")
    return faces


def apply(state: RootState, action) -> tuple[RootState, list[Event]]:
    f = state.flow
    if f.stage == "over":
        raise IllegalAction("the game is over")
    if isinstance(action, Measured):
        if f.battle is None or f.battle.step != "roll" or f.pof_pending:
            raise IllegalAction("no dice are being rolled")
        faces = check_faces(action.outcome)
        ctx = Ctx(state)
        battle.rolled(ctx, faces)
        return _after(ctx)
    if f.battle is not None and f.battle.step == "roll" and not f.pof_pending:
        raise IllegalAction("the battle dice are rolling: their faces are awaited first")
    if action not in legal_actions(state):
        raise IllegalAction(reason(state, action))
    ctx = Ctx(state)
    _dispatch(ctx, action)
    return _after(ctx)


def _dispatch(ctx: Ctx, a) -> None:
    f = ctx.f
    if isinstance(a, A.ReturnMinister):
        f.pof_pending -= 1
        pieces.return_minister(ctx, a.minister)
        pieces.settle_failures(ctx)
    elif f.battle is not None:
        {A.Ambush: lambda: battle.play_ambush(ctx, a.card), A.Decline: lambda: battle.decline(ctx),
         A.UseEffect: lambda: battle.use_effect(ctx), A.RemovePiece: lambda: battle.remove_piece(ctx, a.piece)}[type(a)]()
    elif isinstance(a, A.Discard):
        ctx.d.hands[f.discarding].remove(a.card)
        cards.discard(ctx, a.card)
        ctx.say("discard", f"{who(f.discarding, 'discard')} a card", seat=f.discarding)
        ctx.say("discarded", f"{who(f.discarding, 'discard')} {tables().card(a.card).name}", (f.discarding,), card=a.card)
        if len(ctx.d.hands[f.discarding]) <= cards.hand_limit():
            f.discarding = ""
            common.end_turn(ctx)
    elif f.stage == "setup_duchy":
        duchy.setup(ctx, a.clearing)
        f.stage = "setup_corvids"
    elif f.stage == "setup_corvids":
        corvids.setup(ctx, a.clearing)
        if not f.setup_left:
            turns.begin(ctx, f.first)
    elif isinstance(a, A.Expose):
        corvids.expose(ctx, a)
    elif f.stage.startswith("duchy"):
        duchy.act(ctx, a)
    else:
        corvids.act(ctx, a)


def _after(ctx: Ctx) -> tuple[RootState, list[Event]]:
    """Victory (Law 3.1: 30 VP at once; both at once: the player taking the turn), then the next
    turn when one ended."""
    s = ctx.d.score
    goal = tables().game["win_score"]
    if ctx.f.stage != "over" and max(s.values()) >= goal:
        reached = [seat for seat in SEATS if s[seat] >= goal]
        winner = ctx.f.turn if len(reached) > 1 else reached[0]
        ctx.f.stage, ctx.f.winners, ctx.f.battle, ctx.f.discarding, ctx.f.pof_pending = "over", [winner], None, "", 0
        ctx.f.result = f"{who(winner, 'reach')} {s[winner]} VP ({NAMES[enemy(winner)]} {s[enemy(winner)]})"
        ctx.say("game_over", ctx.f.result, winners=[winner])
    elif ctx.f.stage == "turn_end":
        turns.begin(ctx, enemy(ctx.f.turn))
    return ctx.state(), ctx.events


def reason(state: RootState, action) -> str:
    """Why ``action`` is refused now, in the players' words."""
    if type(action) not in ACTION_TYPES:
        return f"{action!r} is not a Root action"
    p = pending(state)
    try:
        return _specific_reason(state, action, p)
    except (TypeError, ValueError, IndexError, KeyError):       # fields of the wrong kind
        return f"{action!r} is not one of the choices now"


def _specific_reason(state: RootState, action, p) -> str:
    who = p.player if isinstance(p, Decision) else ""
    d = state.data
    if isinstance(action, A.Expose):
        c = d.clearings[action.clearing] if 1 <= action.clearing <= 12 else Clearing()
        if who != DUCHY or state.flow.battle is not None:
            return "only the Duchy may use Exposure, on its own turn, outside a battle"
        if not c.plot or c.plot_up:
            return f"there is no face-down plot in clearing {action.clearing}"
        if action.guess not in PLOT_KINDS:
            return f"a plot is a {', '.join(PLOT_KINDS)}, not {action.guess!r}"
    if isinstance(action, A.Move) and 0 <= action.origin <= 12 and 0 <= action.dest <= 12:
        why = board.may_move(d, who or state.flow.turn, action.origin, action.dest)
        if why:
            return why
        if action.dest == BURROW and who != DUCHY:
            return "only the Duchy may enter the Burrow"
    if isinstance(action, A.Battle):
        why = battle.why_not_battle(d, who or state.flow.turn, action.clearing)
        if why:
            return why
    return f"{type(action).__name__} is not one of the choices now ({p.prompt if isinstance(p, Decision) else p})"


class RootGame:
    """The :class:`rules.core.Game` for rules.engine.Engine (one scenario: Autumn, two players)."""

    def new_game(self, scenario: int, seed: int) -> RootState:
        return new_game(seed)

    pending = staticmethod(pending)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
