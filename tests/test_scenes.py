"""Scenes: all 10 Dead of Winter scenarios load with their SET UP lists, and broken files give
errors naming file, line and field (docs/scene-format.md)."""
from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from feltbox.game.table.city import build_city
from feltbox.scenes.loader import SceneError, flickem_path, list_scenes, load_flickem, load_scene

# Rulebook SET UP lists (life per survivor) for the cooperative scenarios.
SETUP = {
    1: {"Anita": 2, "John": 2, "Thomas": 2, "Loretta": 2, "Kevin": 2},
    2: {"Elijah": 3, "Lily": 3, "Mike": 3, "Rosa": 2, "John": 3},
    3: {"Gabriel": 3, "Mike": 3, "Olivia": 3, "Thomas": 3, "Kevin": 3, "Anita": 2},
    4: {"Elijah": 3, "Lily": 3, "Rosa": 3, "Loretta": 3, "John": 3},
    5: {"Anita": 2, "Gabriel": 2, "Thomas": 2, "Kevin": 2, "Lily": 2, "Mike": 2},
    6: {"Elijah": 3, "Gabriel": 3, "Mike": 3, "Loretta": 3, "Anita": 3, "Rosa": 3, "Kevin": 3, "Thomas": 3},
    7: {n: 3 for n in ("Elijah", "Lily", "John", "Kevin", "Olivia", "Gabriel", "Rosa", "Mike", "Thomas", "Loretta")},
    8: {**{n: 3 for n in ("Anita", "Rosa", "Thomas", "Elijah", "Mike", "Kevin")},
        **{n: 2 for n in ("Gabriel", "John", "Lily", "Loretta", "Olivia")}},   # NEW SURVIVOR: unused boards
}
# SET UP numbers legible in the rulebook text: the round marker (in days; a round is half a day),
# the zombies that begin in the bin, the invasion markers (day, night). The rest is house.
LEGIBLE = {1: {"round_start": 5, "zombies_in_bin": 4, "invasion": (2, 3)},
           4: {"round_start": 6},
           5: {"round_start": 6, "zombies_in_bin": 8, "invasion": (2, 4)},
           6: {"round_start": 6, "zombies_in_bin": 10, "invasion": (2, 3)},
           7: {"round_start": 6, "zombies_in_bin": 9, "invasion": (1, 4)},
           9: {"zombies_in_bin": 8}}
BUILDINGS = {"library", "grocery_store", "police_station", "gas_station", "hospital", "school", "rv"}


def test_all_ten_scenarios_are_listed():
    assert [n for _, n, _, _ in list_scenes()] == list(range(1, 11))


@pytest.mark.parametrize("number", range(1, 11))
def test_scene_matches_its_rulebook_setup(number):
    scene = load_flickem(number)
    assert scene.house_layout
    if number in SETUP:
        assert {s.name: s.life for s in scene.survivors} == SETUP[number]
    teams = {s.team for s in scene.survivors}
    assert teams == ({"A"} if number <= 5 else {"A", "B"})      # S6-S10 are competitive
    kinds = [p.kind for p in scene.placements]
    assert {p.params["name"] for p in scene.placements if p.kind == "building"} == BUILDINGS
    assert kinds.count("city_limit") == 4
    assert kinds.count("zombie") + scene.zombies_in_bin + scene.zombies_in_box == 18
    assert {p.params["name"] for p in scene.placements if p.kind == "vehicle"} == {"car", "ice_cream_truck", "pickup_truck"}


@pytest.mark.parametrize("number", range(1, 11))
def test_scene_set_up_numbers_are_the_rulebooks_where_legible_and_say_house_elsewhere(number):
    scene = load_flickem(number)
    found = {"round_start": scene.round_start, "zombies_in_bin": scene.zombies_in_bin,
             "invasion": (scene.invasion_day, scene.invasion_night)}
    assert {k: found[k] for k in LEGIBLE.get(number, {})} == LEGIBLE.get(number, {})
    lines = flickem_path(number).read_text().splitlines()
    for key in ("round_start", "first_round", "zombies_in_bin", "invasion"):
        line = next(x for x in lines if x.startswith(f"{key} ="))
        source = "# SET UP" if key in LEGIBLE.get(number, {}) else "# house"
        assert source in line, f"s{number:02d}.toml: {line!r} should say where it comes from ({source})"


