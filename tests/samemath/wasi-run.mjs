// wasi-run.mjs - run a wasm32-wasi command under Node's built-in WASI
// (node:wasi, preview1, no npm package): node
// --experimental-wasi-unstable-preview1 wasi-run.mjs FILE.wasm ARGS...
// (the flag: Node 18, Debian 12's, needs it; 20 takes it and needs none); its stdout and stderr are the process's, its exit
// status the command's.  For tests/cli/samemath.bats, which compares the
// wasm build's libm with the native one's.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: [file, ...args],
    env: {}, returnOnExit: true });
const mod = await WebAssembly.compile(await readFile(file));
// (wasiImport, not getImportObject(): Node 18 has only the former)
const inst = await WebAssembly.instantiate(mod,
    { wasi_snapshot_preview1: wasi.wasiImport });
process.exitCode = wasi.start(inst);
