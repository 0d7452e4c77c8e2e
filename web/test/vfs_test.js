// Tests of web/vfs.js through the same callback API Go's syscall package
// uses. The page runs in two halves: the first ends by reloading itself
// (?phase=2) so the second can check what IndexedDB kept. The outcome is
// globalThis.vfsTestResult = {passed, failed, failures: [...]}, set once,
// after the second half.
"use strict";

(async () => {
	const q = new URLSearchParams(location.search);
	const phase = q.get("phase") || "1";
	const W = globalThis.robotsStudioWeb;
	const C = fs.constants;
	const failures = [];
	let passed = 0;
	let current = "";

	function check(ok, what) {
		if (ok) passed++;
		else failures.push(current + ": " + what);
	}
	function eq(got, want, what) {
		check(got === want, what + ": got " + JSON.stringify(got) + ", want " + JSON.stringify(want));
	}

	// call runs fs.name(...args) and resolves to its result; a failure
	// resolves to {code} so tests can compare codes.
	function call(name, ...args) {
		return new Promise((resolve) => {
			fs[name](...args, (err, val) => resolve(err ? { error: err, code: err.code } : { val }));
		});
	}
	async function ok(name, ...args) {
		const r = await call(name, ...args);
		check(!r.error, name + "(" + args.filter((a) => typeof a !== "object").join(", ") + ") failed: " + (r.error && r.error.message));
		return r.val;
	}
	async function code(want, name, ...args) {
		const r = await call(name, ...args);
		eq(r.code, want, name + "(" + args.filter((a) => typeof a !== "object").join(", ") + ") error code");
	}

	const enc = new TextEncoder();
	const dec = new TextDecoder();
	async function writeFile(path, bytes, flags) {
		const fd = await ok("open", path, flags === undefined ? C.O_WRONLY | C.O_CREAT | C.O_TRUNC : flags, 0o644);
		if (fd === undefined) return;
		const data = typeof bytes === "string" ? enc.encode(bytes) : bytes;
		eq(await ok("write", fd, data, 0, data.length, null), data.length, "bytes written to " + path);
		await ok("close", fd);
	}
	async function readFile(path) {
		const st = await call("stat", path);
		if (st.error) return null;
		const fd = (await call("open", path, 0, 0)).val;
		if (fd === undefined) return null;
		const buf = new Uint8Array(st.val.size);
		let off = 0;
		for (;;) {
			const n = (await call("read", fd, buf, off, buf.length - off, null)).val;
			if (!n) break;
			off += n;
		}
		await call("close", fd);
		return buf.subarray(0, off);
	}
	const text = async (p) => { const b = await readFile(p); return b === null ? null : dec.decode(b); };

	async function test(name, fn) {
		current = name;
		try {
			await fn();
		} catch (e) {
			failures.push(name + ": threw " + ((e && e.stack) || e));
		}
	}

	const storage = await W.vfsReady;
	const H = "/home/web";

	if (phase === "1") {
		await test("home exists and is kept in IndexedDB", async () => {
			check(storage.persistent, "storage.persistent is false: " + storage.error);
			const st = await ok("stat", H);
			check(st && st.isDirectory(), "/home/web is not a directory");
			eq(process.cwd(), H, "process.cwd()");
			eq(process.getuid(), st.uid, "the home belongs to the user");
		});

		await test("stat has every field Go reads, as numbers", async () => {
			await writeFile(H + "/s.txt", "12345");
			const st = await ok("stat", H + "/s.txt");
			for (const f of ["dev", "ino", "mode", "nlink", "uid", "gid", "rdev", "size", "blksize", "blocks", "atimeMs", "mtimeMs", "ctimeMs"]) {
				check(typeof st[f] === "number" && Number.isFinite(st[f]), "stat." + f + " is " + st[f]);
			}
			eq(st.size, 5, "size");
			eq(st.mode & 0o170000, 0o100000, "regular file type bits");
			eq(st.mode & 0o777, 0o644, "permission bits");
			eq(st.isDirectory(), false, "isDirectory");
		});

		await test("missing things are ENOENT", async () => {
			await code("ENOENT", "stat", H + "/nope");
			await code("ENOENT", "lstat", H + "/nope");
			await code("ENOENT", "open", H + "/nope", 0, 0);
			await code("ENOENT", "open", H + "/nodir/new.txt", C.O_WRONLY | C.O_CREAT, 0o644);
			await code("ENOENT", "readdir", H + "/nope");
			await code("ENOENT", "unlink", H + "/nope");
			await code("ENOENT", "rename", H + "/nope", H + "/other");
			await code("ENOENT", "stat", "");
		});

		await test("MkdirAll and ReadDir", async () => {
			await ok("mkdir", H + "/a", 0o755);
			await ok("mkdir", H + "/a/b", 0o755);
			await ok("mkdir", H + "/a/b/c", 0o755);
			await code("EEXIST", "mkdir", H + "/a/b", 0o755);
			await writeFile(H + "/a/f.txt", "x");
			await writeFile(H + "/a/b/g.txt", "y");
			const names = (await ok("readdir", H + "/a")).slice().sort();
			eq(names.join(","), "b,f.txt", "entries of a");
			await code("ENOTDIR", "mkdir", H + "/a/f.txt/d", 0o755);
			await code("ENOTDIR", "readdir", H + "/a/f.txt");
			await code("ENOTDIR", "stat", H + "/a/f.txt/");
			const st = await ok("stat", H + "/a/b/c/../../b/./g.txt");
			eq(st && st.size, 1, "size through . and ..");
			eq((await ok("stat", H + "/a")).nlink, 3, "a's link count (., .. and b's ..)");
		});

		await test("open flags: O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY, writes past the end", async () => {
			const p = H + "/flags.txt";
			await writeFile(p, "hello");
			await code("EEXIST", "open", p, C.O_WRONLY | C.O_CREAT | C.O_EXCL, 0o644);
			await writeFile(p, " world", C.O_WRONLY | C.O_APPEND);
			eq(await text(p), "hello world", "after append");
			await writeFile(p, "new", C.O_WRONLY | C.O_TRUNC);
			eq(await text(p), "new", "after truncate");
			await code("ENOTDIR", "open", p, C.O_DIRECTORY, 0);
			await code("EISDIR", "open", H, C.O_WRONLY, 0);
			const fd = await ok("open", p, C.O_RDWR, 0);
			await ok("write", fd, enc.encode("!"), 0, 1, 6);
			const st = await ok("fstat", fd);
			eq(st.size, 7, "size after a write at 6");
			const buf = new Uint8Array(7);
			eq(await ok("read", fd, buf, 0, 7, 0), 7, "pread length");
			eq([...buf].join(","), [110, 101, 119, 0, 0, 0, 33].join(","), "gap filled with zeros");
			await ok("ftruncate", fd, 2);
			eq((await ok("fstat", fd)).size, 2, "size after ftruncate");
			await ok("close", fd);
			await code("EBADF", "close", fd);
			await code("EBADF", "read", fd, buf, 0, 1, null);
		});

		await test("atomic save: write a temp file, fsync, rename over the old file", async () => {
			const p = H + "/robots.txt";
			await writeFile(p, "User-agent: *\r\nDisallow: /old\r\n");
			const before = await ok("stat", p);
			const tmp = H + "/.robots.txt.123.tmp";
			const fd = await ok("open", tmp, C.O_RDWR | C.O_CREAT | C.O_EXCL, 0o600);
			const data = enc.encode("User-agent: *\r\nDisallow: /new\r\n");
			await ok("write", fd, data, 0, data.length, null);
			await ok("fsync", fd);
			await ok("close", fd);
			const tmpStat = await ok("stat", tmp);
			await ok("chmod", tmp, before.mode & 0o777);
			await ok("rename", tmp, p);
			eq(await text(p), "User-agent: *\r\nDisallow: /new\r\n", "content after rename");
			await code("ENOENT", "stat", tmp);
			const after = await ok("stat", p);
			eq(after.ino, tmpStat.ino, "the new file is the temp file");
			check(after.ino !== before.ino, "the old file was replaced");
			eq(after.mode & 0o777, 0o644, "mode kept by chmod");
			const names = await ok("readdir", H);
			check(!names.some((n) => n.endsWith(".tmp")), "a temp file was left: " + names.join(","));
			const dfd = await ok("open", H, 0, 0);
			await ok("fsync", dfd); // Go syncs the folder after the rename
			await ok("close", dfd);
		});

		await test("rename rules", async () => {
			await ok("mkdir", H + "/r", 0o755);
			await ok("mkdir", H + "/r/d", 0o755);
			await ok("mkdir", H + "/r/e", 0o755);
			await writeFile(H + "/r/e/x", "x");
			await writeFile(H + "/r/f", "f");
			await code("EISDIR", "rename", H + "/r/f", H + "/r/d");
			await code("ENOTDIR", "rename", H + "/r/d", H + "/r/f");
			await code("ENOTEMPTY", "rename", H + "/r/d", H + "/r/e");
			await code("EINVAL", "rename", H + "/r", H + "/r/d/inside");
			await ok("rename", H + "/r/e", H + "/r/d"); // over an empty folder
			eq(await text(H + "/r/d/x"), "x", "moved folder's file");
			await code("ENOENT", "stat", H + "/r/e");
			await writeFile("/tmp/t.txt", "t");
			await code("EXDEV", "rename", "/tmp/t.txt", H + "/t.txt");
			await ok("rename", H + "/r/f", H + "/r/f"); // onto itself: nothing happens
			eq(await text(H + "/r/f"), "f", "file renamed onto itself");
		});

		await test("unlink and rmdir", async () => {
			await ok("mkdir", H + "/u", 0o755);
			await writeFile(H + "/u/a", "a");
			await code("EISDIR", "unlink", H + "/u");
			await code("ENOTEMPTY", "rmdir", H + "/u");
			await code("ENOTDIR", "rmdir", H + "/u/a");
			const fd = await ok("open", H + "/u/a", 0, 0);
			await ok("unlink", H + "/u/a");
			await code("ENOENT", "stat", H + "/u/a");
			const buf = new Uint8Array(1);
			eq(await ok("read", fd, buf, 0, 1, null), 1, "an open file can still be read after unlink");
			await ok("close", fd);
			await ok("rmdir", H + "/u");
			await code("ENOENT", "stat", H + "/u");
			await code("EACCES", "mkdir", "/top", 0o755);
			await code("EBUSY", "rmdir", "/tmp");
		});

		await test("hard and symbolic links", async () => {
			await writeFile(H + "/l1", "one");
			await ok("link", H + "/l1", H + "/l2");
			eq((await ok("stat", H + "/l1")).nlink, 2, "nlink after link");
			await writeFile(H + "/l2", "two", C.O_WRONLY | C.O_TRUNC);
			eq(await text(H + "/l1"), "two", "a write through one name shows through the other");
			await ok("symlink", "l1", H + "/sym");
			eq(await ok("readlink", H + "/sym"), "l1", "readlink");
			eq((await ok("lstat", H + "/sym")).mode & 0o170000, 0o120000, "lstat sees the link");
			eq(await text(H + "/sym"), "two", "read through the link");
			await code("EXDEV", "link", H + "/l1", "/tmp/l3");
			await code("EEXIST", "symlink", "x", H + "/l2");
			await code("EINVAL", "readlink", H + "/l1");
		});

		await test("relative paths and chdir", async () => {
			await ok("mkdir", H + "/rel", 0o755);
			process.chdir("rel");
			eq(process.cwd(), H + "/rel", "cwd after chdir");
			await writeFile("here.txt", "here");
			eq(await text(H + "/rel/here.txt"), "here", "file written by a relative path");
			process.chdir("..");
			eq(process.cwd(), H, "cwd after chdir ..");
			let threw = "";
			try { process.chdir("/nope"); } catch (e) { threw = e.code; }
			eq(threw, "ENOENT", "chdir to a missing folder");
		});

		await test("a picked file is read from the Blob in chunks, at offsets", async () => {
			const size = 9 * 1024 * 1024 + 123; // more than two of vfs.js's 4 MB windows
			const bytes = new Uint8Array(size);
			for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 12)) & 0xff;
			const when = Date.UTC(2024, 0, 2, 3, 4, 5);
			const file = new File([bytes], "access.log", { lastModified: when });
			const path = W.mount(file);
			check(/^\/picked\/\d+\/access\.log$/.test(path), "mounted path " + path);
			const st = await ok("stat", path);
			eq(st.size, size, "size");
			eq(st.mtimeMs, when, "mtime");
			eq(st.mode & 0o777, 0o444, "read-only mode");
			const fd = await ok("open", path, 0, 0);
			const probe = async (pos, len, bufOff) => {
				const buf = new Uint8Array(len + bufOff);
				const n = await ok("read", fd, buf, bufOff, len, pos);
				const want = Math.max(0, Math.min(len, size - pos));
				eq(n, want, "read length at " + pos);
				let same = true;
				for (let i = 0; i < n; i++) if (buf[bufOff + i] !== bytes[pos + i]) { same = false; break; }
				check(same, "bytes at " + pos + " (length " + len + ") differ");
			};
			await probe(0, 10, 0);
			await probe(4 * 1024 * 1024 - 5, 10, 3); // across a window edge, into a buffer offset
			await probe(size - 4, 100, 0); // short read at the end
			await probe(size, 10, 0); // at the end: 0
			await probe(123457, 5 * 1024 * 1024, 0); // longer than a window
			// Streaming as Go's bufio does: position null, 64 KB at a time.
			const fd2 = await ok("open", path, 0, 0);
			const buf = new Uint8Array(65536);
			let total = 0, same = true;
			for (;;) {
				const n = (await call("read", fd2, buf, 0, buf.length, null)).val;
				if (!n) break;
				for (let i = 0; i < n && same; i += 997) same = buf[i] === bytes[total + i];
				total += n;
			}
			eq(total, size, "bytes streamed");
			check(same, "streamed bytes differ");
			await ok("close", fd2);
			await ok("close", fd);
			const names = await ok("readdir", path.replace(/\/[^/]*$/, ""));
			eq(names.join(","), "access.log", "the pick's folder");
			const second = W.mount(new File(["b"], "access.log"));
			check(second !== path, "a second pick with the same name gets its own folder: " + second);
		});

		await test("picked files are read-only", async () => {
			const path = W.mount(new File(["User-agent: *\n"], "robots.txt"));
			const dir = path.replace(/\/[^/]*$/, "");
			await code("EACCES", "open", path, C.O_WRONLY, 0);
			await code("EACCES", "open", path, C.O_RDWR, 0);
			await code("EACCES", "open", dir + "/new.txt", C.O_WRONLY | C.O_CREAT, 0o644);
			await code("EACCES", "unlink", path);
			await code("EACCES", "rename", path, dir + "/other.txt");
			await code("EXDEV", "rename", path, H + "/robots-copy.txt");
			await code("EACCES", "chmod", path, 0o644);
			await code("EACCES", "truncate", path, 0);
			await code("EACCES", "mkdir", dir + "/sub", 0o755);
			await code("EACCES", "utimes", path, 1, 1);
			eq(await text(path), "User-agent: *\n", "content still readable");
		});

		await test("full browser storage: ENOSPC, nothing lost, recovers", async () => {
			await W.flush();
			const p = H + "/big.bin";
			globalThis.robotsStudioVFSConfig.quotaForTest = 100000;
			let events = 0;
			const onEvent = () => events++;
			addEventListener("robots-studio-storage", onEvent);
			const fd = await ok("open", p, C.O_WRONLY | C.O_CREAT | C.O_TRUNC, 0o644);
			const data = new Uint8Array(200000).fill(7);
			await ok("write", fd, data, 0, data.length, null);
			await code("ENOSPC", "fsync", fd);
			check(W.storage.full, "storage.full is not set");
			check(events > 0, "no robots-studio-storage event");
			await code("ENOSPC", "write", fd, data, 0, 10, null);
			await ok("close", fd);
			eq((await ok("stat", p)).size, 200000, "the data is still in memory");
			let flushErr = "";
			await W.flush().catch((e) => { flushErr = e.code; });
			eq(flushErr, "ENOSPC", "flush() rejects while storage is full");
			await ok("unlink", p);
			await W.flush();
			check(!W.storage.full, "storage.full stays set after space was freed");
			delete globalThis.robotsStudioVFSConfig.quotaForTest;
			removeEventListener("robots-studio-storage", onEvent);
		});

		await test("/tmp is not kept; stdout reaches the console", async () => {
			await writeFile("/tmp/gone.txt", "gone");
			eq((await ok("stat", "/tmp")).mode & 0o7777, 0o1777, "/tmp mode");
			eq(fs.writeSync(1, enc.encode("vfs test: stdout works\n")), 23, "writeSync to stdout");
		});

		await test("two tabs add files side by side", async () => {
			await writeFile(H + "/tabA1.txt", "A1");
			await W.flush();
			const done = new Promise((resolve) => {
				addEventListener("message", function on(e) {
					if (e.data && e.data.vfsTab === "tabB.txt") { removeEventListener("message", on); resolve(e.data.result); }
				});
			});
			const frame = document.createElement("iframe");
			frame.src = "vfs_tab.html?db=" + encodeURIComponent(globalThis.robotsStudioVFSConfig.dbName) + "&write=tabB.txt";
			document.body.appendChild(frame);
			eq(await done, "ok", "the other tab's write");
			frame.remove();
			await writeFile(H + "/tabA2.txt", "A2");
			await W.flush();
		});

		await test("two tabs that each make the same folder keep both tabs' files in it", async () => {
			// The other tab makes the folder first; this tab, which loaded
			// before, does not see it and makes it too (two tabs opened on a
			// fresh storage, each making its recovery folder).
			const done = new Promise((resolve) => {
				addEventListener("message", function on(e) {
					if (e.data && e.data.vfsTab === "shared/b.txt") { removeEventListener("message", on); resolve(e.data.result); }
				});
			});
			const frame = document.createElement("iframe");
			frame.src = "vfs_tab.html?db=" + encodeURIComponent(globalThis.robotsStudioVFSConfig.dbName) + "&mkdir=shared&write=shared/b.txt";
			document.body.appendChild(frame);
			eq(await done, "ok", "the other tab's folder and file");
			frame.remove();
			await ok("mkdir", H + "/shared", 0o700);
			await writeFile(H + "/shared/a.txt", "A in shared");
			await W.flush();
		});

		await test("a file another tab saved over is reread before this tab saves", async () => {
			await writeFile(H + "/both.txt", "this tab's text");
			await W.flush();
			eq(await W.reread(H + "/both.txt"), false, "reread of a file nobody else changed");
			const done = new Promise((resolve) => {
				addEventListener("message", function on(e) {
					if (e.data && e.data.vfsTab === "both.txt") { removeEventListener("message", on); resolve(e.data.result); }
				});
			});
			const frame = document.createElement("iframe");
			frame.src = "vfs_tab.html?db=" + encodeURIComponent(globalThis.robotsStudioVFSConfig.dbName) + "&write=both.txt";
			document.body.appendChild(frame);
			eq(await done, "ok", "the other tab's save");
			frame.remove();
			eq(await text(H + "/both.txt"), "this tab's text", "setup: this tab does not see the other's save by itself");
			eq(await W.reread(H + "/both.txt"), true, "reread finds the other tab's save");
			eq(await text(H + "/both.txt"), "from the other tab", "the other tab's save, after reread");
			await writeFile(H + "/both.txt", "changed here, not stored");
			eq(await W.reread(H + "/both.txt"), false, "a change of this tab not yet stored is left alone");
			eq(await text(H + "/both.txt"), "changed here, not stored", "this tab's unstored change");
			await W.flush();
		});

		await test("a page back from the browser's cache: its pagehide journal does not come back", async () => {
			await writeFile(H + "/bf.txt", "old");
			dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true }));
			const journals = () => Object.keys(localStorage).filter((k) => k.startsWith("robots-studio-vfs-journal:")).length;
			eq(journals(), 1, "a closing page journals its changes not yet stored");
			await W.flush();
			await writeFile(H + "/bf.txt", "new");
			await W.flush();
			eq(journals(), 0, "the journal goes once a flush stored what it held");
		});

		await test("prepare the reload", async () => {
			await ok("mkdir", H + "/.config", 0o700);
			await ok("mkdir", H + "/.config/robots-studio", 0o700);
			const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0x0d, 0x0a, 0xff, 0xfe, 0x00, 0x42]);
			await writeFile(H + "/.config/robots-studio/keep.bin", bytes);
			await ok("chmod", H + "/.config/robots-studio/keep.bin", 0o600);
			await writeFile(H + "/deleted.txt", "soon gone");
			await W.flush();
			await ok("unlink", H + "/deleted.txt");
			await writeFile(H + "/unflushed-but-closed.txt", "written just before the reload");
			await writeFile(H + "/owner.lock", "");
			await W.flush();
			// The program's last word as the page goes (a closing tab gives up
			// its recovery lock): it runs before the page's own last flush,
			// and what it changes is kept.
			W.onHide = (closing) => {
				if (!closing) return;
				fs.unlink(H + "/owner.lock", () => {});
				// A file written as the page closes (the calls answer at once).
				const data = enc.encode("Ж written as the page closed");
				fs.open(H + "/on-pagehide.txt", C.O_WRONLY | C.O_CREAT | C.O_TRUNC, 0o600, (err, fd) => {
					if (!err) fs.write(fd, data, 0, data.length, null, () => fs.close(fd, () => {}));
				});
				sessionStorage.setItem("vfsOnHide", "closing");
			};
		});

		sessionStorage.setItem("vfsTest1", JSON.stringify({ passed, failures }));
		q.set("phase", "2");
		location.replace("?" + q.toString());
		return;
	}

	// Phase 2, after the reload.
	const first = JSON.parse(sessionStorage.getItem("vfsTest1") || '{"passed":0,"failures":["phase 1 left no result"]}');
	sessionStorage.removeItem("vfsTest1");
	passed += first.passed;
	failures.push(...first.failures);

	await test("persistence across a reload", async () => {
		const got = await readFile(H + "/.config/robots-studio/keep.bin");
		eq(got && [...got].join(","), [0xef, 0xbb, 0xbf, 0x41, 0x0d, 0x0a, 0xff, 0xfe, 0x00, 0x42].join(","), "bytes kept exactly");
		const st = await ok("stat", H + "/.config/robots-studio/keep.bin");
		eq(st && st.mode & 0o777, 0o600, "mode kept");
		eq(await text(H + "/robots.txt"), "User-agent: *\r\nDisallow: /new\r\n", "the atomically saved file");
		eq(await text(H + "/a/b/g.txt"), "y", "a file deep in folders");
		eq(await text(H + "/unflushed-but-closed.txt"), "written just before the reload", "the last file");
		eq(sessionStorage.getItem("vfsOnHide"), "closing", "W.onHide(true) ran at pagehide");
		await code("ENOENT", "stat", H + "/owner.lock");
		eq(await text(H + "/shared/a.txt"), "A in shared", "this tab's file in the folder both tabs made");
		eq(await text(H + "/shared/b.txt"), "from the other tab", "the other tab's file in the folder both tabs made");
		eq(await text(H + "/bf.txt"), "new", "what a page stored after coming back from the cache");
		eq(await text(H + "/on-pagehide.txt"), "Ж written as the page closed", "a file written at pagehide");
		eq(Object.keys(localStorage).filter((k) => k.startsWith("robots-studio-vfs-journal:")).length, 0, "the closed page's journal is stored and removed");
		await code("ENOENT", "stat", H + "/deleted.txt");
		await code("ENOENT", "stat", H + "/big.bin");
		await code("ENOENT", "stat", H + "/.robots.txt.123.tmp");
		eq(await text(H + "/l1"), "two", "hard link target");
		eq(await text(H + "/tabA1.txt"), "A1", "this tab's first file");
		eq(await text(H + "/tabB.txt"), "from the other tab", "the other tab's file");
		eq(await text(H + "/tabA2.txt"), "A2", "this tab's file written after the other tab's");
		eq((await ok("stat", H + "/l2")).nlink, 2, "hard link count");
		eq(await ok("readlink", H + "/sym"), "l1", "symbolic link");
		await code("ENOENT", "stat", "/tmp/gone.txt");
		eq((await ok("readdir", "/picked")).length, 0, "no picks after a reload");
		eq((await ok("stat", H + "/a")).nlink, 3, "folder link count rebuilt");
	});

	await test("changes after the reload are kept too", async () => {
		await ok("unlink", H + "/l2");
		await writeFile(H + "/after.txt", "after");
		await W.flush();
		eq((await ok("stat", H + "/l1")).nlink, 1, "nlink after removing one name");
	});

	const result = { passed, failed: failures.length, failures };
	document.getElementById("out").textContent = JSON.stringify(result, null, 2);
	// Leave nothing behind in the browser profile.
	await new Promise((resolve) => {
		const req = indexedDB.deleteDatabase(globalThis.robotsStudioVFSConfig.dbName);
		req.onsuccess = req.onerror = req.onblocked = () => resolve();
	});
	globalThis.vfsTestResult = result;
})();
