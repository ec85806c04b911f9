#!/usr/bin/env bash
# hostnet: one entry point that sets everything up and runs a job.
#   ./hostnet.sh main   set up, build, run the leaf-spine what-if study (CSV, PNG, PDF)
#   ./hostnet.sh livelock  set up, build, run the receive-livelock study (seed 000)
#   ./hostnet.sh test   set up, build, run every C++ test suite and the Python tests
#   ./hostnet.sh figures  set up, build, regenerate the papers' figures (PNG + PDF)
#   ./hostnet.sh build  set up and build only
# Idempotent: the virtual environment and the build directory are reused.
# Exit status: 0 only when every step of the job succeeded; otherwise non-zero, with the
# failed step named on stderr.
set -Eeuo pipefail
trap '_rc=$?; echo "error: \`$BASH_COMMAND\` failed (exit status $_rc)" >&2' ERR

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
venv="${HOSTNET_VENV:-$here/.venv}"
build="${HOSTNET_BUILD:-$here/build}"
jobs="${HOSTNET_JOBS:-$(nproc 2>/dev/null || echo 2)}"

setup_venv() {
    # The hostnet package is installed in editable mode from this tree with every extra;
    # the stamp (this tree's path, pyproject.toml and VERSION) makes it rerun on a change.
    local stamp="$venv/.hostnet-install" want
    if [ ! -x "$venv/bin/python" ]; then
        echo "== creating the virtual environment $venv"
        python3 -m venv "$venv"
    fi
    want="$here"$'\n'"$(cat pyproject.toml VERSION)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        echo "== pip install -e \".[all]\" into $venv (the ns3 wheel builds cppyy: a few minutes once)"
        "$venv/bin/python" -m pip install --disable-pip-version-check -q -e ".[all]" || {
            echo "error: installing the hostnet Python package and its dependencies failed (pip's" \
                 "messages above); fix the cause, or remove $venv to start afresh" >&2
            exit 1
        }
        printf '%s' "$want" >"$stamp"
    fi
}

configure_and_build() {
    local ns3_dir
    ns3_dir="$("$venv/bin/python" -c 'import ns3, os; print(os.path.join(os.path.dirname(ns3.__file__), "lib64", "cmake", "ns3"))' 2>/dev/null)" || true
    if [ -z "$ns3_dir" ] || [ ! -d "$ns3_dir" ]; then
        ns3_dir="$("$venv/bin/python" - <<'PY'
import glob, os, sysconfig
site = sysconfig.get_paths()["purelib"]
print((glob.glob(os.path.join(site, "ns3", "lib*", "cmake", "ns3")) or [""])[0])
PY
)"
    fi
    [ -d "$ns3_dir" ] || { echo "error: ns-3 CMake package not found in $venv" >&2; exit 1; }
    local generator=() home
    if [ -f "$build/CMakeCache.txt" ]; then
        home="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")"
        if [ "$(readlink -f "$home")" != "$(readlink -f "$here")" ]; then
            echo "== $build was configured for another source tree ($home):" \
                 "removing its CMake cache and configuring again for $here"
            rm -rf "$build/CMakeCache.txt" "$build/CMakeFiles"
        fi
    fi
    if [ ! -f "$build/CMakeCache.txt" ]; then
        if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
        cmake -S . -B "$build" "${generator[@]}" -Dns3_DIR="$ns3_dir" -DCMAKE_BUILD_TYPE=Release \
            -DPython3_EXECUTABLE="$venv/bin/python" || {
            echo "error: configuring the build in $build failed (CMake's messages above)" >&2
            exit 1
        }
    fi
    cmake --build "$build" -j "$jobs" || {
        echo "error: building hostnet in $build failed (the compiler's messages above)" >&2
        exit 1
    }
}

run_main() {
    local out="${HOSTNET_OUT:-$here/results/leaf-spine}"
    local study="$here/examples/studies/leaf-spine.toml"
    echo "== the leaf-spine what-if study: 16 hostnet hosts, 3 interrupt schemes x 4 loads x 3"
    echo "   replications, each run its own ns-3 process (python -m hostnet run; resumable)"
    local status=0 answer=0
    "$venv/bin/python" -m hostnet run "$study" --out "$out" "$@" || status=$?
    echo
    echo "== the answer"
    "$venv/bin/python" -m hostnet best "$out" --metric rpc_p50_us --x load || answer=$?
    "$venv/bin/python" -m hostnet best "$out" --metric rpc_p99_us --x load || answer=$?
    "$venv/bin/python" -m hostnet best "$out" --metric cpu_availability --x load --max || answer=$?
    echo
    echo "Results: $out/results.csv (one row per run), $out/summary.csv (means, 95 % intervals)"
    echo "Figures: $out/*-vs-load.png and .pdf (one line per scheme, 95 % bands)"
    echo "Runs:    $out/runs/<run id>.json (configuration, versions, metrics), $out/logs/"
    if [ "$status" -ne 0 ]; then
        echo "error: the study did not complete (python -m hostnet run: exit status $status);" \
             "failed runs are in $out/results.csv (status, error) with their logs in" \
             "$out/logs/; rerun ./hostnet.sh main to retry them" >&2
        exit "$status"
    fi
    if [ "$answer" -ne 0 ]; then
        echo "error: the answer is incomplete (python -m hostnet best: exit status $answer)" >&2
        exit "$answer"
    fi
}

