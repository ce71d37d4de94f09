#!/bin/sh
# Installs Deckwright with `meson install` into a temporary prefix, as a
# packager would, and runs the installed program on the installed sample
# decks: the data, translations, schema, desktop file, metainfo and MIME
# types land where the installed binary and the desktop look for them.
#
# usage: test-install.sh MESON SOURCE_ROOT
# It configures a build of its own (the prefix is compiled in), so it
# builds only what is installed.
set -eu

meson=$1
source_root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/deckwright-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
build=$tmp/build
log=$tmp/log

fail () {
  echo "FAIL: $*"
  cat "$log" 2>/dev/null | tail -n 30
  exit 1
}

# Whatever the suite's environment points at the source tree must not
# help the installed program find its files.
unset DECKWRIGHT_DATA_DIR GSETTINGS_SCHEMA_DIR G_TEST_SRCDIR G_TEST_BUILDDIR
export XDG_DATA_HOME="$tmp/home/share" XDG_STATE_HOME="$tmp/home/state" \
       XDG_CONFIG_HOME="$tmp/home/config" XDG_CACHE_HOME="$tmp/home/cache" LC_ALL=C.UTF-8

"$meson" setup "$build" "$source_root" --prefix "$prefix" --buildtype=plain \
  -Dgui_tests=disabled >"$log" 2>&1 || fail "meson setup"
# The installed targets only, not the test programs.
targets=$(cd "$build" && "$meson" introspect --targets . |
  python3 -c 'import json, sys, os
for t in json.load(sys.stdin):
    if t["installed"]:
        for f in t["filename"]:
            print(os.path.relpath(f, os.getcwd()))')
# shellcheck disable=SC2086
ninja -C "$build" $targets >"$log" 2>&1 || fail "building the installed targets"
"$meson" install -C "$build" --no-rebuild >"$log" 2>&1 || fail "meson install"

for file in \
  bin/deckwright \
  libexec/deckwright-window \
  libexec/deckwright-commands \
  share/deckwright/games/arcmage.xml \
  share/deckwright/cards/arcmage-core.xml \
  share/deckwright/decks/orc-green-wall.xml \
  share/applications/io.github.deckwright.Deckwright.desktop \
  share/metainfo/io.github.deckwright.Deckwright.metainfo.xml \
  share/glib-2.0/schemas/io.github.deckwright.Deckwright.gschema.xml \
  share/mime/packages/io.github.deckwright.Deckwright.xml \
  share/locale/cs/LC_MESSAGES/deckwright.mo \
  share/locale/de/LC_MESSAGES/deckwright.mo \
  share/man/man1/deckwright.1 \
  share/bash-completion/completions/deckwright
do
  [ -f "$prefix/$file" ] || fail "$file was not installed"
done
echo "ok: every file is installed"

# The installed program on an installed deck, from another folder.
decks=$prefix/share/deckwright/decks
cd "$tmp"
status=0
"$prefix/bin/deckwright" --validate "$decks/orc-green-wall.xml" >"$log" 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "--validate on the installed Green Wall exited $status"
[ "$(cat "$log")" = "$decks/orc-green-wall.xml: legal" ] || fail "unexpected output"
echo "ok: the installed deckwright finds a shipped deck legal"

status=0
"$prefix/bin/deckwright" --validate "$decks/arcmage-illegal-copy-limit.xml" >"$log" 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "--validate on an installed illegal deck exited $status"
grep -q "error\[copy-limit\]" "$log" || fail "no copy-limit error"
echo "ok: and an illegal one illegal, with its reason"

# --find runs in the installed deckwright itself; a command it does not
# run (--stats) in the installed deckwright-commands, in libexec.
status=0
"$prefix/bin/deckwright" --find 'card:"Thornwood Scout"' "$decks" >"$log" 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "--find over the installed decks exited $status"
grep -q "^$decks/orc-green-wall.xml: " "$log" || fail "--find did not find the installed Green Wall"
status=0
"$prefix/bin/deckwright" --stats "$decks/orc-green-wall.xml" >"$log" 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "--stats on the installed Green Wall exited $status"
grep -q "^Cost curve (60 cards):" "$log" || fail "--stats printed no cost curve"
echo "ok: the installed deckwright runs --find, and the installed deckwright-commands the others"

# Without a command the installed deckwright becomes the installed window
# program (in libexec, not beside it): with no display, GTK says so.
# Its settings schema is compiled as a distribution's trigger would.
mkdir -p "$tmp/schemas"
glib-compile-schemas --targetdir="$tmp/schemas" "$prefix/share/glib-2.0/schemas" >"$log" 2>&1 ||
  fail "glib-compile-schemas on the installed schema"
status=0
env -u DISPLAY -u WAYLAND_DISPLAY -u G_DEBUG GSETTINGS_SCHEMA_DIR="$tmp/schemas" \
  "$prefix/bin/deckwright" >"$log" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "the installed deckwright opened a window with no display"
grep -q "cannot open display" "$log" || fail "the installed deckwright did not start its window program"
echo "ok: the installed deckwright starts the installed window program"

# The man page and the completion are the installed program's.
grep -q '^\\fB\\-\\-validate\\fR$' "$prefix/share/man/man1/deckwright.1" || fail "the man page has no --validate"
PATH="$prefix/bin:$PATH" bash --norc --noprofile -c \
  ". '$prefix/share/bash-completion/completions/deckwright' && COMP_WORDS=(deckwright --format arcmage-o) &&
   COMP_CWORD=2 && _deckwright && [ \"\${COMPREPLY[*]}\" = arcmage-orc ]" >"$log" 2>&1 ||
  fail "the installed completion does not complete --format"
echo "ok: the man page and the bash completion are installed and work"

# update-mime-database ran after the install: the installed types are known.
[ -f "$prefix/share/mime/mime.cache" ] || fail "the MIME database was not updated"
grep -q "application/x-deckwright-deck" "$prefix/share/mime/types" || fail "the deck type is not in the MIME database"
echo "ok: the MIME database knows decks"
