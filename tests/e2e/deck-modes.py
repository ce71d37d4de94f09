#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The deck view's ways of showing a deck, used as a screen-reader user
# would, through the accessibility tree only: the Group and Sort menu
# (group by faction: headings with their counts; sort by count: most
# copies first), the three views (faces named "4 × Thornwood Scout", the
# decklist read through the Text interface), a card moved to Considering
# with Ctrl+M (the badge turns illegal: the main deck is short) and back
# with the row's menu (legal again), and the problem read in the list
# the badge opens.
#
# The shipped Green Wall is read from its file, so the test knows what
# every heading, face and line must say.
#
# Run by run-e2e.sh inside dbus-run-session and xvfb-run.

import collections
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e  # noqa: E402
import pyatspi  # noqa: E402

DECK = os.path.join(e2e.DATA, "decks", "orc-green-wall.xml")
DECK_NS = "{urn:deckwright:deck:1}"


def main_deck():
    """The Green Wall's main deck as {card id: (name, count)}."""
    root = ET.parse(DECK).getroot()
    return {card.get("id"): (card.text.strip(), int(card.get("count", "1")))
            for section in root.iter(DECK_NS + "section") if section.get("id") == "main"
            for card in section.iter(DECK_NS + "card")}


def factions(ids):
    """The faction of each card of @ids, as the shipped database says."""
    found = dict.fromkeys(ids, "No faction")
    cards = ET.parse(os.path.join(e2e.DATA, "cards", "arcmage-core.xml")).getroot()
    for card in cards.iter():
        if card.get("id") in ids:
            for prop in card:
                if prop.tag.rpartition("}")[2] == "faction":
                    found[card.get("id")] = prop.text.strip()
    return found


def faction_names():
    """What each Arcmage faction is called where shown: its name, if its
    <value> gives one ("None (colourless)"), else the value itself."""
    game = ET.parse(os.path.join(e2e.DATA, "games", "arcmage.xml")).getroot()
    for prop in game.iter():
        if prop.tag.rpartition("}")[2] == "property" and prop.get("id") == "faction":
            return {value.text.strip(): value.get("name", value.text.strip())
                    for value in prop if value.text and value.text.strip()}
    raise AssertionError("Arcmage defines no faction")


def factions_in_game_order():
    """Arcmage's factions, in the order its definition gives them."""
    game = ET.parse(os.path.join(e2e.DATA, "games", "arcmage.xml")).getroot()
    for prop in game.iter():
        if prop.tag.rpartition("}")[2] == "property" and prop.get("id") == "faction":
            return [value.text.strip() for value in prop if value.text and value.text.strip()]
    raise AssertionError("Arcmage defines no faction")


