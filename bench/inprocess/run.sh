#!/usr/bin/env bash
# `make bench`, in process: builds todo-bench (this folder's package, on the
# product's TodoCore) and runs its three benchmarks; one line each
# (`name median_ms=… max_ms=… runs=…`) to stdout and to $OUT when set.
#   codec N   the lean reader and writer against Foundation's, N items
#   frame N   a key to its frame (reduce, render, diff), and the first frame, N items
#   plan N…   choosing the 64 notification slots and what is due, N items
set -eu
here=$(cd "$(dirname "$0")" && pwd)
swift build -c release --package-path "$here" >&2
bench="$here/.build/release/todo-bench"
export LC_ALL=C.UTF-8 TZ=UTC
{
  "$bench" codec 10000
  "$bench" frame 10000
  "$bench" frame 100000
  "$bench" plan 10000 100000
} | tee ${OUT:+"$OUT"}
