// svelte.mjs - golden trajectories of svelte 5.57.3's spring (svelte/motion).
//
// node tests/engines/gen/svelte.mjs [OUTDIR]
//
// Drives the real `Spring` class of svelte/motion (src/motion/spring.js:
// Spring#set -> #update -> loop -> tick_spring) and, on the p1 cases, the
// deprecated `spring()` store beside it (the same tick_spring; this script
// stops if the two ever differ).  Outside a browser svelte's raf
// (src/internal/client/timing.js) reads Date.now() and never ticks, so its
// raf.now is the stubbed performance.now() of tests/engines/README.md (what
// it reads in a browser) and raf.tick the stubbed requestAnimationFrame.
// The target is set at wall time 0.  svelte keeps no velocity (v empty);
// `done` is 1 from the frame on which the spring settles (the value set to
// the target, the task ended, the promise resolved).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { clock, perfNow, stubClocks, record, arg, startArgs, P1_RATES, main }
	from './common.mjs';

const require = createRequire(import.meta.url);
const W = 4 * Math.PI;
// svelte's numbers for omega and zeta: the 60 fps equivalent (K, B per
// frame of 1/60 s): K = (omega / 60)^2, B = 2 zeta sqrt(K)
const KB = (omega, zeta) => {
	const K = (omega / 60) * (omega / 60);
	return { K, B: 2 * zeta * Math.sqrt(K) };
};
const p1 = KB(W, 0.3);

// precision: Spring's option (undefined: the default 0.01), set with
// --svelte-precision
const C = (name, fps, K, B, x0, target, store = false, precision) => ({
	name, fps, K, B, x0, target, store, precision,
	args: `--svelte-stiffness ${arg(K)} --svelte-damping ${arg(B)}` +
	    (precision !== undefined ? ` --svelte-precision ${arg(precision)}` : '') +
	    startArgs(x0, 0, target),
});
const cases = [
	...P1_RATES.map((fps) => C(`p1-${fps}`, fps, p1.K, p1.B, 0, 1, true)),
	// off 60: a 50 fps clock (dt 1.2 frames) and 90 fps
	C('p1-50', 50, p1.K, p1.B, 0, 1),
	C('p1-90', 90, p1.K, p1.B, 0, 1),
	// svelte's defaults (stiffness 0.15, damping 0.8): settles and snaps
	C('default-60', 60, 0.15, 0.8, 0, 1),
	C('default-144', 144, 0.15, 0.8, 0, 1),
	// over-damped at 60 fps: zeta 2 (K from omega 4 pi)
	C('over-60', 60, KB(W, 2).K, KB(W, 2).B, 0, 1),
	// from 5 to -3 at 30 fps: the 1/30 s elapsed cap is reached exactly
	C('down-30', 30, 0.15, 0.8, 5, -3),
	// precision 1e-4: rests later, nearer the target (the store too)
	C('precision-144', 144, 0.15, 0.8, 0, 1, true, 1e-4),
	// precision 0.2: rests early, a large snap
	C('precision-60', 60, p1.K, p1.B, 0, 1, false, 0.2),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	const dir = path.dirname(require.resolve('svelte/motion'));
	const { raf } = await import(pathToFileURL(path.join(dir, '../internal/client/timing.js')));
	raf.now = perfNow;
	raf.tick = (fn) => globalThis.requestAnimationFrame(fn);
	const { Spring, spring } = await import('svelte/motion');

	const opts = { stiffness: c.K, damping: c.B };
	if (c.precision !== undefined)
		opts.precision = c.precision;
	const s = new Spring(c.x0, opts);
	let done = false;
	s.set(c.target).then(() => { done = true; });
	let storeValue;
	let store;
	if (c.store) {
		store = spring(c.x0, opts);
		store.subscribe((v) => { storeValue = v; });
		store.set(c.target);
	}
	return record(c, async (t) => {
		// the promises resolve in microtasks, before the next frame
		await new Promise((r) => setImmediate(r));
		if (c.store && !Object.is(storeValue, s.current))
			throw new Error(`${c.name}: spring() ${storeValue} != Spring ${s.current} at ${t}`);
		return { x: s.current, v: undefined, done };
	});
}

await main(import.meta.url, 'svelte', 'svelte 5.57.3 svelte/motion Spring', cases, runCase);
