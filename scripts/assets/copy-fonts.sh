#!/bin/sh
# Copies the latin-subset variable fonts from the @fontsource-variable dev dependencies into
# app/styles/fonts/ (served by us under hashed /assets/ names, never by a font CDN).
# app/styles/fonts.css declares them; app/root.tsx preloads them (ADR 032).
# Run from the repository root: sh scripts/assets/copy-fonts.sh
set -eu
OUT=app/styles/fonts
mkdir -p "$OUT"
cp node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 "$OUT/"
cp node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2 "$OUT/"
cp node_modules/@fontsource-variable/inter/LICENSE "$OUT/LICENSE-inter.txt"
cp node_modules/@fontsource-variable/space-grotesk/LICENSE "$OUT/LICENSE-space-grotesk.txt"
ls -l "$OUT"
