// springsim-exact.mjs - golden trajectories for springsim's own baseline
// engine, springsim-exact: the exact damped spring at each frame's wall
// time.  No library to drive: the closed form is written out here, in
// JavaScript, independently of springsim's src/exact.c, so that the
// comparison (tests/cli/engines.bats) checks both the engine and the
// machinery every engine goes through (the clocks, the done column).
//
//   node tests/engines/gen/springsim-exact.mjs [OUTDIR]   (default
//   tests/engines/golden)
import { main, record, W1 } from './common.mjs';

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
const cases = [
  { name: 'p1-30', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 30, dur: 1.5 },
  { name: 'p1-60', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 60, dur: 1.5 },
  { name: 'p1-144', w: W1, z: 0.3, x0: 0, v0: 0, g: 1, fps: 144, dur: 1.5 },
  { name: 'p1-irregular', w: W1, z: 0.3, x0: 0, v0: 0, g: 1,
    fps: 'irregular' },
  { name: 'v0', w: 20, z: 0.5, x0: 2, v0: -30, g: -1, fps: 60, dur: 2 },
  { name: 'over', w: 10, z: 2.5, x0: 0, v0: 0, g: 5, fps: 30, dur: 2 },
  { name: 'critical', w: 8, z: 1, x0: 1, v0: 4, g: 0, fps: 60, dur: 2 },
];

// springsim's flags for a case, before the clock's.
const flags = (c) => `--uaf ${c.w} --dr ${c.z} --x0 ${c.x0} --v0 ${c.v0} ` +
  `--target ${c.g}`;

// Never done: the exact spring has no rest.
const runCase = (c) => record(c, (t) => {
  const [x, v] = exact(c.w, c.z, c.x0, c.v0, c.g, t);
  return { x, v, done: false };
});

await main(import.meta.url, 'springsim-exact', 'springsim', cases, runCase,
  flags);
