// motion-css.mjs - golden trajectories of Motion's spring().toString()
// (motion / framer-motion 14.14.0, motion-dom 14.14.0), the string a CSS
// transition takes: "<D>ms linear(...)"; the transition from x0 to
// target over D ms with that easing, at currentTime = 1000 t ms,
// evaluated by common-css-linear.mjs from the CSS Easing Level 2 text.
// Run alone: node tests/engines/gen/motion-css.mjs [OUTDIR]
import { main, record } from './common.mjs';
import { parseLinear, sampleAt, motionCases, flags } from './common-css-linear.mjs';

const ENGINE = 'motion-css';
const LIBRARY = 'motion-dom 14.14.0';

// the cases (common-css-linear.mjs); restDelta 0.02 and restSpeed 0.2
// are "coarse" on toString()'s 0..1 scale
export const cases = motionCases({ restDelta: 0.02, restSpeed: 0.2 });

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
