#!/bin/sh
# Installs dependencies when node_modules is missing or older than the lock file, so
# `npm start` and `npm test` work on a fresh clone. npm itself runs on the Node pinned in
# package.json (fetched from the npm registry by npx), so packages that require Node 24 do
# not print engine warnings on a machine whose own Node is older; every later npm script
# runs on that same Node from node_modules/.bin (ADR 001).
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] ||
  [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installation des dépendances…"
  pinned=$(sed -n 's/^ *"node": "\([0-9][0-9.]*\)",*$/\1/p' package.json | head -n 1)
  # `npm install` with the committed lock installs the locked versions. `npm ci` would
  # refuse the lock: optional platform packages the registry mirror does not carry
  # (e.g. darwin/win32 builds of Tailwind's oxide) are absent from it.
  if [ -x node_modules/.bin/node ]; then
    node_modules/.bin/node "$(command -v npm)" install --no-audit --no-fund
  else
    npx --yes --package="node@$pinned" -- sh -c 'node "$(command -v npm)" install --no-audit --no-fund'
  fi
fi
