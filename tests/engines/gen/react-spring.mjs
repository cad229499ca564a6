// react-spring.mjs - golden trajectories of @react-spring/core 10.1.2: a
// real SpringValue advanced by the real rafz loop in frameLoop 'demand'
// mode (raf.advance() is one frame), its clock Globals.assign({ now })
// reading performance.now() = 1000 + 1000 t ms (tests/engines/README.md).
// Run alone: node tests/engines/gen/react-spring.mjs [OUTDIR]
import { main, record, perfNow, startArgs, P1_RATES, W1, Z1 }
  from './common.mjs';

const ENGINE = 'react-spring';
const LIBRARY = '@react-spring/core 10.1.2';

// tension = m omega^2, friction = 2 zeta omega m (mass 1)
const p1 = { tension: W1 * W1, friction: 2 * Z1 * W1 };
const base = { x0: 0, v0: 0, target: 1, dur: 1.5, config: p1 };
const cases = [
  ...P1_RATES.map((fps) => ({ ...base, name: `p1-${fps}`, fps })),
  // zeta 1.5
  { ...base, name: 'over', fps: 60, config: { tension: W1 * W1,
    friction: 2 * 1.5 * W1 } },
  // a start velocity: config.velocity is units/ms (-4 units/s)
  { ...base, name: 'v0', fps: 60, v0: -4 },
  // from == to: precision 0.005, isGrowing = v0 > 0
  { ...base, name: 'kick', fps: 60, x0: 0, target: 0, v0: 3, dur: 3 },
  // long enough for the rest snap (done)
  { ...base, name: 'rest', fps: 60, dur: 4 },
  // clamp: bounce factor 0 at the target
  { ...base, name: 'clamp', fps: 60, clamp: true },
  // config.precision (the rest distance) set: rests far from the target
  { ...base, name: 'precision', fps: 60, dur: 3,
    opts: { precision: 0.05 } },
  // config.restVelocity (units/ms) set with a fine precision: the speed
  // test decides
  { ...base, name: 'rest-velocity', fps: 144, dur: 3,
    opts: { precision: 0.01, restVelocity: 0.0005 } },
  // frequency (a period, s) and damping, mass 2: mergeConfig's formulas
  { ...base, name: 'frequency', fps: 144, x0: 2, target: -1,
    config: { frequency: 0.5, damping: 0.3, mass: 2 } },
];

function flags(c) {
  const k = c.config;
  let s = k.frequency !== undefined
    ? `--react-frequency ${String(k.frequency)} ` +
      `--react-damping-ratio ${String(k.damping)}`
    : `--react-tension ${String(k.tension)} ` +
      `--react-friction ${String(k.friction)}`;
  if (k.mass !== undefined) s += ` --react-mass ${String(k.mass)}`;
  if (c.clamp) s += ' --clamp';
  // the library's options, as springsim's --react-spring-OPTION knobs
  const o = c.opts ?? {};
  if (o.precision !== undefined)
    s += ` --react-spring-precision ${String(o.precision)}`;
  if (o.restVelocity !== undefined)
    s += ` --react-spring-rest-velocity ${String(o.restVelocity)}`;
  return s + startArgs(c.x0, c.v0, c.target);
}

async function runCase(c) {
  const { SpringValue, Globals } = await import('@react-spring/core');
  const { raf } = await import('@react-spring/rafz');
  Globals.assign({ now: perfNow, frameLoop: 'demand' });
  const config = { ...c.config, velocity: c.v0 / 1000 };
  if (c.clamp) config.clamp = true;
  Object.assign(config, c.opts ?? {});
  // started at wall time 0 (now reads 1000 ms), between frames
  const s = new SpringValue(c.x0);
  s.start({ from: c.x0, to: c.target, config });
  return record(c, () => {
    raf.advance();
    // SpringValue.velocity: the node's lastVelocity, units/ms
    return { x: s.get(), v: s.velocity * 1000, done: s.idle };
  });
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
