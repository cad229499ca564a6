// app.js - the page: the URL's query is springsim's command line (flag
// names without --, and their values); the controls are made from the
// registry (springsim list --json) and write the URL; every number shown
// is printed by springsim.wasm (wasi.js) run with that command line.
// Plain SVG: a few dozen polylines of a few hundred points, crisp at any
// zoom, selectable, no library to pin or load (docs/web.md).
"use strict";

let MODULE, REG, FLAGS = {};
const PRESETS = ["30", "60", "90", "120", "144", "240"];
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
    "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];
// the flags the page offers, by group (each must be in the registry)
const MOTION = ["--x0", "--v0", "--target", "--duration"];
const FRAMES = ["--dt-jitter", "--seed", "--hitch"];

// the query as an ordered list of [name, value] (order is the command's)
let query = [];

const $ = (s) => document.querySelector(s);
function el(tag, attrs, ...kids) {
	const e = document.createElement(tag);
	for (const k in attrs || {}) {
		if (k === "text") e.textContent = attrs[k];
		else if (k.startsWith("on")) e.addEventListener(k.slice(2), attrs[k]);
		else e.setAttribute(k, attrs[k]);
	}
	for (const c of kids) e.append(c);
	return e;
}
const SVG = "http://www.w3.org/2000/svg";
function sv(tag, attrs) {
	const e = document.createElementNS(SVG, tag);
	for (const k in attrs) e.setAttribute(k, attrs[k]);
	return e;
}

function run(args) { return springsim(MODULE, args); }

