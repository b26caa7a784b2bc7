#!/bin/sh
# Installs dependencies when node_modules is missing or older than the lock file, so
# `npm start` and `npm test` work on a fresh clone. Runs with whatever Node the machine
# has; every later npm script runs on the Node 24 pinned in package.json (ADR 001).
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installation des dépendances…"
  # `npm install` with the committed lock installs the locked versions. `npm ci` would
  # refuse the lock: optional platform packages the registry mirror does not carry
  # (e.g. darwin/win32 builds of Tailwind's oxide) are absent from it.
  npm install --no-audit --no-fund
fi
