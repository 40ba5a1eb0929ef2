"""10,000 seeded random flicks of every weapon on four cities, on real Bullet (issue 14).

Each flick: a random survivor of S1-S4 as the scene sets it up, a weapon in turn (movement disc,
bullet, knife, bat, shotgun, sniper, flare, the figure itself), a random direction, power, spin
and side. Asserts: no NaN; no tunnel (at rest no piece lies more than 1 mm inside another or fell
through the felt); no piece at rest more than 1 mm below the table; no piece laid inside another
at the start; fewer than 0.5% of flicks at the 8 s settle cap, and no shotgun shot among them.
Measured: 10,000 flicks in 4 min 32 s on the 2-core machine at load ~4, max RSS 196 MB: passes, 7
at the cap (0.07%, no shotgun shot). The one failure an earlier run found (S2, Rosa's flare at
-30.8 degrees, power 0.88, wedged 1.35 mm under a support block) is fixed: flares have Bullet's
full margin.
"""
from __future__ import annotations

import math
import os

import numpy as np
import pytest

from feltbox.game.table.city import build_city
from feltbox.game.table.flick import WEAPON_KINDS, Aim, setup_flick
from feltbox.game.table.flick_runner import run_flick
from feltbox.game.table.spawn import overlaps
from feltbox.scenes.loader import load_flickem
from tests.test_resting_height import DEEPEST, lowest_point

FLICKS = int(os.environ.get("FELTBOX_FUZZ_FLICKS", "10000"))
TUNNEL_DEPTH = 0.1     # cm inside another piece at rest


@pytest.mark.slow
def test_ten_thousand_random_flicks_settle_clean():
    cities = [build_city(load_flickem(n)) for n in (1, 2, 3, 4)]
    rng = np.random.default_rng(14)
    capped, problems = [], []
    for k in range(FLICKS):
        city = cities[k % 4]
        weapon = WEAPON_KINDS[(k // 4) % len(WEAPON_KINDS)]
        survivors = [city.bodies[i].id for i in city.ids("survivor") if city.present[i]]
        who = survivors[int(rng.integers(len(survivors)))]
        aim = Aim(float(rng.uniform(-180, 180)), float(rng.uniform(0, 1)), float(rng.uniform(-1, 1)))
        side = ("left", "right")[int(rng.integers(2))]
        what = (city.scene.number, who, weapon, aim, side)
        setup = setup_flick(city, city.poses, city.present, who, weapon, aim, side)
        laid = list(setup.awake) + list(setup.held)
        if weapon != "figure" and overlaps(city, setup.poses, setup.present, laid):
            problems.append(("laid inside", what))
        result = run_flick(city, setup, measure=False).result
        if not np.isfinite(result.final).all() or not np.isfinite(result.frames).all():
            problems.append(("NaN", what))
            continue
        if not result.settled:
            capped.append(what)
            continue
        moved = [int(i) for i in np.flatnonzero(result.woken & setup.present)
                 if city.bodies[i].model.mass > 0]
        for i in moved:
            if lowest_point(city, i, result.final[i]) < DEEPEST:
                problems.append(("below the felt", city.bodies[i].id, what))
        deep = [(city.bodies[i].id, city.bodies[j].id, d) for m in moved
                for i, j, d in overlaps(city, result.final, setup.present, [m]) if d > TUNNEL_DEPTH]
        if deep:
            problems.append(("tunnel", deep, what))
    print(f"{FLICKS} flicks, {len(capped)} at the cap: {capped}")
    assert problems == []
    assert len(capped) < math.ceil(0.005 * FLICKS), capped
    assert [c for c in capped if c[2] == "shotgun"] == []
