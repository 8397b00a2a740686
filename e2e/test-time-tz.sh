# TZ read as the C library reads it (issue 13): POSIX strings, ':Area/City',
# a zoneinfo file path. A deadline typed as local wall time is stored as the
# instant glibc's mktime gives for that TZ, and shown back in that zone.
. "$HERE/lib.sh"

# check TZ WHEN EXPECTED-UTC EXPECTED-LOCAL-JSON
check() {
  local id
  id=$(TZ="$1" T add "in $1" --due "$2") || fail "add with TZ=$1"
  got=$(TZ=UTC T list --json | /usr/bin/python3 -c 'import json,sys; print([i["deadline"] for i in json.load(sys.stdin) if i["id"]==sys.argv[1]][0])' "$id")
  expect_eq "$got" "$3" "TZ=$1 '$2' stored as"
  # The independent reference: glibc's mktime through python, with the same TZ.
  ref=$(TZ="$1" /usr/bin/python3 -c 'import time,sys; t=time.mktime(time.strptime(sys.argv[1], "%Y-%m-%d %H:%M")); print(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t)))' "$2")
  expect_eq "$got" "$ref" "TZ=$1 '$2' as glibc reads it"
  shown=$(TZ="$1" T list --json | /usr/bin/python3 -c 'import json,sys; print([i["deadline"] for i in json.load(sys.stdin) if i["id"]==sys.argv[1]][0])' "$id")
  expect_eq "$shown" "$4" "TZ=$1 shown as"
}

check "UTC-3" "2027-01-15 12:00" "2027-01-15T09:00:00Z" "2027-01-15T12:00:00+03:00"
check ":America/New_York" "2027-01-15 12:00" "2027-01-15T17:00:00Z" "2027-01-15T12:00:00-05:00"
check "/usr/share/zoneinfo/Asia/Tokyo" "2027-01-15 12:00" "2027-01-15T03:00:00Z" "2027-01-15T12:00:00+09:00"
check "EST5EDT" "2027-07-15 12:00" "2027-07-15T16:00:00Z" "2027-07-15T12:00:00-04:00"
check "<+05>-5" "2027-01-15 12:00" "2027-01-15T07:00:00Z" "2027-01-15T12:00:00+05:00"
check "CET-1CEST,M3.5.0,M10.5.0/3" "2027-07-15 12:00" "2027-07-15T10:00:00Z" "2027-07-15T12:00:00+02:00"
exit 0
