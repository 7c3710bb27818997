#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that README.md's dependency table has a row for every Debian package
# that build-aux/install-deps.sh installs, and names none it does not.
#
# Usage: check-readme-deps.sh SOURCE_ROOT
set -eu

root=${1:?usage: check-readme-deps.sh SOURCE_ROOT}
readme="$root/README.md"

installed=$(sed -n '/^PACKAGES="/,/^"/p' "$root/build-aux/install-deps.sh" | sed 's/PACKAGES="//; s/"//' | tr -s ' \n' '\n' | sed '/^$/d' | sort -u)
# fuzz.sh installs the fuzzing tools; the table lists them too.
installed=$(printf '%s\nclang\nlibclang-rt-dev\n' "$installed" | sort -u)
listed=$(grep '^| `' "$readme" | sed 's/ | .*//' | grep -o '`[^`]*`' | tr -d '`' | sort -u)

status=0
for pkg in $installed; do
  if ! printf '%s\n' "$listed" | grep -qx -- "$pkg"; then
    echo "README.md: build-aux/install-deps.sh installs $pkg, the dependency table has no row for it: add | \`$pkg\` | what it is for |" >&2
    status=1
  fi
done
for pkg in $listed; do
  if ! printf '%s\n' "$installed" | grep -qx -- "$pkg"; then
    echo "README.md: the dependency table lists $pkg, which build-aux/install-deps.sh does not install" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "README.md lists all $(printf '%s\n' "$installed" | wc -l) packages"
exit "$status"
