"""The Tails and Tactics window driver (tests/test_tt_window.py runs it under Xvfb): red at the
window with the mouse and keys, the bot on blue, seed 7 (printed lines are the test's evidence)."""
import sys

from panda3d.core import Filename, TextureStage

from feltbox.game.tailsandtactics.agreement import disagreements
from feltbox.game.tailsandtactics.bridge import printed
from feltbox.game.tailsandtactics.felt import card_body
from feltbox.rules.tails_and_tactics.state import side
from tests.card_window import click_px as click_at
from tests.card_window import drag_card, open_window, px, screen_of, settle, step, window_id, xdo

BOTS = sys.argv[2] if len(sys.argv) > 2 else "blue"
game, base, app, view = open_window("tailsandtactics", "standard", 7, BOTS, "feltbox-tt-test")


def click_px(x, y):
    click_at(x, y)
    settle()


def click(x, y):
    click_px(*px(x, y))


def key(k):
    xdo("key", "--window", window_id(), k)
    step(4)
    settle()


def press_button(name):
    pos = view.buttons[name].getPos(base.aspect2d)
    click(pos[0] + 0.05, pos[2] + 0.012)


def units_first(cards):
    """``cards`` with the units first (a unit deployed can attack next turn)."""
    kind = {iid: printed(cid).kind for iid, cid in game.hand()}
    return sorted(cards, key=lambda c: (kind.get(c) != "unit", c))


def kinds():
    return {type(a).__name__ for a in game.legal_actions()}


def leaks_now():
    """Card bodies hidden from the seat the felt is dressed for (the other seat's hand and face-down
    cards; for nobody, both seats') dressed with anything but a back."""
    state = game.state()
    viewer = view.viewer()
    others = [s for s in ("red", "blue") if s != viewer]
    hidden = set()
    for s in others:
        hidden |= set(side(state, s).hand) | {fc.iid for fc in side(state, s).field if not fc.face_up}
    out = []
    for i, spec in enumerate(app.bodies):
        if spec.id.removeprefix("card-") in hidden:
            tex = app.scene.paths[i].find("face").getTexture(TextureStage.getDefault())
            if tex is None or not tex.getName().startswith("tt-back"):
                out.append(spec.id)
    return len(hidden), out


log, prompts, checked, leaks, covers = [], set(), 0, [], []
for _ in range(160):
    state = game.state()
    if state.flow.phase == "over" or state.flow.turn >= (6 if BOTS == "blue" else 3):
        break
    if app.covered():
        if app.handover.step == "cover":                   # (then its details, if any: space again)
            covers.append(app.handover.current[0])
        n, found = leaks_now()
        checked, leaks = checked + n, leaks + found
        key("space")
        continue
    if game.decider() is None or (BOTS == "blue" and game.decider() != "red"):
        settle()
        continue
    n, found = leaks_now()
    checked, leaks = checked + n, leaks + found
    if view.prompt.node["text"]:
        prompts.add(view.prompt.node["text"].split(":")[1].split("-")[0].strip())
    legal = game.legal_actions()
    names = kinds()
    plays, _ = game.plays()
    if "ChooseRuleChanger" in names:
        key("a")
        log.append("rule changer: key a")
    elif "Discard" in names and not {"Ready", "EndTurn", "SetupDeploy"} & names:
        card = sorted(c for c, z in plays if z == "discard")[0]
        drag_card(card, "discard")
        log.append("discard: drag")
    elif "SetupDeploy" in names and sum(1 for x in log if x.startswith("setup deploy")) < 3:
        cards = units_first({c for c, z in plays if z == "face_down"})
        drag_card(cards[0], "face_down")
        if game.narrowed:
            key("a")
        log.append("setup deploy: drag face down")
    elif "Ready" in names:
        press_button("Ready")
        log.append("ready: button")
    elif "Attack" in names and log[-1:] != ["attacked"]:
        attack = next(a for a in legal if type(a).__name__ == "Attack")
        click_px(*screen_of(card_body(attack.source)))
        chosen = game.attacker
        target = "base-blue" if attack.target == "base" else card_body(attack.target)
        click_px(*screen_of(target))
        log.append("attacked" if chosen == attack.source else "attack click missed")
    elif "Deploy" in names and sum(1 for x in log if x.startswith("deploy")) < 2 and \
            any(z == "field" for c, z in plays):
        card = units_first({c for c, z in plays if z == "field"})[0]
        drag_card(card, "field")
        if game.narrowed:
            key("a")
        log.append("deploy: drag to field")
    elif "EndTurn" in names:
        press_button("EndTurn")
        log.append("end turn: button")
    elif "Pass" in names:
        press_button("Pass")
        log.append("pass: button")
    else:
        key("a")
        log.append("key a")
state = game.state()
print("LOG", log)
print("PROMPTS", sorted(prompts))
print("COVERS", covers)
print("TURN", state.flow.turn, "PHASE", state.flow.phase)
print("DISAGREE", disagreements(game.bridge))
print("HIDDEN", checked, "LEAKS", leaks)
faced = sum(1 for i, s in enumerate(app.bodies) if s.kind == "card" and
            app.scene.paths[i].find("face").getTexture(TextureStage.getDefault()) is not None and
            app.scene.paths[i].find("face").getTexture(TextureStage.getDefault()).getName().startswith("tt-face"))
print("FACES", faced, "HAND", len(view.hand.choices.ids()))
base.graphicsEngine.renderFrame()
base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename(sys.argv[1]))