// --- the query: read, write, edit ---
function readQuery() {
	query = [];
	for (const [k, v] of new URLSearchParams(location.search))
		query.push([k, v]);
}
function getq(name) {
	const p = query.find((q) => q[0] === name);
	return p ? p[1] : null;
}
// set (in place, keeping the order), append, or remove (null); a
// switch's value is "" (its name alone in the URL)
function setq(name, value) {
	const i = query.findIndex((q) => q[0] === name);
	if (value === null || value === undefined) {
		if (i >= 0) query.splice(i, 1);
	} else if (i >= 0) query[i][1] = value;
	else query.push([name, value]);
}
// the URL written once a slider rests (100 ms after its last move):
// replaceState takes 1 to 2 ms here, and a slider's frame has none to
// spare
let urlTimer = 0;
function urlSoon() {
	clearTimeout(urlTimer);
	urlTimer = setTimeout(writeURL, 100);
}
function writeURL() {
	const s = query.map(([k, v]) => encodeURIComponent(k) +
	    (v === "" && isSwitch(k) ? "" : "=" + encodeURIComponent(v)
	    .replace(/%2C/g, ",").replace(/%3A/g, ":"))).join("&");
	history.replaceState(null, "", s ? "?" + s : location.pathname);
}
function isSwitch(name) {
	const f = FLAGS["--" + name];
	return f && f.kind === "switch";
}
// the flags of the metrics table alone: in the sweep's command, not in
// the curves' runs: --columns (run takes it only with --metrics; a
// curve's CSV is its trajectory) and sweep's own (--fail-if, --jobs:
// the registry's flags sweep takes and run does not)
function tableOnly(k) {
	const f = FLAGS["--" + k];
	return k === "columns" || (f !== undefined && f.commands.includes("sweep") &&
	    !f.commands.includes("run"));
}
const runQuery = (c) => c.filter(([k]) => !tableOnly(k));
// the query as argv: a switch is its flag alone (unless its value is 0)
function argvOf(q) {
	const a = [];
	for (const [k, v] of q) {
		if (isSwitch(k)) { if (v !== "0") a.push("--" + k); }
		else a.push("--" + k, v);
	}
	return a;
}
function shq(s) {
	return /^[A-Za-z0-9_.,:\/=+-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}
const cmdline = (args) => ["springsim"].concat(args).map(shq).join(" ");

// the combinations of the comma lists, the first list outermost, as
// sweep orders its rows
function combos(q) {
	let out = [[]];
	for (const [k, v] of q) {
		const f = FLAGS["--" + k];
		const vals = f && f.sweep !== "fixed" && f.sweep !== "none" &&
		    v.includes(",") ? v.split(",") : [v];
		const next = [];
		for (const c of out)
			for (const x of vals) next.push(c.concat([[k, x]]));
		out = next;
	}
	return out;
}

// --- the controls ---
function label(text, input) {
	return el("label", { for: input.id }, text);
}
// a flag's text field; first(), if given, runs before each change is read
function textField(flag, hint, first) {
	const name = flag.slice(2), f = FLAGS[flag];
	const inp = el("input", { type: "text", id: "f-" + name, name,
	    inputmode: "decimal", autocomplete: "off",
	    placeholder: f && f.default !== null ? String(f.default) : (hint || "") });
	inp.value = getq(name) || "";
	inp.addEventListener("change", () => {
		if (first) first();
		setq(name, inp.value.trim() || null);
		update();
	});
	const row = el("div", { class: "field" }, label(name, inp), inp);
	if (f && f.help) inp.title = f.help;
	return row;
}
// A slider beside a spring parameter's field, for tuning by eye: each
// move writes the field and the URL and recomputes the view (within a
// frame: docs/web.md).  Its scale, from the registry's row: linear over
// a bounded range no wider than 20:1 (a decay, a bounce) or over 0 to 2
// for a ratio (zeta, a damping ratio); else logarithmic from the
// default / 30 to the default x 30, within the range.  Open ends are
// kept out of reach; a value typed outside the scale stays as typed.
function scaleOf(p) {
	const d = p.default !== null && p.default > 0 ? p.default : 1;
	let lo, hi, log = false;
	if (p.min !== null && p.max !== null && (p.min <= 0 || p.max / p.min <= 20)) {
		lo = p.min; hi = p.max;
	} else if (p.unit === "1" && p.min === 0 && p.max === null && d <= 2) {
		lo = 0; hi = 2;
	} else {
		log = true;
		lo = p.min !== null && p.min > d / 30 ? p.min : d / 30;
		hi = p.max !== null && p.max < d * 30 ? p.max : d * 30;
	}
	const step = log ? 0 : (hi - lo) / SLIDER;
	if (p.min_open && lo <= p.min) lo = log ? lo * Math.pow(hi / lo, 1 / SLIDER) : lo + step;
	if (p.max_open && p.max !== null && hi >= p.max) hi = log ? hi / Math.pow(hi / lo, 1 / SLIDER) : hi - step;
	return { lo, hi, log };
}
const SLIDER = 1000;
const toValue = (sc, pos) => Number((sc.log ? sc.lo * Math.pow(sc.hi / sc.lo, pos / SLIDER) :
    sc.lo + (sc.hi - sc.lo) * pos / SLIDER).toPrecision(4));
const toPos = (sc, v) => Math.round(SLIDER * Math.min(1, Math.max(0, sc.log ?
    Math.log(v / sc.lo) / Math.log(sc.hi / sc.lo) : (v - sc.lo) / (sc.hi - sc.lo))));
// the dialect's parameters, unset, set to the defaults their fields
// show, in the dialect's order (the one being set, name, is then set
// in its place): one moved alone is a spring the CLI takes (it refuses
// --stiffness without --damping); a mass stays optional
function fillSpring(d, name) {
	for (const q of d.parameters) {
		const n = q.flag.slice(2), f = document.getElementById("f-" + n);
		if (q.mass || q.default === null || getq(n) !== null) continue;
		setq(n, String(q.default));
		if (f && n !== name) f.value = String(q.default);
	}
}
function sliderField(p, d) {
	const name = p.flag.slice(2), sc = scaleOf(p);
	const row = textField(p.flag, "", () => fillSpring(d, name));
	const inp = row.querySelector("input");
	const r = el("input", { type: "range", id: "r-" + name, min: 0, max: SLIDER,
	    step: 1, "aria-label": name + (sc.log ? " (slider, log scale)" : " (slider)") });
	const v = Number(inp.value || p.default);
	r.value = isFinite(v) ? toPos(sc, v) : 0;
	r.addEventListener("input", () => {
		inp.value = String(toValue(sc, Number(r.value)));
		fillSpring(d, name);
		setq(name, inp.value);
		update(false, true);
	});
	inp.addEventListener("change", () => {
		const x = Number(inp.value);
		if (inp.value.trim() && isFinite(x)) r.value = toPos(sc, x);
	});
	return el("div", { class: "slid" }, row, r);
}
function checkField(flag) {
	const name = flag.slice(2);
	const inp = el("input", { type: "checkbox", id: "f-" + name, name });
	inp.checked = getq(name) !== null && getq(name) !== "0";
	inp.addEventListener("change", () => { setq(name, inp.checked ? "" : null); update(); });
	if (inp.checked && getq(name) === null) setq(name, "");
	return el("div", { class: "field check" }, inp, label(name, inp));
}
// a list flag as checkboxes (value a,b,c), plus a free text for others
function listField(name, items, legend, extra) {
	const cur = (getq(name) || "").split(",").filter((s) => s);
	const fs = el("fieldset", { id: "f-" + name + "-set" }, el("legend", { text: legend }));
	const boxes = [];
	for (const it of items) {
		const inp = el("input", { type: "checkbox", id: "f-" + name + "-" + it,
		    value: it });
		inp.checked = cur.includes(it);
		boxes.push(inp);
		fs.append(el("span", { class: "opt" }, inp, label(it, inp)));
	}
	let free;
	if (extra) {
		free = el("input", { type: "text", id: "f-" + name + "-custom",
		    autocomplete: "off", placeholder: "e.g. 75,165" });
		free.value = cur.filter((c) => !items.includes(c)).join(",");
		fs.append(el("span", { class: "opt" }, label(extra, free), free));
	}
	const write = () => {
		const v = boxes.filter((b) => b.checked).map((b) => b.value);
		if (free && free.value.trim()) v.push(free.value.trim());
		setq(name, v.join(",") || null);
		update(true);
	};
	for (const b of boxes) b.addEventListener("change", write);
	if (free) free.addEventListener("change", write);
	return fs;
}

function currentDialect() {
	for (const d of REG.dialects)
		if (d.parameters.some((p) => getq(p.flag.slice(2)) !== null) &&
		    d.parameters.every((p) => getq(p.flag.slice(2)) !== null ||
		    p.default !== null))
			return d;
	return REG.dialects[0];
}
// switch dialect: the spring's numbers converted by springsim convert
async function switchDialect(to) {
	const from = currentDialect();
	const args = ["convert"];
	for (const p of from.parameters) {
		const v = getq(p.flag.slice(2));
		if (v !== null) args.push(p.flag, v);
	}
	const r = await run(args);
	const kv = {};
	for (const line of r.stdout.split("\n")) {
		const i = line.indexOf("=");
		if (i > 0) kv[line.slice(0, i)] = line.slice(i + 1);
	}
	for (const p of from.parameters) setq(p.flag.slice(2), null);
	const d = REG.dialects.find((x) => x.name === to);
	for (const p of d.parameters) {
		const key = p.flag.slice(2).replace(/-/g, "_");
		if (r.status === 0 && kv[key]) setq(p.flag.slice(2), kv[key]);
	}
	buildControls();
	update(true);
}

function buildControls() {
	const g = $("#groups");
	g.textContent = "";
	// the spring, in any dialect
	const d = currentDialect();
	const sel = el("select", { id: "f-dialect" });
	for (const x of REG.dialects)
		sel.append(el("option", { value: x.name, text: x.name }));
	sel.value = d.name;
	sel.addEventListener("change", () => switchDialect(sel.value));
	const spring = el("fieldset", {}, el("legend", { text: "Spring" }),
	    el("div", { class: "field" }, label("dialect", sel), sel));
	for (const p of d.parameters) spring.append(sliderField(p, d));
	g.append(spring);
	const motion = el("fieldset", {}, el("legend", { text: "Start and target" }));
	for (const f of MOTION) motion.append(textField(f));
	g.append(motion);
	const frames = el("fieldset", {}, el("legend", { text: "Frames" }));
	frames.append(listField("fps", PRESETS, "fps (one curve each)", "custom fps"));
	for (const f of FRAMES) frames.append(textField(f, f === "--hitch" ? "AT:LEN" : ""));
	g.append(frames);
	g.append(listField("integrator", REG.rules.map((r) => r.name), "Rules"));
	g.append(listField("engine", REG.engines.map((e) => e.name), "Engines"));
	// the chosen engines' knobs
	const chosen = (getq("engine") || "").split(",");
	const knobs = el("fieldset", {}, el("legend", { text: "Engine knobs" }));
	const seen = {};
	for (const e of REG.engines)
		if (chosen.includes(e.name))
			for (const k of e.knobs || [])
				if (k && k.flag && !seen[k.flag] && FLAGS[k.flag]) {
					seen[k.flag] = 1;
					knobs.append(FLAGS[k.flag].kind === "switch" ?
					    checkField(k.flag) : textField(k.flag));
				}
	if (Object.keys(seen).length) g.append(knobs);
	// the metrics table's columns (sweep's --columns; all when none is
	// ticked, the swept ones always), folded away
	const cols = listField("columns", REG.columns.map((c) => c.name),
	    "Table columns (none: all)");
	const fold = el("details", { id: "columns-fold" }, el("summary", { text: "Metrics table columns" }), cols);
	if (getq("columns") !== null) fold.open = true;
	g.append(fold);
}

// --- the view ---
function clearView() {
	for (const s of ["#plots", "#preview", "#metrics", "#downloads", "#notes"])
		$(s).textContent = "";
	$("#notes").hidden = true;
	$("#plots").shape = $("#preview").shape = null;
	cancelAnimationFrame(anim);
}
function showError(msg) {
	clearView();
	const e = $("#error");
	e.textContent = msg;
	e.hidden = false;
	const m = /^(?:springsim: )?(?:[a-z]+ row \d+[^:]*: )?--([a-z0-9-]+)/.exec(msg) ||
	    /--([a-z0-9-]+)/.exec(msg);
	for (const x of document.querySelectorAll("[aria-invalid]"))
		x.removeAttribute("aria-invalid");
	if (m) {
		const c = document.getElementById("f-" + m[1]) ||
		    document.getElementById("f-" + m[1] + "-set");
		if (c) c.setAttribute("aria-invalid", "true");
	}
}
// the columns the view draws (t, x, x_ref, err_x), as numbers: a run's
// CSV has more, which nothing here reads
const DRAWN = ["t", "x", "x_ref", "err_x"];
function parseCSV(text) {
	const nl = text.indexOf("\n");
	const head = text.slice(0, nl).split(","), cols = {}, want = [];
	for (const k of DRAWN) {
		const i = head.indexOf(k);
		if (i >= 0) { cols[k] = []; want[i] = cols[k]; }
	}
	// each line's fields up to the last one drawn, no array of all
	const last = want.length - 1;
	for (let p = nl + 1; p < text.length;) {
		let e = text.indexOf("\n", p);
		if (e < 0) e = text.length;
		for (let i = 0, a = p; i <= last && a <= e; i++) {
			let b = text.indexOf(",", a);
			if (b < 0 || b > e) b = e;
			if (want[i]) want[i].push(Number(text.slice(a, b)));
			a = b + 1;
		}
		p = e + 1;
	}
	return cols;
}
function curveName(c) {
	return c.filter(([k, v]) => ["engine", "integrator", "fps", "model"]
	    .includes(k)).map(([k, v]) => v).join(" ") || "semi-implicit";
}

// A plot of series' column key beside yref: a step plot (a frame's value
// holds until the next) or a line.  Its SVG is made once for a set of
// curves (the frame, the grid, the ticks, a path a curve); a slider
// moved, the same figure gets its paths and ticks set again in place.
const PW = 560, PH = 240, PL = 48, PB = 22;
function plotFigure(title, n, withRef) {
	const g = sv("svg", { viewBox: `0 0 ${PW} ${PH}`, role: "img",
	    "aria-label": title, class: "plot" });
	g.append(sv("rect", { x: PL, y: 6, width: PW - PL - 8, height: PH - PB - 6,
	    class: "frame" }));
	const grid = [], ticks = [];
	for (let i = 0; i < 3; i++) {
		grid.push(sv("line", { x1: PL, x2: PW - 8, class: "grid" }));
		ticks.push(sv("text", { x: PL - 4, class: "tick" }));
	}
	const tt = sv("text", { x: PW - 8, y: PH - 6, class: "tick end" });
	g.append(...grid, ...ticks, tt);
	const ref = withRef ? sv("path", { class: "exact" }) : null;
	if (ref) g.append(ref);
	const paths = [];
	for (let i = 0; i < n; i++) paths.push(sv("path", { class: "curve" }));
	g.append(...paths);
	const fig = el("figure", {}, g, el("figcaption", { text: title }));
	fig.parts = { grid, ticks, tt, ref, paths };
	return fig;
}
// one decimal, as the SVG needs it (toFixed is slow in a loop this hot)
const d1 = (v) => Math.round(v * 10) / 10;
function plotDraw(fig, series, key, yref) {
	const P = fig.parts;
	let tmax = 0, ymin = Infinity, ymax = -Infinity;
	const span = (ys) => { for (const y of ys) if (isFinite(y)) {
		if (y < ymin) ymin = y;
		if (y > ymax) ymax = y;
	} };
	for (const s of series) {
		const t = s.cols.t;
		tmax = Math.max(tmax, t[t.length - 1]);
		span(s.cols[key] || []);
	}
	if (yref) span(yref.y);
	if (!isFinite(ymin)) { ymin = 0; ymax = 1; }
	if (ymax - ymin < 1e-12) { ymax += 0.5; ymin -= 0.5; }
	const ax = (PW - PL - 8) / (tmax || 1), ay = (PH - PB - 6) / (ymax - ymin);
	const X = (t) => d1(PL + ax * t), Y = (y) => d1(6 + ay * (ymax - y));
	[[ymax, ymax], [ymin, ymin], [0, 0]].forEach(([y, txt], i) => {
		const on = y >= ymin && y <= ymax && !(i === 2 && (y === ymin || y === ymax));
		P.grid[i].style.display = P.ticks[i].style.display = on ? "" : "none";
		if (!on) return;
		P.grid[i].setAttribute("y1", Y(y));
		P.grid[i].setAttribute("y2", Y(y));
		P.ticks[i].setAttribute("y", Y(y) + 4);
		P.ticks[i].textContent = Number(txt.toPrecision(3));
	});
	P.tt.textContent = "t = " + Number(tmax.toPrecision(4)) + " s";
	if (P.ref && yref) {
		const d = [];
		for (let i = 0; i < yref.t.length; i++)
			d.push((i ? "L" : "M") + X(yref.t[i]) + " " + Y(yref.y[i]));
		P.ref.setAttribute("d", d.join(""));
	}
	series.forEach((s, n) => {
		const t = s.cols.t, y = s.cols[key] || [], d = [];
		for (let i = 0; i < t.length; i++) {
			if (!isFinite(y[i])) continue;
			const yy = Y(y[i]);
			d.push((d.length ? "L" : "M") + X(t[i]) + " " + yy);
			if (i + 1 < t.length) d.push("L" + X(t[i + 1]) + " " + yy);
		}
		P.paths[n].setAttribute("d", d.join(""));
		P.paths[n].setAttribute("stroke", s.color);
	});
}

let anim = 0;
// Each curve's dot moves to its frame's x, frame by frame at its own
// rate.  The lanes are made once for a set of curves; the dots move by a
// transform (no layout a frame: the slider's frames keep their time).
function preview(series, shape) {
	const box = $("#preview");
	if (box.shape !== shape) {
		box.textContent = "";
		for (const s of series) {
			const dot = el("span", { class: "dot" });
			dot.style.background = s.color;
			box.append(el("div", { class: "lane" }, el("span", { class: "lname", text: s.name }),
			    el("span", { class: "track" }, el("span", { class: "mover" }, dot))));
		}
		box.shape = shape;
	}
	const rows = [...box.querySelectorAll(".mover")];
	let lo = Infinity, hi = -Infinity, tend = 0;
	for (const s of series) {
		for (const x of s.cols.x) if (isFinite(x)) { lo = Math.min(lo, x); hi = Math.max(hi, x); }
		tend = Math.max(tend, s.cols.t[s.cols.t.length - 1]);
	}
	if (!(hi > lo)) { lo -= 0.5; hi += 0.5; }
	cancelAnimationFrame(anim);
	const t0 = performance.now();
	const step = (now) => {
		const tau = ((now - t0) / 1000) % (tend + 0.6);
		series.forEach((s, n) => {
			const t = s.cols.t;
			let i = 0, a = 0, b = t.length - 1;
			while (a <= b) { const m = (a + b) >> 1; if (t[m] <= tau) { i = m; a = m + 1; } else b = m - 1; }
			const x = s.cols.x[i], f = isFinite(x) ? (x - lo) / (hi - lo) : 0;
			rows[n].style.transform = "translateX(" + (100 * f).toFixed(2) + "%)";
		});
		anim = requestAnimationFrame(step);
	};
	anim = requestAnimationFrame(step);
}

let busy = null, again = false;
// recompute everything from the query; rebuild the controls when asked
// (the URL written first; a slider's moves, lazy, write it once it
// rests: urlSoon)
async function update(rebuild, lazy) {
	if (lazy) urlSoon();
	else { clearTimeout(urlTimer); writeURL(); }
	if (rebuild) buildControls();
	if (busy) { again = true; return busy; }
	busy = (async () => {
		do { again = false; await compute(); } while (again);
		busy = null;
	})();
	return busy;
}

async function compute() {
	const t0 = performance.now();
	const base = argvOf(query);
	const sw = ["sweep"].concat(base, ["-q"]);
	$("#command").textContent = cmdline(sw);
	const r = await run(sw);
	// 3: a --fail-if gate failed, the rows printed all the same
	if (r.status !== 0 && r.status !== 3) {
		showError((r.stderr.split("\n")[0] || "springsim: exit " + r.status).trim());
		window.__computed = performance.now() - t0;
		return;
	}
	const cs = combos(query);
	const args = cs.map((c) => argvOf(runQuery(c)));
	const runs = await Promise.all(args.map(run));
	const bad = runs.find((x) => x.status !== 0);
	if (bad) { showError(bad.stderr.split("\n")[0].trim()); return; }
	$("#error").hidden = true;
	$("#error").textContent = "";
	for (const x of document.querySelectorAll("[aria-invalid]")) x.removeAttribute("aria-invalid");
	showTable(r.stdout.split("\n").filter((l) => l));
	// the curves
	const series = cs.map((c, i) => ({ name: curveName(c), args: args[i],
	    csv: runs[i].stdout, cols: parseCSV(runs[i].stdout),
	    color: COLORS[i % COLORS.length] }));
	let ref = series[0];
	for (const s of series) if (s.cols.t.length > ref.cols.t.length) ref = s;
	const exact = ref.cols.x_ref ? { t: ref.cols.t, y: ref.cols.x_ref } : null;
	// the set of curves: the plots and the preview are made anew when
	// it changes, else drawn again in place
	const shape = series.map((s) => s.name).join("\n");
	showPlots(series, exact, shape + (exact ? "\nexact" : ""));
	preview(series, shape);
	showDownloads(series);
	showNotes((r.status === 3 ? r.stderr : "").split("\n").concat(
	    ...runs.map((x) => x.stderr.split("\n"))));
	window.__computed = performance.now() - t0;
}

// What the program said beside the numbers, each line once: a failed
// gate's lines (sweep's exit 3) and the runs' warnings (unity's
// SmoothDamp runs zeta 1, ...).
function showNotes(lines) {
	const box = $("#notes"), text = [...new Set(lines.filter((l) => l.trim()))].join("\n");
	if (box.textContent !== text) box.textContent = text;
	box.hidden = !text;
}

// A table or list of the shape shown already (a slider moved: the same
// curves, new numbers) gets its new text in place: new elements cost the
// browser a style and a layout each, 4 ms for the 9 x 39 cells of 8
// curves' table here (docs/web.md).

// the legend and the two plots: made anew when shape (the curves' names
// and the exact spring's presence) changed, else drawn again in place
function showPlots(series, exact, shape) {
	const box = $("#plots");
	if (box.shape !== shape || !box.firstChild) {
		box.textContent = "";
		const legend = el("p", { class: "legend" }, el("span", { class: "key exactkey", text: "exact spring" }));
		series.forEach((s) => { const k = el("span", { class: "key", text: s.name }); k.style.borderColor = s.color; legend.append(k); });
		box.append(legend, plotFigure("x(t): the curves beside the exact spring", series.length, !!exact),
		    plotFigure("err_x(t): x minus the exact spring", series.length, false));
		box.shape = shape;
	}
	const figs = box.querySelectorAll("figure");
	plotDraw(figs[0], series, "x", exact);
	plotDraw(figs[1], series, "err_x");
}

// the table: the sweep's lines, cell for cell
function showTable(lines) {
	const tab = $("#metrics"), rows = lines.map((l) => l.split(","));
	const old = tab.rows;
	if (old.length === rows.length && rows.every((r, i) =>
	    old[i].cells.length === r.length)) {
		rows.forEach((r, i) => r.forEach((v, j) => {
			const c = old[i].cells[j];
			if (c.textContent !== v) c.textContent = v;
		}));
		return;
	}
	tab.textContent = "";
	const thead = el("thead"), tbody = el("tbody");
	thead.append(el("tr", {}, ...rows[0].map((h) => el("th", { scope: "col", text: h }))));
	for (const r of rows.slice(1))
		tbody.append(el("tr", {}, ...r.map((c) => el("td", { text: c }))));
	tab.append(thead, tbody);
}

// each curve's CSV: a download link, its command, a copy button
function showDownloads(series) {
	const dl = $("#downloads");
	if (dl.children.length !== series.length) {
		dl.textContent = "";
		for (const s of series) {
			const copy = el("button", { type: "button", class: "copy", text: "Copy CSV" });
			copy.addEventListener("click", () => copyText(copy.csv, copy));
			dl.append(el("li", {}, el("a", { class: "download-csv" }), " ", el("code"), " ", copy));
		}
	}
	series.forEach((s, i) => {
		const li = dl.children[i], a = li.querySelector("a"), cmd = cmdline(s.args);
		const file = "springsim-" + s.name.replace(/[^A-Za-z0-9.-]+/g, "-") + ".csv";
		a.setAttribute("download", file);
		a.setAttribute("href", "data:text/csv;charset=utf-8," + encodeURIComponent(s.csv));
		a.setAttribute("data-command", cmd);
		if (a.textContent !== file) a.textContent = file;
		const code = li.querySelector("code");
		if (code.textContent !== cmd) code.textContent = cmd;
		li.querySelector("button").csv = s.csv;
	});
}

// --- copy ---
async function copyText(text, button) {
	window.__lastCopy = text;
	try { await navigator.clipboard.writeText(text); }
	catch (e) {
		const ta = el("textarea", {});
		ta.value = text; document.body.append(ta); ta.select();
		try { document.execCommand("copy"); } catch (e2) { /* shown below */ }
		ta.remove();
	}
	if (button) { button.dataset.done = "1"; button.blur(); button.focus(); }
}

// --- tune and export ---
function buildTools() {
	const t = $("#tune");
	const fields = [["overshoot", "0 to <1, e.g. 0.1"], ["settle", "s, e.g. 0.5"], ["period", "s, e.g. 0.6"]];
	const inputs = {};
	for (const [n, ph] of fields) {
		const inp = el("input", { type: "text", id: "t-" + n, placeholder: ph, autocomplete: "off" });
		inputs[n] = inp;
		t.append(el("div", { class: "field" }, label(n, inp), inp));
	}
	const out = el("pre", { id: "tune-out" });
	const go = el("button", { type: "button", id: "tune-go", text: "Tune: set the spring" });
	go.addEventListener("click", async () => {
		const a = ["tune"];
		for (const n in inputs) if (inputs[n].value.trim()) a.push("--" + n, inputs[n].value.trim());
		const r = await run(a);
		if (r.status !== 0) { out.textContent = r.stderr.split("\n")[0]; out.className = "bad"; return; }
		out.className = "";
		const kv = {};
		for (const line of r.stdout.split("\n")) { const i = line.indexOf("="); if (i > 0) kv[line.slice(0, i)] = line.slice(i + 1); }
		out.textContent = cmdline(a) + "\nstiffness=" + kv.stiffness + "\ndamping=" + kv.damping;
		for (const d of REG.dialects) for (const p of d.parameters) setq(p.flag.slice(2), null);
		setq("stiffness", kv.stiffness);
		setq("damping", kv.damping);
		await update(true);
		await refreshExport();
	});
	t.append(go, out);
	// a rule pre-warped for a frame rate: tune --integrator RULE --fps F
	// on the page's spring; the view becomes that rule at that rate
	const rule = el("select", { id: "w-rule" });
	for (const r of REG.rules) rule.append(el("option", { value: r.name, text: r.name }));
	rule.value = "semi-implicit";
	const fps = el("input", { type: "text", id: "w-fps", placeholder: "30", autocomplete: "off" });
	const wout = el("pre", { id: "warp-out" });
	const warp = el("button", { type: "button", id: "warp-go", text: "Pre-warp the spring for this rule and fps" });
	warp.addEventListener("click", async () => {
		const f = fps.value.trim() || "30";
		const a = ["tune"].concat(springArgs(), ["--integrator", rule.value, "--fps", f]);
		const r = await run(a);
		if (r.status !== 0) { wout.textContent = r.stderr.split("\n")[0]; wout.className = "bad"; return; }
		wout.className = "";
		const kv = {};
		for (const line of r.stdout.split("\n")) { const i = line.indexOf("="); if (i > 0) kv[line.slice(0, i)] = line.slice(i + 1); }
		wout.textContent = cmdline(a) + "\nstiffness=" + kv.stiffness + "\ndamping=" + kv.damping +
		    "\nmax_err_x " + kv.max_err_x_untuned + " untuned, " + kv.max_err_x_tuned + " tuned";
		for (const d of REG.dialects) for (const p of d.parameters) setq(p.flag.slice(2), null);
		setq("engine", null);
		setq("stiffness", kv.stiffness);
		setq("damping", kv.damping);
		setq("integrator", rule.value);
		setq("fps", f);
		await update(true);
		await refreshExport();
	});
	t.append(el("h3", { text: "A rule pre-warped for a frame rate" }),
	    el("div", { class: "field" }, label("rule", rule), rule),
	    el("div", { class: "field" }, label("fps", fps), fps), warp, wout);
	const e = $("#export");
	const tol = el("input", { type: "text", id: "x-tolerance", placeholder: "0.001", autocomplete: "off" });
	tol.addEventListener("change", refreshExport);
	e.append(el("div", { class: "field" }, label("tolerance", tol), tol), el("dl", { id: "export-out" }));
}
const SPRING_KEYS = () => {
	const ks = new Set(["mass"]);
	for (const d of REG.dialects) for (const p of d.parameters) ks.add(p.flag.slice(2));
	return ks;
};
// the page's spring, as flags (its dialect's, and mass)
function springArgs() {
	const a = [], ks = SPRING_KEYS();
	for (const [k, v] of query) if (ks.has(k)) a.push("--" + k, v);
	return a;
}
async function refreshExport() {
	const a = ["export"].concat(springArgs());
	for (const [k, v] of query) if (["x0", "v0", "target"].includes(k)) a.push("--" + k, v);
	const tol = $("#x-tolerance").value.trim();
	if (tol) a.push("--tolerance", tol);
	const out = $("#export-out");
	out.textContent = "";
	const r = await run(a);
	out.append(el("dt", { text: "command" }), el("dd", {}, el("code", { id: "export-command", text: cmdline(a) })));
	if (r.status !== 0) {
		out.append(el("dd", { class: "bad", id: "export-error", text: r.stderr.split("\n")[0] }));
		return;
	}
	const kv = [];
	for (const line of r.stdout.split("\n")) { const i = line.indexOf("="); if (i > 0) kv.push([line.slice(0, i), line.slice(i + 1)]); }
	const err = (kv.find(([k]) => k === "css_max_error") || [])[1];
	for (const [k, v] of kv) {
		if (k === "css_points" || k === "css_max_error" || v === "") continue;
		const code = el("code", { class: "export-value", "data-key": k, text: v });
		const b = el("button", { type: "button", class: "copy", text: "Copy " + k,
		    "aria-label": "Copy " + k });
		b.addEventListener("click", () => copyText(v, b));
		const note = k === "css_easing" ? el("small", { text: " (largest distance from the spring " + err + " of the travel)" }) : "";
		out.append(el("dt", { text: k }, note), el("dd", {}, code, " ", b));
	}
}

async function main() {
	const T = { start: performance.now() };
	const bin = atob(SPRINGSIM_WASM_B64);
	const bytes = new Uint8Array(bin.length);
	for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
	T.decoded = performance.now();
	MODULE = await WebAssembly.compile(bytes);
	T.compiled = performance.now();
	const r = await run(["list", "--json"]);
	REG = JSON.parse(r.stdout);
	for (const f of REG.flags) FLAGS[f.flag] = f;
	readQuery();
	// an empty query opens on two libraries at two frame rates
	if (!query.length) query = [["engine", "react-spring,motion"], ["fps", "30,60"]];
	buildControls();
	buildTools();
	for (const b of document.querySelectorAll("button[data-copy]"))
		b.addEventListener("click", () => copyText($(b.dataset.copy).textContent, b));
	T.controls = performance.now();
	await update();
	// ready: every curve and the table shown; export follows
	window.__ready = T.view = performance.now();
	window.__times = T;
	document.body.dataset.ready = "1";
	await refreshExport();
	T.exported = performance.now();
	document.body.dataset.exported = "1";
}
window.__recompute = () => compute();
window.__settled = () => busy || Promise.resolve();
main().catch((e) => showError("springsim page: " + e.message));
