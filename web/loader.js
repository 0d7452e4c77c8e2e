// Robots Studio in the browser: downloads the compressed program with a
// progress bar, starts it, and gives the Go side the page helpers it calls
// (robotsStudioWeb.pickFiles, download, mount, takeQueued; see README.md).
// Every URL is relative, so the folder works from any static host under any
// sub-path.
"use strict";

(() => {
	const W = (globalThis.robotsStudioWeb = globalThis.robotsStudioWeb || {});
	const t0 = performance.now();
	const progress = (W.progress = { phase: "download", loaded: 0, total: 0, error: "", times: {} });
	const mark = (name) => { progress.times[name] = Math.round(performance.now()); };

	// ---- words ------------------------------------------------------------

	const params = new URLSearchParams(location.search);
	const language = (params.get("lang") || navigator.language || "en").toLowerCase();
	const lang2 = language.slice(0, 2);
	const WORDS = {
		en: {
			downloading: "Downloading… {a} of {b} MB",
			downloadingNoTotal: "Downloading… {a} MB",
			compiling: "Preparing…",
			starting: "Starting…",
			noWasm: "This browser cannot run WebAssembly, which Robots Studio needs. Please open the page in a current Chrome, Edge, Firefox or Safari.",
			noStream: "This browser cannot unpack compressed downloads (DecompressionStream), which Robots Studio needs. Please update the browser or use a current Chrome, Edge, Firefox or Safari.",
			downloadFailed: "Robots Studio could not be downloaded ({why}). Check the connection and try again.",
			startFailed: "Robots Studio could not start ({why}).",
			exited: "Robots Studio stopped unexpectedly. Your files and settings are kept in this browser; reload to continue.",
			reload: "Reload",
			drop: "Drop files to open them",
			storageFull: "The browser's storage for this site is full: recent changes are kept only in this tab. Free some space (or delete old recovery copies) so they can be saved.",
			storageOff: "The browser does not let this page keep files right now: changes are kept only in this tab until it is closed.",
			close: "Close",
			choose: "Choose files…",
			cancel: "Cancel",
			chooseWhy: "The browser asks for one more click to show its file chooser.",
		},
		ru: {
			downloading: "Загрузка… {a} из {b} МБ",
			downloadingNoTotal: "Загрузка… {a} МБ",
			compiling: "Подготовка…",
			starting: "Запуск…",
			noWasm: "Этот браузер не умеет выполнять WebAssembly, а Robots Studio без него не работает. Откройте страницу в свежем Chrome, Edge, Firefox или Safari.",
			noStream: "Этот браузер не умеет распаковывать сжатые загрузки (DecompressionStream), а Robots Studio без этого не запустится. Обновите браузер или откройте страницу в свежем Chrome, Edge, Firefox или Safari.",
			downloadFailed: "Не удалось загрузить Robots Studio ({why}). Проверьте подключение и попробуйте ещё раз.",
			startFailed: "Не удалось запустить Robots Studio ({why}).",
			exited: "Robots Studio неожиданно остановилась. Файлы и настройки сохранены в этом браузере; перезагрузите страницу, чтобы продолжить.",
			reload: "Перезагрузить",
			drop: "Отпустите файлы, чтобы открыть их",
			storageFull: "Хранилище браузера для этого сайта заполнено: последние изменения есть только в этой вкладке. Освободите место (например, удалите старые копии для восстановления), чтобы они сохранились.",
			storageOff: "Браузер сейчас не даёт этой странице хранить файлы: изменения живут только в этой вкладке, пока она открыта.",
			close: "Закрыть",
			choose: "Выбрать файлы…",
			cancel: "Отмена",
			chooseWhy: "Браузер просит ещё один щелчок, чтобы показать окно выбора файлов.",
		},
		pl: {
			downloading: "Pobieranie… {a} z {b} MB",
			downloadingNoTotal: "Pobieranie… {a} MB",
			compiling: "Przygotowywanie…",
			starting: "Uruchamianie…",
			noWasm: "Ta przeglądarka nie obsługuje WebAssembly, a Robots Studio go potrzebuje. Otwórz stronę w aktualnym Chrome, Edge, Firefoksie lub Safari.",
			noStream: "Ta przeglądarka nie potrafi rozpakować skompresowanych plików (DecompressionStream), a Robots Studio tego potrzebuje. Zaktualizuj przeglądarkę albo użyj aktualnego Chrome, Edge, Firefoksa lub Safari.",
			downloadFailed: "Nie udało się pobrać Robots Studio ({why}). Sprawdź połączenie i spróbuj ponownie.",
			startFailed: "Nie udało się uruchomić Robots Studio ({why}).",
			exited: "Robots Studio nieoczekiwanie się zatrzymało. Pliki i ustawienia zostały w tej przeglądarce; odśwież stronę, aby kontynuować.",
			reload: "Odśwież",
			drop: "Upuść pliki, aby je otworzyć",
			storageFull: "Miejsce na dane tej witryny w przeglądarce jest pełne: ostatnie zmiany są tylko w tej karcie. Zwolnij trochę miejsca (np. usuń stare kopie do odzyskiwania), aby mogły zostać zapisane.",
			storageOff: "Przeglądarka nie pozwala teraz tej stronie przechowywać plików: zmiany zostaną tylko w tej karcie, dopóki jest otwarta.",
			close: "Zamknij",
			choose: "Wybierz pliki…",
			cancel: "Anuluj",
			chooseWhy: "Przeglądarka prosi o jeszcze jedno kliknięcie, aby pokazać okno wyboru plików.",
		},
	};
	const words = WORDS[lang2] || WORDS.en;
	const say = (key, vars) => words[key].replace(/\{(\w+)\}/g, (_, k) => (vars && k in vars ? vars[k] : ""));
	document.documentElement.lang = WORDS[lang2] ? lang2 : "en";

	// ---- the loading screen ------------------------------------------------

	const $ = (id) => document.getElementById(id);
	const screen = $("rs-loader");
	const bar = $("rs-progress");
	const status = $("rs-status");
	const mb = (n) => (n / 1e6).toFixed(1);

	function show(text, fraction) {
		status.textContent = text;
		if (fraction === undefined) bar.removeAttribute("value");
		else bar.value = Math.min(1, fraction);
	}

	function showError(key, why) {
		progress.phase = "error";
		progress.error = say(key, { why: why || "" });
		mark("error");
		// The screen may have faded out when the app's canvas came
		// (rs-gone): a crash brings it back over the stopped window.
		screen.hidden = false;
		screen.classList.remove("rs-gone");
		screen.classList.add("rs-failed");
		bar.hidden = true;
		status.textContent = progress.error;
		status.setAttribute("role", "alert");
		if (!$("rs-reload")) {
			const b = document.createElement("button");
			b.id = "rs-reload";
			b.textContent = say("reload");
			b.addEventListener("click", () => location.reload());
			screen.querySelector(".rs-card").appendChild(b);
		}
	}
	W.showError = showError;

	// A tab with unsaved text asks before it is closed or reloaded (the
	// program keeps W.unsaved up to date).
	addEventListener("beforeunload", (e) => {
		if (W.unsaved) {
			e.preventDefault();
			e.returnValue = "";
		}
	});

	// The loading screen leaves once Fyne has put its canvas on the page.
	function watchCanvas() {
		const done = () => {
			mark("canvas");
			screen.classList.add("rs-gone");
			setTimeout(() => { if (progress.phase !== "error") screen.hidden = true; }, 300);
		};
		if (document.querySelector("body > canvas")) { done(); return; }
		const mo = new MutationObserver(() => {
			if (document.querySelector("body > canvas")) { mo.disconnect(); done(); }
		});
		mo.observe(document.body, { childList: true });
	}

	// ---- download and start ----------------------------------------------

	const meta = (name) => {
		const m = document.querySelector('meta[name="' + name + '"]');
		return m ? m.content : "";
	};

	// body gives the .wasm bytes as a stream, unpacking the gzip file in the
	// page. A host that already sent it with Content-Encoding: gzip hands the
	// page plain WebAssembly; the first bytes tell which.
	async function unpacked(response) {
		const encoded = (response.headers.get("Content-Encoding") || "").toLowerCase();
		const length = Number(response.headers.get("Content-Length")) || 0;
		progress.total = (!encoded && length) || Number(meta("robots-studio-wasm-gz-size")) || length;
		const reader = response.body.getReader();
		const count = (value) => {
			progress.loaded += value.byteLength;
			if (progress.phase !== "download") return;
			show(progress.total ? say("downloading", { a: mb(progress.loaded), b: mb(progress.total) })
				: say("downloadingNoTotal", { a: mb(progress.loaded) }),
			progress.total ? progress.loaded / progress.total : undefined);
		};
		const first = await reader.read();
		if (!first.done) count(first.value);
		const stream = new ReadableStream({
			start(ctl) {
				if (first.done) { mark("downloaded"); ctl.close(); } else ctl.enqueue(first.value);
			},
			async pull(ctl) {
				const { done, value } = await reader.read();
				if (done) { mark("downloaded"); ctl.close(); return; }
				count(value);
				ctl.enqueue(value);
			},
			cancel(why) { return reader.cancel(why); },
		});
		// The magic number tells: 1f 8b is gzip, 00 61 73 6d is WebAssembly.
		const v = first.value;
		const gz = v && v.length >= 2 && v[0] === 0x1f && v[1] === 0x8b;
		return gz ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
	}

	function env() {
		let LANG = "en_US.UTF-8";
		if (lang2 === "ru") LANG = "ru_RU.UTF-8";
		else if (lang2 === "pl") LANG = "pl_PL.UTF-8";
		return { HOME: "/home/web", TMPDIR: "/tmp", LANG, USER: "web", ROBOTS_STUDIO_WEB: "1" };
	}

	async function start() {
		if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
			showError("noWasm");
			return;
		}
		if (typeof DecompressionStream !== "function" || typeof ReadableStream !== "function") {
			showError("noStream");
			return;
		}
		if (typeof globalThis.Go !== "function" || !globalThis.robotsStudioWeb.vfsReady) {
			showError("startFailed", "wasm_exec.js or vfs.js did not load");
			return;
		}
		show(say("downloadingNoTotal", { a: "0.0" }));
		watchCanvas();
		const go = new Go();
		if (typeof W.fastClock === "function") W.fastClock(go); // clock.js
		go.argv = ["robots-studio"];
		go.env = env();
		let module;
		try {
			// The version in the URL makes a new release skip the cached copy
			// (a .wasm and wasm_exec.js of different releases do not fit).
			const version = meta("robots-studio-version") || "dev";
			const response = await fetch("robots-studio.wasm.gz?v=" + encodeURIComponent(version),
				version === "dev" ? { cache: "no-cache" } : {});
			if (!response.ok) throw new Error("HTTP " + response.status);
			const stream = await unpacked(response);
			const wasm = new Response(stream, { headers: { "Content-Type": "application/wasm" } });
			const compiled = typeof WebAssembly.instantiateStreaming === "function"
				? WebAssembly.instantiateStreaming(wasm, go.importObject)
				: wasm.arrayBuffer().then((b) => WebAssembly.instantiate(b, go.importObject));
			// Compiling runs alongside the download; the bar switches once
			// the last byte is in.
			const waitDownload = setInterval(() => {
				if (progress.times.downloaded) {
					clearInterval(waitDownload);
					progress.phase = "compile";
					show(say("compiling"));
				}
			}, 50);
			try {
				module = await compiled;
			} finally {
				clearInterval(waitDownload);
			}
		} catch (e) {
			const why = (e && e.message) || String(e);
			console.error("robots-studio: download or compile failed:", e);
			showError(progress.loaded && progress.total && progress.loaded >= progress.total ? "startFailed" : "downloadFailed", why);
			return;
		}
		mark("compiled");
		progress.phase = "compile";
		show(say("starting"));
		try {
			await W.vfsReady;
		} catch (e) {
			console.error("robots-studio: file system:", e);
		}
		progress.phase = "run";
		mark("goStart");
		go.exit = (code) => {
			mark("exit");
			progress.exitCode = code;
			if (code !== 0) showError("exited");
		};
		try {
			await go.run(module.instance);
		} catch (e) {
			console.error("robots-studio:", e);
			showError("exited");
		}
		if (progress.phase !== "error") showError("exited");
	}

	// ---- helpers the Go side calls ----------------------------------------

	// pickFiles shows the browser's file chooser and mounts what was chosen;
	// it resolves to the /picked paths, or [] when the chooser was closed.
	// The input stays in the page (id rs-file-input) while the chooser is
	// open, so automation can set its files. A browser that refuses to open
	// the chooser without a fresh click gets a small prompt with a button.
	W.pickFiles = (accept, multiple) => new Promise((resolve) => {
		const old = $("rs-file-input");
		if (old) old.dispatchEvent(new Event("cancel"));
		const input = document.createElement("input");
		input.type = "file";
		input.id = "rs-file-input";
		input.hidden = true;
		if (accept) input.accept = String(accept);
		input.multiple = !!multiple;
		let prompt = null;
		let settled = false;
		const finish = (paths) => {
			if (settled) return;
			settled = true;
			input.remove();
			if (prompt) prompt.remove();
			resolve(paths);
		};
		input.addEventListener("change", () => finish([...(input.files || [])].map(W.mount)));
		input.addEventListener("cancel", () => finish([]));
		document.body.appendChild(input);
		try {
			if (typeof input.showPicker === "function") input.showPicker();
			else input.click();
		} catch (e) {
			prompt = choosePrompt(input);
		}
	});

	function choosePrompt(input) {
		const box = document.createElement("div");
		box.className = "rs-choose";
		box.setAttribute("role", "dialog");
		const why = document.createElement("p");
		why.textContent = say("chooseWhy");
		const choose = document.createElement("button");
		choose.type = "button";
		choose.textContent = say("choose");
		choose.addEventListener("click", () => input.click());
		const cancel = document.createElement("button");
		cancel.type = "button";
		cancel.className = "rs-secondary";
		cancel.textContent = say("cancel");
		cancel.addEventListener("click", () => input.dispatchEvent(new Event("cancel")));
		box.append(why, choose, cancel);
		// Keys stay with the prompt (the app's canvas takes every key on
		// the page and blocks their default actions).
		box.addEventListener("keydown", (e) => {
			e.stopPropagation();
			if (e.key === "Escape") cancel.click();
			else if ((e.key === "Enter" || e.key === " ") && e.target instanceof HTMLButtonElement) {
				e.preventDefault();
				e.target.click();
			}
		});
		document.body.appendChild(box);
		choose.focus();
		return box;
	}

	// download saves exactly these bytes under name.
	W.downloads = [];
	W.download = (name, bytes) => {
		const data = bytes instanceof Uint8Array ? bytes.slice() : new Uint8Array(bytes);
		const blob = new Blob([data], { type: "application/octet-stream" });
		const url = URL.createObjectURL(blob);
		const a = document.createElement("a");
		a.href = url;
		a.download = String(name || "download");
		a.hidden = true;
		document.body.appendChild(a);
		a.click();
		a.remove();
		W.downloads.push({ name: a.download, size: data.length });
		setTimeout(() => URL.revokeObjectURL(url), 60000);
	};

	// ---- drop --------------------------------------------------------------

	const queued = [];
	W.takeQueued = () => queued.splice(0, queued.length);

	function deliver(paths) {
		if (paths.length === 0) return;
		const rs = globalThis.robotsStudio;
		if (rs && typeof rs.openPaths === "function") {
			try { rs.openPaths(paths); return; } catch (e) { console.error("robots-studio: openPaths:", e); }
		}
		queued.push(...paths);
	}
	W.deliverPaths = deliver;

	const dropZone = $("rs-drop");
	$("rs-drop-text").textContent = say("drop");
	let depth = 0;
	const hasFiles = (e) => e.dataTransfer && [...e.dataTransfer.types].includes("Files");
	addEventListener("dragenter", (e) => {
		if (!hasFiles(e)) return;
		e.preventDefault();
		depth++;
		dropZone.hidden = false;
	});
	addEventListener("dragover", (e) => {
		if (!hasFiles(e)) return;
		e.preventDefault();
		e.dataTransfer.dropEffect = "copy";
		dropZone.hidden = false;
	});
	addEventListener("dragleave", () => {
		depth = Math.max(0, depth - 1);
		if (depth === 0) dropZone.hidden = true;
	});
	addEventListener("drop", (e) => {
		depth = 0;
		dropZone.hidden = true;
		if (!hasFiles(e)) return;
		e.preventDefault();
		const files = [];
		const items = e.dataTransfer.items ? [...e.dataTransfer.items] : [];
		if (items.length) {
			for (const it of items) {
				if (it.kind !== "file") continue;
				const entry = it.webkitGetAsEntry && it.webkitGetAsEntry();
				if (entry && entry.isDirectory) continue; // folders cannot be read as files
				const f = it.getAsFile();
				if (f) files.push(f);
			}
		} else {
			files.push(...e.dataTransfer.files);
		}
		deliver(files.map(W.mount));
	});

	// ---- storage warnings -------------------------------------------------

	// A warning over the app while the browser's storage is full or cannot
	// be used; it can be closed, and comes back if the state changes.
	const banner = $("rs-storage");
	const bannerText = document.createElement("span");
	const bannerClose = document.createElement("button");
	bannerClose.type = "button";
	bannerClose.textContent = "×";
	bannerClose.title = bannerClose.ariaLabel = say("close");
	banner.append(bannerText, bannerClose);
	let dismissed = "";
	bannerClose.addEventListener("click", () => { dismissed = bannerText.textContent; banner.hidden = true; });
	function showStorage(st) {
		const text = st.full ? say("storageFull") : st.error ? say("storageOff") : "";
		bannerText.textContent = text;
		banner.hidden = !text || text === dismissed;
		if (!text) dismissed = "";
	}
	addEventListener("robots-studio-storage", (e) => showStorage(e.detail));
	if (W.vfsReady) W.vfsReady.then(showStorage, () => {});

	start().catch((e) => {
		console.error("robots-studio:", e);
		showError("startFailed", (e && e.message) || String(e));
	});
})();
