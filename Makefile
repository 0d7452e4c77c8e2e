# Robots Studio. `make run` opens the app; `make test` runs every test.
GO      ?= go
BIN     := robots-studio
# Debian packages the window (cgo, GLFW, X11) needs to build.
DEPS    := gcc libgl1-mesa-dev xorg-dev
# Packages for the real-window test and for checking generated server configs.
E2EDEPS := xvfb xdotool imagemagick

.PHONY: all run build deps test unit e2e bench package fmt clean

all: build

# deps installs what the build needs: with apt-get when run as root,
# otherwise it prints the exact command and stops.
deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "Robots Studio needs:$$missing"; echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(GO) build -o $(BIN) .

run: build
	./$(BIN)

# test: vet, the engine without cgo (it must not need Fyne), everything, and
# the real-window test when Xvfb is available.
test: deps
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) test ./tester/...
	$(GO) test ./...
	@if command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory e2e; \
	else echo "e2e skipped: install $(E2EDEPS) to run the real-window test"; fi

e2e: build
	bash ui/e2e/run.sh ./$(BIN)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./tester/... ./editor/... ./ui/...

package: deps
	$(GO) install fyne.io/fyne/v2/cmd/fyne@v2.7.1
	$$($(GO) env GOPATH)/bin/fyne package --os linux --release

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -f $(BIN)
