#!/usr/bin/env bash
# The window's tour (make tour): plays a webmaster's and a teacher's tasks in
# the real window under Xvfb — linkedin's robots.txt with 20 crawlers × 60
# URLs of one host, a row selected, Compare, a list of URLs of mixed hosts,
# presenter mode, a lesson, each tab — at each size in TOUR_SIZES and each
# language in TOUR_LANGS, and writes one screenshot per step and one contact
# sheet per size into OUT (default: tour/ under the temp folder). Each shot's
# name says the size, the language and the step; the status file's figures
# (whole result rows in view, the Path column's characters) go to
# OUT/figures.tsv beside them.
#
#	ui/e2e/tour.sh BIN [OUT]
set -euo pipefail
BIN=$(realpath "${1:-./robots-studio}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$(mkdir -p "${2:-${TMPDIR:-/tmp}/tour}" && realpath "${2:-${TMPDIR:-/tmp}/tour}")
SIZES=${TOUR_SIZES:-1280x800 1366x768 1024x768}
LANGS=${TOUR_LANGS:-en ru pl}
TMP=$(mktemp -d)
XVFB_PID= APP_PID=
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
wait_for() {
  local limit=$1; shift
  local end=$(( $(date +%s%N) + limit * 1000000000 ))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s%N)" -lt "$end" ] || return 1
    sleep 0.05
  done
}
go build -o "$TMP/statusq" "$ROOT/ui/e2e/statusq"
go run "$ROOT/ui/e2e/tourset" "$ROOT/release/webtest/testdata/linkedin.robots.txt" "$TMP/files"
status_has() { "$TMP/statusq" "$STATUS" "$@"; }
printf 'size\tlang\tstep\trows\tpath_chars\n' > "$OUT/figures.tsv"
# the contact sheets' labels: a font fontconfig has (ImageMagick's default,
# Helvetica, is missing where Ghostscript's fonts are, and montage then fails)
FONT=$(fc-match -f '%{file}' sans 2>/dev/null || true)

# settle: wait until the status file has not changed for half a second (the
# window has drawn what the last key asked for), then a little for the frame.
settle() {
  local last="" now i
  for i in $(seq 1 60); do
    now=$(stat -c %Y.%s "$STATUS" 2>/dev/null; md5sum < "$STATUS" 2>/dev/null)
    [ -n "$last" ] && [ "$now" = "$last" ] && break
    last=$now; sleep 0.25
  done
  sleep 0.4
}
shot() { # shot STEP: a screenshot and the status file's figures (of the results' steps)
  settle
  import -window root "$OUT/$SIZE-$LANG-$1.png"
  case $1 in 0[12345]-*) ;; *) printf '%s\t%s\t%s\t-\t-\n' "$SIZE" "$LANG" "$1" >> "$OUT/figures.tsv"; return ;; esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$SIZE" "$LANG" "$1" "$("$TMP/statusq" --get "$STATUS" rows_in_view 2>/dev/null || echo ?)" \
    "$("$TMP/statusq" --get "$STATUS" path_chars 2>/dev/null || echo ?)" >> "$OUT/figures.tsv"
}
key() { xdotool key --clearmodifiers "$@"; sleep 0.15; }
# next_tab: Ctrl+Page Down, then wait until the window shows the next tab (a
# tab built for the first time can keep a loaded machine busy for seconds; a
# shot or a key sent before it has caught up showed the wrong tab). The
# first key after a start is at times lost under Xvfb: said, and sent again.
next_tab() {
  local was
  was=$("$TMP/statusq" --get "$STATUS" tab 2>/dev/null || true)
  key ctrl+Next
  wait_for 20 tab_is_not "$was" && return
  echo "tour: $SIZE $LANG: the tab stayed \"$was\" after Ctrl+Page Down; sent again" >&2
  key ctrl+Next
  wait_for 20 tab_is_not "$was" || echo "tour: $SIZE $LANG: the tab stayed \"$was\" twice" >&2
}
tab_is_not() { [ "$("$TMP/statusq" --get "$STATUS" tab 2>/dev/null)" != "$1" ]; }
# f11: presenter mode on, then wait until the screen has changed and holds
# still for a quarter second, at most ten (under load the switch takes
# seconds and the status file may not change; a shot taken at once showed
# the window before presenter mode). A blinking caret can end the wait
# early: the figures of 04-presenter say whether presenter mode was shot.
f11() {
  local was now last="" same=0 i
  was=$(screen_sum)
  key F11
  wait_for 20 screen_is_not "$was" || echo "tour: $SIZE $LANG: the screen did not change after F11" >&2
  # The window paints "Working…" first and then works, the screen standing
  # still meanwhile (a second or more on the Lessons tab under load; a shot
  # after a quarter of a second unchanged caught the word, not presenter
  # mode): settled is a screen unchanged for a second and a half.
  for i in $(seq 1 120); do
    now=$(screen_sum)
    if [ "$now" = "$last" ]; then
      same=$((same + 1))
      [ "$same" -ge 6 ] && break
    else
      same=0
    fi
    last=$now; sleep 0.25
  done
}
screen_sum() { import -window root rgb:- 2>/dev/null | md5sum; }
screen_is_not() { [ "$(screen_sum)" != "$1" ]; }
window_size() { xdotool getwindowgeometry "$WID" 2>/dev/null | sed -n 's/.*Geometry: //p'; }
# window_settled: the window has kept its size for a second (it opens at
# 1280×800 and shrinks to a smaller screen a moment later; the first keys
# sent before that were at times lost).
window_settled() {
  local a b
  a=$(window_size); sleep 1; b=$(window_size)
  [ -n "$a" ] && [ "$a" = "$b" ]
}
start_app() { # start_app FILE...
  rm -rf "$TMP/home"; mkdir -p "$TMP/home"
  STATUS="$TMP/status.json"; rm -f "$STATUS"
  HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" XDG_DATA_HOME="$TMP/home/.local/share" \
    LANGUAGE="$LANG" LC_ALL="$LOCALE" LANG="$LOCALE" ROBOTS_STUDIO_STATUS="$STATUS" "$BIN" "$@" >"$TMP/app.log" 2>&1 &
  APP_PID=$!
  wait_for 30 xdotool search --name "^Robots Studio" || { cat "$TMP/app.log"; echo "tour: no window" >&2; exit 1; }
  wait_for 30 test -s "$STATUS" || { echo "tour: no status file" >&2; exit 1; }
  # the results drawn (a key or a shot sent while the window still worked
  # out the first results was lost or showed two rows)
  wait_for 60 results_in || echo "tour: $SIZE $LANG: no results in view after a minute" >&2
  WID=$(xdotool search --name "^Robots Studio" | head -1)
  wait_for 20 window_settled || echo "tour: $SIZE $LANG: the window kept changing its size" >&2
  xdotool windowfocus --sync "$WID" 2>/dev/null || true
}
results_in() { [ "$("$TMP/statusq" --get "$STATUS" rows_in_view 2>/dev/null || echo 0)" -ge 3 ]; }
stop_app() { kill "$APP_PID" 2>/dev/null || true; wait "$APP_PID" 2>/dev/null || true; APP_PID=; }

