#!/usr/bin/env bash
# Installs what is missing, builds, and opens Deckwright on the shipped
# card databases, straight from the build folder.
set -euo pipefail

cd "$(dirname "$0")/.."
build-aux/setup.sh
exec meson devenv -C build ./src/deckwright "$@"
