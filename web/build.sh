#!/bin/sh
# build.sh WASM OUTDIR - the page: web/*.html, *.js, *.css copied, and
# the module embedded as base64 in springsim-wasm.js, so that the page
# opened from file:// needs no fetch() (Chromium refuses fetch of file:)
set -eu
wasm=$1 out=$2
mkdir -p "$out"
cp web/index.html web/app.js web/wasi.js web/style.css "$out"/
{ printf 'var SPRINGSIM_WASM_B64 = "'; base64 -w0 "$wasm"; printf '";\n'; } \
    >"$out/springsim-wasm.js.tmp"
mv "$out/springsim-wasm.js.tmp" "$out/springsim-wasm.js"
