// motion-waapi.mjs - golden trajectories of Motion's WAAPI path (motion /
// framer-motion 14.14.0, motion-dom 14.14.0): a real
// NativeAnimationExtended of type 'spring' on a fake element whose
// animate() records the keyframes and the timing (duration, the linear()
// easing Motion generated, fill); the browser's part, the linear() easing
// at currentTime = 1000 t ms and the keyframes interpolated, evaluated by
// common-css-linear.mjs from the CSS Easing Level 2 text.
// Run alone: node tests/engines/gen/motion-waapi.mjs [OUTDIR]
import { main, record, startArgs, W1, Z1 } from './common.mjs';
import { parseLinear, sampleAt, motionFlags } from './common-css-linear.mjs';

const ENGINE = 'motion-waapi';
const LIBRARY = 'motion-dom 14.14.0';

// Motion's defaults (stiffness 100, damping 10), p1 (omega 4 pi, zeta
// 0.3), a bouncy one (zeta 0.1), over-damped (zeta 1.5), duration and
// bounce, visualDuration and bounce: each at 30, 60 and 144 fps.
const springs = {
	default: { stiffness: 100, damping: 10 },
	p1: { stiffness: W1 * W1, damping: 2 * Z1 * W1 },
	bouncy: { stiffness: W1 * W1, damping: 2 * 0.1 * W1 },
	over: { stiffness: W1 * W1, damping: 2 * 1.5 * W1 },
	duration: { duration: 0.8, bounce: 0.25 },
	visual: { visualDuration: 0.5, bounce: 0.3 },
};
const base = { x0: 0, v0: 0, target: 1, dur: 2 };
export const cases = [];
for (const [name, spring] of Object.entries(springs))
	for (const fps of [30, 60, 144])
		// zeta 0.1 rests after 4 s: 5 s for its end
		cases.push({ ...base, name: `${name}-${fps}`, fps, spring,
			dur: name === 'bouncy' ? 5 : base.dur });
// a start velocity (units/s; scaled by 100 / delta for the 0..100
// generator), a large move down, negative bounce; a spring still
// ringing at 20 s (the cap: 2000 points, the end committed)
cases.push({ ...base, name: 'v0-60', fps: 60, v0: -4,
	spring: springs.p1 });
cases.push({ ...base, name: 'large-30', fps: 30, x0: 100, target: -20,
	v0: 300, dur: 3, spring: { stiffness: 2 * W1 * W1,
	damping: 2 * 2 * Z1 * W1, mass: 2 } });
cases.push({ ...base, name: 'bounce-neg-60', fps: 60,
	spring: { duration: 0.8, bounce: -0.5 } });
// Motion's restDelta and restSpeed, read on the easing's scale: coarse
cases.push({ ...base, name: 'rest-coarse-60', fps: 60, spring: springs.p1,
	opts: { restDelta: 2, restSpeed: 20 } });
cases.push({ ...base, name: 'cap-30', fps: 30, dur: 21,
	spring: { stiffness: 100, damping: 0.1 } });

// the options as springsim's --motion-OPTION knobs
function flags(c) {
	const o = c.opts ?? {};
	let s = motionFlags(c.spring);
	if (o.restSpeed !== undefined)
		s += ` --motion-rest-speed ${String(o.restSpeed)}`;
	if (o.restDelta !== undefined)
		s += ` --motion-rest-delta ${String(o.restDelta)}`;
	return s + startArgs(c.x0, c.v0, c.target);
}

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
