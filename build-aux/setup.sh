#!/usr/bin/env bash
# Installs whatever Deckwright needs that this Debian machine lacks, then
# configures and builds it in ./build.  Used by run.sh and test.sh; safe to
# run again: it installs and reconfigures only what is missing.
#
# usage: build-aux/setup.sh [--tests]
set -euo pipefail

cd "$(dirname "$0")/.."

tests=
if [ "${1:-}" = "--tests" ]; then
  tests=1
fi

packages=(
  build-essential pkg-config meson ninja-build gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev libxml2-dev
  libjson-glib-dev libcairo2-dev libpango1.0-dev libsoup-3.0-dev libgdk-pixbuf-2.0-dev
  libqrencode-dev libzbar-dev libpoppler-glib-dev libarchive-dev
  desktop-file-utils appstream shared-mime-info
)
if [ -n "$tests" ]; then
  packages+=(xvfb xauth poppler-utils python3-pyatspi at-spi2-core dbus-daemon xclip)
  # zbarimg reads back the QR codes the sheets and deck pictures carry.
  packages+=(zbar-tools)
  # The fuzz targets (clang's libFuzzer and sanitizers), the symbolizer
  # the sanitizers' reports use, and xmllint for the benchmark.
  packages+=(clang libclang-rt-14-dev llvm libxml2-utils)
  # Turkish, Lithuanian and Greek locales, under which the fingerprint
  # must not change (test-export).
  packages+=(locales-all)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The tests insist on the widget suite, so a missing xvfb-run is an error
# rather than a suite that quietly does not run.
options=()
if [ -n "$tests" ]; then
  options+=(-Dgui_tests=enabled)
fi

if [ ! -f build/build.ninja ]; then
  meson setup build "${options[@]}"
elif [ "${#missing[@]}" -gt 0 ] || [ "${#options[@]}" -gt 0 ]; then
  # Programs found (or not) at configure time may have just arrived.
  meson setup --reconfigure build "${options[@]}"
fi
ninja -C build
