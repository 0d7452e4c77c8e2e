// Robots Studio in the browser: Go's clock, read faster.
//
// Go's runtime reads the clock through two imports of wasm_exec.js (the glue
// that comes with Go): runtime.nanotime1 (the monotonic clock, from
// performance.now()) and runtime.walltime (the wall clock, from a new Date),
// both on every time.Now(). Fyne notes the time of every look-up in its
// caches, some 4,000 to 5,000 times on each frame of the window, and in
// Chromium the glue's monotonic read was the slow part of those calls: it
// looks the global `performance` up anew on each call, a getter of the
// window (nanotime1 took 350–2,000 ns a call, 130–200 ns with the object
// kept); the wall clock makes a Date object for the number `Date.now()`
// gives (about the same time in Chromium, without the object). fastClock
// puts in imports that read the same clocks, keep the object and write the
// same results where wasm_exec.js writes them (docs/speed-window.md, "The
// browser build"). web/test/clock_test.html compares them with Go's own.
"use strict";

(() => {
	const W = (globalThis.robotsStudioWeb = globalThis.robotsStudioWeb || {});

	// fastClock replaces go's clock imports before the program is
	// instantiated; it returns false and changes nothing when the glue does
	// not have them as this file knows them.
	W.fastClock = (go) => {
		const imports = go && go.importObject && go.importObject.gojs;
		const perf = globalThis.performance;
		if (!imports || typeof imports["runtime.nanotime1"] !== "function" || typeof imports["runtime.walltime"] !== "function" ||
			!perf || typeof perf.now !== "function" || typeof Date.now !== "function") {
			return false;
		}
		// As wasm_exec.js: milliseconds since 1970 at the page's time zero.
		const timeOrigin = Date.now() - perf.now();
		// An int64 as wasm_exec.js writes it: low word, then high word,
		// little-endian; go.mem is the program's memory (Go renews the view
		// when its memory grows).
		const setInt64 = (mem, addr, v) => {
			mem.setUint32(addr, v, true);
			mem.setUint32(addr + 4, Math.floor(v / 4294967296), true);
		};
		// func nanotime1() int64
		imports["runtime.nanotime1"] = (sp) => {
			sp >>>= 0;
			setInt64(go.mem, sp + 8, (timeOrigin + perf.now()) * 1000000);
		};
		// func walltime() (sec int64, nsec int32)
		imports["runtime.walltime"] = (sp) => {
			sp >>>= 0;
			const msec = Date.now();
			const mem = go.mem;
			setInt64(mem, sp + 8, msec / 1000);
			mem.setInt32(sp + 16, (msec % 1000) * 1000000, true);
		};
		return true;
	};
})();
