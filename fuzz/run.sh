#!/usr/bin/env bash
# Builds and runs the libFuzzer targets: `when` (the WHEN/DURATION parser) and
# `plist` (the data file reader), each for SECONDS (default 600), one after
# the other, with AddressSanitizer. Usage: fuzz/run.sh [SECONDS] [TARGET...]
# New inputs go to .build-fuzz/corpus/TARGET; crashes to .build-fuzz/crash-TARGET-*.
# fuzz/corpus/TARGET is the committed seed corpus (update it with MERGE=1:
# the union, minimised with -merge=1). Leak detection is off: Foundation's own
# CFError creation leaks on parse errors, which is not ours to fix.
set -eu
# LeakSanitizer would fail every round at exit on those Foundation leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(when plist)
scratch="$root/.build-fuzz"
mkdir -p "$scratch"
# The dependencies of TodoCore, built normally (uninstrumented): HeapModule,
# the CSystem shim; CLibical is a module map over the system's libical.
for dep in HeapModule CSystem; do
  nice -n 10 swift build -c release --scratch-path "$scratch" --target $dep >"$scratch/deps.log" 2>&1 ||
    { cat "$scratch/deps.log"; exit 1; }
done
rel="$scratch/release"
deps=("$rel"/HeapModule.build/*.o "$rel"/InternalCollectionsUtilities.build/*.o "$rel"/CSystem.build/*.o)
cmods=(-Xcc -fmodule-map-file="$rel/CSystem.build/module.modulemap" -Xcc -I"$root/Sources/CSystem/include"
  -I "$root/Sources/CLibical" -lical)
declare -A harness=([when]=WhenParserFuzz.swift [plist]=PlistReaderFuzz.swift)
status=0
for t in "${targets[@]}"; do
  src=${harness[$t]:?unknown target $t (when, plist)}
  bin="$scratch/fuzz-$t"
  mapfile -t core < <(find "$root/Sources/TodoCore" -name '*.swift' | sort)
  echo "building $t"
  # The harness is compiled into the TodoCore module, so it reaches internal API.
  nice -n 10 swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name TodoCore \
    -I "$rel/Modules" "${cmods[@]}" "${core[@]}" "$root/fuzz/$src" "${deps[@]}" -o "$bin"
  mkdir -p "$scratch/corpus/$t"
  echo "fuzzing $t for ${secs}s"
  # In rounds of at most 150 s: Foundation leaks a little on every parse error
  # (CFError), which over millions of runs would pass the RSS limit.
  : >"$scratch/fuzz-$t.log"
  left=$secs runs=0 crashed=0
  while [ "$left" -gt 0 ]; do
    round=$((left < 150 ? left : 150))
    if ! nice -n 15 "$bin" -max_total_time="$round" -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
      -max_len=65536 -artifact_prefix="$scratch/crash-$t-" -print_final_stats=1 \
      "$scratch/corpus/$t" "$root/fuzz/corpus/$t" >>"$scratch/fuzz-$t.log" 2>&1; then
      crashed=1
      break
    fi
    runs=$((runs + $(grep '^stat::number_of_executed_units' "$scratch/fuzz-$t.log" | tail -n 1 | awk '{print $2}')))
    left=$((left - round))
  done
  if [ $crashed = 1 ]; then
    echo "FAIL: $t crashed; see $scratch/fuzz-$t.log"
    tail -n 40 "$scratch/fuzz-$t.log"
    status=1
    continue
  fi
  echo "$t: ${secs}s, $runs runs, no crash"
  if [ "${MERGE:-0}" = 1 ]; then
    mkdir -p "$scratch/merged-$t" && rm -f "$scratch/merged-$t"/*
    "$bin" -merge=1 "$scratch/merged-$t" "$root/fuzz/corpus/$t" "$scratch/corpus/$t" >/dev/null 2>&1
    rm -f "$root/fuzz/corpus/$t"/* && cp "$scratch/merged-$t"/* "$root/fuzz/corpus/$t/"
    echo "corpus $t: $(ls "$root/fuzz/corpus/$t" | wc -l) files"
  fi
done
exit $status
