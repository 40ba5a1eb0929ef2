"""One truth for Tails and Tactics (ARCHITECTURE.md "One truth"): read the felt back from the
bodies' poses and compare it with the rules' public seat view, after every action
(``--check-agreement``, strict in the tests, and ``replay --verify``).

Read from the poses alone: which cards lie in each side's unit row, support row, draw pile and
discard pile, each one face up or down, how many damage tokens lie on each card, which cards are
held (not on the felt). Each finding is one line naming the card and both stories.
"""
from __future__ import annotations

from feltbox.game.cards.layout import lies_face_up
from feltbox.game.tailsandtactics import layout
from feltbox.game.tailsandtactics.felt import CHAIN_POOL, DAMAGE_POOL, SIDES, card_body

NEAR = 0.6                  # cm: a card lies in a row when its centre is this close to the row's line


def _inside(xy, centre, half_w: float, half_l: float) -> bool:
    return abs(xy[0] - centre[0]) <= half_w and abs(xy[1] - centre[1]) <= half_l


def disagreements(bridge) -> list[str]:
    """Where the felt (``bridge.poses``, ``bridge.present``) and the rules' public view disagree."""
    view = bridge.view(None)
    poses, present, index = bridge.poses, bridge.present, bridge.index
    w, length, _ = layout.card_size()
    out: list[str] = []
    for s in SIDES:
        player = view["players"][s]
        for card in player["hand"]:
            if present[index[card_body(card["iid"])]]:
                out.append(f"{card['iid']}: in {s}'s hand by the rules, on the felt on the table")
        tokens = [poses[index[f"damage-{s}-{j:02d}"], :2] for j in range(DAMAGE_POOL) if present[index[f"damage-{s}-{j:02d}"]]]
        for card in player["field"]:
            i = index[card_body(card["iid"])]
            if not present[i]:
                out.append(f"{card['iid']}: on {s}'s battlefield by the rules, not on the felt")
                continue
            if lies_face_up(poses[i]) != bool(card["face_up"]):
                out.append(f"{card['iid']}: face {'up' if card['face_up'] else 'down'} by the rules, "
                           f"{'up' if lies_face_up(poses[i]) else 'down'} on the felt")
            row = "units" if card["kind"] == "unit" and not card.get("attached_to") else None
            if row is not None and abs(poses[i, 1] - layout.row_xy(s, row, 0, 1)[1]) > NEAR:
                out.append(f"{card['iid']}: a unit by the rules, on the felt at y {poses[i, 1]:.1f} off the unit row")
            if card["kind"] in ("unit", "turf") and card.get("health") is not None:
                on = sum(_inside(t, poses[i, :2], w / 2, length / 2) for t in tokens)
                if on != int(card["damage"]):
                    out.append(f"{card['iid']}: {card['damage']} damage by the rules, {on} tokens on it on the felt")
        for pile, count in (("draw", player["draw_count"]), ("discard", len(player["discard"]))):
            at = layout.pile_xy(s, pile)
            there = sum(1 for iid in bridge.layer.decks[s] if present[index[card_body(iid)]] and
                        _inside(poses[index[card_body(iid)], :2], at, 1.0, 1.0))
            if there != count:
                out.append(f"{s}'s {pile} pile: {count} cards by the rules, {there} on the felt")
        top = [poses[index[card_body(c['iid'])]] for c in player["discard"][-1:]]
        if top and not lies_face_up(top[0]):
            out.append(f"{s}'s discard pile: its top card lies face down on the felt")
    chain = [e for e in view.get("chain", []) if e.get("card") is not None]
    for k in range(min(len(view.get("chain", [])), CHAIN_POOL)):
        if not present[index[f"chain-{k}"]]:
            out.append(f"chain entry {k + 1}: on the chain by the rules, no plate on the felt")
    for entry in chain:
        i = index[card_body(entry["card"]["iid"])]
        if not present[i] or not lies_face_up(poses[i]):
            out.append(f"{entry['card']['iid']}: on the chain by the rules, not face up on the felt")
    return out


def summary(found: list[str]) -> str:
    return "; ".join(found[:3]) + (f" (+{len(found) - 3} more)" if len(found) > 3 else "")

