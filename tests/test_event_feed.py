"""Every event kind the rules can emit has a readable sentence (game/text/event_feed.py)."""
from __future__ import annotations

import re
from pathlib import Path

from feltbox.game.text.event_feed import HIDDEN, TEMPLATES, pretty, sentence
from feltbox.rules.core import Event

RULES = Path(__file__).resolve().parent.parent / "rules"
LITERAL = re.compile(r'Event\(\s*(f?)"([^"]+)"(?:\s+if\s+[^\n]*?\s+else\s+"([^"]+)")?')


def emitted_kinds() -> set[str]:
    kinds = set()
    for path in RULES.rglob("*.py"):
        for fstring, kind, other in LITERAL.findall(path.read_text(encoding="utf-8")):
            if fstring:                      # f"reaction {noise.name}"
                assert kind == "reaction {noise.name}", (path, kind)
                kinds |= {"reaction LOUD", "reaction QUIET", "reaction SILENT"}
            else:
                kinds.add(kind)
            if other:
                kinds.add(other)
    return kinds


def test_every_rules_event_kind_has_a_sentence():
    kinds = emitted_kinds()
    assert len(kinds) > 150
    missing = sorted(kinds - set(TEMPLATES))
    assert not missing, missing


def test_hidden_and_unknown_events_still_read_as_sentences():
    for kind in emitted_kinds():
        text = sentence(Event(kind, {}))            # as seen by someone the data is hidden from
        assert text and "{" not in text and "=" not in text, (kind, text)
    assert sentence(Event("took", {}, ("A",))) == "A token is taken"
    odd = sentence(Event("something new", {"survivor": "survivor-john", "where": {"x": 1}}))
    assert odd.startswith("Something new: John") and "{" not in odd and "=" not in odd


def test_the_issue_examples():
    assert sentence(Event("reaction LOUD", {"rush": ["zombie-01", "zombie-02", "zombie-03"], "stand": []})) \
        == "LOUD: 3 zombies rush"
    assert sentence(Event("shot hit", {"first": "zombie-04", "wounded": ["zombie-04"]}), actor="Anita") \
        == "Anita's shot hits zombie 4: it falls"
    assert sentence(Event("survivor lost a life", {"survivor": "survivor-john", "life": 2})) \
        == "John loses a life (2 left)"
    assert sentence(Event("hits", {"side": "rat", "hits": 3})) == "Rat scores 3 hits"
    assert "sword+shield" in sentence(Event("rolled", {"player": "rat", "why": "attack", "faces": ["sword_shield"]}))
    assert pretty("survivor-john") == "John" and pretty("police_station") == "police station"


def test_real_games_feed_reads_cleanly():
    """Events of real bot games (Dead of Winter S7, Tail Feathers Show of Force), as sentences."""
    from feltbox.game.flickem.window_game import WindowGame
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_flickem, load_tailfeathers
    seen = []
    game = WindowGame(load_flickem(7), 7, "teamB")
    game.listeners.append(seen.extend)
    game.run_bots()
    for _ in range(6):                      # team A's first choices and flicks, then team B's bots
        if game.choices():
            game.choose(0)
        elif game.wants_aim():
            game.aim(90.0, 0.5)
    tf = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    tf.listeners.append(seen.extend)
    tf.run_bots()
    for _ in range(40):                     # the mouse seat plays its first choices
        if not tf.choices():
            break
        tf.pick(len(tf.choices()) - 1)
    assert len(seen) > 20
    for e in seen:
        text = sentence(e)
        assert "{" not in text and "=" not in text and "[" not in text, (e, text)
        assert e.kind in TEMPLATES or e.kind in HIDDEN, e.kind
    texts = [sentence(e) for e in seen]
    assert any(t.startswith(("LOUD", "QUIET", "SILENT")) for t in texts)
    assert any(t.startswith(("Mouse rolls", "Rat rolls")) for t in texts)


def _data_keys() -> dict[str, set | None]:
    """kind -> the data keys its Event(...) literals in the rules send (None: built elsewhere)."""
    keys: dict[str, set | None] = {}
    start = re.compile(r'Event\(\s*"([^"]+)"(?:\s+if\s+[^\n]*?\s+else\s+"([^"]+)")?\s*,\s*(\{|dict\(|_shown)')
    for path in RULES.rglob("*.py"):
        src = path.read_text(encoding="utf-8")
        for m in start.finditer(src):
            body = src[m.end():m.end() + 400]
            end = re.search(r"\}\s*(\)|,\s*visible_to)", body)
            found = set(re.findall(r'"([^"]+)":', body[:end.start()] if end else body))
            if m.group(3) == "_shown":
                found = {"survivor", "card", "title", "text", "betrayer"}
            for kind in filter(None, m.groups()[:2]):
                if m.group(3) == "dict(" or keys.get(kind, set()) is None:
                    keys[kind] = None
                else:
                    keys[kind] = keys.get(kind, set()) | found
    return keys


