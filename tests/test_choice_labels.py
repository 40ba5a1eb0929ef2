"""How the HUD's choice list and the piece menus read Dead of Winter's actions
(game/text/choices.py, its wording in game/text/choices.toml): a phrase a player reads, not the
action's words strung together ("take drop token 1 token 6", "vote up no", "bat turn attack yes")."""
from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest

import feltbox.rules.flickem as flickem
from feltbox.game.players.script import describe
from feltbox.game.text.choices import FIELD, choice_label, phrases
from feltbox.game.window.piece_actions import nice
from feltbox.rules.flickem.betrayal import ChooseClan, PassTurn, Vote
from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, UseWeapon
from feltbox.rules.flickem.kills import ShortDistanceKill
from feltbox.rules.flickem.powers import UseFlare
from feltbox.rules.flickem.rounds import Eat
from feltbox.rules.flickem.stealing import Steal, StealKeep
from feltbox.rules.flickem.strength import MoveX
from feltbox.rules.flickem.tokens import KeepToken, TakeDrop


def label(action) -> str:
    return choice_label(describe(action))


@pytest.mark.parametrize(("action", "reads"), [
    (TakeDrop(take="token-1", drop="token-6"), "take token 1, drop token 6"),
    (TakeDrop(drop="token-1", at="barrel-01"), "drop token 1 at barrel 1"),
    (TakeDrop(take="token-a", also="token-b"), "take token a (and look at token b)"),
    (KeepToken(True), "keep the token"),
    (KeepToken(False), "leave the token"),
    (KeepToken(True, "token-5"), "keep token 5"),
    (Steal(), "steal nothing"),
    (Steal("token-9"), "look at token 9"),
    (StealKeep("remove"), "remove the X"),
    (ShortDistanceKill("zombie-04", "bat"), "kill zombie 4 at short distance with the bat"),
    (ShortDistanceKill("zombie-04"), "kill zombie 4 at short distance"),
    (FightWith("survivor-anita", "gun"), "Anita: fight with the gun"),
    (BatTurn(True), "attack with the bat now"),
    (BatTurn(False), "wait with the bat"),
    (UseFlare("big"), "use a flare, big side up (LOUD)"),
    (Eat("token-3"), "eat token 3"),
    (Eat(), "go hungry"),
    (MoveX("gas_station", "library"), "move the X from the gas station to the library"),
    (Vote(True), "thumbs up"),
    (Vote(False), "thumbs down"),
    (ChooseClan(True), "join the opposing clan"),
    (ChooseClan(False), "stay with your clan"),
    (PassTurn(), "pass: flip the X face down"),
    # not in the table: the action's words and its values, as before
    (ChooseSurvivor("survivor-john"), "choose survivor John"),
    (UseWeapon("two_guns"), "use weapon two guns"),
    (EndTurn(), "end turn"),
])
def test_each_dead_of_winter_choice_reads_as_a_phrase(action, reads):
    assert label(action) == reads
    assert nice(action) == reads                     # the piece menu reads as the choice list


def test_every_form_names_fields_its_action_has():
    """A typo in choices.toml (an action or a field renamed in the rules) fails here, not on screen."""
    actions = {}
    for info in pkgutil.iter_modules(flickem.__path__):
        module = importlib.import_module(f"{flickem.__name__}.{info.name}")
        actions.update({k: v for k, v in vars(module).items() if dataclasses.is_dataclass(v) and isinstance(v, type)})
    table = phrases()
    for head, forms in table["forms"].items():
        assert head in actions, head
        names = {f.name for f in dataclasses.fields(actions[head])}
        for form in forms:
            assert set(FIELD.findall(form)) <= names, (head, form)
    for head, coded in table["values"].items():
        assert set(coded) <= {f.name for f in dataclasses.fields(actions[head])}, head
