"""Tail Feathers: Final Phase (Reinforce, Resolve Missions, Refresh, Reset Battlefield), Winning
the Game, Status Effects (rulebook pp. 11-12)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import GameOver, PhysicsRequest
from feltbox.rules.tailfeathers.activation import Activate, EndActivation, EndMove
from feltbox.rules.tailfeathers.combat import AssignHit
from feltbox.rules.tailfeathers.final import PatrolTarget, RescueBird, SiegeTree, start_final
from feltbox.rules.tailfeathers.phases import AssignFigure, ChooseMission, DoneAssigning
from feltbox.rules.tailfeathers.state import CASUALTY, FLYING, RESERVES
from tests.tf_fixtures import at_activation, game, legal_actions, pending, play, put, roll, unit


def _missions(mouse, rat, mouse_figs=("oakguard-5", "oakguard-6"), rat_figs=("ratblades-5", "ratblades-6")):
    s = play(play(game(), ChooseMission(mouse)), ChooseMission(rat))
    if rat:
        for f in rat_figs:
            s = play(s, AssignFigure(f))
        s = play(s, DoneAssigning())
    if mouse:
        for f in mouse_figs:
            s = play(s, AssignFigure(f))
        s = play(s, DoneAssigning())
    return at_activation(s)


def _final(s):
    events = []
    return start_final(s, events), events


def test_REINFORCE_reserves_to_the_home_nest_unless_it_is_gone():
    s, _ = _final(put(at_activation(game()), "oakguard-1", where=RESERVES))
    assert s.data.figure("oakguard-1").where == "m-nest"


def test_RESOLVE_MISSIONS_revealed_together_in_type_order_decoy_then_intercept():
    s = _missions("decoy", "intercept")
    s, events = _final(s)
    kinds = [e.kind for e in events]
    assert kinds.count("mission revealed") == 2
    assert s.data.figure("oakguard-5").where == "m-nest"           # decoy first: home
    assert not any(e.kind == "attack" for e in events)             # nothing left to intercept
    assert s.data.figure("ratblades-5").where == "r-nest"           # intercept figures home after
    assert s.flow.phase == "mission" and s.flow.round == 2


def test_RESOLVE_MISSIONS_intercept_melee_group_attack_on_the_mission_box():
    s = _missions("siege", "intercept")
    s, events = _final(s)
    assert pending(s) == PhysicsRequest("roll", {"dice": 2, "why": "attack", "player": "rat"})   # 2 small
    s = roll(s, "sword_mark", "bow")
    assert set(legal_actions(s)) == {AssignHit("oakguard-5"), AssignHit("oakguard-6")}
    s = play(s, AssignHit("oakguard-6"))
    s = roll(s, "bow")                                               # no block
    assert s.data.figure("oakguard-6").where == CASUALTY
    assert s.data.figure("ratblades-5").where == "r-nest"            # intercept done: home
    assert pending(s).player == "mouse" and s.flow.waiting == "siege"
    # c-1 (x 40..48) and c-2 (x 52..60) both touch trunk-mid (x 48..52): the player picks one
    assert [a for a in legal_actions(s) if a.tree == "t-mid"] == [SiegeTree("t-mid", "c-1"), SiegeTree("t-mid", "c-2")]
    s = play(s, SiegeTree("t-mid", "c-2"))
    assert s.data.figure("oakguard-5").where == "c-2"                # next to the trunk, where chosen


def _siege_on_show_of_force(n):
    """Show of Force, the mice send ``n`` oakguards on a siege; the Final Phase asks where."""
    from feltbox.game.tailfeathers.bridge import TFBridge
    from feltbox.scenes.loader import load_tailfeathers
    s = TFBridge(load_tailfeathers("show_of_force"), 1).engine.state
    s = play(play(s, ChooseMission("siege")), ChooseMission(""))
    for _ in range(n):
        s = play(s, next(a for a in legal_actions(s) if isinstance(a, AssignFigure)))
    s, _ = _final(at_activation(play(s, DoneAssigning())))
    assert s.flow.waiting == "siege"
    return s


def test_RESOLVE_MISSIONS_siege_any_tree_the_spaces_adjacent_to_its_trunk_chosen():
    """Siege: "move all figures in your mission box to any one tree (including the sapling) ...
    and place them in a space or spaces adjacent to its trunk." On Show of Force's real
    battlefield the inner ring of each tree touches its trunk (outline gap 0: the scene builds
    the ring against the trunk) and the next ring is about 5 cm out (ne: 4.79 cm, sw: 5.1 cm), so
    the choices for the rats' tree ne are its 5 ring spaces ne.r1..ne.r5, for the sapling its 4,
    every tree offered; 2 oakguards sent to ne.r3 stand on ne.r3."""
    s = _siege_on_show_of_force(2)
    options = legal_actions(s)
    assert [a.space for a in options if a.tree == "ne"] == [f"ne.r{k}" for k in range(1, 6)]
    assert [a.space for a in options if a.tree == "sapling"] == [f"sapling.r{k}" for k in range(1, 5)]
    assert {a.tree for a in options} == {"ne", "nw", "se", "sw", "sapling"}
    box = [f.id for f in s.data.figures if f.where == "mission"]
    s = play(s, SiegeTree("ne", "ne.r3"))
    assert [s.data.figure(f).where for f in box] == ["ne.r3", "ne.r3"]


def test_RESOLVE_MISSIONS_siege_a_full_space_sends_the_rest_to_the_next_adjacent_one():
    """Siege: a space holds 4 small figures (Tree Movement capacity); with Staborah and 2 rat
    squad figures on ne.r3 only one of 2 oakguards fits; the other goes to another space adjacent
    to the trunk, the nearest to ne.r3: its ring neighbours ne.r2 and ne.r4, equally near (to
    0.01 cm), ne.r2 first by id (2 rats on it: room for 2)."""
    s = _siege_on_show_of_force(2)
    for k in (1, 2):
        s = put(s, f"rat-squad-{k}", where="ne.r3")
    box = [f.id for f in s.data.figures if f.where == "mission"]
    s = play(s, SiegeTree("ne", "ne.r3"))
    assert sorted(s.data.figure(f).where for f in box) == ["ne.r2", "ne.r3"]


def test_RESOLVE_MISSIONS_patrol_ranged_group_attack_on_a_flying_figure():
    s = _missions("patrol", "")
    s = put(s, "grizzard", where=FLYING, pose=(50, 50, 0))
    s, _ = _final(s)
    assert legal_actions(s) == [PatrolTarget("grizzard")]
    s = play(s, PatrolTarget("grizzard"))
    assert pending(s).spec == {"dice": 2, "why": "attack", "player": "mouse"}
    s = roll(s, "bow", "bow_mark")
    s = roll(s, "bow", "bow")                                        # Grizzard's defense 2 (house)
    assert s.data.unit("grizzard").wounds == 2
    assert s.data.figure("oakguard-5").where == "m-nest"


def test_RESOLVE_MISSIONS_rescue_needs_two_figures_bird_returns_wounded():
    s = _missions("rescue", "")
    s = put(s, "sienna", where=CASUALTY)
    s, _ = _final(s)
    assert set(legal_actions(s)) == {RescueBird("sienna"), RescueBird("")}
    s = play(s, RescueBird("sienna"))
    assert s.data.figure("sienna").where == "m-nest" and s.data.unit("sienna").wounds == 1   # bonus life 1
    s = _missions("rescue", "", mouse_figs=("oakguard-5",))
    s = put(s, "sienna", where=CASUALTY)
    s, _ = _final(s)
    assert s.data.figure("sienna").where == CASUALTY


def test_REFRESH_cards_back_units_ready():
    s = at_activation(game(rules=("action_cards",), hands=(("mouse", ("preen",)),)))
    s = replace(s, data=s.data.with_player(replace(s.data.player("mouse"), hand=(), refresh=("preen",))))
    s = unit(s, "aerijin", activated=True)
    s, _ = _final(s)
    assert s.data.player("mouse").hand == ("preen",) and not s.data.unit("aerijin").activated


def test_WINNING_THE_GAME_last_nest_standing():
    s = at_activation(game())
    s = replace(s, data=s.data.with_player(replace(s.data.player("mouse"), nest_life=2, nest_fire=2)))
    s, _ = _final(s)                                                 # on fire: 1 wound per marker
    assert isinstance(pending(s), GameOver) and pending(s).winners == ("rat",)


def test_STATUS_RATTLED_pilot_value_1_no_attack_removed_after_its_next_activation():
    s = at_activation(game())
    s = put(s, "aerijin", where=FLYING, pose=(50, 30, 0))
    s = unit(s, "aerijin", rattled=True)
    from feltbox.rules.tailfeathers.stats import stat
    assert stat(s, "aerijin", "pilot") == 1
    s = play(s, Activate("aerijin", ("aerijin",)))
    s = play(s, [a for a in legal_actions(s) if type(a).__name__ == "Fly"][0])
    if s.data.figure("aerijin").where == FLYING:
        assert not any(type(a).__name__ == "AttackWith" for a in legal_actions(s))
        s = play(s, EndActivation())
    assert not s.data.unit("aerijin").rattled


def test_STATUS_IMMOBILIZED_activation_spent_standing_up():
    s = put(at_activation(game()), "oakguard-1", immobilized=True)
    s = play(s, Activate("oakguard", ("oakguard-1",)))
    assert not s.data.figure("oakguard-1").immobilized and pending(s).player == "rat"


def test_STATUS_ON_FIRE_roll_at_end_of_activation_wound_or_put_out_and_nests():
    s = put(at_activation(game()), "oakguard-1", on_fire=True)
    s = play(play(play(s, Activate("oakguard", ("oakguard-1",))), EndMove()), EndActivation())
    assert pending(s) == PhysicsRequest("roll", {"dice": 1, "why": "fire", "player": "mouse"})
    burnt = roll(s, "bow")
    assert burnt.data.figure("oakguard-1").where == CASUALTY        # squad: 1 wound defeats
    saved = roll(s, "sword_shield")                                   # HOUSE: a shield puts it out
    assert saved.data.figure("oakguard-1").where == "m-b3" and not saved.data.figure("oakguard-1").on_fire
    s = at_activation(game())
    s = replace(s, data=s.data.with_player(replace(s.data.player("mouse"), nest_fire=2)))
    s = play(play(play(s, Activate("oakguard", ("oakguard-5",))), EndMove()), EndActivation())
    s = roll(s, "sword_shield_mark")                                  # in the burning nest: puts 1 out
    assert s.data.player("mouse").nest_fire == 1


def test_STATUS_EFFECTS_who_can_receive_them():
    from feltbox.rules.tailfeathers.status import ignite, immobilize, rattle
    s, ev = at_activation(game()), []
    assert immobilize(s, "aerijin", ev).data.figure("aerijin").immobilized is False      # large
    flying = put(s, "sienna", where=FLYING)
    assert immobilize(flying, "sienna", ev).data.figure("sienna").where == CASUALTY
    assert immobilize(s, "oakguard-1", ev).data.figure("oakguard-1").immobilized
    twice = ignite(ignite(s, "oakguard-1", ev), "oakguard-1", ev)
    assert twice.data.figure("oakguard-1").on_fire
    assert ignite(ignite(s, "nest:rat", ev), "nest:rat", ev).data.player("rat").nest_fire == 2
    pilotless = unit(s, "aerijin", pilot="")
    assert not rattle(pilotless, "aerijin", ev).data.unit("aerijin").rattled
    assert rattle(s, "aerijin", ev).data.unit("aerijin").rattled


def test_OBJECTIVES_house_cards_checks():
    from feltbox.rules.tailfeathers import data as tables
    from feltbox.rules.tailfeathers.objectives import met
    assert len(tables.objectives()) == 12
    s = at_activation(game())
    assert met(s, "mouse", "stout_nest") and not met(s, "mouse", "well_fed")
    s = put(put(s, "aerijin", where=FLYING), "sienna", where=FLYING)
    assert met(s, "mouse", "air_cover") and not met(s, "mouse", "full_sky")
