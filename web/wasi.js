// wasi.js - the smallest WASI (preview 1) host that runs springsim.wasm:
// argv in, standard output and error captured as text, exit status out.
// No files (path_open refuses, there are no preopened directories), no
// environment, a monotonic clock from performance.now().  One fresh
// instance per call: the C program's globals (options, the registry's
// state) start clean each time, as a process's do.  Used by the page
// (app.js) and the tests (tests/web), browser or node alike.
"use strict";
(function (root) {
	const ERRNO_SUCCESS = 0, ERRNO_BADF = 8, ERRNO_NOSYS = 52,
	    ERRNO_NOTCAPABLE = 76, ERRNO_SPIPE = 70;
	class Exit { constructor(code) { this.code = code; } }

	// springsim(module, args) -> a promise of {status, stdout, stderr};
	// args without the program's name ("springsim" is argv[0]).  Async:
	// Chromium refuses to instantiate a module over 4 KB synchronously on
	// the main thread.
	async function springsim(module, args) {
		const argv = ["springsim"].concat(args).map(
		    (a) => new TextEncoder().encode(a + "\0"));
		const out = [[], [], []];
		let mem;
		const view = () => new DataView(mem.buffer);
		const u8 = () => new Uint8Array(mem.buffer);
		const wasi = {
			args_sizes_get(pc, ps) {
				view().setUint32(pc, argv.length, true);
				view().setUint32(ps, argv.reduce((n, a) => n + a.length, 0), true);
				return ERRNO_SUCCESS;
			},
			args_get(pv, pb) {
				for (const a of argv) {
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
					out[fd].push(u8().slice(b, b + len));
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
		const inst = await WebAssembly.instantiate(module,
		    { wasi_snapshot_preview1: wasi });
		mem = inst.exports.memory;
		let status = 0;
		try {
			inst.exports._start();
		} catch (e) {
			if (!(e instanceof Exit))
				throw e;
			status = e.code;
		}
		const text = (parts) => {
			const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
			let o = 0;
			for (const p of parts) { all.set(p, o); o += p.length; }
			return new TextDecoder().decode(all);
		};
		return { status, stdout: text(out[1]), stderr: text(out[2]) };
	}
	root.springsim = springsim;
})(typeof window !== "undefined" ? window : globalThis);
