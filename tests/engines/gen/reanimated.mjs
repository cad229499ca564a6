// reanimated.mjs - golden trajectories of react-native-reanimated 4.8.0's
// withSpring.
//
// node tests/engines/gen/reanimated.mjs [OUTDIR]
//
// Loads the package's compiled lib/module/animation/spring/spring.js
// (withSpring, with springUtils.js and springConfigs.js) and
// lib/module/valueSetter.js through common-reanimated-hooks.mjs (only
// common/index.js and ReducedMotion.js stubbed), and assigns the spring to
// a shared value as Reanimated does: valueSetter(mutable, withSpring(...))
// calls onStart at the frame timestamp (global.__frameTimestamp, the rAF
// timestamp of wall time 0: performance.now() as tests/engines/README.md
// fixes it) and the first onFrame at once (delta 0); each frame then runs
// the requestAnimationFrame callback with its timestamp.  v is the
// library's animation.velocity (units/s); `done` is 1 from the frame on
// which onFrame returns true (the callback, finished: true).
import { register } from 'node:module';
import { clock, stubClocks, perfNow, record, arg, startArgs, P1_RATES,
	W1, Z1, main } from './common.mjs';

register('./common-reanimated-hooks.mjs', import.meta.url);

const VERSION = '4.8.0';
const LIB = '../node_modules/react-native-reanimated/lib/module/';

// stiffness k, damping c, mass m (always given: the library's default
// mass is 4, springsim's --mass 1)
const P = (name, fps, k, c, m, x0, target, v0 = 0, clamp = false) => ({
	name, fps, x0, target, v0, clamp,
	config: { stiffness: k, damping: c, mass: m },
	args: `--reanimated-stiffness ${arg(k)} --reanimated-damping ${arg(c)}` +
	    ` --reanimated-mass ${arg(m)}` +
	    startArgs(x0, v0, target) +
	    (clamp ? ' --reanimated-overshoot-clamping' : ''),
});
// duration (s; the library's ms) and dampingRatio: the stiffness search
const D = (name, fps, d, z, x0, target, v0 = 0, dur = undefined) => ({
	name, fps, x0, target, v0, clamp: false, dur,
	config: { duration: d * 1000, dampingRatio: z },
	args: `--reanimated-duration ${arg(d)} --reanimated-damping-ratio ${arg(z)}` +
	    startArgs(x0, v0, target),
});
const W = W1, Z = Z1;
const cases = [
	// p1 at mass 1: stiffness omega^2, damping 2 zeta omega
	...P1_RATES.map((fps) => P(`p1-${fps}`, fps, W * W, 2 * Z * W, 1, 0, 1)),
	// over-damped zeta 2: runs the critical formula at omega0
	P('over-60', 60, W * W, 2 * 2 * W, 1, 0, 1),
	// a start velocity towards the target, mass 2 (omega 4 pi, zeta 0.3)
	P('vel-60', 60, 2 * W * W, 2 * Z * W * 2, 2, 0, 1, 5),
	// a start velocity away from the target: dropped (the start energy
	// keeps it)
	P('away-60', 60, W * W, 2 * Z * W, 1, 0, 1, -5),
	P('away-down-144', 144, W * W, 2 * Z * W, 1, 2, -1, 3),
	// overshootClamping: ends at the target on leaving [start, target]
	P('clamp-60', 60, W * W, 2 * Z * W, 1, 0, 1, 0, true),
	P('clamp-down-30', 30, W * W, 2 * Z * W, 1, 2, -1, 0, true),
	// the library's default (GentleSpringConfig 900, 120, mass 4)
	// settles and snaps within the run
	P('gentle-60', 60, 900, 120, 4, 0, 1),
	P('gentle-irregular', 'irregular', 900, 120, 4, 0, 1),
	// Reanimated 3's default (100, 10, 1) on the irregular frames (the
	// 64 ms cap, the time lost)
	P('r3-irregular', 'irregular', 100, 10, 1, 0, 10),
	// a non-default energyThreshold: an earlier snap
	{ ...P('threshold-60', 60, W * W, 2 * Z * W, 1, 0, 1),
	    knob: { energyThreshold: 1e-3 } },
	// duration mode: the stiffness bisection, mass 4
	D('duration-60', 60, 0.55, 1, 0, 1),
	D('duration-bouncy-60', 60, 0.8, 0.3, 0, 1, 0, 2),
	D('duration-v0-144', 144, 0.4, 0.7, 0, 1, 2),
	D('duration-over-30', 30, 0.5, 1.5, 1, -1),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	globalThis.global = globalThis;
	globalThis.__DEV__ = false;
	const { withSpring } = await import(LIB + 'animation/spring/spring.js');
	const { valueSetter } = await import(LIB + 'valueSetter.js');
	const mutable = { _value: c.x0, _animation: null,
		get value() { return this._value; } };
	let done = false;
	const config = Object.assign({ velocity: c.v0,
	    overshootClamping: c.clamp }, c.config, c.knob ?? {});
	// the assignment's frame: its timestamp, wall time 0
	global.__frameTimestamp = perfNow();
	valueSetter(mutable, withSpring(c.target, config,
	    (finished) => { done = finished; }));
	global.__frameTimestamp = undefined;
	global._getAnimationTimestamp = perfNow;
	const a = mutable._animation;
	return record(c, () => ({ x: mutable._value, v: a.velocity, done }));
}

// a case's flags: its spring's, then its knobs'
const argsOf = (c) => c.args + (c.knob?.energyThreshold !== undefined ?
    ` --reanimated-energy-threshold ${arg(c.knob.energyThreshold)}` : '');

await main(import.meta.url, 'reanimated',
    `react-native-reanimated ${VERSION} withSpring, lib/module/animation/spring`,
    cases, runCase, argsOf);
