# Robots Studio. `make run` opens the app; `make test` runs every test.
GO      ?= go
BIN     := robots-studio
# Debian packages the window (cgo, GLFW, X11) needs to build.
DEPS     := gcc libc6-dev libgl1-mesa-dev xorg-dev
# What the tests need besides: Xvfb and xdotool for the real-window test,
# imagemagick for its screenshots, nginx and apache2 to check the server
# configs the mirror wizard writes, Wine for the Windows build's tests,
# Chromium for the browser build's, Node.js to run the js variant of the
# editor's key queue (GOOS=js tests), Dask (python3-distributed) to run
# logs --partial/--merge on a local cluster, as docs/scale.md does on a real
# one; Protego (python3-protego) to hold the library readings to the real
# libraries (tester/engine's TestLibraryReadingsAgree; Python's own
# urllib.robotparser comes with python3, robots-parser from npm: test-npm).
TESTDEPS := xvfb xdotool imagemagick nginx apache2 wine64 chromium nodejs python3-distributed python3-protego
# Where test-npm installs the npm packages the tests run (robots-parser), from
# its package-lock.json.
NODE_LIBS := tester/engine/testdata/libs/node
# What `make dist` needs besides DEPS: the Windows cross compiler (the GUI
# .exe is cgo), xz for the Linux package, imagemagick for the Windows icon.
DISTDEPS := gcc-mingw-w64-x86-64 xz-utils imagemagick

# The packages that build without cgo: the domain (tester/) and the app's
# own parts that hold no window (command line, document, files, versions).
CORE_PKGS := ./tester/... ./internal/cli/... ./internal/session/... ./internal/testenv/... ./internal/textfiletest/... ./internal/corpus/... ./internal/version/... ./internal/i18n/...

# The packages with background workers (the window's tabs, the document's
# autosave, the editor's key queue, the parallel log, batch and sitemap
# readers), run under -race in make test. The window package itself is
# race-clean too but takes ~50 minutes under -race here: make race-ui.
RACE_PKGS := ./ui/latest ./internal/session ./tester/textfile ./ui/testerpane ./ui/logtab ./ui/sitemaptab ./ui/lessontab ./editor/... ./tester/accesslog ./tester/batch ./tester/sitemap

# VERSION is what --version, Help ▸ About and the file names say.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDVERSION := -X github.com/robots-studio/robots-studio/internal/version.Version=$(VERSION)
DIST     := dist
# The static command line for these platforms (no cgo, no window).
CLI_TARGETS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64

.PHONY: all run build headless deps test-deps test-npm dist-deps test suite staticcheck unit e2e tour check-fresh race-ui speed-window bench package dist web web-serve fmt clean

all: build

# install-missing installs the Debian packages named in $(1) that are not
# installed: with apt-get when run as root, otherwise it prints the exact
# command and stops.
define install-missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  else \
	    echo "Robots Studio needs:$$missing"; echo "run: sudo apt-get install -y --no-install-recommends$$missing"; exit 1; \
	  fi; \
	fi
endef

deps:
	$(call install-missing,$(DEPS))

test-deps: deps dist-deps
	$(call install-missing,$(TESTDEPS))

# test-npm installs the npm packages the tests run, at the versions
# $(NODE_LIBS)/package-lock.json pins, unless they are there already. npm
# comes with Node.js from nodesource; with Debian's own nodejs it is the
# package npm.
test-npm:
	@[ -f $(NODE_LIBS)/node_modules/robots-parser/package.json ] || { \
	  command -v npm >/dev/null || { echo "test-npm: npm not found (apt-get install npm, or Node.js with npm)"; exit 1; }; \
	  npm ci --prefix $(NODE_LIBS) --no-audit --no-fund --loglevel=error; }

dist-deps: deps
	$(call install-missing,$(DISTDEPS))

build: deps
	$(GO) build -ldflags "$(LDVERSION)" -o $(BIN) .

run: build
	./$(BIN)

# test: install what the tests need, then run the whole suite (vet, the
# engine without cgo, every Go test, the real-window test) the hermetic way:
# empty home and config folders, another time zone, no test cache, and (as
# root) the system's fonts cut down to what a fresh machine has. See
# .ci/hermetic. Tools a test needs are required (ROBOTS_STUDIO_STRICT): a
# missing one fails instead of skipping.
test: test-deps test-npm
	.ci/hermetic $(MAKE) --no-print-directory suite

