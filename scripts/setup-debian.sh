#!/bin/sh
# Installs what Hone needs on a fresh Debian/Ubuntu machine: the GUI's runtime libraries
# (OpenGL, X11 input), zenity (the file dialogs: without a desktop portal the dialog library
# falls back to it, and with neither File ▸ Open showed nothing) and, for the headless GUI
# tests, Xvfb, xdotool and Mesa's software OpenGL; Node.js and npm for Khronos' glTF validator
# (the export test), which it installs into scripts/gltf-validator/ with `npm ci` (the version
# the lock file pins).
# Works as root and as a user (sudo is used only when it is there and needed).
set -eu
packages="libgl1 libegl1 libgl1-mesa-dri libx11-6 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6 xvfb xauth xdotool zenity"
missing=""
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
# Any Node.js already on the PATH will do (a NodeSource build ships its own npm, and Debian's npm
# package would conflict with it).
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
validator_dir="$(dirname "$0")/gltf-validator"
install_validator() {
  [ -f "$validator_dir/node_modules/gltf-validator/package.json" ] && return 0
  (cd "$validator_dir" && npm ci --no-audit --no-fund --loglevel=error)
}
if [ -z "$missing" ]; then
  install_validator
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=""
elif command -v sudo >/dev/null 2>&1; then
  as_root="sudo"
else
  echo "setup: need root (or sudo) to install:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
install_validator
