#!/bin/sh
# build/symbolfont.sh: regenerates assets/fonts/RobotsStudioSymbols-*.ttf,
# the window's small symbol font: the characters the texts use that Fyne's
# text font (Noto Sans) lacks, cut from DejaVu Sans (regular and bold), and
# a space. ui/look's Theme.Font puts it before Noto Sans, so Fyne takes a
# line's height and baseline from it (from the first font with a space) and
# shapes a space that follows a symbol with it: its units per em, vertical
# metrics and space width are therefore set to Noto Sans's, and a text
# measures and sits exactly as with Noto Sans alone.
# Needs Python's fontTools (its subsetter is pyftsubset; Debian package
# python3-fonttools) and fonts-dejavu-core; reads Noto Sans from the Fyne
# module go.mod names. The family is renamed "Robots Studio Symbols", as
# DejaVu's licence (assets/fonts/LICENSE-DejaVu.txt) asks of a modified font.
#
# To add a character: put it in CHARS, run this, and commit the fonts.
set -eu

# space ← ↑ → ↓ − ★
CHARS=U+0020,U+2190,U+2191,U+2192,U+2193,U+2212,U+2605

root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/assets/fonts
dejavu=${DEJAVU_DIR:-/usr/share/fonts/truetype/dejavu}
fyne=$(cd "$root" && go list -m -f '{{.Dir}}' fyne.io/fyne/v2)
python=/usr/bin/python3
[ -x "$python" ] || python=python3

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for style in Regular Bold; do
	case $style in
	Regular) src=$dejavu/DejaVuSans.ttf noto=$fyne/theme/font/NotoSans-Regular.ttf ;;
	Bold) src=$dejavu/DejaVuSans-Bold.ttf noto=$fyne/theme/font/NotoSans-Bold.ttf ;;
	esac
	"$python" -m fontTools.subset "$src" --unicodes="$CHARS" --no-hinting --desubroutinize \
		--layout-features='' --name-IDs='' --drop-tables+=FFTM,GDEF,GPOS,GSUB,kern,MATH \
		--output-file="$tmp/sub.ttf"
	"$python" - "$tmp/sub.ttf" "$noto" "$out/RobotsStudioSymbols-$style.ttf" "$style" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

sub, noto_path, dst, style = sys.argv[1:5]
# DejaVu's dates, not today's: the same input gives the same file.
f, noto = TTFont(sub, recalcTimestamp=False), TTFont(noto_path)
f["head"].modified = f["head"].created

# Noto Sans's units, vertical metrics and space.
scale_upem(f, noto["head"].unitsPerEm)
for table, fields in (("hhea", ("ascent", "descent", "lineGap")),
                      ("OS/2", ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent"))):
    for name in fields:
        setattr(f[table], name, getattr(noto[table], name))
typo = 1 << 7  # USE_TYPO_METRICS
f["OS/2"].fsSelection = (f["OS/2"].fsSelection & ~typo) | (noto["OS/2"].fsSelection & typo)
space = f.getBestCmap()[0x20]
f["hmtx"][space] = noto["hmtx"][noto.getBestCmap()[0x20]]

family = "Robots Studio Symbols"
f["name"].names = []
for nid, text in ((0, "Glyphs from DejaVu Sans: Copyright (c) 2003 by Bitstream, Inc. DejaVu changes are in public domain. See LICENSE-DejaVu.txt."),
                  (1, family), (2, style), (3, family + " " + style), (4, family + " " + style),
                  (5, "Version 1.0"), (6, "RobotsStudioSymbols-" + style)):
    f["name"].setName(text, nid, 3, 1, 0x409)
for t in ("FFTM", "DSIG"):
    if t in f:
        del f[t]
if any(0x21 <= c <= 0x7E for c in f.getBestCmap()):
    sys.exit("the symbol font must hold no letters, digits or punctuation: Noto Sans draws those")
f.save(dst)
PY
done
ls -l "$out"/RobotsStudioSymbols-*.ttf