# click_row: select the third result row as a user would, with the mouse
# where the window says the row is (the keyboard reaches the table too).
click_row() {
  local xy
  xy=$("$TMP/statusq" --get "$STATUS" third_row) || return 0
  set -- $xy
  [ "$1" -gt 0 ] || return 0
  xdotool mousemove --window "$WID" "$1" "$2" click 1
  sleep 0.3
}
# The webmaster: the results, one selected, Compare on and off, the other
# tabs, presenter mode with the selection.
tour_steps_results() {
  click_row; shot 02-selected
  key ctrl+shift+e; shot 03-compare-selected
  key ctrl+shift+e; key Escape
  local i
  for i in 1 2 3 4 5 6 7; do next_tab; shot "1$i-tab"; done
  next_tab
  f11; shot 04-presenter; key Escape
}
# The teacher: the Lessons tab in presenter mode.
tour_steps_teacher() {
  local i
  for i in 1 2 3 4 5 6 7; do next_tab; done
  f11; shot 06-lesson-presenter; key Escape
}

for SIZE in $SIZES; do
  # a free display: Xvfb writes the number it took when it is ready
  rm -f "$TMP/display"
  Xvfb -displayfd 3 -screen 0 "${SIZE}x24" -nolisten tcp 3>"$TMP/display" >/dev/null 2>&1 &
  XVFB_PID=$!
  wait_for 20 test -s "$TMP/display" || { echo "tour: Xvfb did not start" >&2; exit 1; }
  export DISPLAY=":$(head -1 "$TMP/display")"
  wait_for 10 xdotool getmouselocation || { echo "tour: Xvfb did not answer" >&2; exit 1; }
  for LANG in $LANGS; do
    case $LANG in en) LOCALE=en_US.UTF-8 ;; ru) LOCALE=ru_RU.UTF-8 ;; pl) LOCALE=pl_PL.UTF-8 ;; esac
    echo "tour: $SIZE $LANG"
    start_app "$TMP/files/linkedin/robots.txt"
    shot 01-results
    tour_steps_results
    stop_app
    start_app "$TMP/files/mixed/robots.txt"
    shot 05-mixed-hosts
    stop_app
    start_app "$TMP/files/linkedin/robots.txt"
    tour_steps_teacher
    stop_app
  done
  kill "$XVFB_PID" 2>/dev/null || true; wait "$XVFB_PID" 2>/dev/null || true; XVFB_PID=
  montage ${FONT:+-font "$FONT"} -label '%t' -pointsize 11 -geometry 480x+6+6 -tile 4x "$OUT/$SIZE"-*.png "$OUT/contact-$SIZE.png" 2>/dev/null ||
    echo "tour: no contact sheet for $SIZE (montage failed)" >&2
done
column -t "$OUT/figures.tsv"
echo "tour: screenshots and contact sheets in $OUT"
