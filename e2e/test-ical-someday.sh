# Someday items: add --due none, edit --due none; they list last, take no
# notification slot, are never overdue; edit --due gives them a deadline again.
. "$HERE/lib.sh"
a=$(T add Learn the cello --due none) || fail "add --due none"
T add Pay rent --due "in 2h" >/dev/null || fail "add"
b=$(T add Past thing --due "in 1h") || fail "add"
expect_eq "$(T list | tail -1 | sed 's/.*  //')" "Learn the cello" "someday last"
expect_match "$(T list | grep cello)" "^[0-9a-f]{8} +Learn the cello$" "shown without a deadline"
T list --json | /usr/bin/python3 -c '
import json,sys
i={x["title"]:x for x in json.load(sys.stdin)}["Learn the cello"]
assert i["deadline"] is None and i["overdue"] is False and i["scheduled"] is False, i' || fail "json of a someday item"
expect_eq "$(T pending --json | /usr/bin/python3 -c 'import json,sys; print(sum(1 for n in json.load(sys.stdin)["notifications"] if n["title"]=="Learn the cello"))')" 0 "no slot"
T edit "$b" --due none >/dev/null || fail "edit --due none"
expect_eq "$(T badge)" 0 "never overdue"
expect_eq "$(T list | tail -2 | sed 's/.*  //' | sort | tr '\n' ,)" "Learn the cello,Past thing," "both someday, last"
T edit "$a" --due "in 3h" >/dev/null || fail "edit --due back"
expect_match "$(T list | grep cello)" "[0-9]:[0-9][0-9]" "a deadline again"
# Exported as a VTODO without DUE, imported back as someday.
T export --format ics > "$WORK/s.ics"
T import "$WORK/s.ics" --file "$WORK/other.plist" >/dev/null || fail "import"
expect_match "$(T list --file "$WORK/other.plist" | grep 'Past thing')" "^[0-9a-f]{8} +Past thing$" "someday through iCalendar"
exit 0
