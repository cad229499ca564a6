// common-css-linear.mjs - a CSS linear() easing evaluated as CSS Easing
// Level 2 defines it (section "linear easing function": parsing the
// control points, "canonicalize" the missing inputs, then "output of a
// linear easing function"), written here from the specification and not
// from springsim's C; and a transition or Web Animation of one number
// with that easing sampled at frame times.  Shared by motion-waapi.mjs
// and motion-css.mjs (the Makefile and engines.bats skip common*.mjs).

import { startArgs, W1, Z1 } from './common.mjs';

// "linear(0, 0.5 25%, 1)" -> [{ input, output }], inputs canonicalized:
// the first defaults to 0, the last to 1, an input below the largest
// before it raised to that, and runs without one spread evenly between
// their neighbours.
export function parseLinear(text) {
	const m = /^\s*linear\((.*)\)\s*$/.exec(text);
	if (!m)
		throw new Error(`not a linear() easing: ${text}`);
	const pts = [];
	for (const item of m[1].split(',')) {
		const words = item.trim().split(/\s+/);
		const output = Number(words[0]);
		const inputs = words.slice(1).map((w) => {
			if (!w.endsWith('%'))
				throw new Error(`input not a percentage: ${w}`);
			return Number(w.slice(0, -1)) / 100;
		});
		if (!Number.isFinite(output) || inputs.length > 2)
			throw new Error(`bad control point: ${item}`);
		if (inputs.length === 0)
			pts.push({ output, input: null });
		for (const input of inputs)
			pts.push({ output, input });
	}
	if (pts.length < 2)
		throw new Error('linear() needs two points');
	if (pts[0].input === null)
		pts[0].input = 0;
	if (pts[pts.length - 1].input === null)
		pts[pts.length - 1].input = 1;
	let largest = -Infinity;
	for (const p of pts) {
		if (p.input !== null) {
			p.input = Math.max(p.input, largest);
			largest = p.input;
		}
	}
	for (let i = 1; i < pts.length; i++) {
		if (pts[i].input !== null)
			continue;
		let j = i;
		while (pts[j].input === null)
			j++;
		const a = pts[i - 1].input, b = pts[j].input, run = j - (i - 1);
		for (let k = i; k < j; k++)
			pts[k].input = a + (b - a) * (k - (i - 1)) / run;
		i = j;
	}
	return pts;
}

// The easing's output at input progress x, and the slope of the segment
// used (d output / d input).
export function evalLinear(pts, x) {
	let a = 0;
	for (let i = 0; i < pts.length; i++)
		if (pts[i].input <= x)
			a = i;
	if (a === pts.length - 1)
		a--;
	const A = pts[a], B = pts[a + 1];
	if (A.input === B.input)
		return { y: B.output, slope: 0 };
	const f = (x - A.input) / (B.input - A.input);
	return { y: A.output + f * (B.output - A.output),
		slope: (B.output - A.output) / (B.input - A.input) };
}

// A number animated from x0 to target over dur ms with the easing, started
// at wall time 0 (currentTime 1000 t ms): the value, its velocity (units/s:
// the segment's slope) and whether it has finished (currentTime >= dur:
// then the end keyframe, which Motion commits).
export function sampleAt(pts, dur, x0, target, t) {
	const now = t * 1000;
	if (now >= dur)
		return { x: target, v: 0, done: true };
	const e = evalLinear(pts, now / dur);
	return { x: x0 + (target - x0) * e.y,
		v: (target - x0) * e.slope / dur * 1000, done: false };
}

// springsim's flags for Motion's three dialects (as gen/motion.mjs).
export function motionFlags(k) {
	if (k.visualDuration !== undefined)
		return `--motion-visual-duration ${String(k.visualDuration)} ` +
			`--motion-bounce ${String(k.bounce)}`;
	if (k.duration !== undefined)
		return `--motion-duration ${String(k.duration)} ` +
			`--motion-bounce ${String(k.bounce)}`;
	let s = `--motion-stiffness ${String(k.stiffness)} ` +
		`--motion-damping ${String(k.damping)}`;
	if (k.mass !== undefined)
		s += ` --motion-mass ${String(k.mass)}`;
	return s;
}

// The cases of both Motion easings: Motion's defaults (stiffness 100,
// damping 10), p1 (omega 4 pi, zeta 0.3), a bouncy one (zeta 0.1),
// over-damped (zeta 1.5), duration and bounce, visualDuration and
// bounce, each at 30, 60 and 144 fps; then a start velocity, a large
// move down, negative bounce, coarse rest options (coarseRest, on the
// easing's own scale), and a spring still ringing at 20 s (the cap).
export function motionCases(coarseRest) {
	const springs = {
		default: { stiffness: 100, damping: 10 },
		p1: { stiffness: W1 * W1, damping: 2 * Z1 * W1 },
		bouncy: { stiffness: W1 * W1, damping: 2 * 0.1 * W1 },
		over: { stiffness: W1 * W1, damping: 2 * 1.5 * W1 },
		duration: { duration: 0.8, bounce: 0.25 },
		visual: { visualDuration: 0.5, bounce: 0.3 },
	};
	const base = { x0: 0, v0: 0, target: 1, dur: 2 };
	const cases = [];
	for (const [name, spring] of Object.entries(springs))
		for (const fps of [30, 60, 144])
			// zeta 0.1 rests after 4 s: 5 s for its end
			cases.push({ ...base, name: `${name}-${fps}`, fps, spring,
				dur: name === 'bouncy' ? 5 : base.dur });
	cases.push({ ...base, name: 'v0-60', fps: 60, v0: -4,
		spring: springs.p1 });
	cases.push({ ...base, name: 'large-30', fps: 30, x0: 100, target: -20,
		v0: 300, dur: 3, spring: { stiffness: 2 * W1 * W1,
		damping: 2 * 2 * Z1 * W1, mass: 2 } });
	cases.push({ ...base, name: 'bounce-neg-60', fps: 60,
		spring: { duration: 0.8, bounce: -0.5 } });
	cases.push({ ...base, name: 'rest-coarse-60', fps: 60,
		spring: springs.p1, opts: coarseRest });
	cases.push({ ...base, name: 'cap-30', fps: 30, dur: 21,
		spring: { stiffness: 100, damping: 0.1 } });
	return cases;
}

// A case's springsim flags: its dialect, the rest options as the
// --motion-OPTION knobs, its start and target.
export function flags(c) {
	const o = c.opts ?? {};
	let s = motionFlags(c.spring);
	if (o.restSpeed !== undefined)
		s += ` --motion-rest-speed ${String(o.restSpeed)}`;
	if (o.restDelta !== undefined)
		s += ` --motion-rest-delta ${String(o.restDelta)}`;
	return s + startArgs(c.x0, c.v0, c.target);
}
