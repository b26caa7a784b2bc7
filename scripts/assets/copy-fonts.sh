#!/bin/sh
# Copies the latin-subset variable fonts from the @fontsource-variable dev dependencies into
# public/fonts/ (served by us, never by a font CDN). app/styles/fonts.css declares them.
# Run from the repository root: sh scripts/assets/copy-fonts.sh
set -eu
OUT=public/fonts
mkdir -p "$OUT"
cp node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 "$OUT/"
cp node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2 "$OUT/"
cp node_modules/@fontsource-variable/inter/LICENSE "$OUT/LICENSE-inter.txt"
cp node_modules/@fontsource-variable/space-grotesk/LICENSE "$OUT/LICENSE-space-grotesk.txt"
ls -l "$OUT"
