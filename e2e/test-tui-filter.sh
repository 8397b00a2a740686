# / filters as you type; Enter keeps the filter; Esc clears it.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
for t in "Buy milk" "Call Bob" "Buy bread" "Pay rent"; do T add "$t" --due "in 2h" >/dev/null; done
tui_start 80 24
wait_screen '4/64 scheduled'
keys /
wait_screen '^/'
type_text "bu"
wait_screen '2 of 4$'
s=$(screen)
[ "$(printf '%s\n' "$s" | grep -c '^ Buy ')" = 2 ] || fail "two Buy rows: $s"
printf '%s\n' "$s" | grep -q 'Call Bob' && fail "Call Bob should be filtered out"
type_text "y b"
wait_screen '1 of 4$'
keys Enter
wait_screen '^filter: buy b'
wait_screen '^ Buy bread '
keys Escape
wait_screen '^ Call Bob '
wait_gone '^filter:'
exit 0
