"""Small hand-made tables for physics tests: a few pieces on the felt, no scene file needed."""
from __future__ import annotations

from feltbox.game.table.city import City, build_city
from feltbox.scenes.schema import Placement, Scene, SurvivorSetup


def lab_city(*placements: Placement, tower_home=(0.0, -70.0, 90.0)) -> City:
    """A 90 x 90 cm city holding just ``placements`` (plus the bin, tower and kit off-city)."""
    survivors = tuple(SurvivorSetup(p.id, p.params.get("name", p.id), p.params["number"], 3)
                      for p in placements if p.kind == "survivor")
    scene = Scene(game="flickem", number=0, title="lab", source="<lab>", house_layout=True,
                  city=(90.0, 90.0), round_start=3, rounds_colour_start="day",
                  zombies_in_bin=18 - sum(p.kind == "zombie" for p in placements),
                  invasion_day=2, invasion_night=3, tower_home=tower_home, teams={"A": "south"},
                  survivors=survivors, placements=tuple(placements))
    return build_city(scene)


def survivor(x: float, y: float, heading: float = 0.0, number: int = 1, name: str = "Anita") -> Placement:
    return Placement(f"survivor-{name.lower()}", "survivor", x, y, heading,
                     {"number": number, "name": name, "backpack": "day"})


def zombie(x: float, y: float, number: int = 1, heading: float = 180.0) -> Placement:
    return Placement(f"zombie-{number:02d}", "zombie", x, y, heading, {"number": number, "design": 1})


def building(x: float, y: float, heading: float = 0.0, name: str = "library") -> Placement:
    return Placement(name, "building", x, y, heading, {"name": name})
