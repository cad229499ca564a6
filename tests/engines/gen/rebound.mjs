// rebound.mjs - golden trajectories of rebound-js 0.1.0: a real
// SpringSystem on its default AnimationLooper, whose frame callback
// (util.onFrame: window.requestAnimationFrame, read when rebound loads) is
// stubbed so that frame k calls back at wall time t_k; the looper reads
// Date.now() = floor(1700000000000 + 1000 t) ms (tests/engines/README.md).
// Run alone: node tests/engines/gen/rebound.mjs [OUTDIR]
import { createRequire } from 'node:module';
import { main, record, stubClocks, startArgs, P1_RATES, W1, Z1 }
  from './common.mjs';

const ENGINE = 'rebound';
const LIBRARY = 'rebound 0.1.0';

// rebound's SpringConfig(tension, friction) is raw, mass 1
const p1 = { tension: W1 * W1, friction: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, spring: p1 };
const cases = [
  ...P1_RATES.map((fps) => ({ ...base, name: `p1-${fps}`, fps })),
  // zeta 1.5
  { ...base, name: 'over', fps: 60, spring: { tension: W1 * W1,
    friction: 2 * 1.5 * W1 } },
  // a start velocity, units/s (rebound's own unit)
  { ...base, name: 'v0', fps: 60, v0: -4 },
  // the rest snap: |v| < 0.001 and |end - x| <= 0.001
  { ...base, name: 'rest', fps: 60, dur: 4 },
  // overshootClamping: the first overshoot snaps to the end and rests
  { ...base, name: 'clamp', fps: 144, clamp: true },
  // Origami's defaults (40, 7): tension (40-30) 3.62 + 194, friction
  // (7-8) 3 + 25
  { ...base, name: 'origami', fps: 60, spring: { origamiTension: 40,
    origamiFriction: 7 } },
  // Origami friction 0 is friction 1 in rebound-js (Java keeps 0 at 0)
  { ...base, name: 'origami-zero', fps: 30, x0: 1, target: -1,
    spring: { origamiTension: 40, origamiFriction: 0 } },
  // the rest thresholds set (setRestSpeedThreshold,
  // setRestDisplacementThreshold): coarse, an early rest
  { ...base, name: 'rest-coarse', fps: 60, dur: 2,
    opts: { restSpeedThreshold: 0.3, restDisplacementThreshold: 0.03 } },
  // a fine displacement threshold with a coarse speed, v0, 30 fps
  { ...base, name: 'rest-mixed', fps: 30, v0: 2, dur: 4,
    opts: { restSpeedThreshold: 0.05, restDisplacementThreshold: 1e-5 } },
];

function flags(c) {
  const k = c.spring;
  let s = k.origamiTension !== undefined
    ? `--origami-tension ${String(k.origamiTension)} ` +
      `--origami-friction ${String(k.origamiFriction)}`
    : `--rebound-tension ${String(k.tension)} ` +
      `--rebound-friction ${String(k.friction)}`;
  if (c.clamp) s += ' --clamp';
  // the library's options, as springsim's --rebound-OPTION knobs
  const o = c.opts ?? {};
  if (o.restSpeedThreshold !== undefined)
    s += ` --rebound-rest-speed-threshold ${String(o.restSpeedThreshold)}`;
  if (o.restDisplacementThreshold !== undefined)
    s += ' --rebound-rest-displacement-threshold ' +
      String(o.restDisplacementThreshold);
  return s + startArgs(c.x0, c.v0, c.target);
}

async function runCase(c) {
  stubClocks(true);
  const rebound = createRequire(import.meta.url)('rebound');
  const system = new rebound.SpringSystem();
  const k = c.spring;
  const spring = k.origamiTension !== undefined
    ? system.createSpring(k.origamiTension, k.origamiFriction)
    : system.createSpringWithConfig(new rebound.SpringConfig(k.tension,
      k.friction));
  let done = false;
  spring.addListener({ onSpringAtRest: () => { done = true; } });
  spring.setOvershootClampingEnabled(!!c.clamp);
  const o = c.opts ?? {};
  if (o.restSpeedThreshold !== undefined)
    spring.setRestSpeedThreshold(o.restSpeedThreshold);
  if (o.restDisplacementThreshold !== undefined)
    spring.setRestDisplacementThreshold(o.restDisplacementThreshold);
  // started at wall time 0, between frames
  spring.setCurrentValue(c.x0);
  spring.setVelocity(c.v0);
  spring.setEndValue(c.target);
  return record(c, () => ({ x: spring.getCurrentValue(),
    v: spring.getVelocity(), done }));
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
