#!/usr/bin/env bash
# Early warnings (issue 14, SPEC 5): add/edit --warn DURATION|none; the warning
# is a notification of its own kind in `pending`, takes a slot, shows in
# `list --json` as seconds; a bad duration is one error line, file untouched.
source "$HERE/lib.sh"
id=$(T add "Dentist" --due "in 2h" --warn 15m) || fail "add --warn"
T pending --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
kinds = sorted(n["kind"] for n in d["notifications"])
assert kinds == ["deadline", "warning"], kinds
w = [n for n in d["notifications"] if n["kind"] == "warning"][0]
dl = [n for n in d["notifications"] if n["kind"] == "deadline"][0]
from datetime import datetime
f = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
assert (f(dl["fireDate"]) - f(w["fireDate"])).total_seconds() == 900, (w, dl)' || fail "pending: $(T pending --json)"
expect_match "$(T list --json | tr -d ' \n')" '"warn":900' "list --json shows warn in seconds"
before=$(filesum)
expect_fail T edit "$id" --warn soon
expect_eq "$(filesum)" "$before" "a bad --warn leaves the file"
T edit "$id" --warn none >/dev/null || fail "edit --warn none"
expect_match "$(T pending --json | tr -d ' \n')" '^\{"notifications":\[\{[^]]*"kind":"deadline"[^]]*\}\]' "no warning after --warn none"
exit 0
