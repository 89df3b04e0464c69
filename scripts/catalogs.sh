#!/usr/bin/env bash
# Compiles the keyboard's catalogs (po/LANG.po, the languages in po/LINGUAS) into
# OUT/LANG/LC_MESSAGES/stackboard.mo (default .build/locale, where a build tree's keyboard looks;
# the Debian package installs them under /usr/share/locale). Only what changed is compiled.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/.build/locale}"
command -v msgfmt >/dev/null || { echo "catalogs: msgfmt is missing: run scripts/setup.sh (it installs gettext)" >&2; exit 1; }
for lang in $(cat "$root/po/LINGUAS"); do
  po="$root/po/$lang.po"
  mo="$out/$lang/LC_MESSAGES/stackboard.mo"
  [ -f "$po" ] || { echo "catalogs: po/LINGUAS names $lang but po/$lang.po is missing" >&2; exit 1; }
  if [ ! -f "$mo" ] || [ "$po" -nt "$mo" ]; then
    mkdir -p "$(dirname "$mo")"
    msgfmt --check-format -o "$mo.tmp" "$po" && mv "$mo.tmp" "$mo"
  fi
done
