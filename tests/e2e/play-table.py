#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Plays an Arcmage turn and a Coraabia duel in the real Deckwright, as a
# screen-reader user would, through the accessibility tree only: keep the
# opening hand, Next Phase, draw, put a card in the vault from its menu,
# play a creature, end the turn; next turn attack with it and see the
# goldfish's region lose HP.  Then declare in a Coraabia duel, pass, and
# read the duel's result.  At every step nothing in the tree may name a
# card the player cannot see: the deck's cards, the goldfish's hand.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import (APP, DATA, application, check, click, clickable, find_all,  # noqa: E402
                 finish, start, step, stop, wait_for, wait_until)
import e2e  # noqa: E402
import pyatspi  # noqa: E402


def button(app, name):
    """A button by its label, its mnemonic underline left out."""
    return e2e.button(app, name, prefix=True)


def playtest(deck, seed, actions, workdir):
    """Runs `deckwright --playtest` on @actions: the engine's own account
    of the table, and a fresh table file when @actions is empty."""
    script = os.path.join(workdir, "actions.txt")
    table = os.path.join(workdir, f"table-{seed}-{len(actions)}.xml")
    with open(script, "w") as f:
        f.write("\n".join(actions) + "\n")
    result = subprocess.run([APP, "--playtest", os.path.join(DATA, "decks", deck), "--seed", str(seed),
                             "--actions", script, "--output", table],
                            capture_output=True, text=True, check=True)
    return table, result.stdout


def deck_names(deck):
    text = open(os.path.join(DATA, "decks", deck)).read()
    return set(re.findall(r'<card [^>]*>([^<]+)</card>', text))


def hidden_names(deck, described, known=()):
    """Names of the deck's cards that no visible zone shows (the playtest
    lists visible cards by name and hidden ones only by count), but for
    @known: cards the player put face down, and so knows."""
    seen = set(known)
    for line in described.splitlines():
        for name in re.findall(r"#\d+ ([^,#(]+?)(?=\s*(?:\(|-?\d+/|,|$))", line):
            seen.add(name.strip())
    return deck_names(deck) - seen


def texts(app):
    found = []
    for node in find_all(app, lambda n: True):
        try:
            found += [node.name or "", node.description or ""]
        except Exception:
            pass
    return found


def assert_hides(app, hidden, when):
    shown = texts(app)
    leaks = sorted({name for name in hidden for text in shown if name in text})
    check(not leaks, f"{when}: nothing names a hidden card ({', '.join(leaks) or 'none'})")


def tile(app, name):
    """A card on the table, found by the name it is announced with."""
    def matches(n):
        rest = n.name[len(name):] if n.name.startswith(name) else None
        return (n.getRoleName() == "push button" and rest is not None
                and (rest == "" or rest.startswith(",")))
    try:
        return wait_for(f"card {name!r}", matches, app)
    except AssertionError:
        for n in find_all(app, lambda n: n.getRoleName() == "push button"):
            step(f"button {n.name!r}")
        raise



def menu_item(app, label):
    return button(app, label)


def counter(app, label):
    """The value beside a counter's label in the side panel."""
    labels = find_all(app, lambda n: n.getRoleName() == "label" and n.name == label)
    check(len(labels) > 0, f"the counter {label!r} is shown")
    row = labels[0].parent
    for i in range(row.childCount):
        child = row.getChildAtIndex(i)
        if child.name != label and re.fullmatch(r"-?\d+", child.name or ""):
            return int(child.name)
    raise AssertionError(f"no value beside {label!r}")


def current_phase(app):
    node = wait_for("current phase", lambda n: n.getRoleName() == "label"
                    and n.name.endswith(", the current phase"), app)
    return node.name[:-len(", the current phase")]


