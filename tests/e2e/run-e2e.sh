#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs an end-to-end test with its own session bus, accessibility bus and
# X server, so it needs nothing from the desktop it runs on.
set -eu
# Neither the driver nor the application runs with G_DEBUG=fatal-warnings
# here: libatspi warns while applications come and go, and GTK 4.8's own
# AT-SPI code logs a critical (g_variant_is_object_path on a NULL path)
# when a walked tree changes under it, which would abort the app for a
# bug that is not ours.  The widget tests keep warnings fatal.
unset G_DEBUG
# xvfb-run -a looks for a free display from :99 up; other runs starting at
# the same moment can pick the same one.  When the application could not
# even start (the driver exits 75: no display or bus), the whole session
# is made again, up to three times; any other failure is the test's.
# Every run gets a home of its own: an autosave or a library left by one
# run (or by a run killed midway) must not be restored by the next, and
# nothing lands in the tester's own home.
home=$(mktemp -d "${TMPDIR:-/tmp}/deckwright-e2e-home.XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache" \
  XDG_STATE_HOME="$home/.local/state"
# The driver's TAP goes to the test's standard output (descriptor 3);
# the session bus and the services it starts (the accessibility
# registry announces itself there) write theirs elsewhere.
exec 3>&1
attempt=1
while :; do
  display=$(( ($$ + attempt * 7) % 500 + 200 ))
  status=0
  dbus-run-session -- xvfb-run -a -n "$display" -s "-screen 0 1280x800x24" sh -c '
    # Ask the session bus for the accessibility bus: the call starts the
    # launcher (its D-Bus service file) and returns once it answers, so the
    # driver never races it.  The launcher ends with the session bus.  It,
    # and the registry it starts, need the display: the registry sends the
    # key presses the tests ask for.
    dbus-update-activation-environment DISPLAY XAUTHORITY || exit 75
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
      org.a11y.Bus.GetAddress >/dev/null || exit 75
    exec /usr/bin/python3 "$0" >&3
  ' "$1" >/dev/null || status=$?
  if [ "$status" -ne 75 ] || [ "$attempt" -ge 3 ]; then
    exit "$status"
  fi
  echo "# the application could not start; trying again in a fresh session" >&2
  attempt=$((attempt + 1))
done
