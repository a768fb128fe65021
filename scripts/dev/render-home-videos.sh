#!/usr/bin/env bash
# Renders the three academy preview clips of the home carousel (dev-only; the site serves the committed files).
# Needs ffmpeg with libvpx, libx264 and libfreetype (Debian: apt-get install -y ffmpeg) and the DejaVu fonts.
# Output, per clip, in public/videos/: <name>.webm (VP9), <name>.mp4 (H.264) and <name>-poster.webp (the last frame, ~11 KB).
# Each clip is 5 s, 640x360, 24 fps, silent, built from lavfi colour sources, boxes and text, and kept under 150 KB.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=public/videos
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$OUT"
DUR=5
GREEN=0x15803d; DEEP=0x0b2e1a; ORANGE=0xf97316; CREAM=0xf0fdf4; MINT=0x86efac

# Shared layers: title sliding in, three lesson lines fading in, a stepped progress bar.
common() { # $1 title, $2..$4 lessons
  local t="$1" l1="$2" l2="$3" l3="$4"
  local fade='alpha=min(1\,max(0\,(t-%s)/0.4))'
  printf '%s' "drawbox=x=0:y=0:w=640:h=6:color=${ORANGE}:t=fill,"
  printf '%s' "drawtext=fontfile=${BOLD}:text='ZAVOLAH ACADEMY':fontsize=15:fontcolor=${MINT}:x=40:y=32,"
  printf '%s' "drawtext=fontfile=${BOLD}:text='${t}':fontsize=30:fontcolor=${CREAM}:x='if(lt(t\,0.6)\,-tw+(tw+40)*t/0.6\,40)':y=60,"
  printf '%s' "drawtext=fontfile=${FONT}:text='${l1}':fontsize=18:fontcolor=${CREAM}:x=40:y=130:$(printf "$fade" 0.9),"
  printf '%s' "drawtext=fontfile=${FONT}:text='${l2}':fontsize=18:fontcolor=${CREAM}:x=40:y=165:$(printf "$fade" 1.5),"
  printf '%s' "drawtext=fontfile=${FONT}:text='${l3}':fontsize=18:fontcolor=${CREAM}:x=40:y=200:$(printf "$fade" 2.1),"
  printf '%s' "drawbox=x=40:y=316:w=560:h=8:color=0x1f4d31:t=fill,"
  local i
  for i in $(seq 1 20); do printf '%s' "drawbox=x=40:y=316:w=$((28 * i)):h=8:color=${ORANGE}:t=fill:enable='gte(t\,$(echo "scale=2; $i * 0.22" | bc))',"; done
  printf '%s' "drawtext=fontfile=${FONT}:text='Preview  %{eif\:min(5\,1+t)\:d} / 5 min':fontsize=14:fontcolor=${MINT}:x=40:y=290"
}

encode() { # $1 name, $2 filter graph (input [0] is the background)
  local name="$1" graph="$2"
  ffmpeg -v error -y -f lavfi -i "color=c=${DEEP}:s=640x360:r=24:d=${DUR}" -filter_complex "$graph,format=yuv420p[v]" -map '[v]' \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 2 -an "$OUT/$name.webm"
  ffmpeg -v error -y -f lavfi -i "color=c=${DEEP}:s=640x360:r=24:d=${DUR}" -filter_complex "$graph,format=yuv420p[v]" -map '[v]' \
    -c:v libx264 -preset veryslow -crf 30 -tune animation -movflags +faststart -an "$OUT/$name.mp4"
  ffmpeg -v error -y -sseof -0.1 -i "$OUT/$name.mp4" -frames:v 1 -c:v libwebp -quality 75 "$OUT/$name-poster.webp"
}

# 1. Solar installation: a sun rises over a row of panels.
SOLAR="[0]drawbox=x=380:y=272:w=240:h=6:color=0x1f4d31:t=fill,"
for c in 0 1 2; do SOLAR+="drawbox=x=$((400 + c * 72)):y=200:w=64:h=44:color=0x1e3a8a:t=fill,drawbox=x=$((400 + c * 72)):y=200:w=64:h=44:color=${MINT}:t=2,drawbox=x=$((430 + c * 72)):y=244:w=4:h=30:color=0x94a3b8:t=fill,"; done
SOLAR+="drawtext=fontfile=${FONT}:text='☀':fontsize=96:fontcolor=${ORANGE}:x=470:y='if(lt(t\,2.5)\,170-110*t/2.5\,60)',"
SOLAR+="$(common 'Solar Installation Basics' '1. Size panels for your load' '2. Mount, wire and earth safely' '3. Commission and test the system')"
encode academy-solar-basics "$SOLAR[v0];[v0]null"

# 2. Smart furniture: a sofa splits into two seats and joins again, a charging bolt blinks.
SOFA="[0]null[bg];color=c=${GREEN}:s=90x40:r=24:d=${DUR}[l];color=c=${GREEN}:s=90x40:r=24:d=${DUR}[r];color=c=0x166534:s=196x22:r=24:d=${DUR}[back];"
SOFA+="[bg][back]overlay=x=412:y=168[b1];"
SOFA+="[b1][l]overlay=x='414-24*abs(sin(PI*t/2.5))':y=190[b2];[b2][r]overlay=x='516+24*abs(sin(PI*t/2.5))':y=190,"
SOFA+="drawbox=x=400:y=230:w=12:h=30:color=0x14532d:t=fill,drawbox=x=598:y=230:w=12:h=30:color=0x14532d:t=fill,"
SOFA+="drawtext=fontfile=${FONT}:text='⚡':fontsize=40:fontcolor=${ORANGE}:x=488:y=120:enable='lt(mod(t\,1)\,0.6)',"
SOFA+="$(common 'Smart Furniture Assembly' '1. Unpack and check every module' '2. Connect the detachable seats' '3. Wire the built-in USB charging')"
encode academy-smart-furniture "$SOFA"

# 3. Energy storage: a battery charges from 20 to 100 percent.
BATT="[0]drawbox=x=430:y=150:w=150:h=80:color=${CREAM}:t=4,drawbox=x=580:y=175:w=12:h=30:color=${CREAM}:t=fill,"
for i in $(seq 0 8); do
  col=$([ "$i" -lt 2 ] && echo ${ORANGE} || echo 0x22c55e)
  BATT+="drawbox=x=$((438 + i * 15)):y=158:w=12:h=64:color=${col}:t=fill:enable='gte(t\,$(echo "scale=2; $i * 0.45" | bc))',"
done
BATT+="drawtext=fontfile=${BOLD}:text='%{eif\:min(100\,20+t*20)\:d}':fontsize=26:fontcolor=${CREAM}:x='517-tw':y=250,drawtext=fontfile=${BOLD}:text='%':expansion=none:fontsize=26:fontcolor=${CREAM}:x=519:y=250,"
BATT+="$(common 'Batteries and Energy Storage' '1. Lithium vs. lead-acid, honestly' '2. Size the bank for the night' '3. Care that doubles battery life')"
encode academy-energy-storage "$BATT"

ls -l "$OUT"
