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
# Every run gets a home, XDG folders and a TMPDIR of its own, removed at
# exit: an autosave or a library left by one run (or by a run killed
# midway) is never restored by the next, nothing lands in the tester's
# home, and the tests' own temporary folders go with the run.
home=$(mktemp -d "${TMPDIR:-/tmp}/deckwright-e2e.XXXXXX")
trap 'rm -rf "$home"' EXIT
export HOME="$home/home" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
  XDG_STATE_HOME="$home/state" XDG_DATA_HOME="$home/data" TMPDIR="$home/tmp"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$TMPDIR"
# xvfb-run -a looks for a free display from :99 up; other runs starting at
# the same moment can pick the same one.  When the application could not
# even start (the driver exits 75: no display or bus), the whole session
# is made again, up to three times; any other failure is the test's.
attempt=1
while :; do
  display=$(( ($$ + attempt * 7) % 500 + 200 ))
  status=0
  dbus-run-session -- xvfb-run -a -n "$display" -s "-screen 0 1280x800x24" sh -c '
    # The launcher is started here, inside the X session, so that it and
    # the registry it starts have the display (the registry sends the
    # keys and clicks the tests ask for).  It owns org.a11y.Bus on the
    # session bus only once the accessibility bus answers: the driver
    # waits for that name, not for a time.
    /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
    launcher=$!
    if ! gdbus wait --session --timeout 120 org.a11y.Bus >/dev/null; then
      kill $launcher 2>/dev/null || true
      exit 75
    fi
    /usr/bin/python3 "$0"
    status=$?
    kill $launcher 2>/dev/null || true
    exit $status
  ' "$1" || status=$?
  if [ "$status" -ne 75 ] || [ "$attempt" -ge 3 ]; then
    exit "$status"
  fi
  echo "# the application could not start; trying again in a fresh session" >&2
  attempt=$((attempt + 1))
done
