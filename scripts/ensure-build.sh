#!/bin/sh
# Builds the site when there is no build yet or a source file is newer than it; rebuilds the
# server entry alone (build/server-entry.js, ADR 037) when only the server wrapper changed.
set -e
cd "$(dirname "$0")/.."
stamp=build/server/index.js
if [ ! -f "$stamp" ] || [ -n "$(find app public vite.config.ts react-router.config.ts package-lock.json -newer "$stamp" -print -quit 2>/dev/null)" ]; then
  echo "Construction du site…"
  npm run -s build
fi
entry=build/server-entry.js
if [ ! -f "$entry" ] || [ -n "$(find server app package.json -newer "$entry" -print -quit 2>/dev/null)" ]; then
  node scripts/build-server-entry.ts
fi
