#!/usr/bin/env bash
# install_test.sh CMAKE BUILD_DIR SOURCE_DIR VERSION APP_ID
#
# `cmake --install BUILD_DIR` into a temporary prefix, then: the tree holds
# the programs, the demo model, the translations and the desktop integration
# files (.desktop, AppStream metainfo, MIME type with the envelope magic, the
# icons); the installed `cmf --version` and `cmf-workbench --version` report
# this build; the installed workbench renders its demo model offscreen. That
# the demo comes from the prefix and not from the build tree (whose path the
# binary also knows) is shown by taking it away: the screenshot must then
# fail. Finally the prefix is moved and still works: lookups are relative to
# the executable, not to the configured CMAKE_INSTALL_PREFIX.
set -euo pipefail
cmake=$1 build=$2 source=$3 version=$4 app_id=$5

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cmf-install-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }
# The first bytes of a file as hex without spaces.
hexhead() { od -An -tx1 -N"$2" -j"${3:-0}" "$1" | tr -d ' \n'; }

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "cmake --install"; }

# --- the layout -------------------------------------------------------------
for f in bin/cmf bin/cmf-workbench \
         share/cmf-workbench/demo/tiny-chat.cmf \
         share/cmf-workbench/translations/cmf-workbench_ru.qm \
         share/cmf-workbench/translations/cmf-workbench_zh_CN.qm \
         share/cmf-workbench/translations/cmf-workbench_en.qm \
         "share/applications/$app_id.desktop" \
         "share/metainfo/$app_id.metainfo.xml" \
         share/mime/packages/cmf-workbench.xml \
         share/icons/hicolor/scalable/apps/cmf-workbench.svg \
         share/icons/hicolor/scalable/mimetypes/application-x-cmf.svg \
         share/icons/hicolor/48x48/apps/cmf-workbench.png \
         share/icons/hicolor/256x256/apps/cmf-workbench.png; do
  [ -s "$prefix/$f" ] || fail "not installed (or empty): $f"
done
[ -x "$prefix/bin/cmf" ] && [ -x "$prefix/bin/cmf-workbench" ] || fail "programs not executable"

