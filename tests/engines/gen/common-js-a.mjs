// common-js-a.mjs - what the generators of react-spring, motion, popmotion,
// wobble and rebound share: the frame clocks of tests/engines/README.md,
// the golden file's format, and running each case in a fresh node process
// (the libraries keep their frame loops in module state: a case must not
// inherit the loop a previous case left running).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
export const engines = dirname(here);
export const root = dirname(dirname(engines));
export const IRREGULAR = 'tests/engines/frames/irregular.txt';

// The p1 spring: omega 4 pi, zeta 0.3, mass 1, from rest at 0 to 1.
export const W1 = 4 * Math.PI;
export const Z1 = 0.3;

// 17 significant digits: every double round-trips.
export const fmt = (x) => x.toPrecision(17);

// The frame wall times (s) of a fixed rate: t_k = k dt, as springsim's
// --dt clock computes them, for --duration dur (ceil(dur / dt) frames,
// a ratio within 1e-9 of a whole number taken as that: src/sim.c).
export function fixedFrames(dt, dur) {
  const r = dur / dt;
  const n = Math.abs(r - Math.round(r)) <= 1e-9 * r ? Math.round(r)
    : Math.ceil(r);
  const t = [];
  for (let k = 1; k <= n; k++) t.push(k * dt);
  return t;
}

// The irregular frames' wall times: the dts of frames/irregular.txt summed
// as springsim sums a recorded schedule (src/schedule.c, spring_clock_next:
// Neumaier's compensated sum; the time read is wall + comp).
export function irregularFrames() {
  const dts = readFileSync(join(root, IRREGULAR), 'utf8').split('\n')
    .filter((l) => l.trim() !== '').map(Number);
  let wall = 0, comp = 0;
  const t = [];
  for (const dt of dts) {
    const sum = wall + dt;
    if (Math.abs(wall) >= Math.abs(dt)) comp += (wall - sum) + dt;
    else comp += (dt - sum) + wall;
    wall = sum;
    t.push(wall + comp);
  }
  return t;
}

// The frames a case names: { fps } or { irregular: true }, with dur (s).
export function caseFrames(c) {
  return c.irregular ? irregularFrames() : fixedFrames(1 / c.fps, c.dur);
}

// The clock flags of the `# springsim:` line for a case.
export function clockFlags(c) {
  return c.irregular ? `--frames-from ${IRREGULAR}`
    : `--dt ${String(1 / c.fps)} --duration ${String(c.dur)}`;
}

// springsim's own start flags: --x0 and --v0 (units/s) when not 0.
export function startFlags(c) {
  let s = '';
  if (c.x0) s += ` --x0 ${String(c.x0)}`;
  if (c.v0) s += ` --v0 ${String(c.v0)}`;
  return s + ` --target ${String(c.target)}`;
}

// The golden text: the two header lines, the columns, one row a frame
// (rows: { t, x, v (null: none), done }).
export function golden(engine, library, script, flags, rows) {
  let s = `# engine: ${engine} (${library}), gen/${script}\n`;
  s += `# springsim: --engine ${engine} ${flags}\n`;
  s += 't,x,v,done\n';
  for (const r of rows) {
    if (!Number.isFinite(r.x) || (r.v !== null && !Number.isFinite(r.v)))
      throw new Error(`${engine}: not finite at t = ${r.t}`);
    s += `${fmt(r.t)},${fmt(r.x)},${r.v === null ? '' : fmt(r.v)},` +
      `${r.done ? 1 : 0}\n`;
  }
  return s;
}

// The generator's main: with `--case NAME` (the child), run that case and
// print its golden text; else run every case in its own process and write
// golden/ENGINE-NAME.csv under OUTDIR (default tests/engines/golden).
export function main(engine, script, cases, runCase) {
  const argv = process.argv.slice(2);
  if (argv[0] === '--case') {
    const c = cases.find((k) => k.name === argv[1]);
    if (!c) throw new Error(`${engine}: no case ${argv[1]}`);
    runCase(c).then((text) => process.stdout.write(text));
    return;
  }
  const out = argv[0] ?? join(engines, 'golden');
  mkdirSync(out, { recursive: true });
  const self = fileURLToPath(import.meta.url).replace(/common-js-a\.mjs$/,
    script);
  for (const c of cases) {
    const text = execFileSync(process.execPath, [self, '--case', c.name],
      { cwd: root, encoding: 'utf8' });
    const file = join(out, `${engine}-${c.name}.csv`);
    writeFileSync(file, text);
    process.stderr.write(`${relative(process.cwd(), file)}\n`);
  }
}
