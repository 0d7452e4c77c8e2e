#!/usr/bin/env bash
# Real-window end-to-end test: start the built binary under Xvfb on a corpus
# file (CRLF line endings), add a crawler and a path with xdotool, check the
# verdict the window shows (through the status file the app writes when
# ROBOTS_STUDIO_STATUS is set), edit the text, save with Ctrl+S and compare
# the saved bytes; then kill an unsaved session and check its text was kept
# for recovery. Screenshots go to $E2E_SHOTS (default: the temp folder).
set -euo pipefail
BIN=$(realpath "${1:-./robots-studio}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CORPUS=$(cd "$ROOT/../shared/corpus/real" && pwd)
TMP=$(mktemp -d)
SHOTS=${E2E_SHOTS:-$TMP}
mkdir -p "$SHOTS" "$TMP/site"
DISPLAY_NUM=${E2E_DISPLAY:-97}
export DISPLAY=":$DISPLAY_NUM" XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data" LANG=en_US.UTF-8 LC_ALL=
export ROBOTS_STUDIO_STATUS="$TMP/status.json"
XVFB_PID= APP_PID=
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null || true
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "e2e: FAIL: $*" >&2; import -window root "$SHOTS/e2e-failure.png" 2>/dev/null || true; echo "e2e: screenshot $SHOTS/e2e-failure.png" >&2; exit 1; }

# wait_for SECONDS COMMAND...: retry until the command succeeds.
wait_for() {
  local limit=$1; shift
  local end=$(( $(date +%s%N) + limit * 1000000000 ))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s%N)" -lt "$end" ] || return 1
    sleep 0.05
  done
}
status_has() { python3 - "$ROBOTS_STUDIO_STATUS" "$@" <<'PY'
import json, sys
path, want = sys.argv[1], sys.argv[2:]
d = json.load(open(path))
for w in want:
    k, v = w.split("=", 1)
    if k == "result":  # crawler|path|allowed|line
        c, p, a, l = v.split("|")
        if not any(r["crawler"] == c and r["path"] == p and str(r["allowed"]).lower() == a and str(r["line"]) == l for r in d["results"]):
            sys.exit(1)
    elif k == "title_has":
        if v not in d["title"]:
            sys.exit(1)
    elif str(d.get(k)).lower() != v:
        sys.exit(1)
PY
}

Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB_PID=$!
wait_for 10 xdpyinfo -display ":$DISPLAY_NUM" || wait_for 10 xdotool getmouselocation || fail "Xvfb did not start"

cp "$CORPUS/ok-ru.robots.txt" "$TMP/site/robots.txt"
chmod 0644 "$TMP/site/robots.txt" # the corpus is read-only, and the app refuses to overwrite a read-only file
cp "$TMP/site/robots.txt" "$TMP/original.txt"

# 1. Start-up time: from exec to a window showing the file with its results.
start=$(date +%s%N)
"$BIN" "$TMP/site/robots.txt" >"$TMP/app.log" 2>&1 &
APP_PID=$!
wait_for 20 xdotool search --name "^Robots Studio" || fail "no window"
wait_for 20 test -s "$ROBOTS_STUDIO_STATUS" || fail "no status file"
ready=$(date +%s%N)
echo "e2e: window ready in $(( (ready - start) / 1000000 )) ms"
WID=$(xdotool search --name "^Robots Studio" | head -1)
status_has "title_has=Robots Studio — robots.txt" || fail "title is not 'Robots Studio — robots.txt'"
xdotool windowfocus --sync "$WID" 2>/dev/null || xdotool windowfocus "$WID"
sleep 0.5

# 2. Type a crawler and a path; the verdict must appear: blocked by line 19.
xdotool key ctrl+shift+a
xdotool type --delay 20 'Googlebot'
xdotool key ctrl+shift+p
xdotool type --delay 20 '/dk?st.cmd=friends'
wait_for 10 status_has 'result=Googlebot|/dk?st.cmd=friends|false|19' || { cat "$ROBOTS_STUDIO_STATUS"; fail "verdict for Googlebot /dk?st.cmd=friends not shown"; }
echo "e2e: the window shows Googlebot blocked on /dk?st.cmd=friends by line 19"
import -window root "$SHOTS/e2e-tester.png"

# 3. Edit the text: go to line 1 and type a comment line, then save.
xdotool key ctrl+g
sleep 0.3
xdotool key ctrl+a
xdotool type --delay 20 '1'
xdotool key Return
sleep 0.3
xdotool type --delay 20 '# e2e'
xdotool key Return
wait_for 10 status_has modified=true || fail "typing did not modify the buffer"
wait_for 10 status_has "title_has=robots.txt •" || fail "title has no modified mark"
import -window root "$SHOTS/e2e-edited.png"
xdotool key ctrl+s
wait_for 10 status_has modified=false || fail "Ctrl+S did not save"
{ printf '# e2e\r\n'; cat "$TMP/original.txt"; } > "$TMP/expected.txt"
cmp "$TMP/site/robots.txt" "$TMP/expected.txt" || fail "saved bytes differ from the original plus the typed line (CRLF kept?)"
echo "e2e: saved bytes = original + '# e2e\\r\\n' (CRLF kept, nothing else changed)"
test -s "$TMP/site/robots.txt.tests.json" || fail "the test set was not saved beside the file"
grep -q Googlebot "$TMP/site/robots.txt.tests.json" || fail "the test set lacks the crawler row"

# 4. An unsaved edit survives a kill: wait for the autosave, kill -9, check.
xdotool type --delay 20 'Disallow: /killed'
wait_for 10 status_has modified=true || fail "second edit not seen"
sleep 4
kill -9 "$APP_PID"; wait "$APP_PID" 2>/dev/null || true; APP_PID=
rec=$(grep -rl "$(printf 'Disallow: /killed' | base64 | cut -c1-12)" "$TMP/config" "$TMP/data" 2>/dev/null | head -1 || true)
if [ -z "$rec" ]; then
  rec=$(find "$TMP/config" "$TMP/data" -path '*recovery*' -name '*.json' 2>/dev/null | head -1)
  [ -n "$rec" ] || fail "no recovery copy after kill -9"
  python3 -c "import json,base64,sys; t=base64.b64decode(json.load(open(sys.argv[1]))['text']); sys.exit(0 if b'Disallow: /killed' in t else 1)" "$rec" || fail "recovery copy lacks the unsaved text"
fi
echo "e2e: after kill -9 the unsaved text is in $rec"
"$BIN" "$TMP/site/robots.txt" >"$TMP/app2.log" 2>&1 &
APP_PID=$!
wait_for 20 xdotool search --name "^Robots Studio" || fail "no window after restart"
sleep 1.5
import -window root "$SHOTS/e2e-recovery.png"
echo "e2e: screenshots in $SHOTS"
echo "e2e: 1 passed, 0 failed"
