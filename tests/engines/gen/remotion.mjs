// remotion.mjs - golden trajectories of Remotion 4.0.541's spring().
//
// node tests/engines/gen/remotion.mjs [OUTDIR]
//
// Calls the real spring() (remotion dist/cjs/spring/index.js, which loads
// without react; the package entry requires it) at every frame: Remotion
// renders video, and spring() is a pure function of the integer frame
// number at the composition's fps (frame k of the clock is frame
// round(t fps); frame 0 is the start).  No clock is read.  spring()
// returns the value alone (v empty); it declares no end: `done` is 1
// from the frame past durationInFrames, where it returns `to` exactly.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root, record, arg, startArgs, main } from './common.mjs';

const require = createRequire(import.meta.url);
const { spring } = require(path.join(root,
	'tests/engines/node_modules/remotion/dist/cjs/spring/index.js'));

const W = 4 * Math.PI;

// stiffness k, damping c, mass m, from x0 to target; o: overshootClamping,
// durationInFrames (dif), the run's length (dur, s)
const C = (name, fps, k, c, m, x0, target, o = {}) => ({
	name, fps, k, c, m, x0, target, clamp: !!o.clamp, dif: o.dif,
	dur: o.dur,
	args: `--remotion-stiffness ${arg(k)} --remotion-damping ${arg(c)}` +
	    (m !== 1 ? ` --remotion-mass ${arg(m)}` : '') +
	    (o.clamp ? ' --remotion-overshoot-clamping' : '') +
	    (o.dif !== undefined ?
	    ` --remotion-duration-in-frames ${arg(o.dif)}` : '') +
	    startArgs(x0, 0, target),
});
const cases = [
	...[30, 60, 144].map((fps) =>
		C(`p1-${fps}`, fps, W * W, 2 * 0.3 * W, 1, 0, 1)),
	// 10 fps: 100 ms frames, each step capped at 64 ms
	C('cap-10', 10, W * W, 2 * 0.3 * W, 1, 0, 1),
	// over-damped zeta 2: Remotion runs the critical formula at omega0
	C('over-60', 60, W * W, 2 * 2 * W, 1, 0, 1),
	// the library's default config (100, 10, 1), from 2 down to -1
	// (interpolate onto [from, to]), mass 2 at 30 fps
	C('default-60', 60, 100, 10, 1, 2, -1),
	C('mass-30', 30, 2 * W * W, 2 * 0.3 * W * 2, 2, 0, 1),
	// overshootClamping: min(x, 1) in normalised space; downwards the
	// clip is at `to` from above
	C('clamp-60', 60, W * W, 2 * 0.3 * W, 1, 0, 1, { clamp: true }),
	C('clamp-down-30', 30, W * W, 2 * 0.3 * W, 1, 1, 0, { clamp: true }),
	// durationInFrames: the frames stretched by measureSpring's natural
	// duration / durationInFrames, `to` exactly past it
	C('dif-30', 30, W * W, 2 * 0.3 * W, 1, 0, 1, { dif: 20 }),
	C('dif-60', 60, 100, 10, 1, 0, 10, { dif: 150, dur: 3 }),
	C('dif-clamp-60', 60, W * W, 2 * 0.3 * W, 1, 0, 1,
	    { dif: 30, clamp: true }),
];

async function runCase(c) {
	const config = { stiffness: c.k, damping: c.c, mass: c.m };
	if (c.clamp)
		config.overshootClamping = true;
	return record(c, (t) => {
		const frame = Math.round(t * c.fps);
		const opts = { frame, fps: c.fps, config, from: c.x0,
		    to: c.target };
		if (c.dif !== undefined)
			opts.durationInFrames = c.dif;
		return { x: spring(opts), v: undefined,
		    done: c.dif !== undefined && frame > c.dif };
	});
}

await main(import.meta.url, 'remotion', 'remotion 4.0.541', cases, runCase);
