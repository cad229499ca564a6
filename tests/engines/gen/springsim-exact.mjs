// springsim-exact.mjs - golden trajectories for springsim's own baseline
// engine, springsim-exact: the exact damped spring at each frame's wall
// time.  No library to drive: the closed form is written out here, in
// JavaScript, independently of springsim's src/exact.c, so that the
// comparison (tests/cli/engines.bats) checks both the engine and the
// machinery every engine goes through (the clocks, the done column).
//
//   node tests/engines/gen/springsim-exact.mjs [OUTDIR]   (default
//   tests/engines/golden)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(dirname(dirname(here)));
const IRREGULAR = 'tests/engines/frames/irregular.txt';
const out = process.argv[2] ?? join(root, 'tests/engines/golden');

// 17 significant digits: every double round-trips.
const fmt = (x) => x.toPrecision(17);

// Fixed rates: t_k = k dt, ceil(dur / dt) frames, a ratio within 1e-9 of
// a whole number taken as that (src/sim.c, spring_frame_count).
function fixedFrames(dt, dur) {
  const r = dur / dt;
  const n = Math.abs(r - Math.round(r)) <= 1e-9 * r ? Math.round(r)
    : Math.ceil(r);
  const t = [];
  for (let k = 1; k <= n; k++) t.push(k * dt);
  return t;
}

// The irregular frames summed as springsim sums a recorded schedule
// (src/schedule.c, spring_clock_next: Neumaier's compensated sum).
function irregularFrames() {
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

// The damped spring x'' = -w^2 (x - g) - 2 z w x' from (x0, v0): the
// offset e = x - g in closed form, each regime its own.
function exact(w, z, x0, v0, g, t) {
  const e0 = x0 - g;
  if (z < 1) {
    const wd = w * Math.sqrt(1 - z * z), a = z * w;
    const c = Math.cos(wd * t), s = Math.sin(wd * t), d = Math.exp(-a * t);
    const B = (v0 + a * e0) / wd;
    return [g + d * (e0 * c + B * s),
      d * (-a * (e0 * c + B * s) + (-e0 * wd * s + B * wd * c))];
  }
  if (z === 1) {
    const d = Math.exp(-w * t), B = v0 + w * e0;
    return [g + d * (e0 + B * t), d * (B - w * (e0 + B * t))];
  }
  const q = w * Math.sqrt(z * z - 1), r1 = -z * w - q, r2 = -z * w + q;
  const c2 = (v0 - r1 * e0) / (r2 - r1), c1 = e0 - c2;
  const d1 = Math.exp(r1 * t), d2 = Math.exp(r2 * t);
  return [g + c1 * d1 + c2 * d2, c1 * r1 * d1 + c2 * r2 * d2];
}

// The cases: p1 at 30, 60 and 144 fps and on the irregular frames, then
// a start velocity, over-damping and critical damping.
const W1 = 4 * Math.PI;
const cases = [
  { name: 'p1-30', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 30, dur: 1.5 },
  { name: 'p1-60', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 60, dur: 1.5 },
  { name: 'p1-144', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 144, dur: 1.5 },
  { name: 'p1-irregular', w: W1, z: 0.3, x0: 0, v0: 0, g: 1,
    irregular: true },
  { name: 'v0', w: 20, z: 0.5, x0: 2, v0: -30, g: -1, fps: 60, dur: 2 },
  { name: 'over', w: 10, z: 2.5, x0: 0, v0: 0, g: 5, fps: 30, dur: 2 },
  { name: 'critical', w: 8, z: 1, x0: 1, v0: 4, g: 0, fps: 60, dur: 2 },
];

mkdirSync(out, { recursive: true });
for (const c of cases) {
  const t = c.irregular ? irregularFrames() : fixedFrames(1 / c.fps, c.dur);
  const clock = c.irregular ? `--frames-from ${IRREGULAR}`
    : `--dt ${1 / c.fps} --duration ${c.dur}`;
  const lines = [
    '# engine: springsim-exact (springsim), gen/springsim-exact.mjs',
    `# springsim: --engine springsim-exact --uaf ${c.w} --dr ${c.z} ` +
      `--x0 ${c.x0} --v0 ${c.v0} --target ${c.g} ${clock}`,
    't,x,v,done',
  ];
  for (const tk of t) {
    const [x, v] = exact(c.w, c.z, c.x0, c.v0, c.g, tk);
    lines.push(`${fmt(tk)},${fmt(x)},${fmt(v)},0`);
  }
  writeFileSync(join(out, `springsim-exact-${c.name}.csv`),
    lines.join('\n') + '\n');
}
