"""A clicked piece's context menu comes from the rules engine: legal items play through the same
path as the keys, illegal ones are greyed with the rules' reason."""
import pytest

from feltbox.game.window.piece_actions import MenuItem, choose_item, items_for, names, nice
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, UseWeapon

pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def s1():
    from feltbox.game.flickem.window_game import WindowGame
    from feltbox.scenes.loader import load_flickem
    game = WindowGame(load_flickem(1), 0, "none")
    game.run_bots()
    return game


def test_labels_and_naming():
    assert nice(ChooseSurvivor("survivor-john")) == "choose survivor John"
    assert nice(UseWeapon("two_guns")) == "use weapon two guns" and nice(EndTurn()) == "end turn"
    assert names(ChooseSurvivor("survivor-john"), "survivor-john") and not names(EndTurn(), "survivor-john")


def test_s1_start_any_survivor_is_legal_its_actions_are_greyed_with_a_reason(s1):
    """S1 is COOPERATIVE: any available survivor may be used first (WAYS TO PLAY)."""
    anita = items_for(s1, "survivor-anita")
    assert anita[0] == MenuItem("choose survivor Anita", 0)
    assert all(not i.legal and i.reason.startswith("Choose a survivor first (not now: the rules wait for a team to choose")
               for i in anita[1:])
    john = items_for(s1, "survivor-john")
    assert john[0].label == "choose survivor John" and john[0].legal
    assert items_for(s1, "zombie_tower") == []


def test_s7_start_the_pretzel_holder_is_legal_the_others_are_greyed_with_a_reason():
    """S7 is COMPETITIVE: the survivor holding the pretzel is used first in each round."""
    from feltbox.game.flickem.window_game import WindowGame
    from feltbox.scenes.loader import load_flickem
    s7 = WindowGame(load_flickem(7), 0, "none")
    assert items_for(s7, "survivor-elijah")[0] == MenuItem("choose survivor Elijah", 0)
    lily = items_for(s7, "survivor-lily")
    assert lily[0].label == "choose survivor Lily" and not lily[0].legal
    assert lily[0].reason == ("The pretzel holder (Elijah) goes first this round "
                              "(not now: the rules wait for a team to choose the survivor who plays).")


def test_a_menu_item_plays_like_the_key_and_the_active_survivor_lists_its_actions(s1):
    state = s1.bridge.engine.state
    item = items_for(s1, "survivor-anita")[0]
    choose_item(s1, item)
    assert s1.bridge.engine.state.flow.active == "survivor-anita"
    assert state.flow.active is None                # the dry runs left the old state alone
    labels = [(i.label, i.legal) for i in items_for(s1, "survivor-anita")]
    assert ("move", True) in labels and ("use weapon gun", True) in labels and ("end turn", True) in labels
    assert [i.index for i in items_for(s1, "survivor-anita") if i.legal] == [0, 1, 2]
    assert choose_item(s1, MenuItem("x", None, "no")) is None
    choose_item(s1, next(i for i in items_for(s1, "survivor-anita") if i.label == "end turn"))
    anita, john = items_for(s1, "survivor-anita")[0], items_for(s1, "survivor-john")[0]
    assert not anita.legal and anita.reason.startswith("Anita has already played this round")
    assert john.legal and john.label == "choose survivor John"


def test_tail_feathers_bird_lists_its_legal_actions_and_plays_one():
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_tailfeathers
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
    game.run_bots()
    game.pick(0)                                   # no mission card
    items = [i for i in items_for(game, "aerijin") if i.legal]
    assert items and all(i.label.startswith("Aerijin") for i in items)
    assert any("launch" in i.label for i in items) and items_for(game, "sapling") == []
    launch = next(i for i in items if "launch" in i.label)
    choose_item(game, launch)
    assert all(i.label != launch.label for i in items_for(game, "aerijin") if i.legal)


def test_tail_feathers_figure_lists_what_it_cannot_do_now_greyed_with_the_reason():
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_tailfeathers
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
    game.run_bots()
    game.pick(0)                                   # no mission card; the tilt phase: aerijin is set first
    aerijin = {i.label: i for i in items_for(game, "aerijin")}
    assert aerijin["Aerijin: keep perched"].legal and "launch Aerijin" not in aerijin   # it can launch
    assert "activation phase" in aerijin["activate Aerijin"].reason
    assert aerijin["activate Aerijin"].reason == ("Units activate in the activation phase "
                                                  "(not now: the rules wait for the birds' tilts to be set).")
    assert aerijin["attack with Aerijin"].reason.startswith("Activate Aerijin first")
    sienna = {i.label: i for i in items_for(game, "sienna")}
    assert not any(i.legal for i in sienna.values())
    assert sienna["launch Sienna"].reason.startswith("Sienna is not the bird being set now")
    rat = items_for(game, "grizzard")
    assert rat and all(not i.legal and "the rat's unit; mouse decides now" in i.reason for i in rat)
    assert choose_item(game, rat[0]) is None
    while game.bridge.engine.state.flow.waiting != "activate":
        game.pick(0)
    squad = items_for(game, "oakguard-4")          # a squad figure: only the picks that include it
    legal = [i for i in squad if i.legal]
    assert legal and all("4" in i.label.removeprefix("activate Oakguard ").split("+") for i in legal)
    assert {i.label for i in items_for(game, "aerijin") if not i.legal} == {"launch Aerijin", "attack with Aerijin"}
    assert "Birds launch in the tilt phase" in next(i.reason for i in items_for(game, "aerijin") if i.label == "launch Aerijin")