# suite is the test run itself, in whatever environment it is started.
# The Go tests run once under Polish: every test that reads English text
# must choose English itself, as a Polish or Russian developer's plain
# `go test ./...` needs.
# Every release artifact is built once (make dist), then the Windows tests
# run its .exe files under Wine and the web tests its page in Chromium.
suite:
	@[ -d ../shared/corpus/real ] || echo "corpus: ../shared/corpus/real is absent: the corpus tests run on the repository's own testdata only"
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) build ./...
	$(MAKE) --no-print-directory staticcheck
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build $(CORE_PKGS) ./editor/...
	GOOS=darwin GOARCH=arm64 CGO_ENABLED=0 $(GO) build $(CORE_PKGS)
	CGO_ENABLED=0 $(GO) test $(CORE_PKGS)
	LANGUAGE=pl LC_ALL=pl_PL.UTF-8 $(GO) test -timeout 40m $$($(GO) list ./... | grep -v /release/)
	$(GO) test -race -timeout 30m $(RACE_PKGS)
	$(MAKE) --no-print-directory headless
	bash .ci/headless-check ./$(BIN)-headless
	./$(BIN)-headless lessons --check
	GOOS=js GOARCH=wasm $(GO) test -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./editor/keys/
	GOOS=js GOARCH=wasm $(GO) test -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" -run 'InTheBrowser' ./ui/aitab/
	WEB_GZIP=gzip $(MAKE) --no-print-directory dist
	ROBOTS_STUDIO_DIST=$(CURDIR)/$(DIST) ROBOTS_STUDIO_LINUX_CLI=$(CURDIR)/$(BIN)-headless $(GO) test -p 1 -timeout 40m -v ./release/...
	$(MAKE) --no-print-directory e2e

# staticcheck: the linter past go vet (unused code, deprecated calls,
# values never used), on Linux and on the browser build (GOOS=js), tests
# included; then go.mod and go.sum must be as go mod tidy leaves them. Installed with go install at STATICCHECK_VERSION when the one in
# GOBIN (or GOPATH/bin) is not that version. Its cache sits beside Go's
# build cache, so a hermetic run (empty XDG_CACHE_HOME) does not redo it.
STATICCHECK_VERSION := 0.8.2
staticcheck:
	@bin=$$($(GO) env GOBIN); [ -n "$$bin" ] || bin=$$($(GO) env GOPATH)/bin; \
	"$$bin/staticcheck" -version 2>/dev/null | grep -qF "($(STATICCHECK_VERSION))" || { \
	  echo "installing staticcheck v$(STATICCHECK_VERSION)"; \
	  $(GO) install honnef.co/go/tools/cmd/staticcheck@v$(STATICCHECK_VERSION) || exit 1; }; \
	export STATICCHECK_CACHE="$${STATICCHECK_CACHE:-$$(dirname "$$($(GO) env GOCACHE)")/staticcheck}"; \
	echo "staticcheck ./... (linux, then js/wasm); go.mod tidy"; \
	"$$bin/staticcheck" ./... && GOOS=js GOARCH=wasm "$$bin/staticcheck" ./... && \
	{ $(GO) mod tidy -diff || { echo "go.mod or go.sum is not tidy: run go mod tidy"; exit 1; }; }

e2e: build
	bash ui/e2e/run.sh ./$(BIN)

# tour: the webmaster's and the teacher's tasks played in the real window at
# 1280×800, 1366×768 and 1024×768 in en, ru and pl (TOUR_SIZES, TOUR_LANGS
# choose fewer); screenshots, one contact sheet per size and the figures
# read off the window (rows in view, path characters) in TOUR_OUT.
TOUR_OUT ?= tour
tour: build
	$(call install-missing,xvfb xdotool imagemagick)
	bash ui/e2e/tour.sh ./$(BIN) $(TOUR_OUT)

# headless: the command line alone, static, without cgo or X11 (for servers
# and CI). Same subcommands and translations; no window.
headless:
	CGO_ENABLED=0 $(GO) build -tags headless -ldflags "$(LDVERSION)" -o $(BIN)-headless .

