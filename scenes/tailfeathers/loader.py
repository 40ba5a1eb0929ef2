"""Read and check a Tail Feathers scene (``game = "tailfeathers"``), called by
:func:`scenes.loader.load_scene`. Errors name file, line and field like the Flick'em scenes:
``scenes/tailfeathers/show_of_force.toml:31: nest[0].branch: ...``.

File layout (see show_of_force.toml): top-level ``title``, ``house_layout``, ``bounds`` =
[xmin, xmax, ymin, ymax], ``axis_marker`` = [x, y], ``home`` = {mouse = tree, rat = tree};
tables ``[[tree]]`` (id, overlay, x, y, rotation), ``[[nest]]`` (id, owner, tree, branch, life),
``[[leaf]]`` (id, tree, branch, side), ``[[figure]]`` (id, kind tf_bird/tf_rodent, its model
parameters, and either ``space`` or x, y, heading for a flying bird) and ``[[piece]]`` (any other
tf_ piece at x, y, heading).
"""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np

from feltbox.models.catalog import KINDS, check_params
from feltbox.models.tailfeathers import tf_dims
from feltbox.models.tailfeathers.figures import BIRDS
from feltbox.models.tailfeathers.shapes import OVERLAYS, overlap_area, overlay_shape
from feltbox.rules.tailfeathers.state import ADDITIONAL
from feltbox.scenes.checks import id_problem, number_problem
from feltbox.scenes.tailfeathers.battlefield import world_spaces, world_trunks
from feltbox.scenes.tailfeathers.schema import FigureSetup, LeafSetup, NestSetup, PieceSetup, TFScene, TreeSetup

ALLIANCES = ("mouse", "rat")
FIGURE_KINDS = ("tf_bird", "tf_rodent")
SETUP_KEYS = {"id", "kind", "space", "x", "y", "heading"}
REACH = 10_000.0           # cm, degrees: no coordinate or heading of a battlefield is larger


def build_tf(b) -> TFScene:
    """``b`` is the generic scene builder (path, data, lines, fail, top)."""
    return _TF(b).scene()


