"""Tails and Tactics wired into feltbox (issue 16): a whole game through the bridge on the felt,
hidden information in every seat's view, felt, feed and replay, scripts, recording and verifying.

Rulebook sections named in each test: Battlefield Setup (the first-player roll, face-down
deployment), Card Types - Traps (face down), Your Turn (the draw), Objective of the Game.
"""
from __future__ import annotations

import time

import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import GAMES, game_recorder, play_headless, verify
from feltbox.game.players.script import load_game_script
from feltbox.game.replay.reader import read_replay
from feltbox.game.tailsandtactics import seats
from feltbox.game.tailsandtactics.agreement import disagreements
from feltbox.game.tailsandtactics.bridge import TTBridge, new_engine
from feltbox.game.tailsandtactics.felt import card_body
from feltbox.game.tailsandtactics.window_game import TTWindowGame
from feltbox.rules.core import Measured, from_json, state_hash
from feltbox.rules.tails_and_tactics.state import SEATS, card_id, other, side
from feltbox.scenes.tailsandtactics.named import load_tailsandtactics
from tests.test_replay_rules import rewrite

pytestmark = pytest.mark.physics


def hidden_from(state, seat: str) -> set[str]:
    """Instances whose card ``seat`` may not know now: the other seat's hand and face-down cards."""
    them = side(state, other(seat))
    return set(them.hand) | {fc.iid for fc in them.field if not fc.face_up}


def check_secrets(bridge) -> None:
    """No seat's view (nor the felt dressed for it) names the card of anything hidden from it."""
    state = bridge.engine.state
    for seat in (*SEATS, None):
        view = bridge.view(seat)
        secret = hidden_from(state, seat) if seat else {fc.iid for s in SEATS for fc in side(state, s).field
                                                         if not fc.face_up} | set().union(*(side(state, s).hand for s in SEATS))
        for player in view["players"].values():
            for zone in ("hand", "field"):
                for card in player[zone]:
                    if card["iid"] in secret:
                        assert card["card"] is None and card["name"] is None, (seat, card)
        faces = bridge.faces(seat)
        assert not {card_body(i) for i in secret} & set(faces), seat


@pytest.fixture(scope="module")
def played():
    """Seed 1's whole bot game through the bridge, the felt checked after every action."""
    scene = load_tailsandtactics("standard")
    seen = {"actions": 0}

    def after(bridge):
        seen["actions"] += 1
        check_secrets(bridge)
        seen["bridge"] = bridge
    start = time.perf_counter()
    result = play_headless(scene, 1, after_action=after)
    seen["wall"] = time.perf_counter() - start
    return result, seen


def test_whole_bot_game_headless(played):
    """Objective of the Game: the bots play a whole game on the felt to a base at 0; the felt
    agrees with the rules after every action (STRICT_AGREEMENT) and no seat's view or felt shows a
    card hidden from it. The first-player roll is thrown in the tray (Battlefield Setup)."""
    result, seen = played
    bridge = seen["bridge"]
    state = bridge.engine.state
    assert state.flow.phase == "over" and min(side(state, s).base for s in SEATS) == 0
    assert "base health reached 0" in result.result and result.episodes >= 1
    assert any(isinstance(s.action, Measured) for s in bridge.engine.history)
    assert seen["actions"] == len(bridge.engine.history) and not disagreements(bridge)
    assert seen["wall"] < 20.0


def test_first_player_dice_lie_in_the_tray_as_thrown():
    """Battlefield Setup (house: one d6 each): after the roll the felt's dice show the faces the
    rules were given."""
    from feltbox.game.players.headless import play_game
    from feltbox.models.d6 import top_face
    bridge = TTBridge(load_tailsandtactics("standard"), 2)
    faces = []

    def after(b):
        last = b.engine.history[-1].action
        if isinstance(last, Measured):
            faces.append((list(last.outcome["faces"]), [top_face(b.poses[b.index[f"die-{k}"], 3:])[0] for k in (1, 2)]))
            raise StopIteration
    with pytest.raises(StopIteration):
        play_game(bridge, seats.new_seats(bridge, "all"), seats.TURN_ENDS, after_action=after)
    (given, shown), = faces
    assert given == shown


