// bench.mjs - make bench's page figures (never a test): in Debian's
// chromium-headless-shell on this machine, (1) opening a view of 15
// engines at 3 frame rates over 2 s until every curve and the whole
// table are shown, (2) a slider moved: a view of 8 curves recomputed
// (the sweep, the 8 runs, the SVG and table, and the layout the next
// frame needs), (3) the module's size.
// The best and the median of several.
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const CHROME = process.env.CHROMIUM || "/usr/bin/chromium-headless-shell";
const PW = resolve(HERE, "node_modules/playwright-core/index.mjs");
// PAGE=.../index.html: another build of the page, to pair with this one
const PAGE = process.env.PAGE || resolve(ROOT, "build/web/index.html");
if (![CHROME, PW, PAGE].every(existsSync)) {
	console.log("bench-web: skipped (needs the browser, tests/web/node_modules and make web)");
	process.exit(0);
}
const { chromium } = await import(pathToFileURL(PW).href);
const b = await chromium.launch({ executablePath: CHROME });
const engines = ["react-spring", "motion", "popmotion", "wobble", "rebound",
    "react-motion", "motion-one", "svelte", "anime", "react-native",
    "reanimated", "unity", "android", "compose", "flutter"];
const stat = (a) => { a.sort((x, y) => x - y); return `best ${a[0].toFixed(1)} ms, median ${a[a.length >> 1].toFixed(1)} ms, 90th percentile ${a[Math.floor(a.length * 0.9)].toFixed(1)} ms (${a.length} runs)`; };
const open = [], shown = [];
for (let i = 0; i < 5; i++) {
	const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
	const t0 = Date.now();
	await p.goto(pathToFileURL(PAGE).href + "?engine=" + engines.join(",") + "&fps=30,60,144&duration=2");
	await p.waitForSelector("body[data-ready]");
	open.push(Date.now() - t0);
	shown.push(await p.evaluate(() => window.__ready));
	await p.waitForSelector("body[data-exported]");
	const n = await p.locator("a.download-csv").count(), rows = await p.locator("#metrics tr").count();
	if (n !== 45 || rows !== 46) console.log(`bench-web: ${n} curves, ${rows} rows?`);
	await p.close();
}
console.log(`page, 15 engines x 3 fps over 2 s, goto to table and 45 curves shown: ${stat(open)}`);
console.log(`  (performance.now() at ready, from navigation start: ${stat(shown)})`);
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
await p.goto(pathToFileURL(PAGE).href + "?engine=react-spring,motion,wobble,unity&fps=30,60&duration=2");
await p.waitForSelector("body[data-ready]");
// a slider moved (the stiffness's, one step further each time, so each
// view has new numbers): from its input event to the view recomputed
// (the sweep, the 8 runs, the SVG and table) and the style and layout the
// next frame needs (forced by reading offsetHeight): what a frame must
// hold, but the paint
const re = await p.evaluate(async () => {
	const c = [], l = [];
	const r = document.getElementById("r-stiffness");
	for (let i = 0; i < 60; i++) {
		await new Promise((ok) => setTimeout(ok, 20));
		const s = performance.now();
		r.value = String(400 + 5 * i);
		r.dispatchEvent(new Event("input"));
		await window.__settled();
		const m = performance.now();
		void document.body.offsetHeight;
		l.push(performance.now() - s);
		c.push(m - s);
	}
	await new Promise((ok) => setTimeout(ok, 150));	/* the URL, once it rests */
	return { c, l, q: location.search };
});
console.log(`page, a slider moved: 8 curves recomputed (sweep, 8 runs, SVG, table) and laid out: ${stat(re.l)}`);
console.log(`  (the recompute alone, before style and layout: ${stat(re.c)}; last view ${re.q})`);
console.log(`springsim.wasm: ${statSync(resolve(ROOT, "build-wasm/springsim.wasm")).size} bytes; the page's embedding (base64): ${statSync(resolve(ROOT, "build/web/springsim-wasm.js")).size} bytes`);
await b.close();
