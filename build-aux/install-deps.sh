#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what Juxtrace needs to build, run and test on Debian 12 (bookworm).
# Run as root. Skips apt entirely when everything is already installed, so the
# scripts also work offline on a prepared machine. JX_SKIP_DEPS=1 skips it too.
set -eu

# Build: compiler, meson, ninja and the libraries.
# libgtk-4-bin: gtk4-update-icon-cache; librsvg2-common: SVG icons in GTK.
# libiberty-dev: the C++ demangler (readable names for C++/CUDA regions).
# Data/tests: gettext (i18n), desktop-file-utils, appstream, glib schemas,
# otf2-tools (otf2-print, handy to inspect traces), xvfb + xauth + Mesa
# software GL (GTK renders with GL under Xvfb too) + dbus +
# fonts for widget tests without a display; rsvg-convert (librsvg2-bin) and
# pdfinfo (poppler-utils) read back the SVG and PDF of `juxtrace-cli render`.
# yelp-tools: yelp-check validates the user guide (help/), and its itstool
# is what meson's gnome.yelp needs to build the guide's translations.
# libopenmpi-dev, openmpi-bin: juxtrace-mpi (-Dmpi) and its mpirun tests.
PACKAGES="
  meson ninja-build pkg-config gcc libc6-dev
  libglib2.0-dev libglib2.0-bin libjson-glib-dev libotf2-trace-dev otf2-tools
  libiberty-dev libcairo2-dev libpango1.0-dev
  libgtk-4-dev libgtk-4-bin librsvg2-common libadwaita-1-dev
  gettext desktop-file-utils appstream
  xvfb xauth libgl1-mesa-dri dbus dbus-daemon fonts-dejavu-core adwaita-icon-theme
  librsvg2-bin poppler-utils
  yelp-tools
  libopenmpi-dev openmpi-bin
"

if [ "${JX_SKIP_DEPS:-0}" = "1" ]; then
  echo "juxtrace: JX_SKIP_DEPS=1, not installing packages"
  exit 0
fi

missing=""
for pkg in $PACKAGES; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  case "$status" in
    *" installed") ;;
    *) missing="$missing $pkg" ;;
  esac
done

if [ -z "$missing" ]; then
  echo "juxtrace: all build and test dependencies are installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "juxtrace: missing packages:$missing" >&2
  echo "juxtrace: run this script as root (or: sudo apt-get install$missing)" >&2
  exit 1
fi

echo "juxtrace: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $PACKAGES
