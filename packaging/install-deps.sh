#!/usr/bin/env bash
# Installs every Debian 12 package that building, testing and fuzzing CMF Workbench needs.
# Idempotent: apt-get skips what is already installed. Runs as root or through sudo.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build ccache pkg-config git clang libclang-rt-14-dev
  # Qt 6: Widgets, Charts, Concurrent, Test, LinguistTools (GL headers are needed by Qt6Gui's CMake config)
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libqt6opengl6-dev libgl-dev libxkbcommon-dev
  # format and engine libraries
  nlohmann-json3-dev libsodium-dev libtbb-dev libeigen3-dev libpcre2-dev libutf8proc-dev libcli11-dev
  # cmf serve: the HTTP server (cpp-httplib 0.11: header + libcpp-httplib.so, pkg-config cpp-httplib)
  libcpp-httplib-dev
  # headless GUI runs and screenshots
  xvfb xauth
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

$SUDO apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present"
fi

# The OpenAI client for tests/serve (npm, into a cache of this user's; never fails the setup).
bash "$(dirname "$0")/install-npm-test-deps.sh"
