// react-motion.mjs - golden trajectories of react-motion 0.5.2's <Motion>.
//
// node tests/engines/gen/react-motion.mjs [OUTDIR]
//
// Drives the real lib/Motion.js (its startAnimationIfNecessary rAF loop,
// which calls lib/stepper.js) and lib/spring.js from node_modules.  No React
// renderer runs it: react-motion 0.5.2 declares React <= 16 as its peer,
// react-dom 19 needs a DOM to mount a component and react-dom/server never
// calls componentDidMount.  So the Motion class (extending React 19's
// Component) is constructed with its props, given an updater that merges
// setState at once (what React commits before the next frame; Motion reads
// this.state only in its next rAF callback), and componentDidMount() is
// called at wall time 0, as React would on mount.  Its `raf` and
// `performance-now` modules are the stubbed clocks of tests/engines/README.md:
// rAF callbacks get the timestamp 1000 + 1000 t ms, performance.now() (read
// at mount: prevTime) the same.  `done` is 1 from the frame whose callback
// finds the style at rest and calls onRest.
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { clock, perfNow, stubClocks, record, arg, startArgs, P1_RATES, main }
	from './common.mjs';

const require = createRequire(import.meta.url);
const W = 4 * Math.PI;
const p1 = { k: W * W, b: 2 * 0.3 * W };

// stiffness k, damping b (mass 1: react-motion has none), from x0 to target
// precision: spring()'s option (undefined: the default 0.01), set with
// --react-motion-precision
const C = (name, fps, k, b, x0, target, precision) => ({
	name, fps, k, b, x0, target, precision,
	args: `--react-motion-stiffness ${arg(k)} --react-motion-damping ${arg(b)}` +
	    (precision !== undefined ? ` --react-motion-precision ${arg(precision)}` : '') +
	    startArgs(x0, 0, target),
});
const cases = [
	...P1_RATES.map((fps) => C(`p1-${fps}`, fps, p1.k, p1.b, 0, 1)),
	// presets.noWobble (lib/presets.js), the default: settles, snaps, onRest
	C('nowobble-60', 60, 170, 26, 0, 1),
	C('nowobble-144', 144, 170, 26, 0, 1),
	C('nowobble-irregular', 'irregular', 170, 26, 0, 1),
	// over-damped (zeta 2): the stepper runs it as given
	C('over-60', 60, p1.k, 2 * 2 * W, 0, 1),
	// from 3 down to -1: the snap and the precision in units of the motion
	C('down-30', 30, 170, 26, 3, -1),
	// precision set: 1e-4 rests later, 0.1 snaps early and far
	C('precision-fine-144', 144, 170, 26, 0, 1, 1e-4),
	C('precision-coarse-60', 60, p1.k, p1.b, 0, 1, 0.1),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	// lib/Motion.js requires 'performance-now' (0.2.0, process.hrtime) and
	// 'raf' (which takes the global requestAnimationFrame when it loads)
	const rmDir = path.dirname(require.resolve('react-motion/lib/Motion.js'));
	const rmRequire = createRequire(path.join(rmDir, 'Motion.js'));
	const pn = rmRequire.resolve('performance-now');
	const m = new Module(pn);
	m.filename = pn;
	m.loaded = true;
	m.exports = perfNow;
	require.cache[pn] = m;
	const Motion = require('react-motion/lib/Motion.js');
	const spring = require('react-motion/lib/spring.js');

	let rested = false;
	const motion = new Motion({
		defaultStyle: { x: c.x0 },
		style: { x: spring(c.target, { stiffness: c.k, damping: c.b,
		    ...(c.precision !== undefined ? { precision: c.precision } : {}) }) },
		children: () => null,
		onRest: () => { rested = true; },
	});
	motion.updater = {
		isMounted: () => true,
		enqueueSetState(inst, partial) {
			inst.state = Object.assign({}, inst.state, partial);
		},
		enqueueForceUpdate() {},
		enqueueReplaceState(inst, s) { inst.state = s; },
	};
	motion.componentDidMount();
	return record(c, () => ({ x: motion.state.currentStyle.x,
	    v: motion.state.currentVelocity.x, done: rested }));
}

await main(import.meta.url, 'react-motion', 'react-motion 0.5.2', cases, runCase);