class _TF:
    def __init__(self, b):
        self.b, self.data = b, b.data

    def fail(self, table, i, key, why):
        self.b.fail((table, i, key), why)

    def num(self, table, i, entry, key, default=None):
        value = entry.get(key, default)
        problem = number_problem(value, -REACH, REACH)
        if problem:
            self.fail(table, i, key, problem)
        return float(value)

    def text(self, table, i, entry, key, allowed=None, default=None):
        value = entry.get(key, default)
        if not isinstance(value, str) or not value:
            self.fail(table, i, key, f"must be a non-empty string, got {value!r}")
        if allowed is not None and value not in allowed:
            self.fail(table, i, key, f"{value!r} is not one of {list(allowed)}")
        return value

    def pair(self, key, default):
        value = self.data.get(key, default)
        if not (isinstance(value, list) and len(value) == len(default)
                and not any(number_problem(v, -REACH, REACH) for v in value)):
            self.fail(None, 0, key, f"must be a list of {len(default)} numbers, got {value!r}")
        return tuple(float(v) for v in value)

    def scene(self) -> TFScene:
        w, d = tf_dims()["battlefield"]["width"] / 2, tf_dims()["battlefield"]["depth"] / 2
        bounds = self.pair("bounds", [-w, w, -d, d])
        axis = self.pair("axis_marker", [0.0, 0.0])
        trees = self.trees()
        ids = {t.id for t in trees}
        home = self.b.top("home", dict)
        for alliance, tree in home.items():
            if alliance not in ALLIANCES:
                self.fail(None, 0, "home", f"alliance {alliance!r} is not one of {list(ALLIANCES)}")
            if not isinstance(tree, str) or tree not in ids:
                self.fail(None, 0, "home", f"{alliance}: no tree {tree!r} (trees: {', '.join(sorted(ids))})")
        rules = self.b.top("additional_rules", list)
        for rule in rules:
            if rule not in ADDITIONAL or rules.count(rule) > 1:
                self.fail(None, 0, "additional_rules", f"{rule!r} is not one of {list(ADDITIONAL)} or is listed twice")
        nests, leaves = self.nests_and_leaves({t.id: t for t in trees})
        scene = TFScene(game="tailfeathers", name=Path(self.b.path).stem, title=self.b.top("title", str),
                        source=str(self.b.path), house_layout=self.b.top("house_layout", bool),
                        bounds=bounds, axis_marker=axis, home_trees=dict(home), trees=tuple(trees),
                        nests=tuple(nests), leaves=tuple(leaves), figures=(), pieces=tuple(self.pieces()),
                        notes=str(self.data.get("notes", "")), rules=tuple(rules))
        spaces = self.check_geometry(scene)
        figures = self.figures(spaces)
        self.check_ids(scene, figures)
        return TFScene(**{**scene.__dict__, "figures": tuple(figures), "grudges": self.grudges(figures)})

    def grudges(self, figures) -> tuple[str, ...]:
        """Grudge markers: bird figures of this scene, each once."""
        names = self.b.top("grudges", list, [])
        birds = sorted(f.id for f in figures if f.kind == "tf_bird")
        for name in names:
            if name not in birds or names.count(name) > 1:
                self.fail(None, 0, "grudges", f"{name!r} is not one of the bird figures {birds} or is listed twice")
        return tuple(names)

    def rows(self, name):
        rows = self.data.get(name, [])
        if not isinstance(rows, list):
            self.fail(None, 0, name, f"must be [[{name}]] tables")
        return rows

    def trees(self) -> list[TreeSetup]:
        out = []
        for i, e in enumerate(self.rows("tree")):
            out.append(TreeSetup(self.text("tree", i, e, "id"), self.text("tree", i, e, "overlay", OVERLAYS),
                                 self.num("tree", i, e, "x"), self.num("tree", i, e, "y"),
                                 self.num("tree", i, e, "rotation", 0.0), self.b.lines.table("tree", i)))
        if not out:
            self.fail(None, 0, "tree", "a battlefield needs at least one [[tree]]")
        return out

    def tip(self, table, i, e, trees, used):
        tree = self.text(table, i, e, "tree", sorted(trees))
        tips = overlay_shape(trees[tree].overlay).tips()
        branch = self.text(table, i, e, "branch", tips)
        if (tree, branch) in used:
            self.fail(table, i, "branch", f"{tree}.{branch} already holds {used[(tree, branch)]}")
        used[(tree, branch)] = f"{table} {e.get('id')!r}"
        return tree, branch

    def nests_and_leaves(self, trees):
        used: dict = {}
        nests, leaves = [], []
        for i, e in enumerate(self.rows("nest")):
            owner = self.text("nest", i, e, "owner", ALLIANCES)
            tree, branch = self.tip("nest", i, e, trees, used)
            life = e.get("life")
            if not isinstance(life, int) or isinstance(life, bool) or not 1 <= life <= 30:
                self.fail("nest", i, "life", f"must be the nest dial's life 1..30, got {life!r}")
            nests.append(NestSetup(self.text("nest", i, e, "id"), owner, tree, branch, life,
                                   self.b.lines.table("nest", i)))
        for i, e in enumerate(self.rows("leaf")):
            tree, branch = self.tip("leaf", i, e, trees, used)
            leaves.append(LeafSetup(self.text("leaf", i, e, "id"), tree, branch,
                                    self.text("leaf", i, e, "side", ("green", "orange"), "green"),
                                    self.b.lines.table("leaf", i)))
        return nests, leaves

    def params(self, table, i, e, kind):
        try:
            return check_params(kind, {k: v for k, v in e.items() if k not in SETUP_KEYS})
        except ValueError as exc:
            bad = re.search(r"parameter '(\w+)'", str(exc))
            self.fail(table, i, bad.group(1) if bad else "kind", str(exc))

    def pieces(self) -> list[PieceSetup]:
        out = []
        for i, e in enumerate(self.rows("piece")):
            kind = self.text("piece", i, e, "kind", sorted(k for k in KINDS if k.startswith("tf_")))
            out.append(PieceSetup(self.text("piece", i, e, "id"), kind, self.params("piece", i, e, kind),
                                  self.num("piece", i, e, "x"), self.num("piece", i, e, "y"),
                                  self.num("piece", i, e, "heading", 0.0), self.b.lines.table("piece", i)))
        return out

    def figures(self, spaces) -> list[FigureSetup]:
        by_id = {s.id: s for s in spaces}
        load: dict[str, int] = {}
        out = []
        for i, e in enumerate(self.rows("figure")):
            kind = self.text("figure", i, e, "kind", FIGURE_KINDS)
            params = self.params("figure", i, e, kind)
            alliance = BIRDS[params["name"]][0] if kind == "tf_bird" else params["alliance"]
            fid = self.text("figure", i, e, "id")
            line = self.b.lines.table("figure", i)
            if "space" not in e:
                if kind != "tf_bird":
                    self.fail("figure", i, "space", "a ground figure needs a space")
                out.append(FigureSetup(fid, kind, params, alliance, None, self.num("figure", i, e, "x"),
                                       self.num("figure", i, e, "y"), self.num("figure", i, e, "heading", 0.0), line))
                continue
            space = self.text("figure", i, e, "space", None)
            if space not in by_id:
                self.fail("figure", i, "space", f"no space {space!r} on this battlefield")
            size = 4 if kind == "tf_bird" else 1            # a large figure fills a space
            if kind == "tf_bird" and by_id[space].kind == "leaf":
                self.fail("figure", i, "space", f"large figures cannot perch on leaf {space!r}")
            if kind == "tf_bird" and params["tilt"] != "center":
                self.fail("figure", i, "tilt", "perched birds are set at center tilt")
            load[space] = load.get(space, 0) + size
            cap = {"leaf": 3, "nest": 99}.get(by_id[space].kind, 4)
            if load[space] > cap:
                self.fail("figure", i, "space", f"space {space!r} is full (4 small or 1 large; leaf 3 small)")
            out.append(FigureSetup(fid, kind, params, alliance, space, line=line))
        return out

    def check_geometry(self, scene):
        spaces = world_spaces(scene)
        xmin, xmax, ymin, ymax = scene.bounds
        for s in spaces:
            lo, hi = s.polygon.min(axis=0), s.polygon.max(axis=0)
            if lo[0] < xmin or hi[0] > xmax or lo[1] < ymin or hi[1] > ymax:
                table = {"nest": "nest", "leaf": "leaf"}.get(s.kind, "tree")
                idx = self.index(table, s.line)
                self.fail(table, idx, "x" if table == "tree" else "branch",
                          f"space {s.id} reaches outside the battlefield bounds {list(scene.bounds)}")
        shapes = [(s.id, s.tree, s.polygon, s.line, s.kind) for s in spaces] + \
                 [(tid, tree, p, scene.tree(tree).line, "trunk") for tid, tree, p in world_trunks(scene)]
        for a, b in itertools.combinations(shapes, 2):
            if np.abs(a[2].mean(axis=0) - b[2].mean(axis=0)).max() > 40:
                continue
            if overlap_area(a[2], b[2]) > 1e-3:
                late = max(a, b, key=lambda s: s[3])
                table = {"nest": "nest", "leaf": "leaf"}.get(late[4], "tree")
                self.fail(table, self.index(table, late[3]), "x" if table == "tree" else "branch",
                          f"{a[0]} overlaps {b[0]}")
        return spaces

    def index(self, table, line):
        rows = self.b.lines.headers.get(table, [])
        return rows.index(line) if line in rows else 0

    def check_ids(self, scene, figures):
        seen = set()
        for table, items in (("tree", scene.trees), ("nest", scene.nests), ("leaf", scene.leaves),
                             ("figure", figures), ("piece", scene.pieces)):
            for i, item in enumerate(items):
                if id_problem(item.id):
                    self.fail(table, i, "id", id_problem(item.id))
                if item.id in seen:
                    self.fail(table, i, "id", f"duplicate id {item.id!r}")
                seen.add(item.id)