def arcmage_turn(workdir):
    deck = "orc-green-wall.xml"
    table, _ = playtest(deck, 42, [], workdir)
    process = start([table])
    try:
        app = application()
        wait_for("opening hand", lambda n: n.name == "Your Opening Hand", app)
        _, described = playtest(deck, 42, [], workdir)
        assert_hides(app, hidden_names(deck, described), "the opening hand")

        step("keep the hand and go on to the draw phase")
        click(button(app, "Keep"))
        click(button(app, "Next Phase"))
        wait_until("the draw phase", lambda: current_phase(app) == "Draw")
        click(button(app, "Draw"))
        click(button(app, "Draw"))
        check(counter(app, "Gold available") == 0, "no gold before the vault")

        step("the play phase: a card into the vault from its menu")
        click(button(app, "Next Phase"))
        wait_until("the play phase", lambda: current_phase(app) == "Play")
        click(tile(app, "Hornwood Bow"))
        click(menu_item(app, "Put in the Vault"))
        wait_until("a gold in the vault", lambda: counter(app, "Gold available") == 1)
        check(True, "the vaulted card counts as gold")

        step("the entrance phase: a creature to the front")
        click(button(app, "Entrance"))
        wait_until("the entrance phase", lambda: current_phase(app) == "Entrance")
        click(tile(app, "Hedge Sprite"))
        click(menu_item(app, "Play to the Front"))
        wait_for("the creature in the front", lambda n: n.getRoleName() == "push button"
                 and n.name.startswith("Hedge Sprite") and "1/1" in n.name, app)
        check(True, "the creature entered the front")

        step("end the turn, and attack next turn")
        click(button(app, "End Turn"))
        wait_until("turn 2", lambda: current_phase(app) == "Unmark/Unassign")
        click(button(app, "Next Phase"))
        wait_until("the draw phase", lambda: current_phase(app) == "Draw")
        click(button(app, "Draw"))
        click(button(app, "Next Phase"))
        click(button(app, "Next Phase"))
        wait_until("the move/attack phase", lambda: current_phase(app) == "Move or Attack")
        before = counter(app, "Opponent's region HP")
        click(tile(app, "Hedge Sprite"))
        click(menu_item(app, "Attack"))
        wait_until("the goldfish to lose HP", lambda: counter(app, "Opponent's region HP") < before)
        check(True, "an unblocked attack hits the goldfish's region")

        _, described = playtest(deck, 42, [
            "next", "draw", "draw", "next", 'vault "Hornwood Bow"', "phase entrance",
            'play "Hedge Sprite" to front', "phase discard", "end", "next", "draw", "next", "next",
            'attack "Hedge Sprite"'], workdir)
        assert_hides(app, hidden_names(deck, described, {"Hornwood Bow"}), "a turn later")
        step("end the turn: eight cards in hand, so one is discarded first")
        click(button(app, "End Turn"))
        wait_until("the discard phase", lambda: current_phase(app) == "Discard")
        said = wait_for("the reason", lambda n: n.getRoleName() == "label" and "discard" in n.name.lower()
                        and len(n.name) > 30, app).name
        step(f"the table says: {said}")
        click(tile(app, "Everbloom Circle"))
        click(menu_item(app, "Discard"))
        click(button(app, "End Turn"))
        wait_until("turn 3", lambda: current_phase(app) == "Unmark/Unassign")
        check(True, "the second turn ended")
    finally:
        stop(process)


def duel_state(app):
    """What a pass changes: who is to act, and the duel's heading."""
    return tuple(sorted(n.name for n in find_all(app, lambda n: n.getRoleName() == "label" and (
        n.name.endswith("— to act") or n.name.startswith("Duel")
        or "won" in n.name or "wins" in n.name))))


def coraabia_duel(workdir):
    deck = "cor-bone-choir.xml"
    table, described = playtest(deck, 2, [], workdir)
    process = start([table])
    try:
        app = application()
        wait_for("the duel", lambda n: n.name == "Duel" and n.getRoleName() != "label", app)
        assert_hides(app, hidden_names(deck, described) - {"Duel"}, "the first duel")

        step("declare a parameter, for whoever declares")
        declarer = wait_for("who declares", lambda n: n.getRoleName() == "label"
                            and n.name.endswith("— to declare"), app).name
        if declarer.startswith("Goldfish"):
            click(wait_for("act for the goldfish", lambda n: n.getRoleName() == "check box", app))
        click(button(app, "Declare Danger"))
        wait_for("the declared duel", lambda n: n.getRoleName() == "label"
                 and n.name.startswith("Duel 1: Danger"), app)
        check(True, "the duel compares Danger")
        declare = button(app, "Declare Karma")
        check("refused" not in (declare.description or "") and declare.description,
              "declaring again is refused, and the button says why")

        step("pass until the duel is resolved")
        for _ in range(6):
            status = [n.name for n in find_all(app, lambda n: n.getRoleName() == "label"
                                               and n.name.startswith("Duel 2"))]
            if status:
                break
            toggle = find_all(app, lambda n: n.getRoleName() == "check box")
            acting = [n.name for n in find_all(app, lambda n: n.getRoleName() == "label"
                                               and n.name.endswith("— to act"))]
            if acting and toggle:
                wants_goldfish = acting[0].startswith("Goldfish")
                checked = toggle[0].getState().contains(pyatspi.STATE_CHECKED)
                if wants_goldfish != checked:
                    click(toggle[0])
                    wait_until("the switch to follow", lambda: toggle[0].getState().contains(
                        pyatspi.STATE_CHECKED) == wants_goldfish)
            before = duel_state(app)
            click(button(app, "Pass"))
            # Each pass is seen to land before the next is chosen: on a
            # slow machine the next look would see the table before it.
            wait_until("the pass to be taken", lambda: duel_state(app) != before)
        said = wait_for("what the rules said", lambda n: n.getRoleName() == "label"
                        and ("won" in n.name or "wins" in n.name), app).name
        step(f"the table says: {said}")
        check(True, "the resolved duel says who won")
        wait_for("the second duel", lambda n: n.getRoleName() == "label" and n.name.startswith("Duel 2"), app)
        check(True, "the next duel begins")
    finally:
        stop(process)


def main():
    workdir = tempfile.mkdtemp(prefix="deckwright-e2e-")
    arcmage_turn(workdir)
    coraabia_duel(workdir)
    finish()


if __name__ == "__main__":
    main()
