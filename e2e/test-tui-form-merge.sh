# The form saves only the fields the user touched (SPEC 6, "Every writer
# merges"): a title the CLI changed while the form was open is not put back by
# Enter on an untouched title, nor by changing only the deadline.
. "$HERE/lib.sh"; . "$HERE/lib-tui.sh"
T add "Original" --due "in 1h" >/dev/null
T add "Other" --due "in 2h" >/dev/null
id=$(id_of "Original")
tui_start 80 24
wait_screen '2/64 scheduled'
keys e
wait_screen 'Edit item'
T edit "$id" --title "Renamed by the CLI" >/dev/null
wait_screen '│ Title +Renamed by the CLI'    # the app has read it: the untouched title follows
keys Enter Enter                              # saves without touching anything
wait_gone 'Edit item'
wait_screen 'Nothing changed'
expect_eq "$(field "$id" title)" "Renamed by the CLI" "title after an untouched save"
# Only the deadline changes in the form; the CLI renames and sets a reminder meanwhile.
keys e
wait_screen 'Edit item'
T edit "$id" --title "Second rename" >/dev/null
T remind "$id" --in 10m >/dev/null
wait_screen '│ Title +Second rename'
keys Enter
type_text "in 3h"
keys Enter
wait_screen 'Edited “Second rename”'
expect_eq "$(field "$id" title)" "Second rename" "title after a deadline-only save"
[ "$(field "$id" reminder)" != null ] || fail "the reminder set meanwhile was lost"
due=$(date -d "$(field "$id" deadline)" +%s)
want=$(( $(date +%s) + 3 * 3600 ))
[ $(( due - want )) -le 5 ] && [ $(( want - due )) -le 60 ] || fail "deadline not moved to in 3h: $(field "$id" deadline)"
exit 0
