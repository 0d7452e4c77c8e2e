#!/bin/sh
# Whole-process comparison: robots-studio sitemap against Python's
# ElementTree + urllib.robotparser on the same generated sitemaps and
# linkedin.robots.txt, with peak memory (GNU time). Run from the repository
# root: sh tester/sitemap/testdata/bench/run.sh
set -e
robots=../shared/corpus/real/linkedin.robots.txt
if [ ! -f "$robots" ]; then echo "skip: $robots not found beside the checkout"; exit 0; fi
out=${TMPDIR:-/tmp}/sitemap-bench
mkdir -p "$out"
SITEMAP_BENCH_DIR="$out" go test -count=1 -run TestWriteBenchFiles ./tester/sitemap >/dev/null
go build -o "$out/robots-studio" .
here=tester/sitemap/testdata/bench
for n in 50000 500000; do
  f="$out/sitemap-$n.xml"
  echo "== $(du -h "$f" | cut -f1) $n URLs"
  /usr/bin/time -f "robots-studio: %e s, peak RSS %M KB" "$out/robots-studio" sitemap --robots "$robots" "$f" >"$out/out-$n.txt" || true
  grep -c SM101 "$out/out-$n.txt" | sed 's/^/  blocked findings listed: /'
  /usr/bin/time -f "python3 ElementTree + robotparser: %e s, peak RSS %M KB" python3 "$here/compare.py" "$robots" "$f"
done
