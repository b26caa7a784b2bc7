#!/bin/sh
# Renders the shipped looping background and gallery videos (VP9 WebM, no audio, 640×360,
# 5 s) from ffmpeg's synthetic sources: nothing is downloaded. Needs ffmpeg
# (apt-get install -y ffmpeg). Run from the repository root: sh scripts/assets/generate-videos.sh
set -eu

OUT=public/videos
mkdir -p "$OUT"
DURATION=5
VP9="-c:v libvpx-vp9 -b:v 0 -pix_fmt yuv420p -row-mt 1 -deadline good -cpu-used 2 -an"

# Login: slow dark violet and teal gradients, softened.
ffmpeg -y -loglevel error -f lavfi \
  -i "gradients=s=640x360:r=25:d=$DURATION:c0=0x1e1b4b:c1=0x4c1d95:c2=0x0f766e:c3=0x111827:nb_colors=4:speed=0.02:type=radial" \
  -vf "gblur=sigma=12,eq=brightness=-0.06:saturation=1.1,format=yuv420p" \
  $VP9 -crf 28 "$OUT/login-bg.webm"

# Register: a cellular automaton, colourised and blurred into drifting dark blobs (the first
# second, still noise, is skipped).
ffmpeg -y -loglevel error -f lavfi \
  -i "life=s=160x90:r=25:ratio=0.12:seed=7:mold=12:life_color=#8b5cf6:death_color=#050816:mold_color=#0b3b4a" \
  -vf "trim=start=1:duration=$DURATION,setpts=PTS-STARTPTS,scale=640:360:flags=bicubic,gblur=sigma=7,eq=brightness=-0.03,format=yuv420p" \
  $VP9 -crf 44 "$OUT/register-bg.webm"

# Gallery ("Flux créatif"): turning spiral gradients textured by an elementary automaton.
ffmpeg -y -loglevel error \
  -f lavfi -i "gradients=s=640x360:r=25:d=$DURATION:c0=0xf472b6:c1=0x7c3aed:c2=0x22d3ee:c3=0xfacc15:c4=0x1e1b4b:nb_colors=5:speed=0.04:type=spiral" \
  -f lavfi -i "cellauto=s=320x180:r=25:rule=30:random_fill_ratio=0.5:scroll=1:full=1" \
  -filter_complex "[1:v]scale=640:360:flags=neighbor,gblur=sigma=2,format=gbrp[c];[0:v]format=gbrp[g];[g][c]blend=all_mode=softlight:all_opacity=0.5,gblur=sigma=1.5,format=yuv420p" \
  -t "$DURATION" $VP9 -crf 42 "$OUT/gallery-demo.webm"

ls -l "$OUT"
