#!/bin/sh
# Copies the headings' latin-subset variable font from the @fontsource-variable dev dependency
# into app/styles/fonts/ (served by us under a hashed /assets/ name, never by a font CDN), cut
# down to what French and English text uses (ADR 120): the same characters as the latin
# subset's unicode-range, and only the OpenType features the headings need (kerning, standard
# ligatures, marks for accents, tabular figures): 22 KB become 19.5 KB. The text uses the
# device's own sans-serif (ADR 123).
# app/styles/fonts.css declares it; app/root.tsx preloads it (ADR 032, 120).
# Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Run from the repository root: sh scripts/assets/copy-fonts.sh
set -eu
OUT=app/styles/fonts
# The @font-face rules of app/styles/fonts.css name the same characters in their unicode-range:
# change both together.
UNICODES="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+0178,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2190-2194,U+2212,U+2215,U+2264-2265,U+FEFF,U+FFFD"
FEATURES="kern,liga,ccmp,locl,mark,mkmk,tnum"
mkdir -p "$OUT"
for font in space-grotesk; do
  /usr/bin/python3 -m fontTools.subset \
    "node_modules/@fontsource-variable/$font/files/$font-latin-wght-normal.woff2" \
    --unicodes="$UNICODES" --layout-features="$FEATURES" --flavor=woff2 \
    --output-file="$OUT/$font-latin-wght-normal.woff2"
done
cp node_modules/@fontsource-variable/space-grotesk/LICENSE "$OUT/LICENSE-space-grotesk.txt"
ls -l "$OUT"
