"""Snowbirds house data (rules/snowbirds/data/*.toml): what the shipped files hold, and a broken
copy refused in one line naming file, line and field (nothing half-loaded)."""
from __future__ import annotations

import shutil

import pytest

from feltbox.rules.snowbirds.data import DATA, CardDataError, load, tables


def test_COMPONENTS_30_action_cards_15_map_cards_every_file_house():
    t = tables()
    assert len(t.actions) == 30 and len(t.maps) == 15
    assert {"north", "south"} <= set(t.maps)
    assert sorted(m.special for m in t.maps.values() if m.special) == ["limited", "plentiful", "storms"]
    for c in t.actions.values():
        assert 1 <= c.flight <= 4 and 1 <= c.forage <= 3 and (c.tenacity == "R" or 1 <= c.tenacity <= 6)
        assert c.title
    for name in ("actions", "maps", "mat"):
        assert "house = true" in (DATA / f"{name}.toml").read_text()


def test_MAT_tracks_and_modifiers():
    mat = tables().mat
    assert sorted(mat.hunger_distance) == [-1, 0, 1, 2, 3, 4] and sorted(mat.exhaustion_risk) == [0, 1, 2]
    assert mat.hunger_distance[-1] < 0 <= mat.hunger_distance[4]       # gorged shortens, hungry lengthens
    assert mat.exhaustion_risk[0] == 0 < mat.exhaustion_risk[2]
    assert mat.flock_start == 5


def _broken(tmp_path, name, old, new):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    path = folder / f"{name}.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = text[:text.index(old)].count("\n") + 1
    return folder, path, line


@pytest.mark.parametrize("name,old,new,field,why", [
    ("actions", 'id = "jet_stream"\ntitle = "Jet Stream"\nflight = 4', 'id = "jet_stream"\ntitle = "Jet Stream"\nflight = 7',
     "card[1].flight", "must be a whole number from 1 to 4, got 7"),
    ("actions", 'tenacity = "R"', 'tenacity = "X"', "card[1].tenacity", 'pips of a die 1-6 or "R"'),
    ("actions", 'id = "long_haul"', 'id = "tailwind"', "card[2].id", "duplicate card id 'tailwind'"),
    ("actions", "\nhouse = true", "\nhouse = false", "house", "must be `house = true`"),
    ("actions", 'title = "Grit"', 'titel = "Grit"', "card[22].titel", "unknown key"),
    ("maps", 'special = "storms"', 'special = "foggy"', "card[12].special", "must be one of"),
    ("maps", 'id = "south"\ntitle = "South"\ndistance = 1', 'id = "south"\ntitle = "South"\ndistance = 0',
     "card[1].distance", "from 1 to 4, got 0"),
    ("mat", '"4" = 2', '"4" = "two"', "hunger.distance", "value 4 needs a whole modifier"),
    ("mat", "start = 5", "start = 6", "flock.start", "5 birds"),
])
def test_a_broken_file_is_one_line_naming_file_line_and_field(tmp_path, name, old, new, field, why):
    folder, path, line = _broken(tmp_path, name, old, new)
    with pytest.raises(CardDataError) as err:
        load(folder)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(f"{path}:")
    assert f": {field}: " in msg and why in msg
    assert msg[len(str(path)):].split(":")[1] == str(line + new.count("\n"))     # the broken key's line


def test_line_numbers_point_at_the_broken_key(tmp_path):
    folder, path, line = _broken(tmp_path, "actions", 'id = "jet_stream"\ntitle = "Jet Stream"\nflight = 4',
                                 'id = "jet_stream"\ntitle = "Jet Stream"\nflight = 9')
    with pytest.raises(CardDataError, match=rf"actions.toml:{line + 2}: card\[1\].flight"):
        load(folder)


def test_toml_syntax_error_names_the_line(tmp_path):
    folder, path, line = _broken(tmp_path, "maps", 'title = "Hudson Bay"', 'title = "Hudson Bay')
    with pytest.raises(CardDataError, match=rf"maps.toml:{line}: TOML syntax"):
        load(folder)


def test_a_missing_card_is_refused(tmp_path):
    folder, path, line = _broken(tmp_path, "maps", '[[card]]\nid = "north"', '[[cards]]\nid = "north"')
    with pytest.raises(CardDataError, match="needs exactly 15"):
        load(folder)
