// wobble.mjs - golden trajectories of wobble 1.5.1: a real Spring, its
// requestAnimationFrame stubbed so that frame k calls back at wall time
// t_k, and its clock Date.now() = floor(1700000000000 + 1000 t) ms
// (tests/engines/README.md); wobble ignores the rAF timestamp.
// Run alone: node tests/engines/gen/wobble.mjs [OUTDIR]
import { main, caseFrames, clockFlags, startFlags, golden, W1, Z1 }
  from './common-js-a.mjs';

const ENGINE = 'wobble';
const LIBRARY = 'wobble 1.5.1';
const SCRIPT = 'wobble.mjs';

const p1 = { stiffness: W1 * W1, damping: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, spring: p1 };
const cases = [
  { ...base, name: 'p1-30', fps: 30 },
  { ...base, name: 'p1-60', fps: 60 },
  { ...base, name: 'p1-144', fps: 144 },
  { ...base, name: 'p1-irregular', irregular: true },
  // zeta 1.5: wobble runs it critical (allowsOverdamping false)
  { ...base, name: 'over', fps: 60, spring: { stiffness: W1 * W1,
    damping: 2 * 1.5 * W1 } },
  // a start velocity: initialVelocity is units/ms (-4 units/s)
  { ...base, name: 'v0', fps: 60, v0: -4 },
  // the rest snap: |v| <= 0.001 units/ms and |to - x| <= 0.001
  { ...base, name: 'rest', fps: 60, dur: 4 },
  // overshootClamping: the first overshoot snaps and stops
  { ...base, name: 'clamp', fps: 30, clamp: true },
  // mass 2, downwards, 144 fps
  { ...base, name: 'mass', fps: 144, x0: 2, target: -1, v0: 1.5,
    spring: { stiffness: 2 * W1 * W1, damping: 2 * 2 * Z1 * W1, mass: 2 } },
];

function flags(c) {
  const k = c.spring;
  let s = `--wobble-stiffness ${String(k.stiffness)} ` +
    `--wobble-damping ${String(k.damping)}`;
  if (k.mass !== undefined) s += ` --wobble-mass ${String(k.mass)}`;
  if (c.clamp) s += ' --clamp';
  return s + startFlags(c) + ' ' + clockFlags(c);
}

async function runCase(c) {
  let wall = 0, pending = [], id = 0;
  Date.now = () => Math.floor(1700000000000 + wall * 1000);
  globalThis.requestAnimationFrame = (cb) => { pending.push(cb); return ++id; };
  globalThis.cancelAnimationFrame = () => { pending = []; };
  const { Spring } = await import('wobble');
  const k = c.spring;
  const s = new Spring({ fromValue: c.x0, toValue: c.target,
    stiffness: k.stiffness, damping: k.damping, mass: k.mass ?? 1,
    initialVelocity: c.v0 / 1000, overshootClamping: !!c.clamp });
  let done = false;
  s.onStop(() => { done = true; });
  // started at wall time 0 (Date.now() reads 1700000000000), between frames
  s.start();
  const rows = [];
  for (const t of caseFrames(c)) {
    wall = t;
    const run = pending;
    pending = [];
    for (const cb of run) cb(1000 + t * 1000);
    // currentVelocity is units/ms
    rows.push({ t, x: s.currentValue, v: s.currentVelocity * 1000, done });
  }
  return golden(ENGINE, LIBRARY, SCRIPT, flags(c), rows);
}

main(ENGINE, SCRIPT, cases, runCase);
