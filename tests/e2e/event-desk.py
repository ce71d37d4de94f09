#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The Event Desk as a screen reader meets it: opened from the main menu,
# every control of its header is named (they once reached AT-SPI as
# "GtkImage", "GtkMenuButton" and "GtkDropDown"), and the format button
# reads the format chosen.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402

CONTROLS = ("push button", "toggle button", "combo box", "menu button")


def main():
    process = e2e.start([])
    try:
        app = e2e.application()
        e2e.click(e2e.button(app, "Main Menu"))
        item = e2e.wait_for("the Event Desk menu item",
                            lambda n: n.getRoleName() in ("menu item", "push button")
                            and n.name.replace("_", "") == "Event Desk", app)
        e2e.click(item)
        desk = e2e.wait_for("the Event Desk", lambda n: n.getRoleName() == "frame"
                            and n.name == "Event", app)
        e2e.check(True, "the main menu opens the Event Desk")

        # The header is built with the window: once Open Folder is there
        # by name, so is the rest.
        e2e.wait_for("the Open Folder button", lambda n: n.getRoleName() in CONTROLS
                     and n.name == "Open a Folder of Decklists", desk)
        controls = e2e.find_all(desk, lambda n: n.getRoleName() in CONTROLS)
        names = [c.name for c in controls]
        e2e.step(f"controls: {[(c.getRoleName(), c.name) for c in controls]}")
        unnamed = [c.getRoleName() for c in controls
                   if not c.name or c.name.startswith("Gtk")]
        e2e.check(not unnamed, f"every control of the desk is named ({unnamed} are not)")
        for name in ("Open a Folder of Decklists", "Event Menu",
                     "The Format Every Deck Is Checked Against"):
            e2e.check(name in names, f"“{name}” is there by name")
    finally:
        e2e.stop(process)
    e2e.finish()


if __name__ == "__main__":
    main()
