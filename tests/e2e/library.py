#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The library, end to end: with a few decks in the Decks folder of a home
# of its own, open the Decks page, search `card:"Thornwood Scout"`, find
# the decks holding it (and not the other), open one, add a card, save,
# open the deck's versions and Restore the one before the save: the file
# is again what it was.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
import pyatspi  # noqa: E402


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def role_named(role, start):
    return lambda n: n.getRoleName() == role and n.name.startswith(start)


def main():
    home = tempfile.mkdtemp(prefix="deckwright-home-")
    for name in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        os.environ[name] = os.path.join(home, "." + name.lower())
    os.environ["HOME"] = home
    decks = os.path.join(home, "Documents", "Decks")
    os.makedirs(os.path.join(decks, "Friends"))
    green = os.path.join(decks, "green.xml")
    shutil.copy(os.path.join(e2e.DATA, "decks", "orc-green-wall.xml"), green)
    shutil.copy(os.path.join(e2e.DATA, "decks", "orc-crown-and-eagle.xml"), os.path.join(decks, "crown.xml"))
    with open(os.path.join(decks, "Friends", "scouts.txt"), "w", encoding="utf-8") as f:
        f.write("# Scout Rush\n\n4x Thornwood Scout\n4x Hedge Sprite\n")
    original = read(green)

    process = e2e.start([])
    try:
        app = e2e.application()
        e2e.click(e2e.wait_for("the Decks page's switch",
                               lambda n: n.getRoleName() in ("toggle button", "push button", "page tab")
                               and n.name.replace("_", "") == "Decks" and e2e.clickable(n), app))
        search = e2e.wait_for("the decks' search", role_named("text", "Search Decks"), app)
        search.queryEditableText().setTextContents('card:"Thornwood Scout"')
        e2e.check(True, "the search asks for the decks holding Thornwood Scout")

        row = e2e.wait_for("Green Wall's row", role_named("panel", "Green Wall, Arcmage, "), app)
        e2e.wait_for("Scout Rush's row", role_named("panel", "Scout Rush, "), app)
        e2e.check(row.name.endswith("60 cards") or "cards" in row.name,
                  f"the row says name, game, verdict and cards: {row.name!r}")
        e2e.wait_until("Crown and Eagle is not listed",
                       lambda: not e2e.find_all(app, role_named("panel", "Crown and Eagle, ")))
        e2e.check(True, "both decks holding the card are found, the other is not")

        # Open it as a person does: a double click on its row.
        extents = row.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        pyatspi.Registry.generateMouseEvent(extents.x + extents.width // 2,
                                            extents.y + extents.height // 2, "b1d")
        e2e.wait_for("the builder with Green Wall",
                     lambda n: n.getRoleName() == "frame" and n.name == "Green Wall", app)
        e2e.check(True, "the deck opens in the builder")

        e2e.click(e2e.button(app, "Add a copy of Seedfall"))
        e2e.wait_for("the window marked unsaved", lambda n: n.getRoleName() == "frame"
                     and n.name == "• Green Wall", app)
        e2e.control_key(0x0073)  # s
        e2e.wait_until("the save", lambda: read(green) != original)
        e2e.check("Seedfall" in read(green), "the changed deck is saved")

        # The versions fold into one row: a click opens it.
        versions = e2e.wait_for("the versions", lambda n: n.getRoleName() == "label"
                                and n.name == "Versions", app)
        extents = versions.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        pyatspi.Registry.generateMouseEvent(extents.x + extents.width // 2,
                                            extents.y + extents.height // 2, "b1c")
        restore = e2e.button(app, "Restore the version of ", prefix=True)
        e2e.click(restore)
        e2e.wait_for("the question", lambda n: n.name == "Restore This Version?", app)
        # The dialog's own Restore: the rows' buttons are named “Restore
        # the version of …”.
        e2e.click(e2e.wait_for("the dialog's Restore", lambda n: n.getRoleName() == "push button"
                               and n.name.replace("_", "").startswith("Restore")
                               and not n.name.startswith("Restore the version")
                               and e2e.clickable(n), app))
        e2e.wait_until("the restore", lambda: read(green) == original)
        e2e.check(True, "the deck file is again what it was before the save")
        e2e.wait_for("the window with the restored deck",
                     lambda n: n.getRoleName() == "frame" and n.name == "Green Wall", app)
        e2e.check(True, "the window holds the deck as restored, nothing unsaved")
    finally:
        e2e.stop(process)
        shutil.rmtree(home, ignore_errors=True)
    e2e.finish()


if __name__ == "__main__":
    main()