def test_window_feed_keeps_the_other_seats_draws():
    """Your Turn (draw two), Battlefield Setup (face-down deployment): with red at the window and
    the bot on blue, the feed shows red's own draws by name and blue's only as "a draw"; in
    hot-seat (both human) the feed keeps every private fact to its hand-over."""
    game = TTWindowGame(load_tailsandtactics("standard"), 7, bots="blue")
    seen = []
    game.listeners.append(seen.extend)
    for _ in range(80):
        game.run_bots()
        legal = game.legal_actions()
        if not legal:
            break
        game.pick(len(legal) - 1)
    private = [e for e in seen if e.visible_to is not None]
    assert private and all(e.data == {} for e in private if "red" not in e.visible_to)
    assert any(e.data for e in private if e.visible_to == ("red",))
    hot = TTWindowGame(load_tailsandtactics("standard"), 7, bots="none")
    shown = []
    hot.listeners.append(shown.extend)
    for _ in range(30):
        hot.run_bots()
        hot.pick(0)
    assert all(e.data == {} for e in shown if e.visible_to is not None)
    assert hot.private and all(p in SEATS for p, _ in hot.private)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    path = tmp_path_factory.mktemp("tt") / "run.fbr"
    scene = load_tailsandtactics("standard")
    recorder = game_recorder(path, scene, 4)
    result = play_headless(scene, 4, on_episode=recorder, on_action=recorder.action)
    recorder.close()
    return path, result


def test_replay_verifies_bit_exact_and_keeps_secrets(recorded):
    """`feltbox replay run.fbr --verify`: every throw re-simulated bit-exact, every action
    re-applied with its state hash, the felt agreeing; the file holds no seed (a commitment), no
    plain state hash, and no RULE record tells a card still hidden after it: private events keep
    only their kind, the Rule Changer searched at set-up is sealed until the end."""
    path, result = recorded
    check = verify(path)
    assert check.ok, check.message
    assert "revealed seed matches" in check.message
    replay = read_replay(path)
    header = replay.header
    assert header["seed"] is None and "commitment" in header["rules"]
    engine = new_engine(load_tailsandtactics("standard"), 4)
    assert header["rules"]["start_hash"] != state_hash(engine.state)
    for rec in replay.rules:
        action_data = rec.data
        if rec.type == "ChooseRuleChanger":
            assert "card_id" not in str(action_data) or action_data.get("card_id") is None
        engine.apply(from_json(GAMES["tailsandtactics"].actions[rec.type], replay.reveal.get("actions", {}).get(
            str(rec.index), rec.data)))
        state = engine.state
        secret_cards = {card_id(state, i) for s in SEATS for i in hidden_from(state, s)}
        public_cards = {card_id(state, fc.iid) for s in SEATS for fc in side(state, s).field if fc.face_up} | \
            {card_id(state, i) for s in SEATS for i in side(state, s).discard}
        for event in rec.events:
            if event["visible_to"] is not None:
                assert event["data"] == {}, rec.index
        told = str(rec.events)
        assert not any(f"'{c}'" in told for c in secret_cards - public_cards), rec.index


def test_replay_with_a_changed_die_face_fails(recorded, tmp_path):
    """A recorded roll whose face was changed is refused by --verify (the throws show another)."""
    path, _ = recorded
    changed = tmp_path / "changed.fbr"

    def once(rule):
        if rule.type == "Measured":
            rule.data["outcome"]["faces"][0] = rule.data["outcome"]["faces"][0] % 6 + 1
    rewrite(path, changed, edit=once)
    check = verify(changed)
    assert not check.ok


def test_headless_command_and_script_round_trip(tmp_path, capsys):
    """`feltbox play tailsandtactics standard --headless --bots all --seed S`: JSON, deterministic;
    `--save-script` writes it as a script, `--bots none --script` plays it again to the same end;
    a bad line is one line, exit 2."""
    script = tmp_path / "tt.txt"
    assert main(["play", "tailsandtactics", "standard", "--headless", "--bots", "all", "--seed", "6",
                 "--save-script", str(script)]) == 0
    bot = capsys.readouterr().out
    assert main(["play", "tailsandtactics", "standard", "--headless", "--bots", "none", "--script", str(script)]) == 0
    assert capsys.readouterr().out == bot and "base health reached 0" in bot
    lines = script.read_text().splitlines()
    assert lines[0].startswith("# feltbox play tailsandtactics standard --headless --seed 6")
    bad = tmp_path / "bad.txt"
    bad.write_text(lines[0] + "\nAttack source=red-99 target=base\n")
    assert main(["play", "tailsandtactics", "standard", "--headless", "--bots", "none", "--script", str(bad)]) == 2
    assert load_game_script(script, GAMES["tailsandtactics"].actions)


