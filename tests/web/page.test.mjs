// page.test.mjs [GROUP...] - the page (build/web, make web) in Debian's
// chromium-headless-shell, driven by playwright-core (pinned in
// package-lock.json; never a downloaded browser), held to issue 42's
// contract against the native program ($SPRINGSIM, build/springsim):
//   contract   a dozen queries: #metrics is `springsim sweep FLAGS -q`
//              cell for cell, #command prints it, one download-csv per
//              curve holding `springsim RUN-FLAGS` byte for byte, no NaN
//   roundtrip  controls used from the keyboard write the URL; reloading
//              it gives the same view
//   export     export's keys and the copy buttons; tune sets the spring
//   bad        every bad query of tests/corpus the page's flags can hold
//              shows the CLI's one-line message, nothing stale
//   a11y       a label for every control; no request leaves the folder
//   easing     issue 39 item 4: a paused Web Animation with export's
//              linear() easing, sampled, against the easing's points and
//              the exact spring within export's stated error
// Prints "ok N name" / "not ok N name" lines; exits 1 on a failure, 77
// when the browser or node_modules is missing (the bats file skips).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const CHROME = process.env.CHROMIUM || "/usr/bin/chromium-headless-shell";
const BIN = process.env.SPRINGSIM || resolve(ROOT, "build/springsim");
const PAGE = resolve(process.env.WEB_DIR || resolve(ROOT, "build/web"), "index.html");
const PW = resolve(HERE, "node_modules/playwright-core/index.mjs");
for (const [what, path] of [["browser", CHROME], ["playwright-core", PW],
    ["page (make web)", PAGE], ["springsim", BIN]])
	if (!existsSync(path)) {
		console.log(`# skip: no ${what} at ${path}`);
		process.exit(77);
	}
const { chromium } = await import(pathToFileURL(PW).href);

