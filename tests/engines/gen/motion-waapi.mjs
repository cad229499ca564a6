// motion-waapi.mjs - golden trajectories of Motion's WAAPI path (motion /
// framer-motion 14.14.0, motion-dom 14.14.0): a real
// NativeAnimationExtended of type 'spring' on a fake element whose
// animate() records the keyframes and the timing (duration, the linear()
// easing Motion generated, fill); the browser's part, the linear() easing
// at currentTime = 1000 t ms and the keyframes interpolated, evaluated by
// common-css-linear.mjs from the CSS Easing Level 2 text.
// Run alone: node tests/engines/gen/motion-waapi.mjs [OUTDIR]
import { main, record } from './common.mjs';
import { parseLinear, sampleAt, motionCases, flags } from './common-css-linear.mjs';

const ENGINE = 'motion-waapi';
const LIBRARY = 'motion-dom 14.14.0';

// the cases (common-css-linear.mjs); restDelta 2 and restSpeed 20 are
// "coarse" on the WAAPI generator's 0..100 scale
export const cases = motionCases({ restDelta: 2, restSpeed: 20 });

async function runCase(c) {
	let rec = null;
	// supportsLinearEasing() tries linear() on a div: a browser that has it
	globalThis.document = {
		createElement: () => ({ animate: () => ({}) }),
	};
	const { NativeAnimationExtended } = await import('motion-dom');
	const fakeAnimation = { pause() {}, play() {}, cancel() {},
		finish() {}, onfinish: null, startTime: null, currentTime: 0,
		playbackRate: 1, playState: 'running' };
	const element = {
		animate: (keyframes, timing) => {
			rec = { keyframes, timing };
			return fakeAnimation;
		},
	};
	const k = c.spring;
	const options = { element, name: 'opacity', keyframes: [c.x0, c.target],
		type: 'spring', velocity: c.v0 };
	if (k.visualDuration !== undefined)
		Object.assign(options, { visualDuration: k.visualDuration,
			bounce: k.bounce });
	else if (k.duration !== undefined)	// ms, as Motion's options take it
		Object.assign(options, { duration: k.duration * 1000,
			bounce: k.bounce });
	else
		Object.assign(options, k);
	Object.assign(options, c.opts ?? {});
	new NativeAnimationExtended(options);
	const [from, to] = rec.keyframes.opacity;
	if (from !== c.x0 || to !== c.target || rec.timing.fill !== 'both')
		throw new Error(`${c.name}: unexpected animate() call`);
	const pts = parseLinear(rec.timing.easing);
	return record(c, (t) => sampleAt(pts, rec.timing.duration, from, to, t));
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
