# todo-tui — see README.md. `make run` and `make test` install what they need.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE := .build/release/todo-tui
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: build debug run test unit e2e bench bench-compare stress fuzz install uninstall format clean deps

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
	TODO_BIN=$(abspath $(RELEASE)) e2e/run.sh

unit:
	$(SWIFT) test

e2e: build
	@scripts/deps.sh test
	TODO_BIN=$(abspath $(RELEASE)) e2e/run.sh

bench: build
	@scripts/deps.sh bench
	TODO_BIN=$(abspath $(RELEASE)) bench/run.sh
	TODO_BIN=$(abspath $(RELEASE)) OUT=bench/results/ical-$$(date -u +%F).md bench/ical-bench.sh
	mkdir -p bench/results && OUT=bench/results/inprocess-$$(date -u +%F).txt bench/inprocess/run.sh
	TODO_BIN=$(abspath $(RELEASE)) OUT=bench/results/sync-$$(date -u +%F).md bench/sync-scale.py
	OUT=bench/results/lists-subtasks-$$(date -u +%F).md bench/lists-subtasks.py $(abspath $(RELEASE))

# make bench-compare BASE=/path/to/old/todo-tui: the new build against an old one,
# interleaved on the same file (list, badge, add, complete at 10k and 100k items).
bench-compare: build
	@test -n "$(BASE)" || { echo "error: set BASE to the todo-tui binary to compare with" >&2; exit 64; }
	bench/compare.py $(BASE) $(RELEASE) $(if $(SIZES),--sizes $(SIZES)) $(if $(ROUNDS),--rounds $(ROUNDS))

stress: build
	@scripts/deps.sh test
	TODO_BIN=$(abspath $(RELEASE)) STRESS=1 e2e/run.sh
	TODO_BIN=$(abspath $(RELEASE)) SOAK_SECONDS=$${SOAK_SECONDS:-180} e2e/soak-mixed.sh
	TODO_BIN=$(abspath $(RELEASE)) SOAK_SECONDS=$${SOAK_SECONDS:-180} e2e/soak-server-faults.sh

# The mixed-writer soak alone (SOAK_SECONDS, default 180).
soak: build
	TODO_BIN=$(abspath $(RELEASE)) SOAK_SECONDS=$${SOAK_SECONDS:-180} e2e/soak-mixed.sh

fuzz:
	fuzz/run.sh

# make install [PREFIX=/usr/local] [DESTDIR=staging] — the binary, its man page
# and shell completions (generated from its own help by scripts/gen-share.sh),
# the systemd user unit and the .desktop file and icon for notification servers.
# SKIP_BUILD=1 installs the RELEASE binary as it is (e2e/test-install.sh).
SHARE := .build/share
DATA = $(DESTDIR)$(PREFIX)/share
INSTALLED = $(DESTDIR)$(PREFIX)/bin/todo-tui $(DATA)/man/man1/todo-tui.1 \
	$(DATA)/bash-completion/completions/todo-tui $(DATA)/zsh/site-functions/_todo-tui \
	$(DATA)/fish/vendor_completions.d/todo-tui.fish $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service \
	$(DATA)/applications/todo-tui.desktop $(DATA)/icons/hicolor/scalable/apps/todo-tui.svg

install: $(if $(SKIP_BUILD),,build)
	scripts/gen-share.sh $(RELEASE) $(SHARE)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/systemd/user $(DATA)/man/man1 \
		$(DATA)/bash-completion/completions $(DATA)/zsh/site-functions $(DATA)/fish/vendor_completions.d \
		$(DATA)/applications $(DATA)/icons/hicolor/scalable/apps
	install -m 0755 $(RELEASE) $(DESTDIR)$(PREFIX)/bin/todo-tui
	install -m 0644 $(SHARE)/todo-tui.1 $(DATA)/man/man1/todo-tui.1
	install -m 0644 $(SHARE)/completions/todo-tui.bash $(DATA)/bash-completion/completions/todo-tui
	install -m 0644 $(SHARE)/completions/_todo-tui $(DATA)/zsh/site-functions/_todo-tui
	install -m 0644 $(SHARE)/completions/todo-tui.fish $(DATA)/fish/vendor_completions.d/todo-tui.fish
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/todo-tui.service > $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service
	chmod 0644 $(DESTDIR)$(PREFIX)/lib/systemd/user/todo-tui.service
	sed 's|@BINDIR@|$(PREFIX)/bin|' contrib/todo-tui.desktop > $(DATA)/applications/todo-tui.desktop
	chmod 0644 $(DATA)/applications/todo-tui.desktop
	install -m 0644 contrib/todo-tui.svg $(DATA)/icons/hicolor/scalable/apps/todo-tui.svg

uninstall:
	rm -f $(INSTALLED)

format:
	$(SWIFT) format --configuration .swift-format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
