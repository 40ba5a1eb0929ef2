"""Things You'll Need, Anatomy of a Card, Card Types: the two HOUSE factions as data, the deck
builder, and the loaders' one-line file:line:field errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from feltbox.rules.tails_and_tactics.cards import DATA, CardDataError, load_cards, load_file
from feltbox.rules.tails_and_tactics.decks import DECKS, DeckError, load_deck


@pytest.mark.parametrize("faction", ["foxes", "badgers"])
def test_anatomy_of_a_card_each_house_faction_is_complete(faction):
    cards = [c for c in load_cards().values() if c.faction == faction]
    assert len(cards) >= 40 and all(c.house for c in cards)
    kinds = {c.kind for c in cards}
    assert kinds == {"unit", "equipment", "event", "trap", "turf", "new_rule"}
    assert {c.unit_type for c in cards if c.kind == "unit"} == {"troop", "position", "vehicle"}
    assert sum(c.rule_changer for c in cards) == 1
    assert any(c.explosive and c.kind == "unit" for c in cards) and any(c.explosive and c.kind == "equipment" for c in cards)
    assert any(c.direct for c in cards) and any(c.on_targets for c in cards)
    assert any(c.requirements.card for c in cards) and any(c.requirements.count and c.requirements.unit_type for c in cards)
    assert any(c.kind == "equipment" and c.attacks for c in cards)
    for c in cards:
        if c.kind == "unit":
            assert c.health and c.attacks and set(c.attack) == set(c.defense) == {"troop", "position", "vehicle"}
        if c.kind == "turf":
            assert c.health and not c.attacks
        if c.kind == "new_rule":
            assert c.health is None
    assert len({c.copies for c in cards}) > 1                    # per-card copy limits


def test_anatomy_of_a_card_x_on_y_and_direct_print_as_on_the_card():
    cards = load_cards()
    assert cards["fox-captain-rusty"].attacks_text == "3 on 1"
    assert cards["fox-sharpshooter"].attacks_text == "1 Dir."
    assert cards["fox-captain-rusty"].requirements.text() == "Discard 2 Troops from your battlefield"
    named = cards["fox-red-baron"].requirements.text(names={"fox-half-track": "Half-Track"})
    assert named == "Discard Half-Track from your battlefield"


def test_things_youll_need_ready_made_decks_are_legal():
    for faction in ("foxes", "badgers"):
        deck = load_deck(DECKS / f"{faction}.toml")
        assert deck.faction == faction and 40 <= len(deck.cards) <= 45


def _deck(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(body, encoding="utf-8")
    return path


def _entries(pairs):
    return "".join(f'[[entry]]\ncard = "{c}"\ncount = {n}\n' for c, n in pairs)


def test_things_youll_need_deck_builder_errors_name_file_line_field(tmp_path):
    basics = [("fox-kit-scout", 4), ("fox-rifle-kit", 4), ("fox-sharpshooter", 3), ("fox-vixen-squad", 3), ("fox-sapper", 3),
              ("fox-runner", 3), ("fox-burrow-nest", 3), ("fox-lookout-tower", 3), ("fox-scooter", 3), ("fox-tail-gunner", 3),
              ("fox-wagon", 3), ("fox-forage", 3), ("fox-pitfall", 3)]
    ok = _deck(tmp_path, 'faction = "foxes"\n' + _entries(basics))
    assert len(load_deck(ok).cards) == 41
    cases = [
        ('faction = "foxes"\n' + _entries(basics[:3]), ":1: entry: a deck needs 40 or more cards, this one has 11"),
        ('faction = "foxes"\n' + _entries([("fox-kit-scout", 5)]), ":4: entry[0].count: Kit Scout may be in a deck 4 times"),
        ('faction = "foxes"\n' + _entries([("bdg-digger", 1)]), ":3: entry[0].card: 'bdg-digger' is a badgers card"),
        ('faction = "foxes"\n' + _entries([("fox-nobody", 1)]), ":3: entry[0].card: unknown card id 'fox-nobody'"),
        ('faction = "cats"\n', ":1: faction: must be one of ['badgers', 'foxes'], got 'cats'"),
        ('faction = "foxes\n', ":1: TOML syntax"),
    ]
    for body, message in cases:
        with pytest.raises(DeckError) as err:
            load_deck(_deck(tmp_path, body))
        text = str(err.value)
        assert "\n" not in text and str(tmp_path / "deck.toml") in text and message in text, text


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "foxes.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "foxes.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_anatomy_of_a_card_loader_errors_name_file_line_field(tmp_path):
    lines = (DATA / "foxes.toml").read_text(encoding="utf-8").splitlines()
    health = next(n for n, line in enumerate(lines, 1) if line == "health = 1")
    cases = [
        (("health = 1", "health = 0"), f":{health}: card[0].health: must be a whole number from 1 to 9, got 0"),
        (('kind = "unit"', 'kind = "hero"'), "card[0].kind: must be one of"),
        (('{kind = "counter"}', '{kind = "explode"}'), "unknown effect kind 'explode'"),
        (("house = true\nfaction", "house = false\nfaction"), ":4: house: must be `house = true`"),
        (("attack = [2, 1, 1]", "attack = [2, 1]"), "card[0].attack: must be three whole numbers"),
        (('requires = {card = "fox-half-track"}', 'requires = {card = "fox-tank"}'), "requires: names 'fox-tank'"),
        (('requires = {units = 1, type = "troop"}', 'requires = {units = 1, type = "cat"}'), "requires: type must be one of"),
        (('requires = {units = 1, type = "troop"}', 'requires = {troops = 1}'), "requires: must be {units = N"),
        (('{kind = "draw", amount = 2}', '{kind = "draw", amount = 2, target = "enemy"}'), "effect 'draw' takes no 'target'"),
        (('{kind = "counter"}', '{kind = "aura", stat = "attack", amount = 1, scope = "troop"}'), "takes instant effects"),
        (('see in the dark."\ncopies = 1', 'see in the dark."\ncopies = 2'), "a Rule Changer is a New Rule with copies = 1"),
        (('kind = "turf"\ncard_types = ["Turf"]', 'kind = "turf"\ncard_types = ["Turf"]\nattacks = 2'), "a turf has no attacks"),
        (('house = true\n\n[[card]]', 'house = false\n\n[[card]]'), "card[0].house: must be `house = true`"),
    ]
    for (old, new), message in cases:
        with pytest.raises(CardDataError) as err:
            load_file(_broken(tmp_path, old, new))
        assert "\n" not in str(err.value) and "foxes.toml:" in str(err.value) and message in str(err.value), str(err.value)
