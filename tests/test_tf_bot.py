"""The Tail Feathers bot picks each rule when it helps (issue 12), on real battlefield positions:
the Show of Force and Glade Crossing scenes' own trees, spaces, trunks and bounds
(game/tailfeathers/bridge.setup_from_scene), the rules' own legal actions, and the rules'
geometry for every flight. Each test names the rulebook section it plays and works its
expected choice out in the comment. Rules-only states: no physics runs here."""
from __future__ import annotations

from dataclasses import replace

from feltbox.game.games import game_of
from feltbox.game.tailfeathers import bot_flight
from feltbox.game.tailfeathers.bot import TFBot
from feltbox.game.tailfeathers.bridge import SCENE_RULES, setup_from_scene
from feltbox.rules.core import Measured, PhysicsRequest
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import flight, leaves, measure, phases, spirals
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.flow import apply, legal_actions, new_game, pending
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING

RATS = ("rat-squad-1", "rat-squad-2", "rat-squad-3", "rat-squad-4", "rat-squad-5", "rat-squad-6", "staborah")


def position(scene: str = "show_of_force", rules=SCENE_RULES, hands=None):
    setup = setup_from_scene(game_of("tailfeathers").load_scene(scene), tuple(rules))
    if hands is not None:
        setup = replace(setup, hands=hands)
    return new_game(setup, 1)


def put(state, fid: str, **changes):
    return replace(state, data=state.data.with_figure(replace(state.data.figure(fid), **changes)))


def away(state, *fids: str):
    for fid in fids:
        state = put(state, fid, where=CASUALTY)
    return state


def cheese(state, who: str, n: int):
    return replace(state, data=state.data.with_player(replace(state.data.player(who), cheese=n)))


def turn(state, unit: str, figs: tuple[str, ...], waiting: str):
    """The Activation Phase with ``unit`` activated by its player, the rules waiting for ``waiting``."""
    who = state.data.unit(unit).alliance
    order = (who,) + tuple(a for a in state.flow.order if a != who)
    flow = replace(state.flow, phase="activation", waiting=waiting, step="act" if waiting == "act" else "move",
                   active=unit, figs=figs, order=order, turn=0, queue=(), done=())
    state = replace(state, data=state.data.with_unit(replace(state.data.unit(unit), activated=True)))
    return replace(state, flow=flow)


def flying(state, fid: str, pose, tilt: str = "center"):
    return turn(put(state, fid, where=FLYING, pose=pose, tilt=tilt), state.data.figure(fid).unit, (fid,), "pilot")


def tilt_phase(state, who: str):
    return replace(state, flow=replace(state.flow, phase="tilt", waiting="tilt", queue=(who,), done=()))


def mission_phase(state, who: str, round_: int = 1):
    return replace(state, flow=replace(state.flow, round=round_, phase="mission", waiting="mission_select",
                                       queue=(who,)))


def play_out(state, bot: TFBot, unit: str):
    """Let the bot finish ``unit``'s activation (every die a bow: no melee hit, no block)."""
    events = []
    while state.flow.active == unit:
        p = pending(state)
        if isinstance(p, PhysicsRequest):
            state, ev = apply(state, Measured({"faces": ["bow"] * p.spec["dice"]}))
        else:
            state, ev = apply(state, bot.decide(legal_actions(state), state))
        events += [e.kind for e in ev]
    return state, events


# -- flying ------------------------------------------------------------------------------------
def test_CROSSING_perch_instead_of_flying_off_the_battlefield():
    # Aerijin flies north at center tilt from (33, 30) by the rat tree (bounds y <= 45): the
    # shortest flight, base edge 3 + short 8 + short end 8 = 19 cm, ends at y = 49, off the
    # battlefield, and so does every longer one; each crosses ne.b1a (at 3 cm) then ne.b1b.
    # Perching is legal there ("you may end your figure's movement and become perched"), so the
    # bot flies and perches on the first crossed space, ne.b1a, and no bird flies off.
    state = flying(away(position(), "grizzard", "wrunk", *RATS), "aerijin", (33.0, 30.0, 90.0))
    flies = [a for a in legal_actions(state) if isinstance(a, flight.Fly)]
    ends = [measure.flight_path((33.0, 30.0, 90.0), measure.BASE_RADIUS, a.templates, a.tilt).end for a in flies]
    assert all(e[1] >= 49.0 - 1e-6 for e in ends)
    bot = TFBot()
    state, events = play_out(state, bot, "aerijin")
    assert state.data.figure("aerijin").where == "ne.b1a"
    assert "perched" in events and "flew off the battlefield" not in events


