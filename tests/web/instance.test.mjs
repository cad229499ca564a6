// instance.test.mjs - web/wasi.js runs an instance again after putting it
// back as it was made (no browser: node runs the same shim and module).
// Held here: the put back is exact, the whole memory byte for byte equal
// to a fresh instance's and the stack pointer the same, after each of a
// set of commands (good and refused, the biggest the page makes); a
// reused instance prints what a fresh one prints; an instance whose
// memory grew is not reused; the stack (256 KB, stack first) has four
// times the room the commands use.  Prints "ok N" / "not ok N" lines;
// exits 1 on a failure, 77 when the page is not built.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const WEB = process.env.WEB_DIR || resolve(ROOT, "build/web");
for (const f of ["wasi.js", "springsim-wasm.js"])
	if (!existsSync(resolve(WEB, f))) {
		console.log(`# skip: no ${resolve(WEB, f)} (make web)`);
		process.exit(77);
	}
// the page's own files, as the page loads them
const ctx = { TextEncoder, TextDecoder, WebAssembly, performance, crypto,
    console, Uint8Array, DataView, BigInt, Promise, Map, Math };
ctx.globalThis = ctx;
vm.createContext(ctx);
vm.runInContext(readFileSync(resolve(WEB, "springsim-wasm.js"), "utf8"), ctx);
vm.runInContext(readFileSync(resolve(WEB, "wasi.js"), "utf8"), ctx);
const springsim = ctx.springsim;
const { prepare, putBack, idle } = springsim.internals;
const module = await WebAssembly.compile(Buffer.from(ctx.SPRINGSIM_WASM_B64, "base64"));

let n = 0, failed = 0;
function check(ok, name, why) {
	n++;
	if (ok) console.log(`ok ${n} ${name}`);
	else { failed++; console.log(`not ok ${n} ${name}${why ? ": " + why : ""}`); }
}

const E15 = "react-spring,motion,popmotion,wobble,rebound,react-motion," +
    "motion-one,svelte,anime,react-native,reanimated,unity,android,compose,flutter";
const commands = [
	["--version"],
	["list", "--json"],
	["sweep", "--engine", E15, "--fps", "30,60,144", "--duration", "2", "-q"],
	["--engine", "react-spring", "--fps", "30", "--duration", "2"],
	["--engine", "unity", "--fps", "60", "--duration", "2", "--dt-jitter", "0.2", "--seed", "7"],
	["export", "--engine", "reanimated", "--fps", "60"],
	["export", "--omega", "12", "--zeta", "0.5"],
	["tune", "--overshoot", "0.1", "--settle", "0.4"],
	["fps", "--fps", "30,60,144"],
	["help", "react-spring"],
	["--duration", "auto", "--omega", "10", "--zeta", "0.2"],
	["--omega", "nope"],
	["--engine", "react-spring", "--frames-from", "x.csv"],
	["sweep", "--omega", "1:100:5", "--zeta", "0", "--fail-if", "max_err_x>0", "-q"],
];

// a fresh instance's memory and stack pointer, once
const fresh = await prepare(module);
const image = new Uint8Array(fresh.st.mem.buffer).slice();
const sp0 = fresh.inst.exports.__stack_pointer.value;

// the first nonzero byte of the stack (below sp0, the stack first)
function stackUsed(mem) {
	const m = new Uint8Array(mem.buffer);
	let i = 0;
	while (i < sp0 && m[i] === 0) i++;
	return sp0 - i;
}

let most = 0, mostCmd = "";
for (const args of commands) {
	const name = args.join(" ").slice(0, 60);
	// fresh: a new instance, nothing idle
	idle.delete(module);
	const a = await springsim(module, args);
	const got = idle.get(module);
	check(got !== undefined, `${name}: the instance is kept to run again`);
	if (!got) continue;
	const used = stackUsed(got.st.mem);
	if (used > most) { most = used; mostCmd = name; }
	putBack(got.inst, got.st);
	const m = new Uint8Array(got.st.mem.buffer);
	let diff = -1;
	if (m.length !== image.length) diff = -2;
	else for (let i = 0; i < m.length; i++) if (m[i] !== image[i]) { diff = i; break; }
	check(diff === -1 && got.inst.exports.__stack_pointer.value === sp0,
	    `${name}: put back, the memory is a fresh instance's byte for byte`,
	    diff === -2 ? "memory size differs" : diff >= 0 ?
	    `first difference at byte ${diff} of ${m.length}` : "stack pointer");
	// reused (after another command ran on it): the same output
	await springsim(module, ["sweep", "--zeta", "0.1,0.9", "-q"]);
	const b = await springsim(module, args);
	check(a.status === b.status && a.stdout === b.stdout && a.stderr === b.stderr,
	    `${name}: run again on a reused instance, the same output (status ${a.status})`);
}
check(most > 0 && 4 * most <= sp0,
    `the stack (${sp0} bytes) holds four times the most used (${most}, ${mostCmd})`);

// a sweep that grows the memory past its 4 MB: dropped, not reused
idle.delete(module);
const big = await springsim(module, ["sweep", "--omega", "1:100:20000", "--zeta", "0.5", "-q"]);
check(big.status === 0 && big.stdout.split("\n").length === 20002 && !idle.has(module),
    "a sweep that grew the memory: its rows printed, the instance dropped");

console.log(`# ${n - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
