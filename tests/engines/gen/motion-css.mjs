// motion-css.mjs - golden trajectories of Motion's spring().toString()
// (motion / framer-motion 14.14.0, motion-dom 14.14.0), the string a CSS
// transition takes: "<D>ms linear(...)"; the transition from x0 to
// target over D ms with that easing, at currentTime = 1000 t ms,
// evaluated by common-css-linear.mjs from the CSS Easing Level 2 text.
// Run alone: node tests/engines/gen/motion-css.mjs [OUTDIR]
import { main, record, startArgs, W1, Z1 } from './common.mjs';
import { parseLinear, sampleAt, motionFlags } from './common-css-linear.mjs';

const ENGINE = 'motion-css';
const LIBRARY = 'motion-dom 14.14.0';

// as gen/motion-waapi.mjs
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
// a start velocity (springsim's units/s over the travel: progress/s), a
// large move down, negative bounce, the 20 s cap
cases.push({ ...base, name: 'v0-60', fps: 60, v0: -4,
	spring: springs.p1 });
cases.push({ ...base, name: 'large-30', fps: 30, x0: 100, target: -20,
	v0: 300, dur: 3, spring: { stiffness: 2 * W1 * W1,
	damping: 2 * 2 * Z1 * W1, mass: 2 } });
cases.push({ ...base, name: 'bounce-neg-60', fps: 60,
	spring: { duration: 0.8, bounce: -0.5 } });
// Motion's restDelta and restSpeed, read on the easing's scale: coarse
cases.push({ ...base, name: 'rest-coarse-60', fps: 60, spring: springs.p1,
	opts: { restDelta: 0.02, restSpeed: 0.2 } });
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
	const { spring } = await import('motion-dom');
	const k = c.spring;
	let text;
	if (k.visualDuration !== undefined)	// spring(visualDuration, bounce)
		text = spring(k.visualDuration, k.bounce).toString();
	else if (k.duration !== undefined)	// ms, as the options take it
		text = spring({ keyframes: [0, 1], duration: k.duration * 1000,
			bounce: k.bounce }).toString();
	else
		text = spring({ keyframes: [0, 1], ...k,
			velocity: c.v0 / (c.target - c.x0), ...c.opts }).toString();
	const m = /^(\d+(?:\.\d+)?)ms (linear\(.*\))$/.exec(text);
	if (!m)
		throw new Error(`${c.name}: unexpected toString(): ${text}`);
	const pts = parseLinear(m[2]);
	return record(c, (t) => sampleAt(pts, Number(m[1]), c.x0, c.target, t));
}

await main(import.meta.url, ENGINE, LIBRARY, cases, runCase, flags);