def test_TILT_PHASE_the_tilt_whose_next_flight_swoops_and_perches_on_the_enemy_nest():
    # Sienna (move 5) flies north at (36, 20), east of the rat tree; the rat nest lies to its left
    # (north-west). At left tilt each template turns 30 degrees left, so "short x4" crosses the
    # rat nest: a swoop (80) and a perch on it (70, 0 cm from the goal) = 150; at center or right
    # tilt the best it can do is perch on ne.r1 (about 9). Tilt Phase: left.
    state = put(away(position(), "grizzard", "wrunk"), "sienna", where=FLYING, pose=(36.0, 20.0, 90.0))
    state = tilt_phase(state, "mouse")
    state, _ = apply(state, phases.Tilt("aerijin", "stay"))       # Aerijin (perched) is set first
    assert {a.tilt for a in legal_actions(state)} == {"left", "center", "right"}
    bird = state.data.figure("sienna")
    plan = bot_flight.best_plan(state, bird, bird.pose, ["left"], 5, True)
    assert plan.perch == "nest-rat" and plan.score == 150.0
    assert TFBot().decide(legal_actions(state), state) == phases.Tilt("sienna", "left")


def test_TILT_PHASE_a_bird_perched_on_the_enemy_nest_stays_to_attack_it():
    # Perched on the rat nest (a large ground unit), Zure's melee 2 reaches the nest it stands
    # on (Melee Attack: adjacent ground enemies or a nest); staying perched keeps that attack.
    state = tilt_phase(put(position(), "aerijin", where="nest-rat"), "mouse")
    assert phases.Tilt("aerijin", "stay") in legal_actions(state)
    assert TFBot().decide(legal_actions(state), state) == phases.Tilt("aerijin", "stay")


def test_LAUNCH_POSITION_a_perched_bird_with_no_target_launches_away_from_trunk_and_edge():
    # Aerijin perched on sw.b2b (the mouse tree's far corner, (-40, -34)) has no target in
    # reach; of the 8 launch headings the bot takes one whose best next flight stays on the
    # table and off the trunk: never 180-270 degrees (west/south: off the table within 19 cm).
    state = tilt_phase(position(), "mouse")
    choice = TFBot().decide(legal_actions(state), state)
    assert isinstance(choice, phases.Launch) and not 180.0 <= choice.heading <= 270.0


# -- bird action cards and piloting checks -----------------------------------------------------
def test_ACTION_CARDS_preen_heals_a_wounded_bird_first():
    state = flying(position(), "aerijin", (0.0, 0.0, 45.0))
    state = replace(state, data=state.data.with_unit(replace(state.data.unit("aerijin"), wounds=2)))
    assert TFBot().decide(legal_actions(state), state) == PlayCard("preen")


def test_ACTION_CARDS_a_free_tilt_card_when_turning_left_reaches_the_nest():
    # The position of the Tilt Phase test, at Sienna's activation with center tilt: left would
    # score 150 against about 9 (see above), more than the 15 a turn must gain, and the hand
    # holds Barrel Roll and Sharp Turn (tilt_free): one of them, no piloting roll needed.
    state = flying(away(position(), "grizzard", "wrunk"), "sienna", (36.0, 20.0, 90.0))
    choice = TFBot().decide(legal_actions(state), state)
    assert choice in (PlayCard("barrel_roll"), PlayCard("sharp_turn"))


