#!/bin/sh
# Installs what Hone needs on a fresh Debian/Ubuntu machine: the GUI's runtime libraries
# (OpenGL, X11 input), zenity (the file dialogs: without a desktop portal the dialog library
# falls back to it, and with neither File ▸ Open showed nothing) and, for the headless GUI
# tests, Xvfb, xdotool and Mesa's software OpenGL.
# Works as root and as a user (sudo is used only when it is there and needed).
set -eu
packages="libgl1 libegl1 libgl1-mesa-dri libx11-6 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6 xvfb xauth xdotool zenity"
missing=""
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
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