def test_templates_use_the_keys_the_rules_send():
    import string
    keys = _data_keys()
    for kind, template in TEMPLATES.items():
        if callable(template) or keys.get(kind) is None:
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f and f != "_all"}
        assert fields <= keys[kind], (kind, fields - keys[kind])


def test_no_internal_ids_in_what_a_player_reads():
    # issue 13's examples: "lamp-3", "movement_disc", "survivor-anita" read as names
    assert pretty("lamp-3") == "lamp 3" and pretty("barrel-02") == "barrel 2"
    assert pretty("movement_disc") == "movement disc" and pretty("survivor-anita") == "Anita"
    assert pretty("school-support-1") == "the school's support block"           # the hover line, no ids
    assert pretty("betrayer-lily") == "betrayer Lily"           # S9's unmasked betrayer: a team named by her
    from feltbox.game.flickem.window_game import WindowGame
    from feltbox.game.window.hud_model import flickem_hud
    from feltbox.scenes.loader import load_flickem
    game = WindowGame(load_flickem(1), 0, "none")
    game.choose(0)
    game.choose(game.choices().index("Move"))
    assert flickem_hud(game).prompt == "flick: movement disc"


def test_sentences_read_as_english_the_RV_token_kinds_and_counts():
    """Seen in a survey of every feed line of whole bot games of S1-S10: "gets into the rv",
    "leaves x face up", "takes survivor", "1 zombie stand up", "Thomas win"."""
    assert sentence(Event("entered a building", {"survivor": "survivor-rosa", "building": "rv"})) == "Rosa enters the RV"
    assert pretty("rv-support-1") == "the RV's support block"
    assert sentence(Event("left a token face up", {"survivor": "survivor-lily", "kind": "x"})) == \
        "Lily leaves X token face up"
    assert sentence(Event("took", {"survivor": "survivor-rosa", "kind": "survivor"})) == "Rosa takes survivor token"
    assert sentence(Event("took", {"survivor": "survivor-rosa", "kind": "food"})) == "Rosa takes food"
    assert sentence(Event("reaction QUIET", {"rush": [], "stand": ["zombie-01"]})).endswith("1 zombie stands up")
    assert sentence(Event("reaction QUIET", {"rush": [], "stand": ["zombie-01", "zombie-02"]})).endswith(
        "2 zombies stand up")
    assert sentence(Event("secret objectives", {"winners": ["survivor-thomas"]})) == "Secret objectives: Thomas wins"
    assert sentence(Event("secret objectives", {"winners": []})) == "Secret objectives: nobody wins"
    assert sentence(Event("game over", {"winners": ["mouse"]})) == "Game over: Mouse wins"
    assert sentence(Event("defended", {"target": "oakguard-3", "blocked": 1})) == "Oakguard 3 blocks 1 hit"
    one, two = {"zombies": ["zombie-03"], "survivor": "survivor-lily"}, {"zombies": ["zombie-03", "zombie-05"]}
    assert sentence(Event("fight card ATTACK", one)) == "Fight card ATTACK: zombie 3 attacks Lily"
    assert sentence(Event("fight card WALK", two)) == "Fight card WALK: zombie 3, zombie 5 come closer"
    assert sentence(Event("zombie knocked onto the support block", one)) == "Zombie 3 is knocked onto the support block"


def test_tail_feathers_tree_spaces_and_trees_read_as_places():
    """A tree space's id is its tree, then r (the spaces round the trunk) or b (a branch), its
    number and segment: "ne.b1a" is the NE tree's branch 1, first segment. Seen raw in the choices
    and the feed of whole Show of Force battles ("move to ne.b1a", "besiege the Ne tree from ne.r1")."""
    from feltbox.game.tailfeathers.window_game import label
    from feltbox.rules.tailfeathers import final
    assert pretty("ne.b1a") == "branch 1a of the NE tree" and pretty("sw.r2") == "trunk space 2 of the SW tree"
    assert pretty("sapling.r1") == "trunk space 1 of the sapling" and pretty("west.b2") == "branch 2 of the west tree"
    assert sentence(Event("moved", {"figure": "oakguard-3", "to": "ne.b1a"})) == "Oakguard 3 moves to branch 1a of the NE tree"
    assert label(final.SiegeTree("ne", "ne.r1")) == "besiege the NE tree from trunk space 1"
    assert label(final.PatrolTarget("aerijin")) == "patrol: attack Aerijin"
    assert label(final.PatrolTarget("")) == "patrol: no target"


def test_a_dead_of_winter_card_names_whose_it_is_with_its_title_and_text():
    """S9 GAME END: the secret objectives are shown; each line said only the card's text ("Be in
    the Library at the end of the game."), not whose card it was. A Snowbirds line (text, no
    title) is still its own line."""
    shown = {"survivor": "survivor-lily", "card": "bookworm", "title": "Bookworm",
             "text": "Be in the Library at the end of the game.", "betrayer": False}
    assert sentence(Event("secret objective shown", shown)) == \
        "Lily shows a secret objective: Bookworm. Be in the Library at the end of the game."
    assert sentence(Event("rest day", {"text": "the flock rests a day at Cape May"})) == \
        "The flock rests a day at Cape May"
