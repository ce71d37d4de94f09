#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs an end-to-end test with its own session bus, accessibility bus and
# X server, so it needs nothing from the desktop it runs on.
set -eu
# The application keeps G_DEBUG (fatal warnings); the Python driver does
# not, since libatspi warns while applications come and go.
export DECKWRIGHT_APP_G_DEBUG="${G_DEBUG:-}"
unset G_DEBUG
exec dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  launcher=$!
  sleep 1
  /usr/bin/python3 "$0"
  status=$?
  kill $launcher 2>/dev/null || true
  exit $status
' "$1"