def test_scenario_tokens_are_where_the_setup_puts_them():
    s2 = load_flickem(2)     # S2: one face-down token in School, Hospital, Police Station, Library
    on = sorted(p.on for p in s2.placements if p.kind == "token")
    assert on == ["hospital", "library", "police_station", "school"]
    s3 = load_flickem(3)     # S3: under each vehicle, in each building except the Hospital
    tokens = [p for p in s3.placements if p.kind == "token"]
    assert sorted(p.under for p in tokens if p.under) == ["car", "ice_cream_truck", "pickup_truck"]
    assert "hospital" not in {p.on for p in tokens}
    assert sum(p.params["token"] == "survivor" for p in tokens) == 1
    s4 = load_flickem(4)     # S4: 2 barricades before the grocery store's door, 4 food inside
    assert sum(p.kind == "barricade" for p in s4.placements) == 2
    assert sum(p.on == "grocery_store" and p.params["token"] == "food" for p in s4.placements if p.kind == "token") == 4
    s7 = load_flickem(7)     # S7: 1 library, 2 police, 2 school, 2 hospital, 3 grocery
    def count(b):
        return sum(p.on == b for p in s7.placements if p.kind == "token")
    assert [count(b) for b in ("library", "police_station", "school", "hospital", "grocery_store")] == [1, 2, 2, 2, 3]


@pytest.mark.parametrize("number", range(1, 11))
def test_nothing_overlaps_and_everything_is_in_the_city(number):
    city = build_city(load_flickem(number))
    on = np.flatnonzero(city.present)
    tower = {city.index(n) for n in ("zombie_bin", "zombie_tower", "roof_support")}
    inside = [i for i in on if i not in tower]
    xmin, xmax, ymin, ymax = city.limits
    xy = city.poses[inside, :2]
    assert (xy[:, 0] >= xmin - 1).all() and (xy[:, 0] <= xmax + 1).all()
    assert (xy[:, 1] >= ymin - 1).all() and (xy[:, 1] <= ymax + 1).all()
    # figures and loose objects never start inside one another (hull AABBs in the table plane)
    loose = [i for i in inside if {"figure", "object"} & city.bodies[i].model.tags]
    for a, b in itertools.combinations(loose, 2):
        gap = np.linalg.norm(city.poses[a, :2] - city.poses[b, :2])
        assert gap > 2.0, f"{city.bodies[a].id} and {city.bodies[b].id} overlap ({gap:.1f} cm apart)"


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = flickem_path(2).read_text()
    assert old in text
    bad = tmp_path / "broken.toml"
    bad.write_text(text.replace(old, new, 1))
    return bad


@pytest.mark.parametrize("old,new,field", [
    ('kind = "vehicle"', 'kind = "vehicel"', "kind"),
    ('name = "car"', 'name = "bicycle"', "name"),
    ("life = 3", "life = 9", "life"),
    ('on = "school"', 'on = "schoool"', "on"),
    ("zombies_in_bin = 10", "zombies_in_bin = 11", "zombies_in_bin"),
    ('title = "', 'titel = "', "title"),
])
def test_broken_scene_names_file_line_and_field(tmp_path, old, new, field):
    bad = _broken(tmp_path, old, new)
    with pytest.raises(SceneError) as err:
        load_scene(bad)
    message = str(err.value)
    assert message.startswith(f"{bad}:") and f"{field}:" in message or f".{field}:" in message
    line = int(message.split(":")[1])
    assert line > 0
    assert field.split(".")[-1] in bad.read_text().splitlines()[line - 1] or field == "title" or field == "on"


