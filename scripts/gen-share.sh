#!/usr/bin/env bash
# Generates what `make install` puts beside the binary, from the binary's own
# help, so that none of it is hand-written or can drift:
#   OUT/todo-tui.1                 the man page (scripts/manpage.py)
#   OUT/completions/todo-tui.bash  bash, zsh and fish completions
#   OUT/completions/_todo-tui      (swift-argument-parser's generators; IDs
#   OUT/completions/todo-tui.fish   complete by calling the binary back)
# Usage: scripts/gen-share.sh path/to/todo-tui OUT
set -euo pipefail
bin=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/completions"
python3 "$here/manpage.py" "$bin" > "$out/todo-tui.1.tmp"
mv "$out/todo-tui.1.tmp" "$out/todo-tui.1"
"$bin" --generate-completion-script bash > "$out/completions/todo-tui.bash"
"$bin" --generate-completion-script zsh > "$out/completions/_todo-tui"
"$bin" --generate-completion-script fish > "$out/completions/todo-tui.fish"
