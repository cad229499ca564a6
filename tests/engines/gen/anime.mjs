// anime.mjs - golden trajectories of anime.js 4.5.0's spring() easing.
//
// node tests/engines/gen/anime.mjs [OUTDIR]
//
// Drives the real animejs engine: animate() on a plain object, { from: x0,
// to: target } with `ease: spring({...})` (dist/modules/easings/spring:
// the Spring easing, the animation's duration its settlingDuration), the
// engine's own loop replaced by calling engine.update() once a frame
// (engine.useDefaultMainLoop = false, anime's documented hook for an
// external loop; in a browser its rAF callback does the same).  anime reads
// its time with Date.now (core/helpers.js `now`, captured when the module
// loads, so it is stubbed before the import): whole milliseconds
// floor(1700000000000 + 1000 t).  The animation is created at wall time 0.
// anime keeps no velocity (v empty); `done` is 1 from the frame on which
// the animation completes (onComplete).
import { clock, stubClocks, record, arg, startArgs, P1_RATES, main }
	from './common.mjs';

const W = 4 * Math.PI;

// stiffness k, damping c, mass m, velocity vn (anime's: in units of the
// motion, |target - x0|, per second), or duration D (s) and bounce B
const P = (name, fps, k, c, m, x0, target, v0 = 0) => ({
	name, fps, x0, target, v0, params: { stiffness: k, damping: c, mass: m,
	    velocity: v0 / (target - x0) },
	// a mass below 1, which anime raises to 1 and --anime-mass refuses,
	// is asked through springsim's own --omega, --zeta, --mass
	args: (m < 1 ? `--omega ${arg(Math.sqrt(k / m))} --zeta ` +
	    `${arg(c / (2 * Math.sqrt(k * m)))} --mass ${arg(m)}` :
	    `--anime-stiffness ${arg(k)} --anime-damping ${arg(c)}` +
	    (m !== 1 ? ` --anime-mass ${arg(m)}` : '')) +
	    startArgs(x0, v0, target),
});
const D = (name, fps, dur, bounce, x0, target) => ({
	name, fps, x0, target, params: { duration: dur * 1000, bounce },
	args: `--anime-duration ${arg(dur)} --anime-bounce ${arg(bounce)}` +
	    startArgs(x0, 0, target),
});
const cases = [
	...P1_RATES.map((fps) => P(`p1-${fps}`, fps, W * W, 2 * 0.3 * W, 1, 0, 1)),
	// mass 0.5 (omega 4 pi, zeta 0.3 asked): anime runs mass 1
	P('mass-60', 60, 0.5 * W * W, 2 * 0.3 * W * 0.5, 0.5, 0, 1),
	// over-damped zeta 2: anime's own over-damped branch
	P('over-60', 60, W * W, 2 * 2 * W, 1, 0, 1),
	// a start velocity, from 2 to -1 (anime's velocity -4 / -3 per s)
	P('vel-60', 60, W * W, 2 * 0.3 * W, 1, 2, -1, 4),
	// the library's default spring (stiffness 100, damping 10): completes
	P('default-60', 60, 100, 10, 1, 0, 1),
	// duration 0.8 s, bounce 0.3: stiffness and damping rounded to 3
	// decimals (61.685, 10.996)
	D('bd-60', 60, 0.8, 0.3, 0, 1),
	D('bd-144', 144, 0.8, 0.3, 0, 1),
	// duration 0.05 s, bounce -0.5: damping 4 pi / 0.025 capped at 300
	D('cap-60', 60, 0.05, -0.5, 0, 1),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	const { animate, spring, engine } = await import('animejs');
	engine.useDefaultMainLoop = false;
	const obj = { x: c.x0 };
	let done = false;
	animate(obj, { x: { from: c.x0, to: c.target }, ease: spring(c.params),
	    onComplete: () => { done = true; } });
	return record(c, () => {
		engine.update();
		return { x: obj.x, v: undefined, done };
	});
}

await main(import.meta.url, 'anime', 'animejs 4.5.0', cases, runCase);