run_livelock() {
    local out="${HOSTNET_OUT:-$here/results/livelock}"
    mkdir -p "$out"
    echo "== running the livelock study (ideal, normal interruption, NAPI; seed 000 parameters)"
    "$build/examples/hostnet-livelock" --out="$out" "$@"
    "$venv/bin/python" -m hostnet.plot_livelock "$out/livelock.csv" "$out/livelock.png"
    echo
    echo "Results: $out/livelock.csv (one row per scheme, load, replication)"
    echo "Figure:  $out/livelock.png (throughput, CPU availability, latency vs offered load)"
    echo "Normal interruption peaks near the eq. 13 cliff (127 Kpps) and then collapses while"
    echo "its CPU availability goes to 0 (receive livelock); the ideal M/M/1/B saturates at"
    echo "mu = 187 Kpps; NAPI stays near capacity above the cliff (ksoftirqd shares the CPU)."
}

run_figures() {
    local out="${HOSTNET_OUT:-$here/results/figures}"
    mkdir -p "$out"
    echo "== seed 000 Fig. 7 and Fig. 11: simulation and analysis (a few minutes)"
    "$build/examples/hostnet-seed-figures" --out="$out" "$@"
    "$venv/bin/python" -m hostnet.plot_seed_figures "$out"
    echo "== seed 004 Fig. 8 and Fig. 9: the discrete-time model (a few minutes)"
    "$venv/bin/python" -m hostnet.seed004_figures "$out"
    echo "== seed 000 Fig. 10: self-similar traffic per scheme, 10 replications (about 4 minutes)"
    "$build/examples/hostnet-selfsimilar" --replications=10 --csv="$out/fig10-selfsimilar.csv"
    "$venv/bin/python" -m hostnet.plot_selfsimilar "$out/fig10-selfsimilar.csv" "$out/fig10-selfsimilar.png"
    echo "== seed 002: goodput vs interrupt interval per frame size (under a minute)"
    "$build/examples/hostnet-coalescing-goodput" --csv="$out/seed002-goodput.csv"
    "$venv/bin/python" -m hostnet.plot_coalescing "$out/seed002-goodput.csv" "$out/seed002-goodput.png"
    echo "== seed 003: loss vs frame size, allocation refill vs recycling (RDR) (seconds)"
    "$build/examples/hostnet-rdr" --csv="$out/seed003-rdr.csv"
    "$venv/bin/python" -m hostnet.plot_rdr "$out/seed003-rdr.csv" "$out/seed003-rdr.png"
}

run_tests() {
    # Both run even if the first fails; the job fails if either did.
    local cpp=0 py=0
    echo "== C++ test suites"
    ctest --test-dir "$build" --output-on-failure -j "$jobs" || cpp=$?
    echo "== Python tests"
    "$venv/bin/python" -m pytest -q python/tests || py=$?
    echo
    if [ "$cpp" -eq 0 ]; then echo "C++ test suites: passed"; else
        echo "C++ test suites: FAILED (ctest exit status $cpp; the failed suites are listed above)"; fi
    if [ "$py" -eq 0 ]; then echo "Python tests: passed"; else
        echo "Python tests: FAILED (pytest exit status $py; the failed tests are listed above)"; fi
    if [ "$cpp" -ne 0 ] || [ "$py" -ne 0 ]; then exit 1; fi
}

cmd="${1:-main}"
shift || true
case "$cmd" in
    main | livelock | test | figures | build) ;;
    *) echo "usage: $0 main|livelock|test|figures|build (unknown job '$cmd')" >&2; exit 2 ;;
esac
setup_venv
configure_and_build
# hostnet (python/hostnet) is imported from this tree through the editable install.
export HOSTNET_BUILD_DIR="$build"
case "$cmd" in
    main) run_main "$@" ;;
    livelock) run_livelock "$@" ;;
    test) run_tests ;;
    figures) run_figures "$@" ;;
    build) ;;
esac
