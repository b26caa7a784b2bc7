#!/bin/sh
# Browser tests drive Debian's Chromium, never a downloaded browser build.
set -e
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installation de Chromium depuis les paquets Debian…"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium fonts-dejavu-core
