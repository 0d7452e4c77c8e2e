#!/bin/sh
# build/web.sh OUTDIR [VERSION]: the browser version of Robots Studio in one
# folder that works from any static host under any sub-path:
#   index.html loader.js loader.css vfs.js clock.js wasm_exec.js manifest.webmanifest
#   icon-192.png icon-512.png robots-studio.wasm.gz
# The program is shipped gzip-compressed and unpacked by the page itself
# (DecompressionStream), so no server setting is needed.
# WEB_GZIP=gzip forces plain gzip -9 (faster; pigz -11, which writes Zopfli's
# smaller deflate, is used when installed: Debian package pigz).
# The build fails when the page's transfer is over WEB_BUDGET bytes
# (15000000 unless set).
# WEB_SYMBOLS=1 keeps the functions' names in the program (a CPU profile of
# the page then names Go functions; the download is larger).
set -eu

if [ $# -lt 1 ]; then
	echo "usage: build/web.sh OUTDIR [VERSION]" >&2
	exit 2
fi
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
version=${2:-$(git -C "$root" describe --tags --always --dirty 2>/dev/null || echo dev)}
goroot=$(go env GOROOT)
execjs=$goroot/lib/wasm/wasm_exec.js
[ -f "$execjs" ] || execjs=$goroot/misc/wasm/wasm_exec.js # Go before 1.24

mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

strip="-s -w"
[ "${WEB_SYMBOLS:-}" = 1 ] && strip=""
start=$(date +%s)
(cd "$root" && GOOS=js GOARCH=wasm go build -trimpath \
	-ldflags "$strip -X github.com/robots-studio/robots-studio/internal/version.Version=$version" \
	-o "$tmp/robots-studio.wasm" .)
built=$(date +%s)

gz=$tmp/robots-studio.wasm.gz
if [ "${WEB_GZIP:-}" != gzip ] && command -v pigz >/dev/null 2>&1; then
	how="pigz -11 -I 1"
	pigz -11 -I 1 -n -c "$tmp/robots-studio.wasm" >"$gz"
else
	how="gzip -9"
	gzip -9 -n -c "$tmp/robots-studio.wasm" >"$gz"
fi
packed=$(date +%s)
gzip -t "$gz"

web=$root/web
cp "$gz" "$out/robots-studio.wasm.gz"
cp "$execjs" "$out/wasm_exec.js"
cp "$web/loader.js" "$web/loader.css" "$web/vfs.js" "$web/clock.js" "$web/manifest.webmanifest" "$web/icon-192.png" "$out/"
cp "$root/assets/icon.png" "$out/icon-512.png"
gzsize=$(wc -c <"$gz" | tr -d ' ')
# The version goes into the page (and into its script URLs, so a new release
# is never mixed with cached files of an old one).
safe_version=$(printf '%s' "$version" | tr -c 'A-Za-z0-9._+-' '_')
sed -e "s|<meta name=\"robots-studio-version\" content=\"[^\"]*\">|<meta name=\"robots-studio-version\" content=\"$safe_version\">|" \
	-e "s|\\(<script src=\"[a-z_]*\\.js\\)\">|\\1?v=$safe_version\">|" \
	-e "s|\\(<link rel=\"stylesheet\" href=\"[a-z_]*\\.css\\)\">|\\1?v=$safe_version\">|" \
	-e "s|<meta name=\"robots-studio-wasm-gz-size\" content=\"[^\"]*\">|<meta name=\"robots-studio-wasm-gz-size\" content=\"$gzsize\">|" \
	"$web/index.html" >"$out/index.html"

wasm=$(wc -c <"$tmp/robots-studio.wasm" | tr -d ' ')
total=0
for f in index.html loader.js loader.css vfs.js clock.js wasm_exec.js manifest.webmanifest icon-192.png robots-studio.wasm.gz; do
	total=$((total + $(wc -c <"$out/$f" | tr -d ' ')))
done
echo "web: $out (version $version)"
echo "  robots-studio.wasm     $wasm bytes uncompressed (go build $((built - start)) s)"
echo "  robots-studio.wasm.gz  $gzsize bytes ($how, $((packed - built)) s)"
echo "  page transfer          $total bytes (all files a first visit loads, uncompressed by the server)"
budget=${WEB_BUDGET:-15000000}
if [ "$total" -gt "$budget" ]; then
	echo "build/web.sh: the page's transfer, $total bytes, is over the budget of $budget bytes" >&2
	exit 1
fi
