// motion-one.mjs - golden trajectories of Motion One 10.18.0's spring.
//
// node tests/engines/gen/motion-one.mjs [OUTDIR]
//
// Drives the real @motionone/animation Animation (its tick, the JS player
// @motionone/dom's animateStyle falls back to without WAAPI) with the real
// @motionone/dom `spring` easing (create-generator-easing.es.js: the
// @motionone/generators spring pregenerated into keyframes every 10 ms by
// pregenerate-keyframes.es.js, then played back with linear easing).
// performance.now() (read by play() at wall time 0: startTime) and the rAF
// timestamps are the stubbed clocks of tests/engines/README.md.  The shown
// value is what the Animation passes to its output; Motion One keeps no
// velocity (v empty).  `done` is 1 from the frame on which the Animation
// finishes (playState "finished", its promise resolved).
import { clock, stubClocks, record, arg, startArgs, P1_RATES, main }
	from './common.mjs';

const W = 4 * Math.PI;

// stiffness k, damping c, mass m, from x0 to target with velocity v0 (units/s)
const C = (name, fps, k, c, m, x0, target, v0 = 0) => ({
	name, fps, k, c, m, x0, target, v0,
	args: `--motion-one-stiffness ${arg(k)} --motion-one-damping ${arg(c)}` +
	    (m !== 1 ? ` --motion-one-mass ${arg(m)}` : '') +
	    startArgs(x0, v0, target),
});
const cases = [
	...P1_RATES.map((fps) => C(`p1-${fps}`, fps, W * W, 2 * 0.3 * W, 1, 0, 1)),
	// over-damped zeta 2: Motion One runs the critical formula at omega0
	C('over-60', 60, W * W, 2 * 2 * W, 1, 0, 1),
	// a start velocity (units/s) and a mass: omega 4 pi, zeta 0.3, mass 2
	C('vel-60', 60, 2 * W * W, 2 * 0.3 * W * 2, 2, 0, 1, -5),
	// the library's default spring (stiffness 100, damping 10): settles,
	// the last keyframe is the target, the Animation finishes
	C('default-60', 60, 100, 10, 1, 0, 1),
	C('default-144', 144, 100, 10, 1, 0, 1),
	// |to - from| >= 5: rest speed 2, rest distance 0.5 (isGranularScale)
	C('wide-30', 30, 100, 10, 1, 0, 100),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	const { Animation } = await import('@motionone/animation');
	const { spring } = await import('@motionone/dom');
	let latest;
	const easing = spring({ stiffness: c.k, damping: c.c, mass: c.m,
	    velocity: c.v0 });
	const anim = new Animation((v) => { latest = v; }, [c.x0, c.target],
	    { easing });
	return record(c, () => ({ x: latest, v: undefined,
	    done: anim.playState === 'finished' }));
}

await main(import.meta.url, 'motion-one', '@motionone/animation, @motionone/dom, @motionone/generators 10.18.0', cases, runCase);
