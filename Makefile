# todo-tui — see README.md. `make run` and `make test` install what they need.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE := .build/release/todo-tui
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: build debug run test unit e2e bench stress fuzz install uninstall format clean deps

build:
	@scripts/deps.sh build
	$(SWIFT) build $(RELEASE_FLAGS)

debug:
	@scripts/deps.sh build
	$(SWIFT) build

run: build
	$(RELEASE)

# Unit tests (swift test), then end-to-end tests of the release binary.
test: build
	@scripts/deps.sh test
	$(SWIFT) test
	TODO_BIN=$(abspath $(RELEASE)) tests/e2e/run.sh

unit:
	$(SWIFT) test

e2e: build
	@scripts/deps.sh test
	TODO_BIN=$(abspath $(RELEASE)) tests/e2e/run.sh

bench: build
	@scripts/deps.sh bench
	TODO_BIN=$(abspath $(RELEASE)) bench/run.sh

stress: build
	@scripts/deps.sh test
	TODO_BIN=$(abspath $(RELEASE)) STRESS=1 tests/e2e/run.sh

fuzz:
	fuzz/run.sh

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/systemd/user
	install -m 0755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/todo-tui
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/todo-tui.service > $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service
	chmod 0644 $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/todo-tui $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service

format:
	$(SWIFT) format --configuration .swift-format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
