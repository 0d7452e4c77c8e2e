#!/bin/sh
# Peak memory of `robots-studio sitemap` on hostile sitemaps (issue 24,
# point 9): the inputs are generated into a temporary folder, never kept.
# Usage: memory.sh [ROBOTS_STUDIO_BINARY]   (default: robots-studio on PATH)
# Prints one line per case: name, input size, exit code, peak RSS in MB.
set -eu
bin=${1:-robots-studio}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head='<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'

# 20 million nested unknown elements, gzip-compressed (about 250 KB).
{ printf '%s' "$head"; yes '<a>' | tr -d '\n' | head -c 60000000; } | gzip -9 >"$tmp/nested.xml.gz"
# One <loc> of 100 MB.
{ printf '%s<url><loc>https://example.com/' "$head"; head -c 100000000 /dev/zero | tr '\0' a; printf '</loc></url></urlset>'; } >"$tmp/loc.xml"
# A gzip bomb: 10 GiB of blanks (160 gzip members of 64 MiB each), plain and after the root element.
head -c 67108864 /dev/zero | tr '\0' ' ' | gzip -9 >"$tmp/blank.gz"
: >"$tmp/blanks.gz"
i=0; while [ $i -lt 160 ]; do cat "$tmp/blank.gz" >>"$tmp/blanks.gz"; i=$((i+1)); done
{ printf '%s' "$head" | gzip; cat "$tmp/blanks.gz"; } >"$tmp/blanks-in-urlset.xml.gz"
# A text sitemap whose one line is 100 MB.
{ printf 'https://example.com/'; head -c 100000000 /dev/zero | tr '\0' a; printf '\n'; } >"$tmp/line.txt"

for f in nested.xml.gz loc.xml blanks.gz blanks-in-urlset.xml.gz line.txt; do
	size=$(wc -c <"$tmp/$f")
	set +e
	/usr/bin/time -v "$bin" sitemap "$tmp/$f" >"$tmp/out" 2>"$tmp/time"
	code=$?
	set -e
	kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
	secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
	printf '%-26s %11s bytes  exit %s  peak %4d MB  %s s\n' "$f" "$size" "$code" $((kb / 1024)) "$secs"
	grep -v '^\s*$' "$tmp/out" | head -n 3 | cut -c1-160 | sed 's/^/    /'
done