def test_FLIGHT_MOVEMENT_a_piloting_check_when_no_card_turns_the_bird():
    # The same position with an empty hand: the piloting check (pilot 2 dice) is the way to left.
    hands = (("mouse", ()), ("rat", ()))
    state = flying(away(position(hands=hands), "grizzard", "wrunk"), "sienna", (36.0, 20.0, 90.0))
    assert TFBot().decide(legal_actions(state), state) == flight.PilotCheck()


def test_ACTION_CARDS_an_attack_card_before_a_flying_melee_attack():
    # Aerijin at (0, 0) and Grizzard at (8, 0), both flying: bases 3 cm, 2 cm apart, within the
    # 5 cm close range, so Zure may melee Grizzard. Before the attack the bot plays Dive or
    # Screech (attack_bonus:1, timing before_attack), then attacks.
    state = put(position(), "grizzard", where=FLYING, pose=(8.0, 0.0, 180.0))
    state = turn(put(state, "aerijin", where=FLYING, pose=(0.0, 0.0, 0.0)), "aerijin", ("aerijin",), "act")
    legal = legal_actions(state)
    assert act.AttackWith("aerijin", "grizzard", "melee") in legal
    bot = TFBot()
    card = bot.decide(legal, state)
    assert card in (PlayCard("dive"), PlayCard("screech"))
    state, _ = apply(state, card)
    assert bot.decide(legal_actions(state), state) == act.AttackWith("aerijin", "grizzard", "melee")


# -- ground units ------------------------------------------------------------------------------
def test_FORAGING_a_squad_with_nothing_to_reach_forages():
    # Show of Force's set-up: oakguard 1-3 in the mouse nest, no enemy on the mouse tree, the
    # rat tree 75 cm away (trees are not connected): no move gains anything and nothing is in
    # range, so the activation forages for 1 cheese.
    state = turn(position(), "oakguard", ("oakguard-1", "oakguard-2", "oakguard-3"), "move")
    assert act.Forage() in legal_actions(state)
    assert TFBot().decide(legal_actions(state), state) == act.Forage()


def test_FORAGING_the_sixth_cheese_then_revive_in_the_same_activation():
    # 5 cheese and two oakguard in the casualty pile: foraging fills the wheel (6) and "you can
    # still revive on an activation with a unit that forages": the bot forages, then revives both.
    state = cheese(away(position(), "oakguard-5", "oakguard-6"), "mouse", 5)
    state = turn(state, "oakguard", ("oakguard-1",), "move")
    bot = TFBot()
    assert bot.decide(legal_actions(state), state) == act.Forage()
    state, _ = apply(state, act.Forage())
    assert bot.decide(legal_actions(state), state) == act.Revive(("oakguard-5", "oakguard-6"))


def test_SCURRY_on_toward_the_enemy_nest_with_nothing_in_range():
    # An oakguard dropped on leaf-4 of the rat tree (30, 10): the rat nest is out of its bow's
    # 20 cm range and no rat (nor a perched rat bird) is on the tree, so it cannot attack; move 2 takes it through
    # ne.b4a (23 cm from the nest's centre) to ne.r4 (19 cm): Scurry to ne.r4.
    state = away(position(rules=SCENE_RULES + ("leaves",)), "grizzard", "wrunk", *RATS)
    state = put(state, "oakguard-4", where="leaf-4")
    state = turn(state, "oakguard", ("oakguard-4",), "act")
    legal = legal_actions(state)
    assert not any(isinstance(a, act.AttackWith) for a in legal)
    assert TFBot().decide(legal, state) == act.Scurry("oakguard-4", "ne.r4")


