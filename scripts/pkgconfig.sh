#!/usr/bin/env bash
# pkgconfig.sh DIR: writes into DIR a copy of each of the system's pkg-config files whose Cflags
# or Libs hold -pthread, without it. SwiftPM reads the .pc files of the systemLibrary targets
# itself, refuses -pthread (pango's gthread-2.0 and gmodule-no-export-2.0 list it), drops it and
# warns on every build ("prohibited flag(s): -pthread"). With DIR first on PKG_CONFIG_PATH (the
# Makefile puts it there, for every command it runs, `make deb` too) it reads these copies
# instead: the same flags it used already, and no warning. glibc 2.34 and later has the threads
# in libc, so nothing is lost. Run by `make setup`, so on every make command: one grep over the
# files, not one a file.
set -euo pipefail
dir="$1"
mkdir -p "$dir"
rm -f "$dir"/*.pc
# The file pkg-config would read for each name: the first on its search path.
declare -A first=()
IFS=: read -r -a paths <<< "$(pkg-config --variable pc_path pkg-config 2>/dev/null || echo /usr/lib/pkgconfig:/usr/share/pkgconfig)"
for path in "${paths[@]}"; do
  for pc in "$path"/*.pc; do
    [ -f "$pc" ] && [ -z "${first[${pc##*/}]:-}" ] && first[${pc##*/}]="$pc"
  done
done
[ ${#first[@]} -gt 0 ] || exit 0
mapfile -t hits < <(grep -lE '^(Cflags|Libs):.*-pthread' "${first[@]}" || true)
for pc in "${hits[@]}"; do
  # A file that finds its own folder (${pcfiledir}) would not work from DIR: left as it is.
  grep -q 'pcfiledir' "$pc" && continue
  sed -E '/^(Cflags|Libs):/ s/[[:space:]]-pthread\b//g; /^(Cflags|Libs):/ s/:-pthread\b/:/' "$pc" > "$dir/${pc##*/}"
done
