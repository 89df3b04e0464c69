#!/usr/bin/env bash
# pkgconfig.sh DIR: writes into DIR a copy of each of the system's pkg-config files whose Cflags
# or Libs hold -pthread, without it. SwiftPM reads the .pc files of the systemLibrary targets
# itself, refuses -pthread (pango's gthread-2.0 and gmodule-no-export-2.0 list it), drops it and
# warns on every build ("prohibited flag(s): -pthread"). With DIR first on PKG_CONFIG_PATH (the
# Makefile and debian/rules put it there) it reads these copies instead: the same flags it used
# already, and no warning. glibc 2.34 and later has the threads in libc, so nothing is lost.
set -euo pipefail
dir="$1"
mkdir -p "$dir"
rm -f "$dir"/*.pc
declare -A seen=()
IFS=: read -r -a paths <<< "$(pkg-config --variable pc_path pkg-config 2>/dev/null || echo /usr/lib/pkgconfig:/usr/share/pkgconfig)"
for path in "${paths[@]}"; do
  [ -d "$path" ] || continue
  for pc in "$path"/*.pc; do
    [ -f "$pc" ] || continue
    name="$(basename "$pc")"
    [ -n "${seen[$name]:-}" ] && continue   # the first on the search path wins, as for pkg-config
    seen[$name]=1
    # A file that finds its own folder (${pcfiledir}) would not work from DIR: left as it is.
    if grep -Eq '^(Cflags|Libs):.*-pthread' "$pc" && ! grep -q 'pcfiledir' "$pc"; then
      sed -E '/^(Cflags|Libs):/ s/[[:space:]]-pthread\b//g; /^(Cflags|Libs):/ s/:-pthread\b/:/' "$pc" > "$dir/$name"
    fi
  done
done
