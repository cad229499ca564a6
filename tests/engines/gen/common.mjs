// common.mjs - what every golden generator shares (tests/engines/README.md
// fixes all of it): the frame times, the clocks stubbed as
// src/engines/engineclock.h reads them, the golden file's format, and running each
// case in a fresh node process (the libraries keep their frame loops in
// module state: a case must not inherit the loop a previous case left
// running).  Not a generator itself: the Makefile and engines.bats skip
// common*.mjs.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const IRREGULAR = 'tests/engines/frames/irregular.txt';
// A case's length (s) unless it says otherwise.
export const DURATION = 1.5;
// The frame rates every engine's p1 case runs at: p1-30 ... p1-irregular.
export const P1_RATES = [30, 60, 144, 'irregular'];

// The p1 spring: omega 4 pi, zeta 0.3, mass 1, from rest at 0 to 1.
export const W1 = 4 * Math.PI;
export const Z1 = 0.3;

// The frame wall times (s) of a case: k dt for a fixed rate, as springsim's
// --dt clock computes them for --duration dur (ceil(dur / dt) frames, a
// ratio within 1e-9 of a whole number taken as that: src/sim.c
// spring_frame_count); fps 'irregular': the dts of frames/irregular.txt
// summed as springsim sums a recorded schedule (src/schedule.c,
// spring_clock_next: Neumaier's compensated sum, the time read is wall +
// comp).
export function frameTimes(fps, dur = DURATION) {
	const out = [];
	if (fps === 'irregular') {
		const dts = readFileSync(path.join(root, IRREGULAR), 'utf8')
			.split('\n').filter((l) => l.trim() !== '').map(Number);
		let wall = 0, comp = 0;
		for (const dt of dts) {
			const sum = wall + dt;
			if (Math.abs(wall) >= Math.abs(dt))
				comp += (wall - sum) + dt;
			else
				comp += (dt - sum) + wall;
			wall = sum;
			out.push(wall + comp);
		}
		return out;
	}
	const dt = 1 / fps;
	const r = dur / dt, n = Math.round(r);
	const count = Math.abs(r - n) <= 1e-9 * Math.max(n, 1) ? n
		: Math.ceil(r);
	for (let k = 1; k <= count; k++)
		out.push(k * dt);
	return out;
}

// The springsim flags of a case's clock.
export function clockArgs(fps, dur = DURATION) {
	if (fps === 'irregular')
		return `--frames-from ${IRREGULAR}`;
	return `--dt ${String(1 / fps)} --duration ${String(dur)}`;
}

// A parameter for the springsim command line: the shortest round trip.
export const arg = (x) => String(x);

// springsim's start flags: --x0 and --v0 (units/s) when not 0, --target.
export function startArgs(x0, v0, target) {
	return (x0 ? ` --x0 ${arg(x0)}` : '') + (v0 ? ` --v0 ${arg(v0)}` : '') +
		` --target ${arg(target)}`;
}

// The clocks (src/engines/engineclock.h): wall time t s since the animation started.
export const clock = { t: 0 };
export const perfNow = () => 1000 + clock.t * 1000;
export const dateNow = () => Math.floor(1700000000000 + clock.t * 1000);

let rafQueue = [];
let rafId = 0;

// Replace performance.now, Date.now and requestAnimationFrame before any
// library is loaded (some capture them when their module loads); with
// window, also window.requestAnimationFrame (what framesync and rebound
// look for).
export function stubClocks(window = false) {
	Object.defineProperty(globalThis, 'performance', {
		value: { now: perfNow }, configurable: true, writable: true,
	});
	Date.now = dateNow;
	globalThis.requestAnimationFrame = (cb) => {
		rafQueue.push({ id: ++rafId, cb });
		return rafId;
	};
	globalThis.cancelAnimationFrame = (id) => {
		rafQueue = rafQueue.filter((e) => e.id !== id);
	};
	if (window)
		globalThis.window = {
			requestAnimationFrame: (cb) => globalThis.requestAnimationFrame(cb),
		};
}

// One display frame at wall time t: the clocks read t, then the callbacks
// requested before it run with the rAF timestamp (performance.now's).
export function runFrame(t) {
	clock.t = t;
	const q = rafQueue;
	rafQueue = [];
	for (const e of q)
		e.cb(perfNow());
}

// A case's rows: at each of its frames the clocks read t and the frame
// callbacks requested run (runFrame), then sample(t) gives what the
// library shows, { x, v, done } (awaited only if it returns a promise: no
// microtask runs between frames otherwise).
export async function record(c, sample) {
	const rows = [];
	for (const t of frameTimes(c.fps, c.dur)) {
		runFrame(t);
		let s = sample(t);
		if (s instanceof Promise)
			s = await s;
		rows.push({ t, ...s });
	}
	return rows;
}

// 17 significant digits (every double round-trips); none (null or
// undefined) is an empty field.
export const fmt = (x) => (x === undefined || x === null ? ''
	: x.toPrecision(17));

// The golden text: the two header lines, the columns, one row a frame
// (rows: { t, x, v (null or undefined: none), done }).
function golden(engine, library, script, args, rows) {
	let s = `# engine: ${engine} (${library}), gen/${script}\n`;
	s += `# springsim: --engine ${engine} ${args}\n`;
	s += 't,x,v,done\n';
	for (const r of rows) {
		if (!Number.isFinite(r.x) || (r.v != null && !Number.isFinite(r.v)))
			throw new Error(`${engine}: not finite at t = ${r.t}`);
		s += `${fmt(r.t)},${fmt(r.x)},${fmt(r.v)},${r.done ? 1 : 0}\n`;
	}
	return s;
}

// The generator's main.  A case has a name, fps (a rate or 'irregular')
// and optionally dur (s); argsOf(c) gives its springsim flags before the
// clock's (default c.args); runCase(c) its rows.  With `--case NAME` (the
// child) the case's golden text goes to stdout; else every case runs in
// its own process and is written to OUTDIR/ENGINE-NAME.csv (OUTDIR the
// first argument, default tests/engines/golden).
export async function main(scriptUrl, engine, library, cases, runCase,
    argsOf = (c) => c.args) {
	const argv = process.argv.slice(2);
	const script = fileURLToPath(scriptUrl);
	if (argv[0] === '--case') {
		const c = cases.find((k) => k.name === argv[1]);
		if (!c)
			throw new Error(`${engine}: no case ${argv[1]}`);
		const rows = await runCase(c);
		process.stdout.write(golden(engine, library, path.basename(script),
			`${argsOf(c)} ${clockArgs(c.fps, c.dur)}`, rows));
		return;
	}
	const outdir = path.resolve(argv[0] ?? path.join(root, 'tests/engines/golden'));
	mkdirSync(outdir, { recursive: true });
	for (const c of cases) {
		const text = execFileSync(process.execPath, [script, '--case', c.name],
			{ cwd: root, encoding: 'utf8', maxBuffer: 1 << 26,
			  stdio: ['ignore', 'pipe', 'inherit'] });
		const file = path.join(outdir, `${engine}-${c.name}.csv`);
		writeFileSync(file, text);
		process.stderr.write(`${path.relative(process.cwd(), file)}\n`);
	}
}