def click_at(node, x_offset=None):
    """A left click on @node, at @x_offset from its left or its middle.  It
    waits for nothing: the X server delivers the keys sent after it after
    it, and the caller waits for what the click or those keys bring.

    A deck row is clicked because GTK 4.8 gives no other way to pick it
    and give it the keyboard focus for Ctrl+M and Menu: its node has no
    action, Component.GrabFocus fails, and the list's
    Selection.SelectChild answers true without picking the row.  So the
    caller first waits until the row's view is the one shown."""
    extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x = extents.x + (extents.width // 2 if x_offset is None else x_offset)
    pyatspi.Registry.generateMouseEvent(x, extents.y + extents.height // 2, "b1c")


def show_view(app, name):
    """Shows the deck as @name (List, Decklist, Faces) and waits until it
    is shown.  The view's button is a toggle that turns pressed when the
    view changes, at the end of GtkButton's 250 ms activation: every row
    is in the accessibility tree all along, hidden or not, so finding one
    says nothing, and a click by position sent before then lands on the
    view that is still shown (the decklist's text), picking nothing."""
    view = e2e.button(app, name)
    e2e.click(view)
    e2e.wait_until(f"the {name} view to be shown",
                   lambda: view.getState().contains(pyatspi.STATE_PRESSED))


def menu_item(app, name):
    return e2e.wait_for(f"menu item {name!r}",
                        lambda n: n.getRoleName() in ("menu item", "check menu item", "radio menu item")
                        and n.name.replace("_", "") == name and e2e.clickable(n), app)


def section_list(app, name):
    return e2e.wait_for(f"the {name} list", lambda n: n.getRoleName() == "list" and n.name == name, app)


def rows(section):
    return [n.name for n in e2e.find_all(section, lambda n: n.getRoleName() == "list item")]


def headings(node):
    return [n.name for n in e2e.find_all(node, lambda n: n.getRoleName() == "heading")]


def main():
    cards = main_deck()
    faction_of = factions(set(cards))
    by_faction = collections.Counter()
    for card_id, faction in faction_of.items():
        by_faction[faction] += cards[card_id][1]

    process = e2e.start([DECK])
    try:
        app = e2e.application()
        e2e.wait_until("the badge to say legal", lambda: e2e.badge(app).name == "Legal")
        e2e.check(sum(by_faction.values()) == 60, "the shipped Green Wall opens legal, 60 cards by faction")

        e2e.step("group by faction")
        e2e.click(e2e.button(app, "Group and Sort the Cards"))
        e2e.click(menu_item(app, "Faction"))
        main = section_list(app, "Main deck")
        shown = faction_names()
        want = [f"{shown.get(faction, faction)} · {count}" for faction, count in by_faction.items()]
        e2e.wait_until("the faction headings", lambda: sorted(headings(main)) == sorted(want))
        e2e.check(True, "the main deck's headings name each faction and its count: " + ", ".join(want))

        e2e.step("sort by count")
        e2e.click(e2e.button(app, "Group and Sort the Cards"))
        e2e.click(menu_item(app, "Count"))

        def first_group():
            """The heading the main deck reads first, and the rows under it."""
            heading, found = None, []
            for i in range(main.childCount):
                child = main.getChildAtIndex(i)
                names = headings(child)
                if names and heading is not None:
                    break
                if names:
                    heading = names[0]
                elif heading is not None and child.getRoleName() == "list item":
                    found.append(child.name)
            return heading, found

        # Most copies first, then by name; the first faction is the game's
        # first that the deck holds.
        first = next(f for f in factions_in_game_order() if f in by_faction)
        expected = [f"{c} × {n}" for c, n in sorted((c, n) for i, (n, c) in cards.items()
                                                      if faction_of[i] == first)]
        expected.sort(key=lambda row: -int(row.split(" × ")[0]))
        try:
            e2e.wait_until("the rows to follow their counts", lambda: first_group()[1] == expected)
        except AssertionError:
            step_rows = first_group()
            e2e.step(f"under {step_rows[0]!r}: {step_rows[1]}")
            raise
        e2e.check(first_group()[0] == f"{first} · {by_faction[first]}",
                  f"the first group's rows are read after its heading, most copies first: "
                  f"{expected[0]} … {expected[-1]}")

        e2e.step("the faces")
        name, count = next(iter(cards.values()))
        face_name = f"{count} × {name}"
        show_view(app, "Faces")
        face = e2e.wait_for(f"the face {face_name!r}",
                            lambda n: n.getRoleName() == "table cell" and n.name == face_name, app)
        e2e.check(face is not None, f"the faces name each card and its count: {face_name}")

        e2e.step("the decklist")
        show_view(app, "Decklist")
        decklist = e2e.wait_for("the decklist text", lambda n: n.getRoleName() == "text"
                                and n.name == "Decklist", app)
        text = decklist.queryText()
        content = text.getText(0, text.characterCount)
        lines = content.splitlines()
        e2e.check(lines[0] == "Main deck · 60" and all(f"{c} {n}" in lines for n, c in cards.values()),
                  "the decklist's text names the main deck and every card with its count")
        e2e.check(all(h in lines for h in want), "the decklist groups the cards by faction too")

        e2e.step("move a card to Considering and back")
        show_view(app, "List")
        row_name = f"{count} × {name}"
        row = e2e.wait_for(f"the row {row_name!r}", lambda n: n.getRoleName() == "list item"
                           and n.name == row_name, main)
        click_at(row, 12)  # on its count: the pointer stays in the window for the keys
        e2e.wait_until("the row to be picked", lambda: row.getState().contains(pyatspi.STATE_SELECTED))
        e2e.control_key(0x006d)  # m
        considering = section_list(app, "Considering")
        e2e.wait_until("the card to be under Considering", lambda: row_name in rows(considering))
        e2e.check(row_name not in rows(main), f"Ctrl+M moves {name} to Considering")
        e2e.wait_until("the badge to say illegal", lambda: e2e.badge(app).name.startswith("Illegal"))
        e2e.check(True, "the main deck is short now: the badge says illegal")

        e2e.step("open the problems from the badge")
        e2e.click(e2e.badge(app))
        short = f"{60 - count} cards in the main deck; it needs exactly 60"
        problem = e2e.wait_for("the section-size problem",
                               lambda n: n.getRoleName() == "list item" and n.name.startswith(short), app)
        e2e.check(True, f"the badge opens the problem: {problem.name}")
        pyatspi.Registry.generateKeyboardEvent(0xff1b, None, pyatspi.KEY_SYM)  # Escape
        e2e.wait_until("the problems to close", lambda: not e2e.find_all(
            app, lambda n: n.getRoleName() == "list item" and n.name.startswith(short)))

        moved = e2e.wait_for("the row under Considering", lambda n: n.getRoleName() == "list item"
                             and n.name == row_name, considering)
        click_at(moved, 12)  # still picked: the click keeps the pointer in the window
        pyatspi.Registry.generateKeyboardEvent(0xff67, None, pyatspi.KEY_SYM)  # Menu
        e2e.click(menu_item(app, "Move to the Deck"))
        e2e.wait_until("the card to be back", lambda: row_name in rows(main))
        e2e.check(row_name not in rows(considering), "its row's menu moves the card back to the deck")
        e2e.wait_until("the badge to say legal", lambda: e2e.badge(app).name == "Legal")
        e2e.check(True, "the badge says legal again")
    finally:
        e2e.stop(process)
    e2e.finish()


if __name__ == "__main__":
    main()
