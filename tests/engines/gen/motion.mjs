// motion.mjs - golden trajectories of Motion (motion / framer-motion
// 14.14.0, whose animations are motion-dom 14.14.0's): a real JSAnimation
// of type 'spring' with a custom driver that ticks it at the frame's
// timestamp and whose now() reads performance.now() = 1000 + 1000 t ms
// (tests/engines/README.md).
// Run alone: node tests/engines/gen/motion.mjs [OUTDIR]
import { main, record, perfNow, startArgs, P1_RATES, W1, Z1 }
  from './common.mjs';

const ENGINE = 'motion';
const LIBRARY = 'motion-dom 14.14.0';

// stiffness = m omega^2, damping = 2 zeta omega m (mass 1)
const p1 = { stiffness: W1 * W1, damping: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, spring: p1 };
const cases = [
  ...P1_RATES.map((fps) => ({ ...base, name: `p1-${fps}`, fps })),
  // zeta 1.5: two exponentials
  { ...base, name: 'over', fps: 60, spring: { stiffness: W1 * W1,
    damping: 2 * 1.5 * W1 } },
  // a start velocity, units/s (Motion's own unit)
  { ...base, name: 'v0', fps: 60, v0: -4 },
  // long enough for the rest snap and the 50 ms duration grid
  { ...base, name: 'rest', fps: 60, dur: 4 },
  // a large move: the default rest thresholds 2 and 0.5, mass 2
  { ...base, name: 'large', fps: 30, x0: 100, target: -20, dur: 3,
    spring: { stiffness: 2 * W1 * W1, damping: 2 * 2 * Z1 * W1, mass: 2 } },
  // duration (s, ms inside) and bounce: findSpring; done at duration
  { ...base, name: 'duration', fps: 60, spring: { duration: 0.8,
    bounce: 0.25 } },
  // negative bounce: zeta 1 / (1 + bounce), overdampedFreqScale
  { ...base, name: 'bounce-neg', fps: 60, spring: { duration: 0.8,
    bounce: -0.5 } },
  // visualDuration and bounce: a physics spring from 2 pi / (1.2 V)
  { ...base, name: 'visual', fps: 144, spring: { visualDuration: 0.5,
    bounce: 0.3 } },
  { ...base, name: 'visual-neg', fps: 144, dur: 3,
    spring: { visualDuration: 0.5, bounce: -0.4 } },
  // the spring's restSpeed (units/s) and restDelta set: coarse, done early
  { ...base, name: 'rest-coarse', fps: 60, dur: 2,
    opts: { restSpeed: 0.5, restDelta: 0.05 } },
  // a large move with fine thresholds: not the 2 and 0.5 defaults
  { ...base, name: 'rest-fine', fps: 30, x0: 100, target: -20, dur: 4,
    opts: { restSpeed: 0.1, restDelta: 0.01 } },
];

function flags(c) {
  const k = c.spring;
  let s;
  if (k.visualDuration !== undefined)
    s = `--motion-visual-duration ${String(k.visualDuration)} ` +
      `--motion-bounce ${String(k.bounce)}`;
  else if (k.duration !== undefined)
    s = `--motion-duration ${String(k.duration)} ` +
      `--motion-bounce ${String(k.bounce)}`;
  else {
    s = `--motion-stiffness ${String(k.stiffness)} ` +
      `--motion-damping ${String(k.damping)}`;
    if (k.mass !== undefined) s += ` --motion-mass ${String(k.mass)}`;
  }
  // the library's options, as springsim's --motion-OPTION knobs
  const o = c.opts ?? {};
  if (o.restSpeed !== undefined)
    s += ` --motion-rest-speed ${String(o.restSpeed)}`;
  if (o.restDelta !== undefined)
    s += ` --motion-rest-delta ${String(o.restDelta)}`;
  return s + startArgs(c.x0, c.v0, c.target);
}

async function runCase(c) {
  let tick = null, latest = c.x0;
  const { JSAnimation } = await import('motion-dom');
  const driver = (update) => ({
    start: () => { tick = update; },
    stop: () => { tick = null; },
    now: perfNow,
  });
  const k = c.spring;
  const options = { keyframes: [c.x0, c.target], type: 'spring', driver,
    velocity: c.v0, onUpdate: (v) => { latest = v; } };
  if (k.visualDuration !== undefined) {
    options.visualDuration = k.visualDuration;
    options.bounce = k.bounce;
  } else if (k.duration !== undefined) {
    options.duration = k.duration * 1000;	// JSAnimation takes ms
    options.bounce = k.bounce;
  } else
    Object.assign(options, k);
  Object.assign(options, c.opts ?? {});
  // started at wall time 0 (now() reads 1000 ms), between frames
  const anim = new JSAnimation(options);
  return record(c, () => {
    if (tick) tick(perfNow());
    const done = anim.state === 'finished';
    // the generator's analytical velocity at the animation's time, units/s
    return { x: latest, v: done ? 0 : anim.getGeneratorVelocity(), done };
  });
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