# dist: every download, named for VERSION, with SHA256SUMS (see the README's
# "Get it"). The macOS .app needs a Mac: `fyne package -os darwin` there.
dist: dist-deps
	rm -rf $(DIST) && mkdir -p $(DIST)
	@echo "dist: version $(VERSION)"
	$(GO) install fyne.io/fyne/v2/cmd/fyne@v2.7.1
	$(GO) build -trimpath -ldflags "-s -w $(LDVERSION)" -o $(DIST)/.linux/$(BIN) .
	cd $(DIST)/.linux && cp ../../FyneApp.toml . && mkdir -p assets && cp ../../assets/icon.png assets/ && \
	  $$($(GO) env GOPATH)/bin/fyne package --os linux --release --executable $(BIN) --name "Robots Studio" --icon assets/icon.png >/dev/null && \
	  mv "Robots Studio.tar.xz" ../robots-studio-$(VERSION)-linux-amd64.tar.xz
	rm -rf $(DIST)/.linux
	@for t in $(CLI_TARGETS); do \
	  os=$${t%/*}; arch=$${t#*/}; dir=$(DIST)/.cli/robots-studio-cli-$(VERSION)-$$os-$$arch; \
	  echo "dist: command line for $$os/$$arch"; \
	  mkdir -p $$dir && CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -tags headless -ldflags "-s -w $(LDVERSION)" -o $$dir/robots-studio . && \
	  tar -C $(DIST)/.cli -czf $(DIST)/robots-studio-cli-$(VERSION)-$$os-$$arch.tar.gz --owner=0 --group=0 robots-studio-cli-$(VERSION)-$$os-$$arch || exit 1; \
	done
	rm -rf $(DIST)/.cli
	bash build/windows.sh $(DIST) $(VERSION)
	bash build/web.sh $(DIST)/web $(VERSION)
	cd $(DIST) && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs -d '\n' sha256sum > SHA256SUMS
	@echo "dist: $$(wc -l < $(DIST)/SHA256SUMS) files, checksums in $(DIST)/SHA256SUMS"; ls -l $(DIST)

# web: the browser build alone, into dist/web; web-serve serves it on
# localhost (also under a sub-path) to try it.
web:
	bash build/web.sh $(DIST)/web $(VERSION)

web-serve:
	@[ -f $(DIST)/web/index.html ] || $(MAKE) --no-print-directory web
	$(GO) run ./build/webserve $(DIST)/web

# check-fresh: what CI runs. `make test` here (with ../shared beside the
# checkout when it is there), then `make test` in a fresh clone of the
# committed HEAD with no ../shared beside it and another language and time
# zone: a clone on its own must pass too.
check-fresh: test
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	git clone -q --no-local . "$$tmp/robots-studio" && \
	echo "check-fresh: a clone of HEAD without ../shared, in $$tmp" && \
	HERMETIC_LANG=pl_PL.UTF-8 HERMETIC_TZ=America/St_Johns $(MAKE) --no-print-directory -C "$$tmp/robots-studio" test

# race-ui: the window package under the race detector; not in make test
# (about 50 minutes here, see RACE_PKGS).
race-ui:
	$(GO) test -race -timeout 90m ./ui

# speed-window: keystroke → frame, F11, F11 with the AI access tab opened
# or in view, View ▸ Zoom In / Actual Size and a paste of 500 paths, in the
# real window under Xvfb
# (docs/speed-window.md); not in make test: its 10,000-result target fails
# on a busy machine.
speed-window: build test-deps
	cd release/windowtest && ROBOTS_STUDIO_WINDOW_SPEED=1 ROBOTS_STUDIO_BIN=$(CURDIR)/$(BIN) $(GO) test -run 'KeystrokeToFrame|PresenterWithTabs|ZoomAndPaste' -v -count=1 .

# bench: the four whole-process comparisons of docs/speed.md and
# docs/scale.md side by side (1M URLs vs temoto/robotstxt, a 50,000-URL
# sitemap vs Python's ElementTree + robotparser, a 200 MB log on one core vs
# all, partial+merge over 8 shards vs one pass), then the Go benchmarks.
bench: test-deps
	bash build/bench.sh
	$(GO) test -run '^$$' -bench . -benchmem ./tester/... ./editor/... ./internal/...

package: deps
	$(GO) install fyne.io/fyne/v2/cmd/fyne@v2.7.1
	$$($(GO) env GOPATH)/bin/fyne package --os linux --release

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -f $(BIN) $(BIN)-headless
	rm -rf $(DIST)
