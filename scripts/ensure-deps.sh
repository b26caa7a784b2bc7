#!/bin/sh
# Installs dependencies when node_modules is missing or older than the lock file, so
# `npm start` and `npm test` work on a fresh clone. Runs with whatever Node the machine
# has; every later npm script runs on the Node 24 pinned in package.json (ADR 001).
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installation des dépendances (npm ci)…"
  npm ci --no-audit --no-fund
fi
