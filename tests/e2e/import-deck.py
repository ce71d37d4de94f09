#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Decks from elsewhere reach the window as a player brings them: a
# decklist copied from a forum (another program owns the clipboard; here
# xclip) becomes a deck with Paste Decklist, and a Cockatrice .cod is
# chosen in the Open dialog by typing its path, as a person does, and
# opens beside the pasted deck, which has not been saved.
#
# Both decklists are made by Deckwright's own command line from shipped
# decks, so the test knows every card that must arrive.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
import pyatspi  # noqa: E402


def export(kind, deck, output):
    subprocess.run([e2e.APP, "--export", kind, os.path.join(e2e.DATA, "decks", deck),
                    "--output", output], check=True)


def card_names(text):
    """The names of a plain-text decklist: "3x Name" or "SB: 1x Name"."""
    names = []
    for line in text.splitlines():
        line = line.removeprefix("SB: ")
        count, _, name = line.partition("x ")
        if count.isdigit() and name:
            names.append(name)
    return names


def copy_to_clipboard(text):
    """xclip stays behind and serves the clipboard until someone else
    takes it, as the program a decklist is copied from would."""
    owner = subprocess.Popen(["xclip", "-selection", "clipboard", "-i", "-loops", "0"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    owner.stdin.write(text.encode())
    owner.stdin.close()
    return owner


def menu_item(app, label):
    return e2e.wait_for(f"menu item {label!r}",
                        lambda n: n.getRoleName() in ("menu item", "push button", "check menu item")
                        and n.name.replace("_", "") == label and e2e.clickable(n), app)


def wait_for_rows(app, names):
    """Until every card of @names has its row in a deck: one walk of the
    tree each time rather than one per card, which is slow over AT-SPI."""
    wanted = {f"Take out a copy of {name}" for name in names}

    def present():
        found = {n.name for n in e2e.find_all(app, lambda n: n.getRoleName() == "push button"
                                              and n.name.startswith("Take out a copy of "))}
        return wanted <= found
    e2e.wait_until(f"rows for {len(wanted)} cards", present)


def frames(app):
    return e2e.find_all(app, lambda n: n.getRoleName() == "frame")


def main():
    workdir = tempfile.mkdtemp(prefix="deckwright-e2e-import-")
    text_path = os.path.join(workdir, "bone-choir.txt")
    cod_path = os.path.join(workdir, "green wall & friends.cod")
    export("text", "cor-bone-choir.xml", text_path)
    export("cod", "orc-green-wall.xml", cod_path)
    with open(text_path, encoding="utf-8") as f:
        decklist = f.read()
    pasted = card_names(decklist)

    clipboard = None
    process = e2e.start([])
    try:
        app = e2e.application()
        # Checked once the app is up: run-e2e.sh retries a start that
        # failed for want of a display only while nothing has passed.
        e2e.check(len(pasted) > 10, f"the Bone Choir decklist names {len(pasted)} cards")
        # Cards are matched by name, so paste once the databases are in:
        # the browser counts them when they are.
        e2e.wait_for("the loaded card count", lambda n: n.getRoleName() == "label"
                     and n.name.endswith(" cards") and " of " in n.name, app)

        e2e.step("paste the Bone Choir decklist")
        clipboard = copy_to_clipboard(decklist)
        e2e.click(e2e.button(app, "Main Menu"))
        e2e.click(menu_item(app, "Paste Decklist"))
        wait_for_rows(app, pasted)
        e2e.check(True, "every card of the decklist is in the pasted deck, connections too")
        e2e.wait_until("the badge to say legal", lambda: e2e.badge(app).name == "Legal")
        e2e.check(True, "the pasted Coraabia deck is legal in its game's format")
        e2e.check(any(f.name.startswith("• ") for f in frames(app)),
                  "the pasted deck is marked unsaved: the clipboard does not keep it")

        e2e.step("open " + cod_path + " through the Open dialog")
        e2e.click(e2e.button(app, "Open a Deck"))
        chooser = e2e.wait_for("the Open a Deck window",
                               lambda n: n.name == "Open a Deck"
                               and n.getRoleName() not in ("label", "push button"), app)
        # Ctrl+L asks the file chooser for a location to type.  Keys go
        # where the pointer is (no window manager here): click into the
        # dialog first, on the place it shows already.
        recent = e2e.wait_for("the Recent place", lambda n: n.getRoleName() == "label"
                              and n.name == "Recent", chooser)
        extents = recent.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        pyatspi.Registry.generateMouseEvent(extents.x + extents.width // 2,
                                            extents.y + extents.height // 2, "b1c")
        # The focus inside the chooser is not told over AT-SPI; its
        # location field is.  Ctrl+L until the field is there: a press
        # that came before the click landed is simply asked again.
        location = None

        def location_shown():
            nonlocal location
            fields = e2e.find_all(chooser, lambda n: n.getRoleName() == "text"
                                  and n.name == "GtkFileChooserEntry")
            location = fields[0] if fields else None
            if location is None:
                e2e.control_key(0x006c)  # l
            return location is not None

        e2e.control_key(0x006c)  # l
        e2e.wait_until("the location field", location_shown)
        location.queryEditableText().setTextContents(cod_path)
        e2e.press_enter_in(location)  # Enter opens what the field names
        e2e.wait_until("a second window", lambda: len(frames(app)) >= 2)
        e2e.check(True, "the .cod opens beside the unsaved pasted deck")
        e2e.wait_for("the Green Wall window", lambda n: n.getRoleName() == "frame"
                     and "Green Wall" in n.name, app)
        cod_cards = [card.get("name") for card in ET.parse(cod_path).getroot().iter("card")]
        wait_for_rows(app, cod_cards)
        e2e.check(len(cod_cards) > 10, f"all {len(cod_cards)} cards came through Cockatrice's format")
        e2e.wait_until("both decks to be legal",
                       lambda: len(e2e.find_all(app, lambda n: n.getRoleName() == "push button"
                                                and n.name == "Legal")) == 2)
        e2e.check(True, "the opened Green Wall is legal, as it was exported")
    finally:
        e2e.stop(process)
        if clipboard is not None:
            clipboard.kill()
    e2e.finish()


if __name__ == "__main__":
    main()
