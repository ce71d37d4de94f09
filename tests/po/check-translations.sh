#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Czech and German stay complete: every file that marks strings for
# translation is listed in po/POTFILES.in, and every string xgettext finds
# there has a translation, neither missing nor fuzzy, in each language of
# po/LINGUAS.  Prints TAP.
#
# usage: check-translations.sh SOURCE_ROOT
set -eu
root=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
n=0
status=0

ok () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then
    echo "ok $n - $2"
  else
    echo "not ok $n - $2"
    status=1
  fi
}

# Files that mark strings but are missing from POTFILES.in.
grep -l -E '(^|[^A-Za-z_])(N?_|C_|NC_|g_dngettext) *\(|translatable="yes"' \
  src/*/*.c ui/*.ui ui/gtk/*.ui 2>/dev/null | sort > "$work/marking"
grep -v '^#' po/POTFILES.in | sed '/^$/d' | sort > "$work/listed"
missing=$(comm -23 "$work/marking" "$work/listed")
[ -z "$missing" ] && r=0 || { r=1; echo "$missing" | sed 's/^/# not in POTFILES.in: /'; }
ok $r "every file that marks strings is in POTFILES.in"

# The same keywords as meson's i18n 'glib' preset.
xgettext --from-code=UTF-8 --add-comments --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
  --keyword=NC_:1c,2 --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format --flag=g_markup_printf_escaped:1:c-format \
  --flag=g_log:3:c-format --flag=g_print:1:c-format --flag=g_printerr:1:c-format \
  --flag=g_printf:1:c-format --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format \
  --flag=g_snprintf:3:c-format \
  -f po/POTFILES.in -o "$work/deckwright.pot" 2>"$work/xgettext.log" || { cat "$work/xgettext.log"; exit 1; }

for lang in $(grep -v '^#' po/LINGUAS); do
  msgmerge --quiet --no-fuzzy-matching "po/$lang.po" "$work/deckwright.pot" -o "$work/$lang.po"
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$work/$lang.po" 2>&1)
  untranslated=$(echo "$stats" | sed -n 's/.* \([0-9][0-9]*\) untranslated message.*/\1/p')
  fuzzy=$(echo "$stats" | sed -n 's/.* \([0-9][0-9]*\) fuzzy translation.*/\1/p')
  untranslated=${untranslated:-0}
  fuzzy=${fuzzy:-0}
  if [ "$untranslated" -ne 0 ] || [ "$fuzzy" -ne 0 ]; then
    msgattrib --untranslated --no-obsolete --no-wrap "$work/$lang.po" | grep '^msgid "..*"' | head -20 | sed "s/^/# $lang lacks: /"
  fi
  ok $((untranslated + fuzzy)) "$lang: every string translated ($untranslated missing, $fuzzy fuzzy)"
  msgfmt --check -o /dev/null "po/$lang.po" 2>"$work/msgfmt.log" && r=0 || { r=1; sed 's/^/# /' "$work/msgfmt.log"; }
  ok $r "$lang: the catalogue compiles and its formats match"
done
echo "1..$n"
exit $status
