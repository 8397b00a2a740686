# Notes in $EDITOR (SPEC 4, issue 38 point 5): `edit ID --note-editor` and
# Ctrl-O on the detail's note hand the note to the editor (an editor with an
# argument, run as git runs it); what it returns is saved as any edit, so a
# change made meanwhile to another field (here by the editor itself, through
# the CLI) is kept; an editor that fails leaves the note as it was.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
cat > "$WORK/ed" <<'ED'
#!/bin/sh
# A fake editor: `ed --tag TEXT FILE` appends TEXT; meanwhile another process changes the title.
[ "$1" = --tag ] || exit 9
printf '%s\n' "$2" >> "$3"
"$TODO_BIN" edit "$ID" --title "Trip to Rome" >/dev/null
ED
chmod +x "$WORK/ed"
export TODO_BIN
id=$(T add "Trip" --note "Passport" 2>/dev/null)
export ID=$id
EDITOR="$WORK/ed --tag 'Tickets, then hotel'" T edit "$id" --note-editor >/dev/null || fail "edit --note-editor"
expect_eq "$(T show "$id" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["title"] + "|" + d["note"])')" \
  "Trip to Rome|Passport
Tickets, then hotel" "the note from the editor, the title changed meanwhile kept"
before=$(filesum)
expect_fail env EDITOR=false "$TODO_BIN" edit "$id" --note-editor
expect_match "$LAST_ERR" "exited with status 1: the note is unchanged" "a failed editor"
expect_eq "$(filesum)" "$before" "a failed editor changes nothing"
expect_fail "$TODO_BIN" edit "$id" --note-editor --note x

# The app: the detail's note (ten ↓ from the title: the rows after it, url, location, alerts,
# may grow), Ctrl-O, then Ctrl-S saves.
T edit "$id" --title "Trip" >/dev/null
tui_start 80 24 "EDITOR=$WORK/ed --tag 'Visa'" "ID=$id" "TODO_BIN=$TODO_BIN"
wait_screen '^ Trip '
keys Enter
wait_screen 'Note'
keys Down Down Down Down Down Down Down Down Down Down  # Title → Deadline … Parent → Note (as test-tui-detail)
keys C-o
wait_screen 'Visa'
keys C-s
wait_screen 'Edited'
expect_eq "$(T show "$id" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["title"] + "|" + d["note"])')" \
  "Trip to Rome|Passport
Tickets, then hotel
Visa" "the app's note from the editor, the title changed meanwhile kept"
exit 0
