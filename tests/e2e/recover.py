#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Unsaved work survives a crash: add a card to a new deck, wait for the
# autosave, kill Deckwright with SIGKILL, start it again, and it offers
# the deck back; accepting gives the deck with the card, still unsaved.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402


def main():
    process = e2e.start([])
    try:
        app = e2e.application()
        search = e2e.wait_for("search entry",
                              lambda n: n.getRoleName() == "text" and n.name == "Search cards", app)
        search.queryEditableText().setTextContents('"Thornwood Scout"')
        e2e.press_enter_in(search)
        e2e.button(app, "Take out a copy of Thornwood Scout")
        e2e.check(True, "a card is in the new deck")

        autosaves = os.path.join(os.environ["XDG_STATE_HOME"], "deckwright", "autosave")
        e2e.wait_until("the autosave", lambda: os.path.isdir(autosaves)
                       and any(n.endswith(".xml") for n in os.listdir(autosaves)))
        e2e.check(True, "the unsaved deck was kept aside")

        process.send_signal(signal.SIGKILL)
        process.wait(timeout=e2e.TIMEOUT)
        e2e.check(process.returncode == -signal.SIGKILL, "Deckwright was killed")

        process = e2e.start([])
        app = e2e.application()
        e2e.wait_for("the recovery question",
                     lambda n: n.name == "Recover Unsaved Deck?", app)
        e2e.check(True, "started again, it offers the deck back")
        e2e.click(e2e.button(app, "Recover", prefix=True))
        e2e.button(app, "Take out a copy of Thornwood Scout")
        e2e.check(True, "the recovered deck holds the card")
        frame = e2e.wait_for("the window", lambda n: n.getRoleName() == "frame"
                             and n.name.startswith("• "), app)
        e2e.check(frame is not None, "and is marked unsaved")
    finally:
        e2e.stop(process)
    e2e.finish()


if __name__ == "__main__":
    main()
