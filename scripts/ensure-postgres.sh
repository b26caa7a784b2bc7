#!/bin/sh
# Tests against PostgreSQL use Debian's server binaries (ADR 028), installed like Chromium:
# from the distribution's packages, never a download. Nothing is started here: the test
# harness (tests/setup/postgres.ts) initialises its own temporary cluster.
set -e
for dir in /usr/lib/postgresql/*/bin; do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then exit 0; fi
done
echo "Installation de PostgreSQL depuis les paquets Debian…"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