// the native program: stdout, stderr, status
function native(args) {
	const r = spawnSync(BIN, args, { encoding: "utf8",
	    stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
	return { status: r.status, stdout: r.stdout || "", stderr: r.stderr || "" };
}
// a query's argv, read here on its own: name=value is --name value, a
// bare name (a switch) --name
function argvOf(search) {
	const a = [];
	for (const part of search.replace(/^\?/, "").split("&").filter((s) => s)) {
		const i = part.indexOf("=");
		if (i < 0) a.push("--" + decodeURIComponent(part));
		else a.push("--" + decodeURIComponent(part.slice(0, i)),
		    decodeURIComponent(part.slice(i + 1)));
	}
	return a;
}
const REG = JSON.parse(native(["list", "--json"]).stdout);
const SWEEP_ONLY = new Set(REG.flags.filter((f) => f.commands.includes("sweep") &&
    !f.commands.includes("run") && f.argument !== null).map((f) => f.flag));
const LISTS = new Set(REG.flags.filter((f) => ["number", "integer", "name"]
    .includes(f.sweep)).map((f) => f.flag));
// the curves: one per combination of the comma lists, the first outermost
function combos(argv) {
	let out = [[]];
	for (let i = 0; i < argv.length; i++) {
		const f = argv[i];
		const v = argv[i + 1];
		if (v === undefined || v.startsWith("--")) {
			out = out.map((c) => c.concat([f]));
			continue;
		}
		i++;
		const vals = LISTS.has(f) && v.includes(",") ? v.split(",") : [v];
		const next = [];
		for (const c of out) for (const x of vals) next.push(c.concat([f, x]));
		out = next;
	}
	return out;
}

// Two texts of CSV lines: the same lines and the same cells, character
// for character (the page's numbers are the program's: both builds use
// musl's libm, docs/building.md's SAMEMATH).  Returns [alike, cells, the
// first difference].
function compareCSV(got, want) {
	const g = got.split("\n"), w = want.split("\n");
	if (g.length !== w.length) return [false, 0, `${g.length} lines, want ${w.length}`];
	let cells = 0;
	for (let i = 0; i < g.length; i++) {
		const a = g[i].split(","), b = w[i].split(",");
		if (a.length !== b.length) return [false, cells, `line ${i + 1}: ${g[i]}\nwant ${w[i]}`];
		for (let j = 0; j < a.length; j++, cells++)
			if (a[j] !== b[j])
				return [false, cells, `line ${i + 1} cell ${j + 1}: ${a[j]}, want ${b[j]}`];
	}
	return [true, cells, ""];
}
let allCells = 0;

let n = 0, failed = 0;
function check(name, ok, detail) {
	n++;
	if (ok) console.log(`ok ${n} ${name}`);
	else { failed++; console.log(`not ok ${n} ${name}`); if (detail) console.log("# " + String(detail).split("\n").join("\n# ")); }
}

const browser = await chromium.launch({ executablePath: CHROME });
const requests = [];
async function open(query, opts) {
	const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
	page.on("request", (r) => requests.push(r.url()));
	page.on("pageerror", (e) => check("no page error", false, e.message));
	await page.goto(pathToFileURL(PAGE).href + (query || ""));
	await page.waitForSelector("body[data-ready]", { timeout: 30000 });
	return page;
}
// the table as lines of cells joined by commas
const tableLines = (page) => page.$$eval("#metrics tr", (rows) =>
    rows.map((r) => [...r.children].map((c) => c.textContent).join(",")));
async function holdsContract(page, label) {
	const search = await page.evaluate(() => location.search);
	const argv = argvOf(search);
	const sw = native(["sweep", ...argv, "-q"]);
	// 0, or 3 when a --fail-if gate fails (the rows are printed)
	check(`${label}: native sweep runs`, sw.status === 0 ||
	    (sw.status === 3 && argv.includes("--fail-if")), sw.stderr);
	const want = sw.stdout.split("\n").filter((l) => l);
	const got = await tableLines(page);
	const [alike, cells, why0] = compareCSV(got.join("\n"), want.join("\n"));
	allCells += cells;
	check(`${label}: #metrics is sweep -q cell for cell (${cells} cells)`,
	    alike && got[0] === want[0], why0);
	const cmd = await page.textContent("#command");
	let cmdOut;
	try {
		cmdOut = execFileSync("sh", ["-c", cmd.replace(/^springsim /, '"$SPRINGSIM" ')],
		    { env: { ...process.env, SPRINGSIM: BIN }, encoding: "utf8",
		    stdio: ["ignore", "pipe", "pipe"] });
	} catch (e) {
		cmdOut = e.status === 3 ? e.stdout : "";
	}
	check(`${label}: #command prints that table`, cmdOut === sw.stdout, cmd);
	const links = await page.$$eval("a.download-csv", (as) => as.map((a) =>
	    ({ href: a.getAttribute("href"), download: a.getAttribute("download") })));
	// a curve's run: the query's flags but the table's alone: --columns
	// (run takes it only with --metrics) and the flags the registry gives
	// to sweep and not to run (--fail-if); docs/web.md
	const runArgv = [];
	for (let i = 0; i < argv.length; i++)
		if (argv[i] === "--columns" || SWEEP_ONLY.has(argv[i])) i++;
		else runArgv.push(argv[i]);
	const cs = combos(runArgv);
	check(`${label}: one download-csv per curve (${cs.length})`, links.length === cs.length,
	    `${links.length} links`);
	let same = links.length === cs.length;
	let why = "";
	links.forEach((l, i) => {
		const body = decodeURIComponent(l.href.replace(/^data:text\/csv;charset=utf-8,/, ""));
		const r = native(cs[i] || []);
		const [alike, cells, w] = compareCSV(body, r.stdout);
		allCells += cells;
		if (!l.download || !alike || body !== r.stdout) { same = false; why = `curve ${i}: ${(cs[i] || []).join(" ")}: ${w}`; }
	});
	check(`${label}: each CSV is springsim RUN-FLAGS byte for byte`, same, why);
	// the notes: a failed gate's lines, then each run's warnings, once
	const said = (sw.status === 3 ? sw.stderr : "").split("\n")
	    .concat(...cs.map((c) => native(c).stderr.split("\n")));
	const notes = [...new Set(said.filter((l) => l.trim()))].join("\n");
	const shownNotes = await page.isVisible("#notes") ? await page.textContent("#notes") : "";
	check(`${label}: #notes holds the program's warnings and failed gates (${notes.split("\n").filter((l) => l).length} lines)`,
	    shownNotes === notes, `shown: ${shownNotes}\nwant: ${notes}`);
	const text = await page.textContent("body");
	check(`${label}: no NaN on screen`, !/NaN/.test(text));
	check(`${label}: no error shown`, await page.isHidden("#error"));
}

const groups = process.argv.slice(2);
const want = (g) => !groups.length || groups.includes(g);

if (want("contract")) {
	const queries = [
		"",
		"?engine=react-spring&react-tension=170&react-friction=26&fps=30,60,144",
		"?integrator=semi-implicit,implicit,verlet&fps=30",
		"?uaf=10&dr=0.5&integrator=explicit&dt=0.02",
		"?engine=unity&unity-smooth-time=0.2&fps=60",
		"?engine=motion&motion-stiffness=300&motion-damping=20&x0=2&target=-1&v0=3",
		"?engine=wobble,rebound&clamp&fps=60,120",
		"?engine=react-native&fps=30&dt-jitter=0.2&seed=7",
		"?engine=box2d&box2d-substeps=2&fps=90&hitch=0.5:0.1",
		"?halflife=0.2&frequency=1.5&integrator=rk4&duration=1",
		"?engine=svelte,anime&fps=240,30",
		"?omega=20&zeta=1&integrator=backward-euler&fps=120",
		"?engine=android,compose,flutter&fps=60&duration=0.5",
		"?engine=react-spring,motion&fps=30,60&columns=max_err_x,overshoot,settle_time,done_time",
		"?engine=unity,react-spring&fps=30",
		"?fps=30,60&fail-if=" + encodeURIComponent("max_err_x>0.1") + "&columns=max_err_x",
	];
	for (const q of queries) {
		const page = await open(q);
		await holdsContract(page, q || "(default)");
		await page.close();
	}
}

if (want("roundtrip")) {
	const page = await open("?engine=motion&fps=30");
	// the keyboard: tick 144 with Space, type a duration and Enter
	await page.focus("#f-fps-144");
	await page.keyboard.press("Space");
	await page.focus("#f-duration");
	await page.keyboard.type("1.5");
	await page.keyboard.press("Enter");
	await page.focus("#f-engine-anime");
	await page.keyboard.press("Space");
	await page.waitForFunction(() => location.search.includes("anime") &&
	    document.querySelectorAll("a.download-csv").length === 4);
	const url0 = await page.evaluate(() => location.search);
	check("roundtrip: controls write the URL",
	    url0 === "?engine=motion,anime&fps=30,144&duration=1.5", url0);
	// a switch (an engine knob) is its name alone
	await page.goto(pathToFileURL(PAGE).href + "?engine=wobble&fps=30");
	await page.waitForSelector("body[data-ready]");
	await page.focus("#f-clamp");
	await page.keyboard.press("Space");
	await page.waitForFunction(() => location.search.endsWith("&clamp"));
	await holdsContract(page, "a switch ticked");
	await page.focus("#f-clamp");
	await page.keyboard.press("Space");
	await page.waitForFunction(() => !location.search.includes("clamp"));
	await page.goto(pathToFileURL(PAGE).href + url0);
	await page.waitForSelector("body[data-ready]");
	const url = await page.evaluate(() => location.search);
	await holdsContract(page, "roundtrip after edits");
	const before = await tableLines(page);
	const again = await open(url);
	check("roundtrip: reloading the URL gives the same table",
	    JSON.stringify(await tableLines(again)) === JSON.stringify(before));
	check("roundtrip: and the same controls", await again.isChecked("#f-fps-144") &&
	    await again.inputValue("#f-duration") === "1.5");
	// a slider moved from the keyboard: the field, the URL (once the
	// slider rests) and the view follow; the dialect's other parameter
	// takes the default its field shows
	const sl = await open("?engine=react-spring&fps=30");
	await sl.focus("#r-stiffness");
	for (let i = 0; i < 5; i++) await sl.keyboard.press("ArrowRight");
	await sl.waitForFunction(() => location.search.includes("stiffness="));
	await sl.evaluate(() => window.__settled());
	const field = await sl.inputValue("#f-stiffness");
	const us = await sl.evaluate(() => location.search);
	const dflt = native(["list", "--json"]).stdout;
	const dmp = JSON.parse(dflt).dialects.find((d) => d.name === "stiffness/damping")
	    .parameters.find((p) => p.flag === "--damping").default;
	check("roundtrip: a slider moved writes its field and the URL",
	    field !== "" && us.includes("stiffness=" + field) &&
	    us.includes("damping=" + String(dmp)), `${field} ${us}`);
	check("roundtrip: the slider's value is a step up the default's log scale",
	    Math.abs(Math.log(Number(field) / 157.91367041742973) -
	    5 * Math.log(900) / 1000) < 1.2e-3, field);
	await holdsContract(sl, "a slider moved");
	await sl.close();
	// a table column ticked from the keyboard: the URL, the table
	const tc = await open("?engine=wobble&fps=30,60");
	await tc.click("#columns-fold summary");
	await tc.focus("#f-columns-overshoot");
	await tc.keyboard.press("Space");
	await tc.waitForFunction(() => location.search.endsWith("&columns=overshoot"));
	await tc.waitForFunction(() => document.querySelectorAll("#metrics th").length === 2);
	check("roundtrip: a table column ticked: overshoot, then the swept fps",
	    JSON.stringify(await tc.$$eval("#metrics th", (t) => t.map((x) => x.textContent))) ===
	    JSON.stringify(["overshoot", "fps"]));
	await holdsContract(tc, "a table column ticked");
	await tc.close();
	// switching dialect converts the numbers (springsim convert)
	await again.selectOption("#f-dialect", "omega/zeta");
	await again.waitForFunction(() => location.search.includes("omega="));
	const u2 = await again.evaluate(() => location.search);
	const conv = native(["convert"]).stdout;
	const omega = /^omega=(.*)$/m.exec(conv)[1], zeta = /^zeta=(.*)$/m.exec(conv)[1];
	check("roundtrip: a dialect switch converts the spring",
	    u2.includes("omega=" + omega) && u2.includes("zeta=" + zeta), u2);
	await page.close();
	await again.close();
}

if (want("export")) {
	const q = "?stiffness=200&damping=12&engine=motion&fps=60";
	const page = await open(q);
	await page.waitForSelector("body[data-exported]");
	const ex = native(["export", "--stiffness", "200", "--damping", "12"]);
	const kv = ex.stdout.split("\n").filter((l) => l.includes("=")).map((l) =>
	    [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]).filter(([k, v]) => v);
	for (const [k, v] of kv) {
		if (k === "css_points" || k === "css_max_error") continue;
		const got = await page.textContent(`.export-value[data-key="${k}"]`);
		check(`export: ${k} as springsim export prints it`, got === v, got);
		await page.click(`button[aria-label="Copy ${k}"]`);
		check(`export: copying ${k} copies it`,
		    await page.evaluate(() => window.__lastCopy) === v);
	}
	const err = kv.find(([k]) => k === "css_max_error")[1];
	check("export: the easing's stated error shown",
	    (await page.textContent("#export-out")).includes(err));
	await page.click("button[data-copy='#command']");
	check("export: copy command", await page.evaluate(() => window.__lastCopy) ===
	    "springsim sweep --stiffness 200 --damping 12 --engine motion --fps 60 -q");
	await page.click("#downloads button.copy");
	check("export: copy CSV", compareCSV(await page.evaluate(() => window.__lastCopy),
	    native(["--stiffness", "200", "--damping", "12", "--engine", "motion", "--fps", "60"]).stdout)[0]);
	// tune: targets to a spring
	await page.fill("#t-overshoot", "0.1");
	await page.fill("#t-settle", "0.5");
	await page.click("#tune-go");
	await page.waitForFunction(() => location.search.includes("stiffness=") &&
	    !location.search.includes("stiffness=200"));
	const tn = native(["tune", "--overshoot", "0.1", "--settle", "0.5"]).stdout;
	const k = /^stiffness=(.*)$/m.exec(tn)[1], d = /^damping=(.*)$/m.exec(tn)[1];
	const u = await page.evaluate(() => location.search);
	check("export: tune sets springsim tune's spring", u.includes("stiffness=" + k) &&
	    u.includes("damping=" + d), u);
	await holdsContract(page, "after tune");
	// tune's refusal: its message, the view left as it was
	const before = await page.evaluate(() => location.search);
	await page.fill("#t-overshoot", "");
	await page.fill("#t-settle", "0.5");
	await page.click("#tune-go");
	await page.waitForSelector("#tune-out.bad");
	check("export: tune's refusal shows the CLI's message",
	    (await page.textContent("#tune-out")) === native(["tune", "--settle", "0.5"]).stderr.split("\n")[0] &&
	    (await page.evaluate(() => location.search)) === before);
	// a rule pre-warped for a frame rate (tune --integrator --fps)
	await page.selectOption("#w-rule", "verlet");
	await page.fill("#w-fps", "30");
	await page.click("#warp-go");
	await page.waitForFunction(() => location.search.includes("integrator=verlet"));
	const wp = native(["tune", "--stiffness", k, "--damping", d, "--integrator", "verlet", "--fps", "30"]).stdout;
	const wk = /^stiffness=(.*)$/m.exec(wp)[1], wd = /^damping=(.*)$/m.exec(wp)[1];
	const u3 = await page.evaluate(() => location.search);
	check("export: pre-warp sets tune --integrator --fps's spring",
	    u3 === `?fps=30&stiffness=${wk}&damping=${wd}&integrator=verlet`, u3);
	await holdsContract(page, "after pre-warp");
	await page.close();
}

if (want("bad")) {
	// the corpus's run commands made of the page's flags only (--flag
	// value pairs, no quotes); those whose sweep is refused are the bad
	// queries
	const page_flags = new Set(["--x0", "--v0", "--target", "--duration", "--fps",
	    "--dt", "--dt-jitter", "--seed", "--hitch", "--integrator", "--engine", "--mass"]);
	for (const d of REG.dialects) for (const p of d.parameters) page_flags.add(p.flag);
	for (const e of REG.engines) for (const k of e.knobs || []) if (k && k.flag) page_flags.add(k.flag);
	const lines = readFileSync(resolve(ROOT, "tests/corpus/commands.txt"), "utf8").split("\n");
	const bad = [];
	for (const line of lines) {
		if (!line.startsWith("--") || /['"\\$`|<>;*?]/.test(line)) continue;
		const a = line.trim().split(/\s+/);
		if (a.length % 2 || a.some((x, i) => i % 2 === 0 && !page_flags.has(x))) continue;
		const r = native(["sweep", ...a, "-q"]);
		if (r.status === 2) bad.push([a, r.stderr.split("\n")[0]]);
	}
	check(`bad: the corpus holds bad queries of the page's flags (${bad.length})`, bad.length >= 10);
	const page = await open("?engine=motion&fps=30");
	for (const [a, msg] of bad) {
		const q = "?" + a.map((x, i) => i % 2 ? encodeURIComponent(x) + "&" : x.slice(2) + "=").join("").replace(/&$/, "");
		await page.goto(pathToFileURL(PAGE).href + q);
		await page.waitForSelector("body[data-ready]");
		const shown = (await page.textContent("#error")) || "";
		const ok = await page.isVisible("#error") && (shown === msg || "springsim: " + shown === msg) &&
		    await page.locator("#metrics tr").count() === 0 &&
		    await page.locator("a.download-csv").count() === 0 &&
		    !/NaN/.test(await page.textContent("body"));
		check(`bad: ${a.join(" ")} shows '${msg}'`, ok, `shown: ${shown}`);
	}
	// a good view made bad from a control: the message, nothing stale,
	// the field marked; then good again
	await page.goto(pathToFileURL(PAGE).href + "?engine=motion&fps=30");
	await page.waitForSelector("body[data-ready]");
	await page.fill("#f-duration", "-1");
	await page.press("#f-duration", "Enter");
	await page.waitForSelector("#error:not([hidden])");
	const msg = native(["sweep", "--engine", "motion", "--fps", "30", "--duration", "-1", "-q"]).stderr.split("\n")[0];
	check("bad: a control's bad value shows the CLI's message", (await page.textContent("#error")) === msg);
	check("bad: no stale curves or metrics", await page.locator("#metrics tr").count() === 0 &&
	    await page.locator("a.download-csv").count() === 0 && await page.locator("#plots svg").count() === 0);
	check("bad: the bad field is marked", await page.getAttribute("#f-duration", "aria-invalid") === "true");
	await page.fill("#f-duration", "1");
	await page.press("#f-duration", "Enter");
	await page.waitForSelector("#error[hidden]", { state: "attached" });
	await holdsContract(page, "bad then good");
	await page.close();
}

if (want("a11y")) {
	const page = await open("?engine=react-spring,wobble&fps=30");
	const unlabelled = await page.$$eval("input, select, textarea, button", (els) =>
	    els.filter((e) => !(e.labels && e.labels.length) && !e.getAttribute("aria-label") &&
	    !(e.tagName === "BUTTON" && e.textContent.trim())).map((e) => e.id || e.outerHTML));
	check("a11y: a label for every control", unlabelled.length === 0, unlabelled.join(" "));
	const count = await page.$$eval("#controls input, #controls select", (e) => e.length);
	check(`a11y: the controls are there (${count})`, count > 40);
	// keyboard: Tab reaches the controls
	await page.focus("#f-dialect");
	await page.keyboard.press("Tab");
	const id = await page.evaluate(() => document.activeElement.id);
	check("a11y: Tab moves from control to control", id === "f-stiffness", id);
	const dir = pathToFileURL(dirname(PAGE)).href + "/";
	const outside = requests.filter((u) => !u.startsWith(dir) && !u.startsWith("data:"));
	check(`a11y: no request leaves the page's folder (${requests.length} requests)`,
	    outside.length === 0, outside.join("\n"));
	await page.close();
}

if (want("easing")) {
	const ex = native(["export"]).stdout;
	const easing = /^css_easing=(.*)$/m.exec(ex)[1];
	const ms = Number(/^css_duration_ms=(.*)$/m.exec(ex)[1]);
	const maxerr = Number(/^css_max_error=(.*)$/m.exec(ex)[1]);
	// the points of linear(): value and position (%), as CSS reads them
	const pts = easing.replace(/^linear\(|\)$/g, "").split(",").map((s) => s.trim().split(/\s+/));
	const P = pts.map((p, i) => [Number(p[0]), p[1] ? Number(p[1].replace("%", "")) / 100 : i / (pts.length - 1)]);
	const lin = (f) => {
		for (let i = 1; i < P.length; i++)
			if (f <= P[i][1]) return P[i - 1][0] + (P[i][0] - P[i - 1][0]) * (f - P[i - 1][1]) / (P[i][1] - P[i - 1][1]);
		return P[P.length - 1][0];
	};
	const exact = native(["--integrator", "exact", "--dt", "0.1", "--frames", String(Math.floor(ms / 100))]);
	const rows = exact.stdout.split("\n").slice(1).filter((l) => l).map((l) => l.split(",").map(Number));
	const page = await browser.newPage();
	page.on("request", (r) => requests.push(r.url()));
	await page.setContent("<div id=b style='position:absolute;left:0'></div>");
	const got = await page.evaluate(([easing, ms, times]) => {
		const b = document.getElementById("b");
		const a = b.animate([{ left: "0px" }, { left: "100000px" }], { duration: ms, easing, fill: "both" });
		a.pause();
		return times.map((t) => { a.currentTime = t * 1000; return parseFloat(getComputedStyle(b).left) / 100000; });
	}, [easing, ms, rows.map((r) => r[0])]);
	let worstLin = 0, worstExact = 0;
	rows.forEach((r, i) => {
		worstLin = Math.max(worstLin, Math.abs(got[i] - lin(r[0] * 1000 / ms)));
		worstExact = Math.max(worstExact, Math.abs(got[i] - r[1]));
	});
	check(`easing: the browser's linear() is springsim's points (worst ${worstLin.toExponential(2)})`,
	    worstLin < 2e-5);
	check(`easing: within export's stated error of the exact spring (${worstExact.toExponential(2)} <= ${maxerr})`,
	    worstExact <= maxerr + 1e-5 && rows.length >= 15);
	await page.close();
}

await browser.close();
console.log(`# ${allCells} cells compared with the CLI, character for character`);
console.log(`# ${n - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
