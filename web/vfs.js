// Robots Studio in the browser: the file system Go's os package talks to.
//
// Go on js/wasm calls a Node-style callback API on globalThis.fs (see
// $GOROOT/src/syscall/fs_js.go). This script installs one before
// wasm_exec.js runs, so the app's ordinary file code works unchanged:
//
//   /home   kept in IndexedDB: loaded into memory before Go starts, written
//           back after each change (debounced) and on fsync, in one
//           transaction per flush, so the stored tree is always a state the
//           program saw (an atomic save stays atomic). Files and folder
//           entries are stored one record each, and each tab numbers its
//           new files from its own random base, and a folder's number comes
//           from its parent and name, so two tabs of the app add and remove
//           files side by side without undoing each other, even in a folder
//           both made.
//   /tmp    memory only.
//   /picked files the user picked or dropped, read-only, at
//           /picked/<n>/<original name>, read lazily from the File itself.
//
// Errors carry Node's err.code ("ENOENT", ...), which Go maps to errno.
// Each tree is its own device: a rename between them fails with EXDEV, as
// it would between mounts.
"use strict";

(() => {
	const W = (globalThis.robotsStudioWeb = globalThis.robotsStudioWeb || {});
	const config = globalThis.robotsStudioVFSConfig || {};
	const DB_NAME = config.dbName || "robots-studio-fs";
	const INODES = "inodes"; // {ino, kind, mode, ..., data | target}
	const DIRENTS = "dirents"; // {dir, name, ino}: one entry of a folder
	const HOME_INO = 1; // the /home directory's key in the store

	const S_IFDIR = 0o040000, S_IFREG = 0o100000, S_IFLNK = 0o120000;
	const O_WRONLY = 1, O_RDWR = 2, O_CREAT = 0o100, O_EXCL = 0o200, O_TRUNC = 0o1000,
		O_APPEND = 0o2000, O_DIRECTORY = 0o200000;
	const UID = 1000, GID = 1000;
	const DEV_ROOT = 1, DEV_HOME = 2, DEV_TMP = 3, DEV_PICKED = 4;
	const CHUNK = 4 << 20; // bytes read from a picked file at a time
	const FLUSH_DELAY = 40; // ms of quiet before changes go to IndexedDB

	const KNOWN = new Set(["EPERM", "ENOENT", "EIO", "EBADF", "EACCES", "EEXIST", "EXDEV", "ENOTDIR",
		"EISDIR", "EINVAL", "ENOSPC", "EROFS", "ENOTEMPTY", "ELOOP", "ENOSYS", "EBUSY", "ENAMETOOLONG"]);

	function fail(code, what) {
		const e = new Error(code + (what ? ": " + what : ""));
		e.code = code;
		return e;
	}

	let umask = 0o022;
	let cwd = "/home/web";
	// Inode numbers start at a random base in each tab (20 random bits
	// above 32 counted ones: below 2^53, exact as a JavaScript number).
	let nextIno = (() => {
		const r = new Uint32Array(1);
		crypto.getRandomValues(r);
		return (r[0] & 0xfffff) * 2 ** 32 + 2;
	})();
	const now = () => Date.now();

	function newNode(kind, mode, dev, uid) {
		const t = now();
		const n = {
			ino: nextIno++, kind, mode: mode & 0o7777, dev, uid: uid === undefined ? UID : uid,
			gid: uid === 0 ? 0 : GID, nlink: kind === "dir" ? 2 : 1, atimeMs: t, mtimeMs: t, ctimeMs: t,
		};
		if (kind === "dir") n.entries = new Map();
		if (kind === "file") { n.data = new Uint8Array(0); n.size = 0; }
		return n;
	}

	// A folder under /home gets the number its name gives it (its parent's
	// number and its name, hashed, above 2^52: apart from the counted ones),
	// so two tabs that each create the same folder make the same folder, and
	// what each puts in it is kept; a folder with its own counted number
	// would hide the other tab's files. A number this tab already uses (a
	// folder moved away) falls back to the counter.
	const HASHED = 2 ** 52;
	const hashedInUse = new Set();
	function fnv(str, seed) {
		let h = seed >>> 0;
		for (let i = 0; i < str.length; i++) {
			h ^= str.charCodeAt(i);
			h = Math.imul(h, 16777619) >>> 0;
		}
		return h;
	}
	function newDirIn(parent, name, mode) {
		const n = newNode("dir", mode, parent.dev);
		if (parent.dev !== DEV_HOME) return n;
		const key = parent.ino + "/" + name;
		const ino = HASHED + (fnv(key, 0x9dc5) & 0xfffff) * 2 ** 32 + fnv(key, 2166136261);
		if (!hashedInUse.has(ino)) {
			n.ino = ino;
			hashedInUse.add(ino);
			deleted.delete(ino); // removed and made again before a flush
		}
		return n;
	}

	// ---- persistence ------------------------------------------------------

	const dirty = new Set(); // /home nodes whose stored copy is stale
	const deleted = new Set(); // inos to remove from the store
	const direntOps = new Map(); // "dir/name" → {dir, name, ino}; ino null removes
	const storage = (W.storage = { persistent: false, full: false, error: "", evictionProof: false });
	let db = null;
	let timer = 0;
	let chain = Promise.resolve();
	let sinceEstimate = 0; // bytes /home grew since quotaLeft was measured
	let quotaLeft = Infinity;
	let askedToKeep = false;

	function touch(n) {
		if (n.dev !== DEV_HOME) return;
		if (n.nlink > 0) dirty.add(n);
		schedule();
	}

	function release(n) {
		if (n.nlink > 0 || n.dev !== DEV_HOME) return;
		dirty.delete(n);
		deleted.add(n.ino);
		hashedInUse.delete(n.ino);
		if (n.kind === "dir") for (const c of n.entries.values()) { c.nlink = 0; release(c); }
		schedule();
	}

	function schedule() {
		if (!db || timer) return;
		timer = setTimeout(() => { timer = 0; flush().catch(() => {}); }, FLUSH_DELAY);
	}

	function record(n) {
		const r = { ino: n.ino, kind: n.kind, mode: n.mode, uid: n.uid, gid: n.gid,
			atimeMs: n.atimeMs, mtimeMs: n.mtimeMs, ctimeMs: n.ctimeMs };
		if (n.kind === "file") r.data = n.data.slice(0, n.size).buffer;
		else if (n.kind === "link") r.target = n.target;
		return r;
	}

	function isQuota(e) {
		return e && (e.name === "QuotaExceededError" || /quota/i.test(String(e.message || e)));
	}

	function setFull(full, why) {
		if (storage.full === full && storage.error === why) return;
		storage.full = full;
		storage.error = why || "";
		dispatchEvent(new CustomEvent("robots-studio-storage", { detail: { ...storage } }));
	}

	async function estimate() {
		sinceEstimate = 0;
		try {
			const e = await navigator.storage.estimate();
			if (e && e.quota) quotaLeft = Math.max(0, e.quota - (e.usage || 0));
		} catch (_) { /* no estimate: rely on the store's own error */ }
	}

	function writeStore(puts, dels, ents) {
		if (config.quotaForTest !== undefined) {
			let total = 0;
			for (const r of puts) if (r.data) total += r.data.byteLength;
			if (total > config.quotaForTest) {
				const e = new Error("quota exceeded (test limit)");
				e.name = "QuotaExceededError";
				return Promise.reject(e);
			}
		}
		return new Promise((resolve, reject) => {
			let tx;
			try { tx = db.transaction([INODES, DIRENTS], "readwrite", { durability: "strict" }); } catch (e) { reject(e); return; }
			const st = tx.objectStore(INODES);
			for (const r of puts) st.put(r);
			for (const ino of dels) st.delete(ino);
			const de = tx.objectStore(DIRENTS);
			for (const e of ents) {
				if (e.ino === null) de.delete([e.dir, e.name]);
				else de.put(e);
			}
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
			tx.onabort = () => reject(tx.error || new Error("transaction aborted"));
		});
	}

	async function flushOnce() {
		if (!db || (dirty.size === 0 && deleted.size === 0 && direntOps.size === 0)) return;
		const gen = journalGen;
		const nodes = [...dirty];
		const puts = nodes.map(record);
		const dels = [...deleted];
		const ents = [...direntOps];
		dirty.clear();
		deleted.clear();
		direntOps.clear();
		try {
			await writeStore(puts, dels, ents.map(([, e]) => e));
		} catch (e) {
			// Nothing is lost: the tree in memory is whole; what did not reach
			// the store is kept to try again (unless changed again since).
			for (const n of nodes) if (n.nlink > 0) dirty.add(n);
			for (const ino of dels) deleted.add(ino);
			for (const [k, op] of ents) if (!direntOps.has(k)) direntOps.set(k, op);
			if (isQuota(e)) {
				setFull(true, "The browser's storage for this site is full.");
				throw fail("ENOSPC", "browser storage is full");
			}
			setFull(storage.full, "Browser storage failed: " + (e && e.message || e));
			throw fail("EIO", "browser storage failed");
		}
		journalStored(gen);
		if (storage.full || storage.error) setFull(false, "");
		if (sinceEstimate > 1 << 20) await estimate();
		if (!askedToKeep && puts.some((r) => r.kind === "file")) {
			// Ask once, when there is something of the user's to keep, that
			// the browser not evict this site's storage under pressure.
			askedToKeep = true;
			try {
				if (navigator.storage && navigator.storage.persist && !(await navigator.storage.persisted())) {
					storage.evictionProof = await navigator.storage.persist();
				} else storage.evictionProof = true;
			} catch (_) { /* not offered by this browser */ }
		}
	}

	// flush: everything changed so far is in IndexedDB when it resolves.
	function flush() {
		if (timer) { clearTimeout(timer); timer = 0; }
		const p = chain.then(flushOnce);
		track(p);
		return p;
	}

	// ---- the last changes of a closing page ------------------------------
	// A page going away cannot wait for IndexedDB: Chromium drops a
	// transaction the closing page has not finished. So the changes not yet
	// stored are also written at once to localStorage (synchronous), one
	// entry per tab, and the next load puts them into the store before it
	// reads it. Only when small: localStorage holds a few megabytes a site.
	const JOURNAL = "robots-studio-vfs-journal:" + DB_NAME + ":";
	const JOURNAL_MAX = 2 << 20; // characters
	const tabId = (() => {
		const r = new Uint32Array(2);
		crypto.getRandomValues(r);
		return r[0].toString(16) + r[1].toString(16);
	})();

	function toBase64(buf) {
		const b = new Uint8Array(buf);
		let out = "";
		for (let i = 0; i < b.length; i += 0x8000) out += String.fromCharCode.apply(null, b.subarray(i, i + 0x8000));
		return btoa(out);
	}
	function fromBase64(str) {
		const bin = atob(str);
		const b = new Uint8Array(bin.length);
		for (let i = 0; i < bin.length; i++) b[i] = bin.charCodeAt(i);
		return b.buffer;
	}

	// journalGen counts the journals this tab wrote; a flush that took its
	// changes after the last one covers it, and removes it once stored (a
	// page back from the browser's cache must not have an old journal put
	// over what it stored since).
	let journalGen = 0;
	function journalStored(gen) {
		if (gen === 0 || gen !== journalGen) return;
		try { localStorage.removeItem(JOURNAL + tabId); } catch (_) { /* none */ }
	}

	function journal() {
		if (!db || (dirty.size === 0 && deleted.size === 0 && direntOps.size === 0)) return;
		try {
			const puts = [...dirty].map(record).map((r) => (r.data ? { ...r, data: toBase64(r.data) } : r));
			const j = JSON.stringify({ t: now(), puts, dels: [...deleted], ents: [...direntOps.values()] });
			if (j.length <= JOURNAL_MAX) {
				localStorage.setItem(JOURNAL + tabId, j);
				journalGen++;
			}
		} catch (_) { /* no localStorage, or full: the last flush is all there is */ }
	}

	// replayJournals stores what closing pages left in localStorage, oldest
	// first, and removes it.
	async function replayJournals() {
		let found = [];
		try {
			for (let i = 0; i < localStorage.length; i++) {
				const k = localStorage.key(i);
				if (k && k.startsWith(JOURNAL)) found.push(k);
			}
		} catch (_) { return; }
		const js = found.map((k) => {
			try { return { k, j: JSON.parse(localStorage.getItem(k)) }; } catch (_) { return { k, j: null }; }
		}).sort((a, b) => ((a.j && a.j.t) || 0) - ((b.j && b.j.t) || 0));
		for (const { k, j } of js) {
			try {
				if (j && Array.isArray(j.puts) && Array.isArray(j.dels) && Array.isArray(j.ents)) {
					const puts = j.puts.map((r) => (typeof r.data === "string" ? { ...r, data: fromBase64(r.data) } : r));
					await writeStore(puts, j.dels, j.ents);
				}
			} catch (e) {
				console.warn("robots-studio vfs: the last changes of a closed tab could not be stored:", e);
			}
			localStorage.removeItem(k);
		}
	}

	// flushing counts the flushes not yet settled.
	let flushing = 0;
	function track(p) {
		flushing++;
		chain = p.catch(() => {}).finally(() => { flushing--; });
	}

	// flushNow is flush for a page going away: when no flush is under way it
	// starts the store's transaction before it returns, not in a later
	// microtask the closing page may never run.
	function flushNow() {
		if (flushing > 0) return flush();
		if (timer) { clearTimeout(timer); timer = 0; }
		const p = flushOnce();
		track(p);
		return p;
	}

	function openDB() {
		return new Promise((resolve, reject) => {
			if (!globalThis.indexedDB) { reject(new Error("IndexedDB is not available")); return; }
			const req = indexedDB.open(DB_NAME, 1);
			req.onupgradeneeded = () => {
				req.result.createObjectStore(INODES, { keyPath: "ino" });
				req.result.createObjectStore(DIRENTS, { keyPath: ["dir", "name"] });
			};
			req.onsuccess = () => {
				const d = req.result;
				// Another tab upgrading or deleting the store: let it, and
				// keep this tab's files in memory from here on.
				d.onversionchange = () => {
					d.close();
					if (db === d) db = null;
					setFull(storage.full, "The browser's storage was closed by another tab; changes are kept in this tab only.");
				};
				resolve(d);
			};
			req.onerror = () => reject(req.error);
			req.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
		});
	}

	// readAll reads both stores in one transaction: one consistent state.
	function readAll(d) {
		return new Promise((resolve, reject) => {
			const tx = d.transaction([INODES, DIRENTS], "readonly");
			const out = {};
			tx.objectStore(INODES).getAll().onsuccess = (e) => { out.inodes = e.target.result; };
			tx.objectStore(DIRENTS).getAll().onsuccess = (e) => { out.dirents = e.target.result; };
			tx.oncomplete = () => resolve(out);
			tx.onerror = () => reject(tx.error);
			tx.onabort = () => reject(tx.error);
		});
	}

	// rebuild makes /home from the stored records. Records nothing reachable
	// points to are removed, and so are entries naming a missing file or a
	// second parent for a folder.
	function rebuild({ inodes, dirents }) {
		const byIno = new Map();
		for (const r of inodes) {
			const n = { ino: r.ino, kind: r.kind, mode: r.mode, dev: DEV_HOME, uid: r.uid, gid: r.gid,
				nlink: 0, atimeMs: r.atimeMs, mtimeMs: r.mtimeMs, ctimeMs: r.ctimeMs };
			if (r.kind === "dir") { n.entries = new Map(); n.nlink = 2; }
			if (r.kind === "file") { n.data = new Uint8Array(r.data || new ArrayBuffer(0)); n.size = n.data.length; }
			if (r.kind === "link") n.target = r.target;
			byIno.set(r.ino, n);
		}
		const byDir = new Map();
		for (const e of dirents) {
			if (!byDir.has(e.dir)) byDir.set(e.dir, []);
			byDir.get(e.dir).push(e);
		}
		const drop = (e) => direntOps.set(e.dir + "/" + e.name, { dir: e.dir, name: e.name, ino: null });
		const home = byIno.get(HOME_INO);
		if (!home || home.kind !== "dir") {
			for (const ino of byIno.keys()) deleted.add(ino);
			dirents.forEach(drop);
			return null;
		}
		const seen = new Set([HOME_INO]);
		const queue = [home];
		while (queue.length > 0) {
			const dir = queue.shift();
			for (const e of byDir.get(dir.ino) || []) {
				const c = byIno.get(e.ino);
				if (!c || (c.kind === "dir" && seen.has(e.ino))) { drop(e); continue; }
				seen.add(e.ino);
				if (e.ino >= HASHED) hashedInUse.add(e.ino);
				dir.entries.set(e.name, c);
				if (c.kind === "dir") { dir.nlink++; queue.push(c); } else c.nlink++;
			}
			byDir.delete(dir.ino);
		}
		for (const list of byDir.values()) list.forEach(drop);
		for (const ino of byIno.keys()) if (!seen.has(ino)) deleted.add(ino);
		return home;
	}

	// ---- the tree ---------------------------------------------------------

	const root = newNode("dir", 0o755, DEV_ROOT, 0);
	root.nlink = 2;
	let home = null;

	// setEntry and delEntry change a folder's entries, noting the change for
	// the store under /home.
	function setEntry(dir, name, n) {
		dir.entries.set(name, n);
		if (dir.dev === DEV_HOME) direntOps.set(dir.ino + "/" + name, { dir: dir.ino, name, ino: n.ino });
	}

	function delEntry(dir, name) {
		dir.entries.delete(name);
		if (dir.dev === DEV_HOME) direntOps.set(dir.ino + "/" + name, { dir: dir.ino, name, ino: null });
	}

	function addEntry(dir, name, n) {
		setEntry(dir, name, n);
		if (n.kind === "dir") dir.nlink++;
		dir.mtimeMs = dir.ctimeMs = now();
		touch(dir);
	}

	function mountDir(name, dir) {
		root.entries.set(name, dir);
		if (dir.kind === "dir") root.nlink++;
	}

	const tmp = newNode("dir", 0o1777, DEV_TMP, 0);
	mountDir("tmp", tmp);
	const picked = newNode("dir", 0o555, DEV_PICKED, 0);
	mountDir("picked", picked);

	function may(n, bit) { // bit: 4 read, 2 write, 1 search
		const bits = n.uid === UID ? (n.mode >> 6) & 7 : n.gid === GID ? (n.mode >> 3) & 7 : n.mode & 7;
		return (bits & bit) !== 0;
	}

	function mayWriteIn(dir) {
		if (dir.dev === DEV_PICKED || !may(dir, 2)) throw fail("EACCES", "permission denied");
	}

	// walk resolves path. It returns {parent, name, node, stack}: node is null
	// when only the last part is missing; name is null when the path names a
	// directory through "." or ".." or "/". stack holds the directories from
	// / down to parent.
	function walk(path, followLast) {
		if (typeof path !== "string" || path === "") throw fail("ENOENT", "empty path");
		const abs = path[0] === "/" ? path : cwd + "/" + path;
		const slash = abs.length > 1 && abs.endsWith("/");
		const queue = abs.split("/").filter((p) => p !== "" && p !== ".");
		let stack = [root];
		let links = 0;
		while (queue.length > 0) {
			const part = queue.shift();
			const cur = stack[stack.length - 1];
			if (cur.kind !== "dir") throw fail("ENOTDIR", path);
			if (!may(cur, 1)) throw fail("EACCES", path);
			if (part === "..") { if (stack.length > 1) stack.pop(); continue; }
			if (part.length > 255) throw fail("ENAMETOOLONG", path);
			const child = cur.entries.get(part);
			const last = queue.length === 0;
			if (!child) {
				if (last) return { parent: cur, name: part, node: null, stack, slash };
				throw fail("ENOENT", path);
			}
			if (child.kind === "link" && (!last || followLast || slash)) {
				if (++links > 40) throw fail("ELOOP", path);
				const t = child.target;
				if (t[0] === "/") stack = [root];
				queue.unshift(...t.split("/").filter((p) => p !== "" && p !== "."));
				continue;
			}
			if (last) {
				if (slash && child.kind !== "dir") throw fail("ENOTDIR", path);
				return { parent: cur, name: part, node: child, stack, slash };
			}
			stack.push(child);
		}
		const node = stack[stack.length - 1];
		if (node.kind !== "dir") throw fail("ENOTDIR", path);
		return { parent: stack.length > 1 ? stack[stack.length - 2] : root, name: null, node, stack: stack.slice(0, -1), slash };
	}

	function existing(path, follow) {
		const r = walk(path, follow);
		if (!r.node) throw fail("ENOENT", path);
		return r.node;
	}

	function stat(n) {
		const size = n.kind === "dir" ? 4096 : n.kind === "link" ? n.target.length : n.size;
		const type = n.kind === "dir" ? S_IFDIR : n.kind === "link" ? S_IFLNK : S_IFREG;
		return {
			dev: n.dev, ino: n.ino, mode: type | n.mode, nlink: n.nlink, uid: n.uid, gid: n.gid, rdev: 0,
			size, blksize: 4096, blocks: Math.ceil(size / 512),
			atimeMs: n.atimeMs, mtimeMs: n.mtimeMs, ctimeMs: n.ctimeMs, birthtimeMs: n.ctimeMs,
			isDirectory: () => n.kind === "dir", isFile: () => n.kind !== "dir" && n.kind !== "link",
			isSymbolicLink: () => n.kind === "link",
		};
	}

	// grow makes room for size bytes under /home; it refuses with ENOSPC when
	// the browser's storage is known to be full.
	function grow(n, size) {
		const more = size - n.size;
		if (n.dev === DEV_HOME && more > 0) {
			if (storage.full || sinceEstimate + more > quotaLeft) throw fail("ENOSPC", "browser storage is full");
			sinceEstimate += more;
		}
		if (size > n.data.length) {
			const next = new Uint8Array(Math.max(size, Math.min(n.data.length * 2, n.data.length + (64 << 20)), 256));
			next.set(n.data.subarray(0, n.size));
			n.data = next;
		}
	}

	function resize(n, size) {
		if (n.kind !== "file") throw fail(n.kind === "dir" ? "EISDIR" : "EINVAL");
		if (size < 0) throw fail("EINVAL");
		if (size > n.size) { grow(n, size); n.data.fill(0, n.size, size); }
		n.size = size;
		n.mtimeMs = n.ctimeMs = now();
		touch(n);
	}

	// ---- open files -------------------------------------------------------

	const fds = new Map();
	let nextFd = 10;

	function fdOf(fd) {
		const f = fds.get(fd);
		if (!f) throw fail("EBADF", "fd " + fd);
		return f;
	}

	const stdio = { 1: "", 2: "" };
	const decoders = { 1: new TextDecoder("utf-8"), 2: new TextDecoder("utf-8") };
	function console_(fd, buf) {
		stdio[fd] += decoders[fd].decode(buf, { stream: true });
		const nl = stdio[fd].lastIndexOf("\n");
		if (nl >= 0) {
			const text = stdio[fd].slice(0, nl);
			stdio[fd] = stdio[fd].slice(nl + 1);
			(fd === 2 ? console.error : console.log)(text);
		}
		return buf.length;
	}

	function open(path, flags, mode) {
		const acc = flags & 3;
		const writing = acc === O_WRONLY || acc === O_RDWR;
		const excl = (flags & O_CREAT) && (flags & O_EXCL);
		const r = walk(path, !excl);
		let n = r.node;
		if (!n) {
			if (!(flags & O_CREAT)) throw fail("ENOENT", path);
			if (r.slash) throw fail("EISDIR", path);
			mayWriteIn(r.parent);
			n = newNode("file", (mode === undefined ? 0o666 : mode) & ~umask, r.parent.dev);
			addEntry(r.parent, r.name, n);
			touch(n);
		} else {
			if (excl) throw fail("EEXIST", path);
			if ((flags & O_DIRECTORY) && n.kind !== "dir") throw fail("ENOTDIR", path);
			if (n.kind === "dir" && (writing || (flags & O_TRUNC))) throw fail("EISDIR", path);
			if (writing && (n.dev === DEV_PICKED || !may(n, 2))) throw fail("EACCES", path);
			if (acc !== O_WRONLY && !may(n, 4)) throw fail("EACCES", path);
			if (writing && (flags & O_TRUNC) && n.kind === "file" && n.size > 0) resize(n, 0);
		}
		const fd = nextFd++;
		fds.set(fd, { node: n, read: acc !== O_WRONLY, write: writing, append: !!(flags & O_APPEND), pos: 0 });
		return fd;
	}

	// Picked files: a window of CHUNK bytes is read at a time, and the next
	// one is asked for while Go works through the current one.
	function blobWindow(n, pos) {
		const start = Math.floor(pos / CHUNK) * CHUNK;
		const c = n.cache || (n.cache = new Map());
		let w = c.get(start);
		if (!w) {
			w = n.blob.slice(start, Math.min(n.size, start + CHUNK)).arrayBuffer().then((b) => new Uint8Array(b));
			w.catch(() => c.delete(start));
			c.set(start, w);
			for (const k of c.keys()) if (k < start - CHUNK || k > start + CHUNK) c.delete(k);
		}
		return { start, w };
	}

	async function readBlob(n, buf, off, len, pos) {
		let done = 0;
		try {
			while (done < len && pos + done < n.size) {
				const { start, w } = blobWindow(n, pos + done);
				const next = start + CHUNK;
				if (next < n.size) blobWindow(n, next); // read ahead
				const bytes = await w;
				const from = pos + done - start;
				const take = Math.min(len - done, bytes.length - from);
				if (take <= 0) break;
				buf.set(bytes.subarray(from, from + take), off + done);
				done += take;
			}
		} catch (e) {
			throw fail("EIO", "the picked file can no longer be read (" + ((e && e.name) || e) + ")");
		}
		return done;
	}

	function read(fd, buf, off, len, position) {
		const f = fdOf(fd);
		if (!f.read) throw fail("EBADF", "not open for reading");
		const n = f.node;
		if (n.kind === "dir") throw fail("EISDIR");
		const pos = position === null || position === undefined || position < 0 ? f.pos : position;
		const advance = pos === f.pos && (position === null || position === undefined || position < 0);
		if (n.kind === "blob") {
			return readBlob(n, buf, off, len, pos).then((got) => { if (advance) f.pos = pos + got; return got; });
		}
		const got = Math.max(0, Math.min(len, n.size - pos));
		if (got > 0) buf.set(n.data.subarray(pos, pos + got), off);
		if (advance) f.pos = pos + got;
		return got;
	}

	function write(fd, buf, off, len, position) {
		if ((fd === 1 || fd === 2) && !fds.has(fd)) return console_(fd, buf.subarray(off, off + len));
		const f = fdOf(fd);
		if (!f.write) throw fail("EBADF", "not open for writing");
		const n = f.node;
		const current = position === null || position === undefined || position < 0;
		const pos = f.append ? n.size : current ? f.pos : position;
		const end = pos + len;
		if (end > n.size) grow(n, end);
		if (pos > n.size) n.data.fill(0, n.size, pos);
		n.data.set(buf.subarray(off, off + len), pos);
		if (end > n.size) n.size = end;
		n.mtimeMs = n.ctimeMs = now();
		if (current || f.append) f.pos = end;
		touch(n);
		return len;
	}

	// ---- the Node-style API ----------------------------------------------

	function errOf(e) {
		if (e && KNOWN.has(e.code)) return e;
		console.error("robots-studio vfs:", e);
		return fail("EIO", String((e && e.message) || e));
	}

	// api wraps a synchronous or promise-returning function into Node's
	// callback style.
	function api(fn) {
		return function (...args) {
			const cb = typeof args[args.length - 1] === "function" ? args.pop() : () => {};
			let res;
			try {
				res = fn(...args);
			} catch (e) {
				cb(errOf(e));
				return;
			}
			if (res && typeof res.then === "function") res.then((v) => cb(null, v), (e) => cb(errOf(e)));
			else cb(null, res);
		};
	}

	function own(n) {
		if (n.dev === DEV_PICKED) throw fail("EACCES", "picked files are read-only");
		if (n.uid !== UID) throw fail("EPERM", "not the owner");
	}

	function unlinkNode(r) {
		const n = r.node;
		delEntry(r.parent, r.name);
		r.parent.mtimeMs = r.parent.ctimeMs = now();
		if (n.kind === "dir") { r.parent.nlink--; n.nlink = 0; } else n.nlink--;
		n.ctimeMs = now();
		touch(r.parent);
		if (n.nlink > 0) touch(n); else release(n);
	}

	const ops = {
		open,
		close(fd) {
			const f = fdOf(fd);
			fds.delete(fd);
			if (f.write) touch(f.node);
		},
		read,
		write,
		fstat: (fd) => stat(fdOf(fd).node),
		stat: (path) => stat(existing(path, true)),
		lstat: (path) => stat(existing(path, false)),
		fsync(fd) {
			const f = fdOf(fd);
			return f.node.dev === DEV_HOME ? flush().then(() => undefined) : undefined;
		},
		ftruncate(fd, len) {
			const f = fdOf(fd);
			if (!f.write) throw fail("EINVAL", "not open for writing");
			resize(f.node, len);
		},
		truncate(path, len) {
			const n = existing(path, true);
			if (n.kind === "dir") throw fail("EISDIR", path);
			if (n.dev === DEV_PICKED || !may(n, 2)) throw fail("EACCES", path);
			resize(n, len);
		},
		mkdir(path, perm) {
			const r = walk(path, false);
			if (r.node || r.name === null) throw fail("EEXIST", path);
			mayWriteIn(r.parent);
			addEntry(r.parent, r.name, newDirIn(r.parent, r.name, (perm === undefined ? 0o777 : perm) & ~umask));
			touch(r.parent.entries.get(r.name));
		},
		readdir(path) {
			const n = existing(path, true);
			if (n.kind !== "dir") throw fail("ENOTDIR", path);
			if (!may(n, 4)) throw fail("EACCES", path);
			return [...n.entries.keys()];
		},
		rename(from, to) {
			const a = walk(from, false);
			if (!a.node) throw fail("ENOENT", from);
			if (a.name === null) throw fail("EBUSY", from);
			const b = walk(to, false);
			if (b.name === null) throw fail(b.node === a.node ? "EBUSY" : "EEXIST", to);
			const n = a.node;
			if (n.dev !== b.parent.dev) throw fail("EXDEV", "rename across file systems");
			mayWriteIn(a.parent);
			mayWriteIn(b.parent);
			if (b.node === n) return;
			if (n.kind === "dir" && (b.stack.includes(n) || b.parent === n)) throw fail("EINVAL", "a directory cannot move into itself");
			if (b.node) {
				if (n.kind === "dir" && b.node.kind !== "dir") throw fail("ENOTDIR", to);
				if (n.kind !== "dir" && b.node.kind === "dir") throw fail("EISDIR", to);
				if (b.node.kind === "dir" && b.node.entries.size > 0) throw fail("ENOTEMPTY", to);
				unlinkNode(b);
			}
			delEntry(a.parent, a.name);
			if (n.kind === "dir") a.parent.nlink--;
			a.parent.mtimeMs = a.parent.ctimeMs = now();
			touch(a.parent);
			addEntry(b.parent, b.name, n);
			n.ctimeMs = now();
			touch(n);
		},
		unlink(path) {
			const r = walk(path, false);
			if (!r.node) throw fail("ENOENT", path);
			if (r.node.kind === "dir") throw fail("EISDIR", path);
			mayWriteIn(r.parent);
			unlinkNode(r);
		},
		rmdir(path) {
			const r = walk(path, false);
			if (!r.node) throw fail("ENOENT", path);
			if (r.node.kind !== "dir") throw fail("ENOTDIR", path);
			if (r.name === null || r.parent === root) throw fail("EBUSY", path);
			if (r.node.entries.size > 0) throw fail("ENOTEMPTY", path);
			mayWriteIn(r.parent);
			unlinkNode(r);
		},
		link(from, to) {
			const n = existing(from, false);
			if (n.kind === "dir") throw fail("EPERM", "hard link to a directory");
			const b = walk(to, false);
			if (b.node || b.name === null) throw fail("EEXIST", to);
			if (n.dev !== b.parent.dev) throw fail("EXDEV", "link across file systems");
			mayWriteIn(b.parent);
			n.nlink++;
			n.ctimeMs = now();
			addEntry(b.parent, b.name, n);
			touch(n);
		},
		symlink(target, path) {
			const b = walk(path, false);
			if (b.node || b.name === null) throw fail("EEXIST", path);
			mayWriteIn(b.parent);
			const n = newNode("link", 0o777, b.parent.dev);
			n.target = String(target);
			addEntry(b.parent, b.name, n);
			touch(n);
		},
		readlink(path) {
			const n = existing(path, false);
			if (n.kind !== "link") throw fail("EINVAL", path);
			return n.target;
		},
		chmod(path, mode) {
			const n = existing(path, true);
			own(n);
			n.mode = mode & 0o7777;
			n.ctimeMs = now();
			touch(n);
		},
		fchmod(fd, mode) {
			const n = fdOf(fd).node;
			own(n);
			n.mode = mode & 0o7777;
			n.ctimeMs = now();
			touch(n);
		},
		chown(path, uid, gid) { chown(existing(path, true), uid, gid); },
		lchown(path, uid, gid) { chown(existing(path, false), uid, gid); },
		fchown(fd, uid, gid) { chown(fdOf(fd).node, uid, gid); },
		utimes(path, atime, mtime) {
			const n = existing(path, true);
			if (n.dev === DEV_PICKED) throw fail("EACCES", path);
			if (n.uid !== UID && !may(n, 2)) throw fail("EPERM", path);
			n.atimeMs = Number(atime) * 1000;
			n.mtimeMs = Number(mtime) * 1000;
			n.ctimeMs = now();
			touch(n);
		},
	};

	function chown(n, uid, gid) {
		const same = (want, have) => want === -1 || want === 0xffffffff || want === have;
		if (!same(uid, n.uid) || !same(gid, n.gid)) throw fail("EPERM", "only root may change owners");
	}

	const fsObject = {
		constants: { O_RDONLY: 0, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY },
		writeSync(fd, buf) {
			if ((fd === 1 || fd === 2) && !fds.has(fd)) return console_(fd, buf);
			return write(fd, buf, 0, buf.length, null);
		},
	};
	for (const [name, fn] of Object.entries(ops)) fsObject[name] = api(fn);
	globalThis.fs = fsObject;

	function normalize(p) {
		const out = [];
		for (const part of p.split("/")) {
			if (part === "" || part === ".") continue;
			if (part === "..") out.pop(); else out.push(part);
		}
		return "/" + out.join("/");
	}

	globalThis.process = {
		getuid: () => UID, getgid: () => GID, geteuid: () => UID, getegid: () => GID,
		getgroups: () => [GID],
		pid: 1, ppid: 0,
		umask(mask) { const old = umask; if (mask !== undefined) umask = mask & 0o777; return old; },
		cwd: () => cwd,
		chdir(path) {
			const n = existing(path, true);
			if (n.kind !== "dir") throw fail("ENOTDIR", path);
			cwd = normalize(path[0] === "/" ? path : cwd + "/" + path);
		},
	};
	globalThis.path = {
		resolve: (...parts) => {
			let p = cwd;
			for (const part of parts) p = part[0] === "/" ? part : p + "/" + part;
			return normalize(p);
		},
	};

	// ---- picked files -----------------------------------------------------

	let seq = 0;
	function nextPickNumber() {
		// Numbers go on across reloads, so a path remembered from an earlier
		// visit never names a different file.
		try {
			const k = "robotsStudioWeb.pickSeq";
			seq = Math.max(seq, Number(localStorage.getItem(k)) || 0) + 1;
			localStorage.setItem(k, String(seq));
		} catch (_) { seq++; }
		while (picked.entries.has(String(seq))) seq++;
		return seq;
	}

	// mount puts a File (or Blob) at /picked/<n>/<name>, read-only, and
	// returns the path.
	W.mount = (file) => {
		if (!(file instanceof Blob)) throw new TypeError("mount: a File or Blob is needed");
		let name = String(file.name || "file").replace(/[/\0]/g, "_");
		if (name === "." || name === ".." || name === "") name = "file";
		const n = String(nextPickNumber());
		const dir = newNode("dir", 0o555, DEV_PICKED, 0);
		const f = newNode("blob", 0o444, DEV_PICKED);
		f.blob = file;
		f.size = file.size;
		f.mtimeMs = f.ctimeMs = f.atimeMs = file.lastModified || now();
		dir.entries.set(name, f);
		picked.entries.set(n, dir);
		picked.nlink++;
		return "/picked/" + n + "/" + name;
	};

	W.flush = () => flush().then(() => undefined);

	// reread(path) → Promise<boolean>: the file at path under /home as the
	// store has it now, put in this tab's tree (true when it differed):
	// another tab may have saved over it since this tab loaded it, and a save
	// here must see that. A file this tab changed and has not stored yet is
	// left alone, and so is anything but a plain file of /home.
	function storedFile(dirIno, name) {
		return new Promise((resolve) => {
			let tx;
			try { tx = db.transaction([INODES, DIRENTS], "readonly"); } catch (_) { resolve(undefined); return; }
			const req = tx.objectStore(DIRENTS).get([dirIno, name]);
			req.onsuccess = () => {
				if (!req.result) { resolve(null); return; }
				const q = tx.objectStore(INODES).get(req.result.ino);
				q.onsuccess = () => resolve(q.result || null);
				q.onerror = () => resolve(undefined);
			};
			req.onerror = () => resolve(undefined);
		});
	}
	W.reread = async (path) => {
		if (!db) return false;
		let r;
		try { r = walk(path, true); } catch (_) { return false; }
		const mine = () => direntOps.has(r.parent.ino + "/" + r.name) || (r.node && dirty.has(r.node));
		if (r.parent.dev !== DEV_HOME || (r.node && r.node.kind !== "file") || mine()) return false;
		const st = await storedFile(r.parent.ino, r.name);
		if (st === undefined || r.parent.entries.get(r.name) !== r.node || mine()) return false;
		if (st === null) {
			if (!r.node) return false;
			r.parent.entries.delete(r.name); // another tab removed it; the store knows already
			r.node.nlink--;
			return true;
		}
		if (st.kind !== "file") return false;
		const data = new Uint8Array(st.data || new ArrayBuffer(0));
		const n = r.node;
		if (n && n.ino === st.ino && n.size === data.length && n.mtimeMs === st.mtimeMs &&
			n.data.subarray(0, n.size).every((b, i) => b === data[i])) return false;
		const fresh = { ino: st.ino, kind: "file", mode: st.mode, dev: DEV_HOME, uid: st.uid, gid: st.gid,
			nlink: 1, atimeMs: st.atimeMs, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, data, size: data.length };
		r.parent.entries.set(r.name, fresh); // as stored: nothing to write back
		if (n) n.nlink--;
		return true;
	};
	W.vfs = { root, fds, stat: (p) => stat(existing(p, true)) };

	// ---- start ------------------------------------------------------------

	function makeHome() {
		const h = newNode("dir", 0o755, DEV_HOME, 0);
		h.ino = HOME_INO;
		dirty.add(h);
		return h;
	}

	W.vfsReady = (async () => {
		try {
			db = await openDB();
			await replayJournals();
			home = rebuild(await readAll(db));
			storage.persistent = true;
		} catch (e) {
			console.warn("robots-studio vfs: files are kept in this tab only:", e);
			storage.error = "The browser's storage cannot be used here; files last only until this tab closes.";
			db = null;
		}
		if (!home) home = makeHome();
		if (!home.entries.has("web")) {
			const web = newDirIn(home, "web", 0o700);
			addEntry(home, "web", web);
			touch(web);
		}
		mountDir("home", home);
		if (db) {
			await estimate();
			schedule();
		}
		// Pending changes go out when the tab is hidden or closed, after the
		// program's own last word (W.onHide: a closing tab gives up its
		// recovery copies, so the next load offers them).
		const hidden = (closing) => {
			try {
				if (typeof W.onHide === "function") W.onHide(closing);
			} catch (e) {
				console.warn("robots-studio: before the page is hidden:", e);
			}
			if (closing) journal();
			flushNow().catch(() => {});
		};
		addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") hidden(false); });
		addEventListener("pagehide", () => hidden(true));
		return { ...storage };
	})();
})();
