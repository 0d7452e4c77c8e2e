# Robots Studio. `make run` opens the app; `make test` runs every test.
GO      ?= go
BIN     := robots-studio
# Debian packages the window (cgo, GLFW, X11) needs to build.
DEPS     := gcc libc6-dev libgl1-mesa-dev xorg-dev
# What the tests need besides: Xvfb and xdotool for the real-window test,
# imagemagick for its screenshots, nginx and apache2 to check the server
# configs the mirror wizard writes.
TESTDEPS := xvfb xdotool imagemagick nginx apache2

.PHONY: all run build headless deps test-deps test suite unit e2e check-fresh bench package fmt clean

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

test-deps: deps
	$(call install-missing,$(TESTDEPS))

build: deps
	$(GO) build -o $(BIN) .

run: build
	./$(BIN)

# test: install what the tests need, then run the whole suite (vet, the
# engine without cgo, every Go test, the real-window test) the hermetic way:
# empty home and config folders, another time zone, no test cache, and (as
# root) the system's fonts cut down to what a fresh machine has. See
# .ci/hermetic. Tools a test needs are required (ROBOTS_STUDIO_STRICT): a
# missing one fails instead of skipping.
test: test-deps
	.ci/hermetic $(MAKE) --no-print-directory suite

# suite is the test run itself, in whatever environment it is started.
suite:
	@[ -d ../shared/corpus/real ] || echo "corpus: ../shared/corpus/real is absent: the corpus tests run on the repository's own testdata only"
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) test ./tester/...
	$(GO) test ./...
	$(MAKE) --no-print-directory headless
	bash .ci/headless-check ./$(BIN)-headless
	./$(BIN)-headless lessons --check
	$(MAKE) --no-print-directory e2e

e2e: build
	bash ui/e2e/run.sh ./$(BIN)

# headless: the command line alone, static, without cgo or X11 (for servers
# and CI). Same subcommands and translations; no window.
headless:
	CGO_ENABLED=0 $(GO) build -tags headless -o $(BIN)-headless .

# check-fresh: what CI runs. `make test` here (with ../shared beside the
# checkout when it is there), then `make test` in a fresh clone of the
# committed HEAD with no ../shared beside it and another language and time
# zone: a clone on its own must pass too.
check-fresh: test
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	git clone -q --no-local . "$$tmp/robots-studio" && \
	echo "check-fresh: a clone of HEAD without ../shared, in $$tmp" && \
	HERMETIC_LANG=pl_PL.UTF-8 HERMETIC_TZ=America/St_Johns $(MAKE) --no-print-directory -C "$$tmp/robots-studio" test

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./tester/... ./editor/... ./ui/...

package: deps
	$(GO) install fyne.io/fyne/v2/cmd/fyne@v2.7.1
	$$($(GO) env GOPATH)/bin/fyne package --os linux --release

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -f $(BIN) $(BIN)-headless