def test_toml_syntax_error_and_duplicate_id(tmp_path):
    bad = _broken(tmp_path, 'id = "car"', 'id = = "car"')
    with pytest.raises(SceneError, match=r"broken.toml:\d+: TOML syntax"):
        load_scene(bad)
    dup = _broken(tmp_path, 'id = "car"', 'id = "school"')
    with pytest.raises(SceneError, match=r"broken.toml:\d+: id: duplicate piece id 'school'"):
        load_scene(dup)


@pytest.mark.parametrize("old,new,field", [
    ("x = -27.0", "x = nan", "piece[0].x: must be a finite number"),
    ("heading = -90.0", "heading = inf", "piece[0].heading: must be a finite number"),
    ("round_start = 6", "round_start = -3", "round_start: must be 1..7"),
    ("round_start = 6", "round_start = 99999999999", "round_start: must be 1..7"),
    ("zombies = [[20.4, 11.5, 245.1]", "zombies = [[20.4, 11.5]", "zombies: zombie 1 must be [x, y, heading]"),
    ('id = "car"', 'id = "c\u202ear"', "piece[7].id: 'c\\u202ear' holds the control character U+202E"),
    ('on = "school"', 'on = "school\\u0000"', ".on: 'school\\x00' holds the control character U+0000"),
    ('game = "flickem"', 'game = "flickem"\ncity_width = -5.0', "9: city_width: must be 30..300"),
    ('game = "flickem"', 'game = "flickem"\ncity_width = nan', "9: city_width: must be a finite number"),
    ("scenario = 2", "scenario = 42", "scenario: must be 1..10"),
    ("slot = 0", "slot = true", ".slot: must be 0 or 1"),
    ('kind = "vehicle"', 'kind = "vehicle"\nreserve = "no"', ".reserve: must be true or false"),
    ("invasion = { day = 2", "invasion = { day = 2.5", "invasion: day: must be a whole number"),
    ('title = "', 'titel = "x"\ntitle = "', "titel: unknown key"),
    ("life = 3", "life = 3\nlfie = 2", "survivor[0].lfie: unknown key"),
    ("x = 0.0\ny = 36.0", "x = -27.0\ny = 36.0", "piece[1].x: building 'hospital' overlaps building 'school' (line 27)"),
    ("tower_home = {", "tower_home = { x = -27.0, y = 36.0, heading = 0.0 }\n# {", "tower_home: zombie_bin"),
])
def test_a_scene_that_is_wrong_is_refused_in_one_line_naming_the_field(tmp_path, old, new, field):
    bad = _broken(tmp_path, old, new)
    if new.startswith("tower_home"):          # the old table stays behind as a comment
        bad.write_text(bad.read_text().replace("# {", "# ", 1))
    with pytest.raises(SceneError) as err:
        load_scene(bad)
    assert str(err.value).startswith(f"{bad}:") and field in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_pieces_may_overlap_only_when_the_scene_says_so(tmp_path):
    s4 = flickem_path(4).read_text()
    declared = 'overlaps = ["grocery_store"]'
    assert s4.count(declared) == 2     # the two S4 barricades lie under the Grocery store, between its blocks
    bad = tmp_path / "s04.toml"
    bad.write_text(s4.replace(declared, "overlaps = []", 1))
    # barricade-1 (y 30.6..31.6) lies wholly under the building, whose front wall reaches y 30.3:
    # out toward the street is the shortest way clear, 31.6 - 30.3 = 1.3 cm
    with pytest.raises(SceneError, match=r"s04.toml:\d+: piece\[\d+\].x: barricade 'barricade-1' overlaps "
                                         r"building 'grocery_store' \(line \d+\) by 1.3 cm"):
        load_scene(bad)
    bad.write_text(s4.replace(declared, 'overlaps = ["barricade-9", "grocery_store"]', 1))
    with pytest.raises(SceneError, match="overlaps: no piece with id 'barricade-9'"):
        load_scene(bad)
