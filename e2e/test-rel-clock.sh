#!/usr/bin/env bash
# Time zones and the daemon (issue 6 part 7): a daemon running in one zone
# (Chatham, +13:45) fires, within a second, a deadline that the CLI read in
# another zone (Los Angeles), at that instant and not at the same wall time in
# its own zone. A change of the system clock itself is not made here (it would
# move the clock of the whole shared machine): ReliabilityClockTests covers the
# engine under an injected clock that jumps back and forward.
source "$HERE/lib.sh"
source "$HERE/daemon-lib.sh"
at=$(( $(date +%s) + 3 ))
# The deadline as Los Angeles wall time with its offset, and as a bare LA wall time for a second item.
la=$(TZ=America/Los_Angeles date -d "@$at" +%Y-%m-%dT%H:%M:%S%:z)
TZ=America/Los_Angeles T add "from LA" --due "$la" >/dev/null || fail "add"
TZ=Pacific/Chatham start_daemon
wait_calls 1 8
line=$(calls | head -n 1)
expect_match "$line" '\|from LA\|' "the call"
deadline=$(cut -d'|' -f5 <<<"$line")
expect_match "$deadline" '\+13:45$' "TODO_DEADLINE in the daemon's zone"
expect_eq "$(date -d "$deadline" +%s)" "$at" "the instant"
late=$(lateness_ms "$line")
[ "$late" -ge 0 ] && [ "$late" -le 1000 ] || fail "fired ${late} ms after the instant"
# The CLI in a third zone lists the same instant in its own wall time.
expect_match "$(TZ=Asia/Kathmandu T list --all --json)" "\"deadline\" *: *\"$(TZ=Asia/Kathmandu date -d "@$at" +%Y-%m-%dT%H:%M:%S)\+05:45\"" "list in Kathmandu"
stop_daemon "$DPID"
echo "a deadline read in Los Angeles fired by a daemon in Chatham ${late} ms after its instant"