# The demo model is the one this build converted, and a CMF file (§1 magic).
cmp -s "$prefix/share/cmf-workbench/demo/tiny-chat.cmf" "$build/demo/tiny-chat.cmf" || fail "installed demo differs from the build's"
[ "$(hexhead "$prefix/share/cmf-workbench/demo/tiny-chat.cmf" 4)" = 434d4601 ] || fail "demo model lacks the CMF magic"
# Qt .qm files start with this 16-byte magic.
for q in "$prefix"/share/cmf-workbench/translations/*.qm; do
  [ "$(hexhead "$q" 16)" = 3cb86418caef9c95cd211cbf60a1bddd ] || fail "not a .qm file: $q"
done
# A PNG of 256×256: signature, then IHDR width and height.
png=$prefix/share/icons/hicolor/256x256/apps/cmf-workbench.png
[ "$(hexhead "$png" 8)" = 89504e470d0a1a0a ] || fail "icon is not a PNG"
[ "$(hexhead "$png" 8 16)" = 0000010000000100 ] || fail "icon is not 256x256"
grep -q '<svg' "$prefix/share/icons/hicolor/scalable/apps/cmf-workbench.svg" || fail "scalable icon is not SVG"

# --- the .desktop entry ------------------------------------------------------
desktop=$prefix/share/applications/$app_id.desktop
for line in '[Desktop Entry]' 'Type=Application' 'Exec=cmf-workbench %f' 'Icon=cmf-workbench' 'MimeType=application/x-cmf;'; do
  grep -qxF "$line" "$desktop" || fail "$app_id.desktop lacks: $line"
done
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$desktop" || fail "desktop-file-validate"; fi

# --- AppStream ---------------------------------------------------------------
metainfo=$prefix/share/metainfo/$app_id.metainfo.xml
grep -qF "<id>$app_id</id>" "$metainfo" || fail "metainfo id is not $app_id"
grep -qF "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" || fail "metainfo does not launch $app_id.desktop"
grep -qF "<release version=\"$version\"" "$metainfo" || fail "metainfo has no release $version (bump it with the project version)"
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate"
elif command -v xmllint >/dev/null; then
  xmllint --noout "$metainfo" || fail "metainfo is not well-formed XML"
fi

# --- the MIME type ----------------------------------------------------------
# update-mime-database compiles the package; its magic file must hold the
# envelope magic bytes C M F 0x01 (the XML's "CMF\x01" escape decoded).
if command -v update-mime-database >/dev/null; then
  update-mime-database "$prefix/share/mime" 2>"$tmp/mime.log" || { cat "$tmp/mime.log"; fail "update-mime-database"; }
  grep -qxF 'application/x-cmf:*.cmf' <(cut -d: -f2- "$prefix/share/mime/globs2") || fail "globs2 lacks *.cmf"
  LC_ALL=C grep -qaF "$(printf 'CMF\001')" "$prefix/share/mime/magic" || fail "magic lacks CMF\\x01"
  # A CMF file without the extension is recognised by its content.
  if command -v gio >/dev/null; then
    mkdir "$tmp/sniff"
    head -c 4096 "$prefix/share/cmf-workbench/demo/tiny-chat.cmf" >"$tmp/sniff/model-without-extension"
    type=$(XDG_DATA_HOME="$tmp/none" XDG_DATA_DIRS="$prefix/share:/usr/share" \
           gio info -a standard::content-type "$tmp/sniff/model-without-extension" | sed -n 's/.*standard::content-type: //p')
    [ "$type" = application/x-cmf ] || fail "content type of a CMF file by magic: '$type'"
    # Control: without the installed package the same bytes are not a CMF file.
    type=$(XDG_DATA_HOME="$tmp/none" XDG_DATA_DIRS=/usr/share \
           gio info -a standard::content-type "$tmp/sniff/model-without-extension" | sed -n 's/.*standard::content-type: //p')
    [ "$type" != application/x-cmf ] || fail "the system already knows application/x-cmf: the check above proves nothing"
  fi
fi

# --- the installed programs, away from the build tree ----------------------
cd "$tmp"
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=$tmp/config
unset LD_LIBRARY_PATH

"$prefix/bin/cmf" --version >"$tmp/cmf.txt" || fail "cmf --version exit $?"
mapfile -t v <"$tmp/cmf.txt"
[ ${#v[@]} -eq 4 ] || fail "cmf --version: ${#v[@]} lines, want 4: $(cat "$tmp/cmf.txt")"
[ "${v[0]}" = "cmf $version" ] || fail "cmf --version line 1: ${v[0]}"
[[ ${v[1]} =~ ^revision\ [A-Za-z0-9._+-]+$ ]] || fail "cmf --version line 2: ${v[1]}"
[[ ${v[2]} =~ ^build\ .+,\ .+ ]] || fail "cmf --version line 3: ${v[2]}"
[[ ${v[3]} =~ ^cpu\ .+\ \(kernels:\ row-dot\ .+\)$ ]] || fail "cmf --version line 4: ${v[3]}"
# Built from a git checkout: the revision is real, not "unknown".
if [ -e "$source/.git" ] && command -v git >/dev/null && git -C "$source" rev-parse HEAD >/dev/null 2>&1; then
  [ "${v[1]}" != "revision unknown" ] || fail "built from a git checkout but the revision is unknown"
fi
# The installed cmf is this build's cmf.
"$build/app/cli/cmf" --version | cmp -s - "$tmp/cmf.txt" || fail "installed cmf --version differs from the build tree's"

"$prefix/bin/cmf-workbench" --version >"$tmp/gui.txt" || fail "cmf-workbench --version"
mapfile -t g <"$tmp/gui.txt"
[ "${g[0]}" = "cmf-workbench $version" ] || fail "cmf-workbench --version line 1: ${g[0]}"
[ "${g[*]:1}" = "${v[*]:1}" ] || fail "cmf-workbench --version and cmf --version disagree: ${g[*]:1} / ${v[*]:1}"

# The workbench with no FILE opens its demo model: the installed one.
shoot() { "$1/bin/cmf-workbench" --screenshot "$2" >"$tmp/shot.out" 2>"$tmp/shot.err"; }
check_png() {
  [ "$(hexhead "$1" 8)" = 89504e470d0a1a0a ] || fail "$1 is not a PNG"
  [ "$(hexhead "$1" 8 16)" = 0000050000000320 ] || fail "$1 is not 1280x800"
  # A rendered window full of text and tables, not a blank frame.
  [ "$(stat -c %s "$1")" -gt 20000 ] || fail "$1 is suspiciously small ($(stat -c %s "$1") bytes)"
}
shoot "$prefix" "$tmp/shot.png" || fail "installed cmf-workbench --screenshot: exit $?: $(cat "$tmp/shot.err")"
check_png "$tmp/shot.png"
grep -q 'tiny-chat\.cmf' "$tmp/shot.out" || fail "the screenshot did not open the demo model: $(cat "$tmp/shot.out")"

# Without its demo model the installed workbench has none: it does not fall
# back to the build tree's copy, so the run above used the installed file.
mv "$prefix/share/cmf-workbench/demo/tiny-chat.cmf" "$tmp/demo.cmf"
rc=0; shoot "$prefix" "$tmp/none.png" || rc=$?
[ $rc -eq 2 ] || fail "without the installed demo: exit $rc, want 2 (did it find the build tree's?) $(cat "$tmp/shot.out")"
grep -q 'no demo model' "$tmp/shot.err" || fail "without the installed demo: $(cat "$tmp/shot.err")"
[ ! -e "$tmp/none.png" ] || fail "a screenshot was written without a demo model"
mv "$tmp/demo.cmf" "$prefix/share/cmf-workbench/demo/tiny-chat.cmf"

# A moved prefix still finds everything (relative to the executable).
mv "$prefix" "$tmp/moved"
shoot "$tmp/moved" "$tmp/moved.png" || fail "moved prefix: exit $?: $(cat "$tmp/shot.err")"
check_png "$tmp/moved.png"

echo "install test passed: $(cd "$tmp/moved" && find . -type f | wc -l) files installed"
