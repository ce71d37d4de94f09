# SPDX-License-Identifier: GPL-3.0-or-later
#
# What the end-to-end tests share: finding things in Deckwright's
# accessibility tree and using them as a person would, and TAP output.

import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

DATA = os.environ["DECKWRIGHT_DATA_DIR"]
APP = os.environ["DECKWRIGHT"]
# A wait is for a condition: the limit only ends a test whose condition
# never comes, and is far above what any machine needs, however busy or
# slowed by the sanitizers (meson's own timeout for the test is above it).
TIMEOUT = 120.0

# libatspi gives up on an answer from the application after 800 ms by
# default; a search over every card on a loaded machine can take longer
# before the application answers a call such as setTextContents.
pyatspi.setTimeout(int(TIMEOUT * 1000), int(4 * TIMEOUT * 1000))

passed = 0


def step(message):
    # Every line a comment: a line of TAP that is neither a result nor a
    # comment is an error to meson (a label's text may hold newlines).
    for line in str(message).splitlines() or [""]:
        print(f"# {line}", flush=True)


def check(condition, message):
    global passed
    if not condition:
        print(f"not ok {passed + 1} - {message}", flush=True)
        sys.exit(1)
    passed += 1
    print(f"ok {passed} - {message}", flush=True)


def find_all(node, predicate, found=None):
    found = [] if found is None else found
    try:
        if predicate(node):
            found.append(node)
        for i in range(node.childCount):
            find_all(node.getChildAtIndex(i), predicate, found)
    except Exception:
        pass  # nodes vanish while the UI changes; the caller retries
    return found


def wait_for(what, predicate, root):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = find_all(root, predicate)
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no {what} within {TIMEOUT} s")


def wait_until(what, condition):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except GLib.Error:
            # A node found a moment ago and gone since (a view rebuilt
            # its widgets): the condition is asked again of the new ones.
            pass
        time.sleep(0.1)
    raise AssertionError(f"{what} did not happen within {TIMEOUT} s")


started = None
NOT_STARTED = 75  # EX_TEMPFAIL: run-e2e.sh retries in a fresh session


def application():
    # Starting takes longest on a loaded machine: wait for it generously.
    deadline = time.monotonic() + 4 * TIMEOUT
    while time.monotonic() < deadline:
        if started is not None and started.poll() is not None:
            # The display or the bus was not there for it: not the app's
            # fault; run-e2e.sh starts a fresh session and tries again.
            print(f"# Deckwright exited at start with status {started.returncode}", flush=True)
            if passed == 0:
                sys.exit(NOT_STARTED)
            raise AssertionError("Deckwright exited at start")
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == "deckwright":
                frames = find_all(app, lambda n: n.getRoleName() == "frame")
                if frames:
                    return app
        time.sleep(0.2)
    raise AssertionError("Deckwright did not appear on the accessibility bus")


# GtkButton shows an activation as a press of ACTIVATE_TIMEOUT (250 ms,
# a constant of GTK's, not a guess at how busy the machine is), emits
# "clicked" at its end, and ignores another activation of the same button
# within it, as it would a double keypress; that press is not in the
# accessibility tree.  So a click waits for nothing after it: what it
# does is the condition its caller waits for.  Only a second click on the
# same button (Draw, Draw) waits out the rest of the first one's press.
GTK_ACTIVATE_WINDOW = 0.3
last_click = (None, 0.0)


def click(node):
    global last_click
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "activate", "press"):
            previous, when = last_click
            if previous is not None and previous == node:
                time.sleep(max(0.0, when + GTK_ACTIVATE_WINDOW - time.monotonic()))
            action.doAction(i)
            last_click = (node, time.monotonic())
            return
    raise AssertionError(f"{node.name!r} cannot be clicked")


CONTROL_MASK = 1 << 2


def control_key(keysym):
    """Ctrl and a key, with Ctrl held as a lock: the same on any keymap."""
    pyatspi.Registry.generateKeyboardEvent(CONTROL_MASK, None, pyatspi.KEY_LOCKMODIFIERS)
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
    pyatspi.Registry.generateKeyboardEvent(CONTROL_MASK, None, pyatspi.KEY_UNLOCKMODIFIERS)


def has_focus(node):
    """Whether @node, or a part of it (a search entry's text), has the
    keyboard focus, as GTK reports it over AT-SPI."""
    try:
        if node.getState().contains(pyatspi.STATE_FOCUSED):
            return True
        return any(has_focus(node.getChildAtIndex(i)) for i in range(node.childCount))
    except Exception:
        return False  # a node gone while the UI changes: asked again


def press_enter_in(node):
    """Presses Enter in a field, clicking into it first, as a person does,
    when the keyboard focus is elsewhere.  The click and the key reach the
    application by different paths (the key through AT-SPI's registry), so
    the key waits until the focus the click gives is reported: it would
    otherwise go to whatever had the focus before.  A field that has the
    focus already (the file chooser's location field, focused by the
    Ctrl+L that shows it; a search entry after its first Enter) needs no
    click."""
    if not has_focus(node):
        extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        pyatspi.Registry.generateMouseEvent(extents.x + extents.width // 2,
                                            extents.y + extents.height // 2, "b1c")
        wait_until(f"the focus in {node.name!r}", lambda: has_focus(node))
    pyatspi.Registry.generateKeyboardEvent(0xff0d, None, pyatspi.KEY_SYM)  # Return


def badge(app):
    return wait_for("legality badge",
                    lambda n: n.getRoleName() == "push button"
                    and (n.name.startswith("Legal") or n.name.startswith("Illegal")), app)


def clickable(node):
    try:
        return node.queryAction().nActions > 0
    except NotImplementedError:
        return False


def button(app, name, prefix=False):
    """The button called @name; with @prefix, the first whose name starts
    with it (GTK names dialog buttons "_Save Save")."""
    def matches(n):
        label = n.name.replace("_", "")
        return (label.startswith(name) if prefix else n.name == name)
    # A GtkMenuButton shows as a button holding the button that acts.
    return wait_for(f"button {name!r}",
                    lambda n: n.getRoleName() in ("push button", "toggle button")
                    and matches(n) and clickable(n), app)


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


def finish():
    print(f"1..{passed}")


def start(args):
    env = dict(os.environ)
    env.pop("GTK_A11Y", None)  # the point is the accessibility tree
    global started
    started = subprocess.Popen([APP] + args, env=env)
    return started


