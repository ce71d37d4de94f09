#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds a deck in the real Deckwright, as a screen-reader user would,
# through the accessibility tree only: search for each card, add it with
# Enter, add copies with each row's "Add a copy" button, watch the badge
# turn legal, take a card out and see the section-size problem (the badge
# opens the list of problems over the cards), save with
# Save As, close, start Deckwright again on the file and find the deck as
# it was saved.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import (DATA, TIMEOUT, application, badge, button, check, clickable,  # noqa: E402
                 click, find_all, finish, press_enter_in, start, step, stop,
                 wait_for, wait_until)
import pyatspi  # noqa: E402

DECK_NS = "{urn:deckwright:deck:1}"

def green_wall():
    """The shipped Green Wall, as (section, name, count) in file order."""
    tree = ET.parse(os.path.join(DATA, "decks", "orc-green-wall.xml"))
    for section in tree.getroot().iter(DECK_NS + "section"):
        for card in section.iter(DECK_NS + "card"):
            yield section.get("id"), card.text.strip(), int(card.get("count", "1"))


def main():
    workdir = tempfile.mkdtemp(prefix="deckwright-e2e-")
    path = os.path.join(workdir, "my-green-wall.xml")
    process = start([])
    try:
        app = application()
        frame = wait_for("window", lambda n: n.getRoleName() == "frame", app)
        check("Illegal" in badge(app).name, "a new deck starts illegal")

        search = wait_for("search entry",
                          lambda n: n.getRoleName() == "text" and n.name == "Search cards", app)
        cards = list(green_wall())
        for section, name, count in cards:
            step(f"add {count} x {name}")
            search.queryEditableText().setTextContents(f'"{name}"')
            press_enter_in(search)  # Enter adds the card the search shows
            add = button(app, f"Add a copy of {name}")
            for _ in range(count - 1):
                click(add)

        try:
            wait_until("the badge to say legal", lambda: badge(app).name == "Legal")
        except AssertionError:
            for item in find_all(app, lambda n: n.getRoleName() == "list item" and n.name):
                print(f"# problem: {item.name}")
            raise
        check(True, "the rebuilt Green Wall is legal")
        # The badge opens the problems over the cards.
        click(badge(app))
        wait_for("the all-clear", lambda n: n.getRoleName() == "label"
                 and n.name == "The deck meets every rule of its format", app)
        check(not find_all(app, lambda n: n.getRoleName() == "list item"
                           and "cards in the main deck" in n.name),
              "no problem is listed")

        first_name = cards[0][1]
        click(button(app, f"Take out a copy of {first_name}"))
        click(badge(app))
        problem = wait_for("section-size problem",
                           lambda n: n.getRoleName() == "list item"
                           and n.name.startswith("59 cards in the main deck"), app)
        check(problem.name == "59 cards in the main deck; it needs exactly 60",
              "taking one out shows the section-size problem")
        check(badge(app).name.startswith("Illegal"), "the badge says illegal")

        step("save as " + path)
        click(button(app, "Main Menu"))
        save_as = wait_for("Save As menu item",
                           lambda n: n.getRoleName() in ("menu item", "push button", "check menu item")
                           and n.name.replace("_", "").startswith("Save As"), app)
        click(save_as)
        chooser = wait_for("the Save the Deck window",
                           lambda n: n.name == "Save the Deck" and n.getRoleName() != "label", app)
        name_field = wait_for("file name field",
                              lambda n: n.getRoleName() == "text" and n.name == "Name:", chooser)
        name_field.queryEditableText().setTextContents(path)
        # GTK names a dialog button by its mnemonic label and its text.
        save = wait_for("Save button", lambda n: n.getRoleName() == "push button"
                        and n.name.replace("_", "").split()[:1] == ["Save"] and clickable(n), chooser)
        click(save)
        wait_until("the file to be written", lambda: os.path.exists(path))
        check(True, "Save As wrote the deck")

        saved = ET.parse(path).getroot()
        total = sum(int(c.get("count", "1"))
                    for s in saved.iter(DECK_NS + "section") if s.get("id") == "main"
                    for c in s.iter(DECK_NS + "card"))
        check(total == 59, "the saved deck holds the 59 cards of the main deck")

        click(button(app, "Close"))
        process.wait(timeout=TIMEOUT)
        check(process.returncode == 0, "a saved deck closes without asking")

        step("reopen")
        process = start([path])
        app = application()
        click(badge(app))
        wait_for("the reopened deck's problem",
                 lambda n: n.getRoleName() == "list item"
                 and n.name == "59 cards in the main deck; it needs exactly 60", app)
        check(badge(app).name.startswith("Illegal"), "the reopened deck is the saved one")
        remove = button(app, f"Take out a copy of {first_name}")
        check(remove is not None, "its rows are there to edit")
    finally:
        stop(process)
    finish()


if __name__ == "__main__":
    main()
