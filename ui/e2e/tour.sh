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
  case $1 in 0[1235]-*) ;; *) printf '%s\t%s\t%s\t-\t-\n' "$SIZE" "$LANG" "$1" >> "$OUT/figures.tsv"; return ;; esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$SIZE" "$LANG" "$1" "$("$TMP/statusq" --get "$STATUS" rows_in_view 2>/dev/null || echo ?)" \
    "$("$TMP/statusq" --get "$STATUS" path_chars 2>/dev/null || echo ?)" >> "$OUT/figures.tsv"
}
key() { xdotool key --clearmodifiers "$@"; sleep 0.15; }
start_app() { # start_app FILE...
  rm -rf "$TMP/home"; mkdir -p "$TMP/home"
  STATUS="$TMP/status.json"; rm -f "$STATUS"
  HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" XDG_DATA_HOME="$TMP/home/.local/share" \
    LANGUAGE="$LANG" LC_ALL="$LOCALE" LANG="$LOCALE" ROBOTS_STUDIO_STATUS="$STATUS" "$BIN" "$@" >"$TMP/app.log" 2>&1 &
  APP_PID=$!
  wait_for 30 xdotool search --name "^Robots Studio" || { cat "$TMP/app.log"; echo "tour: no window" >&2; exit 1; }
  wait_for 30 test -s "$STATUS" || { echo "tour: no status file" >&2; exit 1; }
  WID=$(xdotool search --name "^Robots Studio" | head -1)
  xdotool windowfocus --sync "$WID" 2>/dev/null || true
}
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
  for i in 1 2 3 4 5 6 7; do key ctrl+Next; shot "1$i-tab"; done
  key ctrl+Next
  key F11; shot 04-presenter; key Escape
}
# The teacher: the Lessons tab in presenter mode.
tour_steps_teacher() {
  local i
  for i in 1 2 3 4 5 6 7; do key ctrl+Next; done
  key F11; shot 06-lesson-presenter; key Escape
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
  montage -label '%t' -pointsize 11 -geometry 480x+6+6 -tile 4x "$OUT/$SIZE"-*.png "$OUT/contact-$SIZE.png" 2>/dev/null ||
    echo "tour: no contact sheet for $SIZE (montage failed)" >&2
done
column -t "$OUT/figures.tsv"
echo "tour: screenshots and contact sheets in $OUT"
