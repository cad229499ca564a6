// common-js-b.mjs - what the golden generators of react-motion, motion-one,
// svelte, anime and react-native share (tests/engines/README.md fixes all of
// it): the frame times, the stubbed clocks, one fresh node process a case,
// and the CSV format.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const IRREGULAR = 'tests/engines/frames/irregular.txt';
export const DURATION = 1.5;

// The frame wall times (s) of a case: k * dt for a fixed rate (springsim's
// --dt clock: ceil(duration / dt) frames, a ratio within 1e-9 of a whole
// number taken as that), or the irregular file's dts summed as
// src/schedule.c spring_clock_next sums a recorded schedule (Neumaier).
export function frameTimes(fps) {
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
	const r = DURATION / dt;
	const n = Math.abs(r - Math.round(r)) <= 1e-9 ? Math.round(r) : Math.ceil(r);
	for (let k = 1; k <= n; k++)
		out.push(k * dt);
	return out;
}

// The springsim flags of a case's clock.
export function clockArgs(fps) {
	if (fps === 'irregular')
		return `--frames-from ${IRREGULAR}`;
	return `--dt ${String(1 / fps)} --duration ${DURATION}`;
}

// The clocks (src/engineclock.h): wall time t s since the animation started.
export const clock = { t: 0 };
export const perfNow = () => 1000 + clock.t * 1000;
export const dateNow = () => Math.floor(1700000000000 + clock.t * 1000);

let rafQueue = [];
let rafId = 0;

// Replace performance.now, Date.now and requestAnimationFrame before any
// library is loaded (some capture them when their module loads).
export function stubClocks() {
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

// 17 significant digits; an absent value is an empty field.
export const fmt = (x) => (x === undefined ? '' : x.toPrecision(17));
// A parameter for the springsim command line: the shortest round trip.
export const arg = (x) => String(x);

// Run the cases: in the parent, each case in a fresh node process (no
// library state leaks from one case to the next: anime's engine clock,
// svelte's task set), its rows written to OUTDIR/ENGINE-CASE.csv.  In the
// child (--case NAME), the case's rows on stdout.
export async function main(scriptUrl, engine, library, cases, runCase) {
	const argv = process.argv.slice(2);
	if (argv[0] === '--case') {
		const c = cases.find((k) => k.name === argv[1]);
		const rows = await runCase(c);
		let s = '';
		for (const r of rows)
			s += `${fmt(r.t)},${fmt(r.x)},${fmt(r.v)},${r.done ? 1 : 0}\n`;
		process.stdout.write(s);
		return;
	}
	const outdir = path.resolve(argv[0] ?? path.join(root, 'tests/engines/golden'));
	mkdirSync(outdir, { recursive: true });
	const script = fileURLToPath(scriptUrl);
	for (const c of cases) {
		const body = execFileSync(process.execPath, [script, '--case', c.name],
			{ encoding: 'utf8', maxBuffer: 1 << 26,
			  stdio: ['ignore', 'pipe', 'inherit'] });
		const head = `# engine: ${engine} (${library}), gen/${path.basename(script)}\n` +
			`# springsim: --engine ${engine} ${c.args} ${clockArgs(c.fps)}\n` +
			't,x,v,done\n';
		writeFileSync(path.join(outdir, `${engine}-${c.name}.csv`), head + body);
	}
}
