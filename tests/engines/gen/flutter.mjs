// flutter.mjs - goldens for --engine flutter's Tolerance knobs
// (--flutter-tolerance-distance, --flutter-tolerance-velocity).
//
// NOT the running library: there is no Dart here.  This is a small
// re-implementation, written in this file from a reading of flutter/flutter
// (04fbdcfa) packages/flutter/lib/src/physics/spring_simulation.dart
// (_UnderdampedSolution: w = sqrt(4 m k - c^2) / (2 m), r = -c / (2 m),
// c1 the start's offset from the end, c2 = (v0 - r c1) / w; x(t) =
// e^(r t) (c1 cos wt + c2 sin wt) with e^(r t) as math.pow(math.e, r t), dx
// its derivative as the file groups it), physics/tolerance.dart (Tolerance:
// distance and velocity, default 1e-3), physics/utils.dart nearZero (a
// strict |x| < epsilon), SpringSimulation.isDone (both near zero), and
// scheduler/ticker.dart + animation/animation_controller.dart (elapsed =
// whole-microsecond vsync stamp minus the first frame's, in seconds; the
// first frame shows the start; isDone stops it, the velocity then 0).  It
// shares no code with src/engines/engine_flutter.c; it checks that the
// engine reads the two knobs where Flutter's isDone does.
import { main, W1, Z1, startArgs, frameTimes } from './common.mjs';

const E = Math.E;

// One case: the P1 spring as a SpringDescription (mass 1, stiffness
// omega^2, damping 2 zeta omega) from 0 to 1 with the tolerance given.
function runCase(c) {
	const m = 1, k = W1 * W1, d = 2 * Z1 * W1;
	const dist = 0 - 1, vel = 0;
	const w = Math.sqrt(4 * m * k - d * d) / (2 * m);
	const r = -(d / 2 / m);
	const c1 = dist, c2 = (vel - r * dist) / w;
	const x = (t) => Math.pow(E, r * t) * (c1 * Math.cos(w * t) +
		c2 * Math.sin(w * t));
	const dx = (t) => {
		const p = Math.pow(E, r * t), co = Math.cos(w * t),
			si = Math.sin(w * t);
		return p * (c2 * w * co - c1 * w * si) + r * p * (c2 * si + c1 * co);
	};
	const rows = [];
	let start = null, done = false;
	for (const t of frameTimes(c.fps, c.dur)) {
		if (done) {
			rows.push({ t, x: rows[rows.length - 1].x, v: 0, done: true });
			continue;
		}
		const us = Math.round(t * 1e6);
		if (start === null)
			start = us;
		const s = (us - start) / 1e6;
		let v = dx(s);
		if (Math.abs(x(s)) < c.tolD && Math.abs(v) < c.tolV) {
			done = true;
			v = 0;
		}
		rows.push({ t, x: 1 + x(s), v, done });
	}
	return rows;
}

const args = (c) => `--flutter-stiffness ${String(W1 * W1)} ` +
	`--flutter-damping ${String(2 * Z1 * W1)}${startArgs(0, 0, 1)}` +
	` --flutter-tolerance-distance ${String(c.tolD)}` +
	` --flutter-tolerance-velocity ${String(c.tolV)}`;

const cases = [
	// coarse: ends early, well before the default's 1.8 s
	{ name: 'tolerance-coarse-60', fps: 60, tolD: 0.05, tolV: 0.5 },
	// the distance alone coarse: the velocity's default test decides
	{ name: 'tolerance-distance-144', fps: 144, tolD: 0.05, tolV: 1e-3,
	  dur: 3 },
	// finer than the default: ends later
	{ name: 'tolerance-fine-30', fps: 30, tolD: 1e-5, tolV: 1e-5, dur: 4 },
];

await main(import.meta.url, 'flutter',
	'a re-implementation of flutter spring_simulation.dart 04fbdcfa, ' +
	'tolerance.dart; no Dart here', cases, runCase, args);