def test_LEAF_DRIFTING_a_figure_on_a_leaf_with_no_target_cuts_it_toward_the_enemy_tree():
    # Glade Crossing with the Leaves rule: an oakguard on leaf-1 (west tree, the mouse home) has
    # no enemy in range; in place of its attack it cuts the leaf loose toward the rat home
    # tree, "east" (the leaf drifts die + 1 spins toward it, a free ride across the glade).
    state = position("glade_crossing", rules=SCENE_RULES + ("leaves",))
    state = turn(put(away(state, *RATS), "oakguard-3", where="leaf-1"), "oakguard", ("oakguard-3",), "act")
    legal = legal_actions(state)
    assert leaves.CutLeaf("oakguard-3", "east") in legal
    assert not any(isinstance(a, act.AttackWith) for a in legal)
    assert TFBot().decide(legal, state) == leaves.CutLeaf("oakguard-3", "east")


def test_STRUCTURES_build_the_ballista_then_shoot_the_nest_with_it():
    # Build Ballista (hero card, cost 3, "ground" requirement, activation start) with 3 cheese
    # and an oakguard on the branch sw.r1: the bot builds it there. Its ballista (extended range,
    # 4 dice) activates with 2 oakguard on its space and no enemy, and shoots the rat nest.
    hands = (("mouse", ("build_ballista",)), ("rat", ()))
    state = cheese(position(rules=SCENE_RULES + ("structures",), hands=hands), "mouse", 3)
    state = turn(state, "oakguard", ("oakguard-4",), "move")
    bot = TFBot()
    assert bot.decide(legal_actions(state), state) == PlayCard("build_ballista")
    state, events = apply(state, PlayCard("build_ballista"))
    assert state.data.figure("ballista-mouse").where == "sw.r1"
    state = turn(state, "ballista-mouse", ("ballista-mouse",), "act")
    assert bot.decide(legal_actions(state), state) == act.AttackWith("ballista-mouse", "nest:rat", "ranged")


def test_GRUDGE_re_roll_only_the_death_spiral_dice_that_missed():
    # Death spiral roll sword_mark, bow, cheese: only sword and sword/shield faces count, so the
    # bow and the cheese missed; the grudge marker re-rolls exactly those two.
    state = position()
    state = replace(state, flow=replace(state.flow, grudge=("sword_mark", "bow", "cheese")))
    legal = spirals.grudge_options(state)
    assert TFBot().decide(legal, state) == spirals.Grudge(("bow", "cheese"))
    all_hits = replace(state, flow=replace(state.flow, grudge=("sword_mark", "sword_shield")))
    assert TFBot().decide(spirals.grudge_options(all_hits), all_hits) == spirals.Grudge(())


def test_SCURRY_next_to_the_nest_instead_of_a_one_die_shot():
    # A rat blade on sw.r2 of the mouse tree (no mouse figure on it): the mouse nest is in its
    # bow's range, a ranged attack of 1 die (ranged 1), but scurrying sw.r2 -> sw.r1 -> sw.b1a
    # (move 2) puts it next to the nest, where it melees with 2 dice every round after.
    mice = ("oakguard-1", "oakguard-2", "oakguard-3", "oakguard-4", "oakguard-5", "oakguard-6",
            "aerijin", "sienna", "valchirp")
    state = put(away(position(), *mice), "rat-squad-4", where="sw.r2")
    state = turn(state, "rat-squad", ("rat-squad-4",), "act")
    legal = legal_actions(state)
    assert act.AttackWith("rat-squad-4", "nest:mouse", "ranged") in legal
    assert TFBot().decide(legal, state) == act.Scurry("rat-squad-4", "sw.b1a")


def test_SCURRY_next_to_the_nest_instead_of_a_melee_at_a_squad_figure():
    # A rat blade on sw.r2 with oakguard-6 (sharing a space, it may attack only her): melee 2
    # dice x 1/2 x (2/3 for her defense 1) x 0.5 (a squad wound) = 0.33, + 2/6 cheese x 0.2 =
    # 0.40 expected. Scurrying to sw.b1a, beside the mouse nest: melee 2 x 1/2 x 1.0 = 1.0 nest
    # wounds a round later, x 0.5 (NEXT_ROUND) = 0.5 > 0.40: the scurry.
    mice = ("oakguard-1", "oakguard-2", "oakguard-3", "oakguard-4", "oakguard-5", "aerijin", "sienna", "valchirp")
    state = turn(put(away(position(), *mice), "rat-squad-4", where="sw.r2"), "rat-squad", ("rat-squad-4",), "act")
    legal = legal_actions(state)
    assert act.AttackWith("rat-squad-4", "oakguard-6", "melee") in legal
    assert TFBot().decide(legal, state) == act.Scurry("rat-squad-4", "sw.b1a")


