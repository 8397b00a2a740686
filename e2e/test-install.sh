# make install / uninstall (SPEC 2, issue 18) into a temporary DESTDIR: the
# binary, the man page generated from its help (read with man -l), bash, zsh
# and fish completions (bash's complete -p after sourcing the installed file,
# and IDs completing to pending items' short ids), the systemd user unit, the
# .desktop file and icon; uninstall removes them all.
. "$HERE/lib.sh"
repo=${REPO:-$(cd "$HERE/.." && pwd)}
command -v make >/dev/null || { echo "make is not installed"; exit 77; }
d="$WORK/stage" p=/usr/local
make -s -C "$repo" install DESTDIR="$d" PREFIX=$p SKIP_BUILD=1 RELEASE="$TODO_BIN" >"$WORK/make.log" 2>&1 \
  || fail "make install: $(tail -n 5 "$WORK/make.log")"
s="$d$p/share"
for f in "$d$p/bin/todo-tui:755" "$s/man/man1/todo-tui.1:644" "$s/bash-completion/completions/todo-tui:644" \
  "$s/zsh/site-functions/_todo-tui:644" "$s/fish/vendor_completions.d/todo-tui.fish:644" \
  "$d$p/lib/systemd/user/todo-tui.service:644" "$s/applications/todo-tui.desktop:644" \
  "$s/icons/hicolor/scalable/apps/todo-tui.svg:644"; do
  [ -f "${f%:*}" ] || fail "not installed: ${f%:*}"
  expect_eq "$(stat -c %a "${f%:*}")" "${f##*:}" "mode of ${f%:*}"
done
cmp -s "$TODO_BIN" "$d$p/bin/todo-tui" || fail "the installed binary is not the built one"

# The man page: rendered by man, with every command and the exit statuses.
command -v man >/dev/null || { echo "man is not installed"; exit 77; }
page=$(MANWIDTH=100 man -l "$s/man/man1/todo-tui.1" 2>"$WORK/man.err" | col -b) || fail "man -l"
[ -s "$WORK/man.err" ] && fail "man warns: $(cat "$WORK/man.err")"
expect_match "$page" "^TODO-TUI\(1\)" "man page header"
expect_match "$page" "todo-tui - A to-do list" "NAME"
for c in add list complete reopen remind edit delete badge pending daemon import export; do
  # man justifies lines, putting its extra spaces (tabs after col -b) anywhere in a synopsis.
  expect_match "$page" "todo-tui[[:space:]]+$c[[:space:]]" "the man page has the command $c"
done
expect_match "$page" "--completed" "list's options"
expect_match "$page" "EXIT STATUS" "exit statuses"
expect_match "$page" "64 +usage error" "exit status 64"
expect_match "$page" "ENVIRONMENT" "environment"

# The unit and the .desktop file name the installed binary.
expect_match "$(cat "$d$p/lib/systemd/user/todo-tui.service")" "ExecStart=$p/bin/todo-tui daemon" "unit"
desk=$(cat "$s/applications/todo-tui.desktop")
expect_match "$desk" "^Exec=$p/bin/todo-tui$" ".desktop Exec"
expect_match "$desk" "^Icon=todo-tui$" ".desktop Icon (the bubbles' --icon=todo-tui)"
expect_match "$desk" "^Name=todo-tui$" ".desktop Name"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$s/applications/todo-tui.desktop" || fail "desktop-file-validate"
fi

# bash: the installed completion registers itself, and IDs complete.
id1=$(T add Buy milk --due 2099-01-01) || fail add
id2=$(T add Call mum --due 2099-01-02) || fail add
id3=$(T add Done already --due 2099-01-03) || fail add
T complete "$id3" >/dev/null || fail complete
short() { echo "${1:0:8}" | tr A-F a-f; }
expect_eq "$(bash -c ". '$s/bash-completion/completions/todo-tui'; complete -p todo-tui")" \
  "complete -o filenames -F _todo-tui todo-tui" "complete -p todo-tui"
# complete_line LINE: what bash offers at the end of LINE
complete_line() {
  PATH="$d$p/bin:$PATH" bash -c '
    . "$1"; line=$2
    read -ra COMP_WORDS <<<"$line"; [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE=$line; COMP_POINT=${#line}
    _todo-tui todo-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' _ "$s/bash-completion/completions/todo-tui" "$1"
}
expect_eq "$(complete_line "todo-tui li")" "list
lists" "command names complete (list, and lists of SPEC 9)"
expect_eq "$(complete_line "todo-tui complete " | sort | tr '\n' ' ')" \
  "$(printf '%s\n' "$(short "$id1")" "$(short "$id2")" | sort | tr '\n' ' ')" "pending ids complete, completed ones not"
expect_eq "$(complete_line "todo-tui delete $(short "$id2" | cut -c1-5)")" "$(short "$id2")" "an id completes from its start"
expect_eq "$(complete_line "todo-tui edit $(short "$id1" | cut -c1-5)")" "$(short "$id1")" "edit's id completes"
T add Elsewhere --due 2099-01-01 --file "$WORK/other.plist" >/dev/null || fail add
expect_eq "$(complete_line "todo-tui complete --file $WORK/other.plist " | wc -l)" 1 "--file on the line is followed"

# zsh and fish: their scripts call the binary back for IDs, with titles.
expect_match "$(head -n 1 "$s/zsh/site-functions/_todo-tui")" "^#compdef todo-tui" "zsh script"
expect_match "$(cat "$s/zsh/site-functions/_todo-tui")" "---completion complete" "zsh completes ids"
expect_match "$(cat "$s/fish/vendor_completions.d/todo-tui.fish")" "---completion complete" "fish completes ids"
expect_eq "$(SAP_SHELL=zsh "$d$p/bin/todo-tui" ---completion complete -- positional@0 2 0 todo-tui complete '' | head -n 1)" \
  "$(short "$id1"):Buy milk" "zsh gets the title"
expect_eq "$(SAP_SHELL=fish "$d$p/bin/todo-tui" ---completion complete -- positional@0 2 0 todo-tui complete '' | head -n 1)" \
  "$(short "$id1")	Buy milk" "fish gets the title"
if command -v zsh >/dev/null; then zsh -n "$s/zsh/site-functions/_todo-tui" || fail "zsh -n"; fi
if command -v fish >/dev/null; then fish -n "$s/fish/vendor_completions.d/todo-tui.fish" || fail "fish -n"; fi

make -s -C "$repo" uninstall DESTDIR="$d" PREFIX=$p >"$WORK/make.log" 2>&1 || fail "make uninstall: $(cat "$WORK/make.log")"
left=$(find "$d" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
exit 0
