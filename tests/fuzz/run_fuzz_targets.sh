#!/usr/bin/env bash
# Runs the libFuzzer targets of a fuzz build (tests/fuzz/CMakeLists.txt): first every kept regression
# input (tests/fuzz/regressions/<target>/, and the deep-nesting inputs deep_inputs.py writes), one run
# each; then each target fuzzes for SECONDS from its seed corpus, as many at once as there are cores.
# Usage: tests/fuzz/run_fuzz_targets.sh BUILD_DIR SECONDS [FINDINGS_DIR]
# A crash, a sanitizer report, a leak, more than 2 GB, or a regression input over 10 s (a fuzzed one over
# 30 s: instrumented Eigen code runs up to a hundred times slower than the optimized build) fails the
# run; the inputs that did are copied to FINDINGS_DIR (default: BUILD_DIR/fuzz-findings) with the logs.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BUILD_DIR SECONDS [FINDINGS_DIR]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
findings=${3:-$build/fuzz-findings}
targets=(netlist model subsystem unit)
limits=(-rss_limit_mb=2048)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -rf "$findings"
mkdir -p "$findings"
/usr/bin/python3 "$here/deep_inputs.py" "$work/deep"

# The seed corpus of target $1: directories (libFuzzer reads them recursively) and single files
# (copied into the corpus it writes to: a file argument would be run once instead of fuzzed from).
seed_directories() {
  case $1 in
    netlist | model) echo "$root/netlists $here/corpus/subsystem" ;;
    subsystem) echo "$here/corpus/subsystem" ;;
    unit) echo "$here/corpus/unit" ;;
  esac
}
seed_files() {
  case $1 in
    netlist | model) echo "$root/examples/maglev/maglev.json" ;;
    subsystem) echo "$root/netlists/two_gearboxes.json" ;;
  esac
}
dictionary() { [ "$1" = unit ] && echo "$here/unit.dict" || echo "$here/netlist.dict"; }

failed=()
echo "== regression inputs"
for t in "${targets[@]}"; do
  for input in "$here/regressions/$t"/* "$work/deep/$t"/*; do
    [ -f "$input" ] || continue
    name=$t/$(basename "$input")
    if "$build/tests/fuzz/${t}_fuzz" "${limits[@]}" -timeout=10 "$input" >"$work/log" 2>&1; then
      echo "ok      $name"
    else
      echo "FAILED  $name: $(grep -m1 -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|terminate called)' "$work/log")"
      mkdir -p "$findings/regressions/$t"
      cp "$input" "$findings/regressions/$t/"
      cp "$work/log" "$findings/regressions/$t/$(basename "$input").log"
      failed+=("$name")
    fi
  done
done

echo "== fuzzing each target for $seconds s"
fuzz() {  # target $1: fuzz from its seeds; the exit code is libFuzzer's
  local t=$1
  mkdir -p "$work/corpus/$t" "$findings/$t"
  # shellcheck disable=SC2046  # lists of paths
  [ -z "$(seed_files "$t")" ] || cp $(seed_files "$t") "$work/corpus/$t/"
  "$build/tests/fuzz/${t}_fuzz" "${limits[@]}" -timeout=30 -max_total_time="$seconds" -print_final_stats=1 \
    -dict="$(dictionary "$t")" -artifact_prefix="$findings/$t/" "$work/corpus/$t" $(seed_directories "$t") \
    >"$findings/$t/fuzz.log" 2>&1
}
declare -A pid
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
  fuzz "$t" &
  pid[$t]=$!
done
for t in "${targets[@]}"; do
  if wait "${pid[$t]}"; then
    echo "ok      $t: $(grep -m1 -oE 'stat::number_of_executed_units: *[0-9]+' "$findings/$t/fuzz.log" | grep -oE '[0-9]+$') runs"
    rm -rf "${findings:?}/$t"
  else
    echo "FAILED  $t: $(grep -m1 -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|terminate called)' "$findings/$t/fuzz.log")"
    echo "        input and log in $findings/$t/"
    failed+=("fuzzing $t")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz targets: ${#failed[@]} failed: ${failed[*]} (findings in $findings)"
  exit 1
fi
echo "fuzz targets: all regression inputs pass, no finding in $seconds s per target"