def test_DEATH_SPIRALS_sought_by_the_bird_that_rolls_more_dice_avoided_by_the_other():
    # Grizzard (battle 3 + Snag's melee 2 = 5 dice) and Sienna (battle 3 + Snibble's melee 1 =
    # 4 dice) fly at each other along y = 12 (clear of the sapling), 22 cm apart. "long, long"
    # at center tilt (base edge 3 + 13 + 13: the end point 29 cm on, 7 cm past the other bird,
    # so not ending on it) crosses the other bird, and the movement ends in a death spiral
    # there: for Grizzard 15 per die more = +15, for Sienna -15; judged against a goal at the
    # other bird (distance 0), no perch. ("short, short" would end on it: stopped short, no spiral.)
    state = put(put(position(), "grizzard", where=FLYING, pose=(12.0, 12.0, 180.0)),
                "sienna", where=FLYING, pose=(-10.0, 12.0, 0.0))
    things = lambda fid: bot_flight.flight_things(state, fid)   # noqa: E731
    rat = bot_flight.judge(state, state.data.figure("grizzard"), (12.0, 12.0, 180.0), ("long", "long"),
                           "center", things("grizzard"), (-10.0, 12.0), False)
    mouse = bot_flight.judge(state, state.data.figure("sienna"), (-10.0, 12.0, 0.0), ("long", "long"),
                             "center", things("sienna"), (12.0, 12.0), False)
    assert rat.score == 15.0 and mouse.score == -15.0


def test_SWOOP_ATTACK_defend_the_own_nest_from_a_perched_enemy_bird():
    # Grizzard perched on the mouse nest (a large ground unit there). Aerijin flies north from
    # (-38.5, -30), over the nest (centre x -39.7): "long, long" (3 + 13 + 13 = 29 cm, end at
    # y = -1, 6.5 cm from the west edge: room enough) crosses the nest: a swoop at the bird on
    # our own nest is worth 60 (against 25 for enemies elsewhere); judged against a goal at the
    # end point (distance 0), no perch: 60.
    state = put(position(), "grizzard", where="nest-mouse")
    aerijin = put(state, "aerijin", where=FLYING, pose=(-38.5, -30.0, 90.0)).data.figure("aerijin")
    path = measure.flight_path(aerijin.pose, measure.BASE_RADIUS, ("long", "long"), "center")
    plan = bot_flight.judge(state, aerijin, aerijin.pose, ("long", "long"), "center",
                            bot_flight.flight_things(state, "aerijin"), path.end[:2], False)
    assert plan.score == 60.0


def test_LEAVES_an_idle_figure_boards_a_leaf_and_cuts_it_loose_toward_the_enemy_tree():
    # Glade Crossing with the Leaves rule and no rat on the mouse tree: oakguard-3 on west.r1
    # has nothing to attack; leaf-1 hangs on west.b1a, 2 steps away (move 2): it moves onto
    # the leaf (not foraging), ends its move, and in place of its attack cuts the leaf loose
    # toward the rat home tree, "east"; the rules then roll the die for the spins.
    state = position("glade_crossing", rules=SCENE_RULES + ("leaves",))
    state = turn(away(state, *RATS, "grizzard", "wrunk"), "oakguard", ("oakguard-3",), "move")
    bot = TFBot()
    chosen = []
    while not isinstance(pending(state), PhysicsRequest):
        action = bot.decide(legal_actions(state), state)
        chosen.append(action)
        state, _ = apply(state, action)
    assert chosen == [act.TreeMove("oakguard-3", "leaf-1"), act.EndMove(), leaves.CutLeaf("oakguard-3", "east")]
    assert pending(state).spec["why"] == "leaf"