def test_theatre_rebuilds_the_game_on_the_felt(recorded):
    """The replay theatre rebuilds a finished game on the whole felt: the throws in the tray, a
    slide for every action that moved a card, a turn marker at every EndTurn, the felt at the end
    as the bridge left it, every card's face known (the game is over: nothing is hidden)."""
    from feltbox.game.games import read_game_replay
    path, result = recorded
    replay = read_game_replay(path)
    timeline, bodies = GAMES["tailsandtactics"].replay_timeline(replay)
    turns = [m for m in timeline.markers if m.kind == "turn"]
    assert len(turns) == sum(r.type == "EndTurn" for r in replay.rules) > 0
    cards = [b for b in bodies if b.id.startswith("card-")]
    assert len(cards) == len(bodies.faces) - 2 - sum(b.startswith("chain-") for b in bodies.faces)
    assert timeline.frames > 24 * len(replay.rules) // 4
    bridge = TTBridge(load_tailsandtactics("standard"), replay.reveal["seed"])
    for rec in replay.rules:
        data = replay.reveal.get("actions", {}).get(str(rec.index), rec.data)
        bridge.engine.apply(from_json(GAMES["tailsandtactics"].actions[rec.type], data))
    bridge.sync()
    last = timeline.poses[-1]
    on = bridge.present & [b.kind != "d6" for b in bridge.bodies]        # the dice: as thrown, not re-thrown here
    assert abs(last[on, :3] - bridge.poses[on, :3]).max() < 1e-3


@pytest.mark.parametrize("auto", [True, False])
def test_auto_pass_answers_only_when_pass_is_all(auto):
    """Actions and Timing, Your Opponent's Turn: with auto-pass on, red (at the window, the bot on
    blue) is never asked when Pass is its only legal answer -- the window passes and says so -- and
    is asked whenever it has a real response; with it off, red is asked every time."""
    from feltbox.rules.tails_and_tactics.actions import Pass
    game = TTWindowGame(load_tailsandtactics("standard"), 3, bots="blue", auto_pass=auto)
    seen = []
    game.listeners.append(seen.extend)
    only_pass = 0
    for _ in range(400):
        game.run_bots()
        legal = game.legal_actions()
        if not legal or game.state().flow.turn > 8:
            break
        only_pass += legal == [Pass()]
        end = [k for k, a in enumerate(legal) if type(a).__name__ in ("EndTurn", "Ready", "Pass")]
        game.pick(end[0] if end else 0)
    passed = sum(e.kind == "auto-pass" for e in seen)
    if auto:
        assert only_pass == 0 and passed > 0
    else:
        assert only_pass > 0 and passed == 0


def test_agreement_finds_a_moved_unit_a_flipped_trap_and_a_lost_token():
    """One truth: the felt read back from the poses disagrees with the rules when a unit leaves its
    row, a face-down card is turned up, or a damage token goes missing."""
    from feltbox.game.cards.layout import FACE_UP_Q
    from feltbox.game.players.headless import play_game
    bridge = TTBridge(load_tailsandtactics("standard"), 1)

    def stop(b):
        field = [fc for s in SEATS for fc in side(b.engine.state, s).field]
        if any(fc.damage for fc in field) and any(not fc.face_up for fc in field):
            raise StopIteration
    with pytest.raises(StopIteration):
        play_game(bridge, seats.new_seats(bridge, "all"), seats.TURN_ENDS, after_action=stop)
    assert disagreements(bridge) == []
    state = bridge.engine.state
    field = [fc for s in SEATS for fc in side(state, s).field]
    hurt = next(fc for fc in field if fc.damage)
    down = next(fc for fc in field if not fc.face_up)
    poses = bridge.poses.copy()
    bridge.poses[bridge.index[card_body(down.iid)], 3:] = FACE_UP_Q
    assert any(down.iid in f and "face down by the rules" in f for f in disagreements(bridge))
    bridge.poses[:] = poses
    token = next(i for i, b in enumerate(bridge.bodies) if b.id.startswith("damage-") and bridge.present[i])
    bridge.present[token] = False
    assert any("damage by the rules" in f for f in disagreements(bridge)), hurt
    bridge.present[token] = True
    view = bridge.view(None)
    unit = next(c["iid"] for s in SEATS for c in view["players"][s]["field"] if c["kind"] == "unit" and not c["attached_to"])
    bridge.poses[bridge.index[card_body(unit)], 1] += 5.0
    assert any(unit in f and "unit row" in f for f in disagreements(bridge))
