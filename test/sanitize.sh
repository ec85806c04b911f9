#!/usr/bin/env bash
# Sanitizer run: build hostnet with AddressSanitizer, UndefinedBehaviorSanitizer and
# LeakSanitizer (GCC's runtimes) against the ns3 wheel, then run every test suite of the
# module's test runner and every short example run of test/examples-to-run.py under them.
#
#   test/sanitize.sh [--no-build] [--suites-only | --examples-only] [--only=REGEX]
#                    [--fullness=QUICK|EXTENSIVE|TAKES_FOREVER]
#
# --only=REGEX runs only the runs whose log name (suite-<suite>, example-<program>-<n>) matches.
#
# Environment: HOSTNET_VENV (default ./.venv, made by ./hostnet.sh build), HOSTNET_SANITIZE_BUILD
# (default ./build-sanitize), HOSTNET_JOBS (build and run parallelism, default 2),
# HOSTNET_SANITIZE_TIMEOUT (seconds per run, default 1800), ASAN_OPTIONS_EXTRA (appended to
# the ASan options below; a later option wins).
# Build: RelWithDebInfo, -fsanitize=address,undefined -fno-omit-frame-pointer, HOSTNET_LTO off.
# The wheel's libraries are not instrumented: their memory errors go unseen, but every
# allocation goes through ASan's malloc, so LeakSanitizer sees what they leak too.
# A run fails when it exits non-zero or prints a sanitizer report (halt_on_error: the first
# report ends it). Logs: <build>/sanitize-logs/. Exit status 0 only when every run is clean.
set -Eeuo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
venv="${HOSTNET_VENV:-$here/.venv}"
build="${HOSTNET_SANITIZE_BUILD:-$here/build-sanitize}"
jobs="${HOSTNET_JOBS:-2}"
timeout_s="${HOSTNET_SANITIZE_TIMEOUT:-1800}"
fullness=EXTENSIVE # what ctest runs
do_build=1 do_suites=1 do_examples=1 only=""
for arg in "$@"; do
    case "$arg" in
        --no-build) do_build=0 ;;
        --suites-only) do_examples=0 ;;
        --examples-only) do_suites=0 ;;
        --fullness=*) fullness="${arg#--fullness=}" ;;
        --only=*) only="${arg#--only=}" ;;
        *) echo "usage: $0 [--no-build] [--suites-only | --examples-only] [--only=REGEX] [--fullness=...]" >&2
           exit 2 ;;
    esac
done
python="$venv/bin/python"
[ -x "$python" ] || { echo "error: no virtual environment at $venv (run ./hostnet.sh build)" >&2; exit 1; }

# The sanitizers' settings, one place. halt_on_error: a report ends the run (non-zero exit).
# malloc_context_size=2: each allocation and free records operator new/delete and its caller.
# The wheel's libraries have no frame pointers, so ASan's fast unwinder, walking further,
# reads stack words as frames: nearly every allocation made from ns-3's code (each event)
# then gets a stack of its own, and ASan's stack store grows without bound. Measured with the
# default of 30 frames: hostnet-self-similar was stopped after 71 min at 5.9 GB; with 3 frames
# it still grows (1.8 GB in 150 s); with 2 frames it passes in 70 s (0.9 GB);
# fast_unwind_on_malloc=0 (exact stacks) had not finished after 6.5 min. Checks are the same
# whatever the depth; only the allocation and free stacks in a report are shorter (the stack
# of the error itself is unwound in full). For full allocation stacks, re-run the one run:
#   ASAN_OPTIONS_EXTRA=malloc_context_size=30:fast_unwind_on_malloc=0 test/sanitize.sh --no-build --only=NAME
supp="$here/test/sanitize-suppressions"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:check_initialization_order=1:strict_init_order=1:malloc_context_size=2${ASAN_OPTIONS_EXTRA:+:$ASAN_OPTIONS_EXTRA}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp/ubsan.supp"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"

if [ "$do_build" = 1 ]; then
    ns3_dir="$("$python" - <<'PY'
import glob, os, sysconfig
site = sysconfig.get_paths()["purelib"]
print((glob.glob(os.path.join(site, "ns3", "lib*", "cmake", "ns3")) or [""])[0])
PY
)"
    [ -d "$ns3_dir" ] || { echo "error: ns-3 CMake package not found in $venv" >&2; exit 1; }
    if [ ! -f "$build/CMakeCache.txt" ]; then
        generator=()
        if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
        flags="-fsanitize=address,undefined -fno-omit-frame-pointer"
        cmake -S . -B "$build" "${generator[@]}" -Dns3_DIR="$ns3_dir" \
            -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOSTNET_LTO=OFF \
            -DCMAKE_CXX_FLAGS="$flags" \
            -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
            -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
            -DPython3_EXECUTABLE="$python"
    fi
    cmake --build "$build" -j "$jobs"
fi

