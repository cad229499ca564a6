// popmotion.mjs - golden trajectories of popmotion 11.0.5: a real
// animate({ type: 'spring' }) on its default driver, framesync 6.1.2, whose
// requestAnimationFrame is stubbed so that frame k calls back with the
// timestamp 1000 + 1000 t ms (tests/engines/README.md).
// Run alone: node tests/engines/gen/popmotion.mjs [OUTDIR]
import { main, record, stubClocks, startArgs, P1_RATES, W1, Z1 }
  from './common.mjs';

const ENGINE = 'popmotion';
const LIBRARY = 'popmotion 11.0.5';

const p1 = { stiffness: W1 * W1, damping: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, spring: p1 };
const cases = [
  ...P1_RATES.map((fps) => ({ ...base, name: `p1-${fps}`, fps })),
  // zeta 1.5: sinh/cosh, and no velocity (the rest test is x alone)
  { ...base, name: 'over', fps: 60, spring: { stiffness: W1 * W1,
    damping: 2 * 1.5 * W1 } },
  // a start velocity, units/s
  { ...base, name: 'v0', fps: 60, v0: -4 },
  // the early rest snap (restSpeed 2, restDelta min(|d| / 100, 0.4))
  { ...base, name: 'rest', fps: 144, x0: 3, target: -2, dur: 3,
    spring: { stiffness: W1 * W1, damping: 2 * Z1 * W1, mass: 1 } },
  // duration (s; ms inside) and bounce: findSpring, done at duration
  { ...base, name: 'duration', fps: 60, spring: { duration: 0.8,
    bounce: 0.25 } },
  // restSpeed and restDelta set: fine thresholds, a late rest
  { ...base, name: 'rest-fine', fps: 60, dur: 3,
    opts: { restSpeed: 0.05, restDelta: 0.001 } },
  // restDelta alone, coarse, on an over-damped spring (no velocity)
  { ...base, name: 'rest-delta', fps: 30, dur: 2,
    spring: { stiffness: W1 * W1, damping: 2 * 1.5 * W1 },
    opts: { restDelta: 0.1 } },
];

function flags(c) {
  const k = c.spring;
  let s;
  if (k.duration !== undefined)
    s = `--popmotion-duration ${String(k.duration)} ` +
      `--popmotion-bounce ${String(k.bounce)}`;
  else {
    s = `--popmotion-stiffness ${String(k.stiffness)} ` +
      `--popmotion-damping ${String(k.damping)}`;
    if (k.mass !== undefined) s += ` --popmotion-mass ${String(k.mass)}`;
  }
  // the library's options, as springsim's --popmotion-OPTION knobs
  const o = c.opts ?? {};
  if (o.restSpeed !== undefined)
    s += ` --popmotion-rest-speed ${String(o.restSpeed)}`;
  if (o.restDelta !== undefined)
    s += ` --popmotion-rest-delta ${String(o.restDelta)}`;
  return s + startArgs(c.x0, c.v0, c.target);
}

async function runCase(c) {
  // framesync reads window.requestAnimationFrame when it loads
  stubClocks(true);
  const { animate } = await import('popmotion');
  let latest = c.x0, done = false;
  const k = c.spring;
  const options = { from: c.x0, to: c.target, type: 'spring',
    velocity: c.v0, onUpdate: (v) => { latest = v; },
    onComplete: () => { done = true; } };
  if (k.duration !== undefined) {
    options.duration = k.duration * 1000;	// popmotion takes ms
    options.bounce = k.bounce;
  } else
    Object.assign(options, k);
  Object.assign(options, c.opts ?? {});
  // started at wall time 0, between frames: framesync asks for a frame
  animate(options);
  return record(c, () => ({ x: latest, v: null, done }));
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
