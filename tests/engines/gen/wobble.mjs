// wobble.mjs - golden trajectories of wobble 1.5.1: a real Spring, its
// requestAnimationFrame stubbed so that frame k calls back at wall time
// t_k, and its clock Date.now() = floor(1700000000000 + 1000 t) ms
// (tests/engines/README.md); wobble ignores the rAF timestamp.
// Run alone: node tests/engines/gen/wobble.mjs [OUTDIR]
import { main, record, stubClocks, startArgs, P1_RATES, W1, Z1 }
  from './common.mjs';

const ENGINE = 'wobble';
const LIBRARY = 'wobble 1.5.1';

const p1 = { stiffness: W1 * W1, damping: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, spring: p1 };
const cases = [
  ...P1_RATES.map((fps) => ({ ...base, name: `p1-${fps}`, fps })),
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
  // the rest thresholds set (restVelocityThreshold units/ms,
  // restDisplacementThreshold): coarse, an early rest
  { ...base, name: 'rest-coarse', fps: 60, dur: 2,
    opts: { restVelocityThreshold: 0.0003, restDisplacementThreshold: 0.03 } },
  // fine ones, 144 fps: a later rest than the defaults'
  { ...base, name: 'rest-fine', fps: 144, dur: 4,
    opts: { restVelocityThreshold: 1e-6, restDisplacementThreshold: 1e-6 } },
];

function flags(c) {
  const k = c.spring;
  let s = `--wobble-stiffness ${String(k.stiffness)} ` +
    `--wobble-damping ${String(k.damping)}`;
  if (k.mass !== undefined) s += ` --wobble-mass ${String(k.mass)}`;
  if (c.clamp) s += ' --clamp';
  // the library's options, as springsim's --wobble-OPTION knobs
  const o = c.opts ?? {};
  if (o.restVelocityThreshold !== undefined)
    s += ' --wobble-rest-velocity-threshold ' +
      String(o.restVelocityThreshold);
  if (o.restDisplacementThreshold !== undefined)
    s += ' --wobble-rest-displacement-threshold ' +
      String(o.restDisplacementThreshold);
  return s + startArgs(c.x0, c.v0, c.target);
}

async function runCase(c) {
  stubClocks();
  const { Spring } = await import('wobble');
  const k = c.spring;
  const s = new Spring({ fromValue: c.x0, toValue: c.target,
    stiffness: k.stiffness, damping: k.damping, mass: k.mass ?? 1,
    initialVelocity: c.v0 / 1000, overshootClamping: !!c.clamp,
    ...(c.opts ?? {}) });
  let done = false;
  s.onStop(() => { done = true; });
  // started at wall time 0 (Date.now() reads 1700000000000), between frames
  s.start();
  // currentVelocity is units/ms
  return record(c, () => ({ x: s.currentValue, v: s.currentVelocity * 1000,
    done }));
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