runner="$build/bin/hostnet-test-runner"
[ -x "$runner" ] || { echo "error: $runner not built" >&2; exit 1; }
logs="$build/sanitize-logs"
# Each run's last duration ("<name> <seconds>"), kept across runs (also --only ones), to start
# the longest runs first: a long suite started last would run alone at the end.
durations="$build/sanitize-durations.txt"
rm -rf "$logs" "$build/sanitize-runs"
mkdir -p "$logs" "$build/sanitize-runs"

# One line per run: "<log name>\t<working directory>\t<command line>".
runs="$logs/runs.tsv"
: >"$runs"
if [ "$do_suites" = 1 ]; then
    for suite in $("$runner" --list); do
        printf 'suite-%s\t%s\t%s\n' "$suite" "$build" \
            "$runner --suite=$suite --fullness=$fullness" >>"$runs"
    done
fi
if [ "$do_examples" = 1 ]; then
    "$python" - "$here/test/examples-to-run.py" "$build" >>"$runs" <<'PY'
import os, runpy, shlex, sys
spec = runpy.run_path(sys.argv[1])
build = sys.argv[2]
seen = {}
for cmd, do_run, _ in spec["cpp_examples"]:
    if do_run != "True":
        continue
    argv = shlex.split(cmd)
    seen[argv[0]] = seen.get(argv[0], 0) + 1
    name = f"example-{argv[0]}-{seen[argv[0]]}"
    cwd = os.path.join(build, "sanitize-runs", name)
    os.makedirs(cwd, exist_ok=True)
    exe = os.path.join(build, "examples", argv[0])
    print(f"{name}\t{cwd}\t{shlex.join([exe] + argv[1:])}")
PY
fi

if [ -n "$only" ]; then
    grep -E "^[^[:space:]]*(${only})[^[:space:]]*"$'\t' "$runs" >"$runs.only" || {
        echo "error: --only=$only matches none of: $(cut -f1 "$runs" | tr '\n' ' ')" >&2
        exit 2
    }
    mv "$runs.only" "$runs"
fi

# Longest first: by each run's last duration (kept in $durations), else by what the runs of a
# minute or more took under ASan when this was written; the rest in list order.
"$python" - "$runs" "$durations" <<'PY'
import os, sys
path, durations = sys.argv[1], sys.argv[2]
seconds = {"suite-hostnet-validation": 129, "suite-hostnet-self-similar": 67,
           "suite-hostnet-key-value-client": 68, "suite-hostnet-stack-overheads": 62,
           "suite-hostnet-offload": 60}
if os.path.exists(durations):
    seconds.update((name, int(s)) for name, s in (line.split() for line in open(durations)))
lines = open(path).read().splitlines()
lines.sort(key=lambda line: -seconds.get(line.split("\t", 1)[0], 0))
open(path, "w").write("".join(line + "\n" for line in lines))
PY

# Run line $1 of $runs: its log gets the command, the output and the verdict.
run_one() {
    local name cwd cmd log rc=0 start end
    IFS=$'\t' read -r name cwd cmd < <(sed -n "$1p" "$runs")
    log="$logs/$name.log"
    start=$(date +%s)
    (cd "$cwd" && echo "\$ $cmd" && timeout "$timeout_s" bash -c "exec $cmd") >"$log" 2>&1 || rc=$?
    end=$(date +%s)
    local verdict=ok
    if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: (Address|Leak|UndefinedBehavior)Sanitizer' "$log"; then
        verdict=SANITIZER
    elif [ "$rc" -eq 124 ]; then
        verdict=TIMEOUT
    elif [ "$rc" -ne 0 ]; then
        verdict="FAILED:$rc"
    fi
    printf '%-10s %5ss  %s\n' "$verdict" "$((end - start))" "$name" | tee -a "$logs/summary.txt"
}
export -f run_one
export logs runs timeout_s

total_start=$(date +%s)
n=$(wc -l <"$runs")
echo "== $n runs under ASan/UBSan/LSan ($jobs at a time; logs in $logs)"
: >"$logs/summary.txt"
seq 1 "$n" | xargs -P "$jobs" -I{} bash -c 'run_one "$1"' _ {}
elapsed=$(( $(date +%s) - total_start ))
# This run's durations first, then the kept ones; sort -s -u keeps the first of each name.
{
    awk '{ sub(/s$/, "", $2); print $3, $2 }' "$logs/summary.txt"
    if [ -f "$durations" ]; then cat "$durations"; fi
} | sort -s -u -k1,1 >"$durations.new"
mv "$durations.new" "$durations"

bad=$(grep -vc '^ok ' "$logs/summary.txt" || true)
echo
echo "== summary: $((n - bad)) of $n runs clean, $bad not, in ${elapsed} s (fullness $fullness)"
if [ "$bad" -ne 0 ]; then
    grep -v '^ok ' "$logs/summary.txt" | while read -r verdict _ name; do
        [ -f "$logs/$name.log" ] || continue
        echo "-- $name: $verdict ($logs/$name.log)"
        grep -m1 -A12 -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$logs/$name.log" || tail -5 "$logs/$name.log"
    done
    exit 1
fi
