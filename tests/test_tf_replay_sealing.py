"""Hidden choices stay sealed in a Tail Feathers replay until the battle is over (rulebook, Mission
Phase: "select a mission card ... and place it face-down"; Determine Initiative: "keeping the total
number of dice secret"; game/replay/sealing.py, docs/replay-format.md "Hidden information").

A Show of Force battle is played by the bots with a recorder; after every action a reader opens
the unfinished replay (the temporary file it is written to) as a player could and looks for each
mission still face down in the live rules state and each bid not yet revealed: in any RULE
record's data, in any event's data, and as a plain state hash (which would let a reader try the
seven mission cards). It finds none. The finished replay verifies completely (REVL opens seed,
salt and every hidden choice), and a changed opened choice is refused.
"""
from __future__ import annotations

import pytest

from feltbox.game.games import game_recorder, play_headless, verify
from feltbox.game.replay.reader import read_replay
from feltbox.rules.core import state_hash
from feltbox.scenes.loader import load_tailfeathers
from tests.test_hidden_info import json_objects
from tests.test_replay_rules import rewrite

pytestmark = pytest.mark.physics
SEED = 2


def _hidden(state) -> dict:
    """What the rules have not revealed: {player: face-down mission}, {player: bid}."""
    missions = {p.alliance: p.mission for p in state.data.players if p.mission and not p.mission_revealed}
    bidding = state.flow.waiting == "bid"
    bids = {p.alliance: p.bid for p in state.data.players if bidding and p.bid >= 0}
    return {"missions": missions, "bids": bids}


@pytest.fixture(scope="module")
def battle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tf")
    path = folder / "battle.fbr"
    scene = load_tailfeathers("show_of_force")
    recorder = game_recorder(path, scene, SEED)
    reads = {"leaks": [], "reads": 0, "hidden_missions": 0, "hidden_bids": 0}

    def read_now(bridge) -> None:
        state = bridge.engine.state
        secret = _hidden(state)
        (unfinished,) = folder.glob(".battle.fbr.*.tmp")
        objects = json_objects(unfinished.read_bytes())
        reads["reads"] += 1
        reads["hidden_missions"] += len(secret["missions"])
        reads["hidden_bids"] += len(secret["bids"])
        reads["leaks"] += leaks(objects, secret, state_hash(state), state.flow.waiting == "over")

    result = play_headless(scene, SEED, on_episode=recorder, on_action=recorder.action, after_action=read_now)
    recorder.close()
    return path, result, reads


def leaks(objects: list, secret: dict, plain_hash: str, over: bool) -> list[str]:
    """Each place in the file's JSON ``objects`` that tells a secret; an event tells a player's
    mission only if it comes after the private 'mission chosen' of this round (an earlier
    round's mission may have been revealed and chosen again)."""
    found = []
    chosen: dict[str, int] = {}         # player -> the action index of the latest private choice
    for obj in objects:
        for e in obj.get("events", []) if obj.get("tag") == "RULE" else []:
            if e["kind"] in ("mission chosen", "dice chosen") and e["visible_to"]:
                chosen[e["visible_to"][0]] = obj["index"]
    for obj in objects:
        if obj.get("tag") == "RULE":
            if obj["type"] in ("ChooseMission", "Bid") and set(obj["data"]) != {"sealed"}:
                found.append(f"action {obj['index']}: {obj['type']} {obj['data']}")
            if obj["hash"] == plain_hash[:16]:
                found.append(f"action {obj['index']}: the plain state hash")
            for e in obj["events"]:
                who, data = e["data"].get("player"), e["data"]
                if obj["index"] < chosen.get(who, 0):
                    continue
                if who in secret["missions"] and data.get("mission") == secret["missions"][who]:
                    found.append(f"action {obj['index']}: {who}'s face-down mission in {e['kind']}")
                if who in secret["bids"] and "extra" in data:
                    found.append(f"action {obj['index']}: {who}'s secret bid in {e['kind']}")
        elif obj.get("tag") == "REVL" and not over:
            found.append("a REVL record before the battle is over")
        elif "rules" in obj and "seed" in obj["rules"]:
            found.append("the header's rules hold the seed, and its hashes are plain")
    return found


def test_Mission_Phase_and_Initiative_a_replay_read_mid_battle_holds_no_hidden_choice(battle):
    path, result, reads = battle
    assert result.result.endswith("nest is destroyed")
    assert reads["hidden_missions"] > 0 and reads["hidden_bids"] > 0     # there were secrets to find
    assert reads["leaks"] == []
    replay = read_replay(path)
    sealed = [r for r in replay.rules if r.type in ("ChooseMission", "Bid")]
    assert sealed and all(set(r.data) == {"sealed"} for r in sealed)
    assert set(replay.reveal["actions"]) == {str(r.index) for r in sealed}


def test_a_finished_battle_verifies_completely_and_a_changed_choice_does_not(battle, tmp_path):
    path, _, _ = battle
    check = verify(path)
    assert check.ok, check.message
    assert "every state hash" in check.message and "matches the commitment" in check.message
    replay = read_replay(path)
    index = next(r.index for r in replay.rules if r.type == "ChooseMission")
    was = replay.reveal["actions"][str(index)]["mission"]

    def change(reveal: dict) -> None:
        reveal["actions"] = {**reveal["actions"], str(index): {"mission": "decoy" if was != "decoy" else "siege"}}
    changed = tmp_path / "changed.fbr"
    rewrite(path, changed, edit_reveal=change)
    bad = verify(changed)
    assert not bad.ok and f"action {index} (ChooseMission)" in bad.message and "seal" in bad.message


def test_a_recorded_throw_tells_nothing_of_the_next_one():
    # the roll seeds were seed * 1000003 + k: the first one recorded gave away every later throw
    from feltbox.game.games import fresh_seed
    from feltbox.game.tailfeathers.bridge import roll_seed
    seeds = [roll_seed(12345, k) for k in range(6)]
    assert len({b - a for a, b in zip(seeds, seeds[1:])}) == 5 and all(0 <= s < 2**32 for s in seeds)
    assert roll_seed(12345, 0) == roll_seed(12345, 0) != roll_seed(12346, 0)
    # a game people play draws 62 random bits: too many seeds to try against what it shows
    drawn = {fresh_seed() for _ in range(8)}
    assert len(drawn) == 8 and max(drawn) < 2**62 and max(drawn) > 2**40
