// wasi.js - the smallest WASI (preview 1) host that runs springsim.wasm:
// argv in, standard output and error captured as text, exit status out.
// No files (path_open refuses, there are no preopened directories), no
// environment, a monotonic clock from performance.now().  Each call
// starts from the state a fresh instance has, as a process starts clean
// (the C program's globals: options, the registry's state): a new
// instance, or one that ran before, put back as it was made.  The put
// back is exact, byte for byte (tests/web/instance.test.mjs compares
// the memory with a fresh instance's): the stack and the data, below
// __data_end, copied back from the image taken when it was made; the
// heap up to its high-water mark (springsim_heap_end, web/wasi/heap.c)
// and dlmalloc's record at the memory's end cleared; the one mutable
// global, __stack_pointer, set back.  An instance whose memory grew (it
// cannot shrink) or that trapped is dropped instead.  A put back costs a
// few hundredths of a millisecond, a new instance 0.3 ms and the garbage
// its memory leaves (docs/web.md).  Used by the page (app.js) and the
// tests (tests/web), browser or node alike.
"use strict";
(function (root) {
	const ERRNO_SUCCESS = 0, ERRNO_BADF = 8, ERRNO_NOSYS = 52,
	    ERRNO_NOTCAPABLE = 76, ERRNO_SPIPE = 70;
	class Exit { constructor(code) { this.code = code; } }

	// an instance of module, not yet run: a promise of {inst, st}, its
	// imports reading the call's argv from st and writing its output
	// there; st.image its memory's stack and data as made, st.sp its
	// stack pointer (none: a module without those exports is never
	// reused).
	// Async: Chromium refuses to instantiate a module over 4 KB
	// synchronously on the main thread.
	function prepare(module) {
		const st = { argv: [], out: [[], [], []], mem: null };
		const view = () => new DataView(st.mem.buffer);
		const u8 = () => new Uint8Array(st.mem.buffer);
		const wasi = {
			args_sizes_get(pc, ps) {
				view().setUint32(pc, st.argv.length, true);
				view().setUint32(ps, st.argv.reduce((n, a) => n + a.length, 0), true);
				return ERRNO_SUCCESS;
			},
			args_get(pv, pb) {
				for (const a of st.argv) {
					view().setUint32(pv, pb, true);
					u8().set(a, pb);
					pv += 4; pb += a.length;
				}
				return ERRNO_SUCCESS;
			},
			environ_sizes_get(pc, ps) {
				view().setUint32(pc, 0, true);
				view().setUint32(ps, 0, true);
				return ERRNO_SUCCESS;
			},
			environ_get() { return ERRNO_SUCCESS; },
			clock_time_get(id, prec, pt) {
				const ns = BigInt(Math.round(performance.now() * 1e6));
				view().setBigUint64(pt, ns, true);
				return ERRNO_SUCCESS;
			},
			clock_res_get(id, pr) {
				view().setBigUint64(pr, 1000n, true);
				return ERRNO_SUCCESS;
			},
			random_get(p, n) {
				crypto.getRandomValues(u8().subarray(p, p + n));
				return ERRNO_SUCCESS;
			},
			fd_write(fd, iovs, n, pw) {
				if (fd !== 1 && fd !== 2)
					return ERRNO_BADF;
				let total = 0;
				for (let i = 0; i < n; i++) {
					const b = view().getUint32(iovs + 8 * i, true);
					const len = view().getUint32(iovs + 8 * i + 4, true);
					st.out[fd].push(u8().slice(b, b + len));
					total += len;
				}
				view().setUint32(pw, total, true);
				return ERRNO_SUCCESS;
			},
			fd_read() { return ERRNO_BADF; },
			fd_close(fd) { return fd <= 2 ? ERRNO_SUCCESS : ERRNO_BADF; },
			fd_seek(fd) { return fd <= 2 ? ERRNO_SPIPE : ERRNO_BADF; },
			fd_fdstat_get(fd, p) {
				if (fd > 2)
					return ERRNO_BADF;
				// a character device (2), not a terminal's rights: no
				// rights to seek or tell, so stdio buffers fully
				const v = view();
				v.setUint8(p, 2);
				v.setUint16(p + 2, 0, true);
				v.setBigUint64(p + 8, 0n, true);
				v.setBigUint64(p + 16, 0n, true);
				return ERRNO_SUCCESS;
			},
			fd_fdstat_set_flags() { return ERRNO_NOSYS; },
			fd_filestat_get() { return ERRNO_NOSYS; },
			fd_prestat_get() { return ERRNO_BADF; },
			fd_prestat_dir_name() { return ERRNO_BADF; },
			path_open() { return ERRNO_NOTCAPABLE; },
			path_filestat_get() { return ERRNO_NOTCAPABLE; },
			path_readlink() { return ERRNO_NOTCAPABLE; },
			path_rename() { return ERRNO_NOTCAPABLE; },
			path_unlink_file() { return ERRNO_NOTCAPABLE; },
			poll_oneoff() { return ERRNO_NOSYS; },
			sched_yield() { return ERRNO_SUCCESS; },
			proc_exit(code) { throw new Exit(code); },
		};
		return WebAssembly.instantiate(module,
		    { wasi_snapshot_preview1: wasi }).then((inst) => {
			const x = inst.exports;
			st.mem = x.memory;
			if (x.__stack_pointer && x.__data_end &&
			    x.springsim_heap_end) {
				st.sp = x.__stack_pointer.value;
				st.size = st.mem.buffer.byteLength;
				st.image = new Uint8Array(st.mem.buffer, 0,
				    x.__data_end.value).slice();
			}
			return { inst, st };
		});
	}

	// dlmalloc's segment record at the memory's end: this many bytes
	// cleared there (it is 40 on wasm32)
	const SEGMENT_RECORD = 4096;

	// an instance as it was made, from what its run wrote: the stack and
	// data from the image, the heap as far as it reached and the segment
	// record cleared, the stack pointer (the one mutable global) set back
	function putBack(inst, st) {
		const m = new Uint8Array(st.mem.buffer);
		m.set(st.image);
		m.fill(0, st.image.length, Math.max(st.heapEnd, st.image.length));
		m.fill(0, m.length - SEGMENT_RECORD);
		inst.exports.__stack_pointer.value = st.sp;
		st.out = [[], [], []];
	}

	// each module's instance that ran and can be put back
	const idle = new Map();

	// each module's last call: the next waits for it (one instance runs
	// them all, put back between; not one instance a call at once)
	const last = new Map();

	// springsim(module, args) -> a promise of {status, stdout, stderr};
	// args without the program's name ("springsim" is argv[0]).  Calls
	// run one after the other, in the order made.
	function springsim(module, args) {
		const p = (last.get(module) || Promise.resolve()).then(() =>
		    runOnce(module, args));
		last.set(module, p.catch(() => {}));
		return p;
	}

	// one call: on the idle instance put back, or a new one
	async function runOnce(module, args) {
		let got = idle.get(module);
		if (got) {
			idle.delete(module);
			putBack(got.inst, got.st);
		} else
			got = await prepare(module);
		const { inst, st } = got;
		st.argv = ["springsim"].concat(args).map(
		    (a) => new TextEncoder().encode(a + "\0"));
		let status = 0;
		try {
			inst.exports._start();
		} catch (e) {
			if (!(e instanceof Exit))
				throw e;	/* a trap: the instance is dropped */
			status = e.code;
		}
		const text = (parts) => {
			const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
			let o = 0;
			for (const p of parts) { all.set(p, o); o += p.length; }
			return new TextDecoder().decode(all);
		};
		const r = { status, stdout: text(st.out[1]), stderr: text(st.out[2]) };
		if (st.image && st.mem.buffer.byteLength === st.size) {
			st.heapEnd = inst.exports.springsim_heap_end();
			idle.set(module, got);
		}
		return r;
	}
	// for tests/web/instance.test.mjs: the steps, and the idle instances
	springsim.internals = { prepare, putBack, idle };
	root.springsim = springsim;
})(typeof window !== "undefined" ? window : globalThis);
