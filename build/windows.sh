#!/usr/bin/env bash
# build/windows.sh DISTDIR VERSION: cross-compile Robots Studio for Windows
# (amd64) on Debian and write DISTDIR/robots-studio-VERSION-windows-amd64.zip
# with
#   robots-studio.exe      the window (cgo, GLFW; no console window)
#   robots-studio-cli.exe  the command line (static, no cgo, -tags headless)
# both with the app icon and Windows version information.
#
# Needs the Debian packages gcc-mingw-w64-x86-64 (the C cross compiler and
# windres) and imagemagick (the .ico); the .zip is written by build/zipdir
# (Go's archive/zip), so no zip program is needed.
# The resources (.rc → .syso) are made in a temporary folder; go build only
# links a .syso that lies in the package's folder (its -overlay does not
# reach them), so each is put there for its own build as
# zz_resources_windows_amd64.syso (a name only windows/amd64 builds read)
# and removed right after, and on any exit: no .syso stays in the tree.
set -euo pipefail
if [ $# -ne 2 ] || [ -z "$1" ] || [ -z "$2" ]; then
  echo "usage: build/windows.sh DISTDIR VERSION" >&2
  exit 2
fi
DIST=$1
VERSION=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GO=${GO:-go}
CC_WIN=${CC_WIN:-x86_64-w64-mingw32-gcc}
WINDRES=${WINDRES:-x86_64-w64-mingw32-windres}
for tool in "$CC_WIN" "$WINDRES" convert; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "build/windows.sh: $tool is missing; install the Debian packages gcc-mingw-w64-x86-64 imagemagick" >&2
    exit 1
  }
done
mkdir -p "$DIST"
DIST=$(cd "$DIST" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Windows wants four 16-bit numbers for the binary version: take them from
# VERSION (v1.2.3, v1.2.3-4-gabcdef, 1.2, …); anything else (a bare commit
# from git describe --always) is 0.0.0.0, and the text version says VERSION.
nums=$(printf '%s' "$VERSION" | grep -oE '^v?[0-9]+\.[0-9]+(\.[0-9]+)?(-[0-9]+)?' | sed 's/^v//' || true)
IFS='.-' read -r v1 v2 v3 v4 <<<"${nums:-0}"
v1=$(( ${v1:-0} % 65536 )); v2=$(( ${v2:-0} % 65536 )); v3=$(( ${v3:-0} % 65536 )); v4=$(( ${v4:-0} % 65536 ))
year=$(date -u +%Y)

# The icon: every size Explorer asks for, from the one PNG the app ships.
convert "$ROOT/assets/icon.png" -background none -define icon:auto-resize=256,128,64,48,32,24,16 "$TMP/app.ico"

# rc escapes: a double quote is doubled inside a string.
rcstr() { printf '%s' "$1" | sed 's/"/""/g'; }

cat >"$TMP/app.manifest" <<MANIFEST
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="io.github.robots_studio.robots_studio" version="$v1.$v2.$v3.$v4"/>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security><requestedPrivileges><requestedExecutionLevel level="asInvoker" uiAccess="false"/></requestedPrivileges></security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application><supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/></application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2, PerMonitor</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
</assembly>
MANIFEST

# resources NAME DESCRIPTION: an .rc with the icon, the manifest and the
# version block, compiled to NAME.syso.
resources() {
  local name=$1 desc=$2
  cat >"$TMP/$name.rc" <<RC
#pragma code_page(65001)
1 ICON "app.ico"
1 24 "app.manifest"
1 VERSIONINFO
FILEVERSION $v1,$v2,$v3,$v4
PRODUCTVERSION $v1,$v2,$v3,$v4
FILEFLAGSMASK 0x3fL
FILEFLAGS 0x0L
FILEOS 0x40004L
FILETYPE 0x1L
FILESUBTYPE 0x0L
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "Robots Studio contributors"
      VALUE "FileDescription", "$(rcstr "$desc")"
      VALUE "FileVersion", "$(rcstr "$VERSION")"
      VALUE "InternalName", "$name"
      VALUE "LegalCopyright", "(c) $year Robots Studio contributors"
      VALUE "OriginalFilename", "$name.exe"
      VALUE "ProductName", "Robots Studio"
      VALUE "ProductVersion", "$(rcstr "$VERSION")"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
RC
  (cd "$TMP" && "$WINDRES" --codepage=65001 -O coff -F pe-x86-64 -i "$name.rc" -o "$name.syso")
}
resources robots-studio "Robots Studio: robots.txt editor and tester"
resources robots-studio-cli "Robots Studio command line: robots.txt tester and linter"

SYSO="$ROOT/zz_resources_windows_amd64.syso"
if [ -e "$SYSO" ]; then
  echo "build/windows.sh: $SYSO is left from a build that was killed; remove it first" >&2
  exit 1
fi
cleanup() { rm -f "$SYSO"; rm -rf "$TMP"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

LDVER="-X github.com/robots-studio/robots-studio/internal/version.Version=$VERSION"
mkdir -p "$TMP/zip"
cd "$ROOT"
echo "build/windows.sh: robots-studio.exe (the window; the first build compiles GLFW's C, minutes)"
cp "$TMP/robots-studio.syso" "$SYSO"
CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC="$CC_WIN" \
  "$GO" build \
  -ldflags "-H=windowsgui -s -w $LDVER" -o "$TMP/zip/robots-studio.exe" .
echo "build/windows.sh: robots-studio-cli.exe (the command line)"
cp "$TMP/robots-studio-cli.syso" "$SYSO"
CGO_ENABLED=0 GOOS=windows GOARCH=amd64 \
  "$GO" build -tags headless \
  -ldflags "-s -w $LDVER" -o "$TMP/zip/robots-studio-cli.exe" .
rm -f "$SYSO"

ZIP="$DIST/robots-studio-$VERSION-windows-amd64.zip"
rm -f "$ZIP"
"$GO" run "$ROOT/build/zipdir" "$ZIP" "$TMP/zip/robots-studio.exe" "$TMP/zip/robots-studio-cli.exe"
echo "build/windows.sh: wrote $ZIP"
