#!/usr/bin/env bash
# hostnet: one entry point that sets everything up and runs a job.
#   ./hostnet.sh main   set up, build, run the leaf-spine what-if study (CSV, PNG, PDF)
#   ./hostnet.sh livelock  set up, build, run the receive-livelock study (seed 000)
#   ./hostnet.sh test   set up, build, run every C++ test suite and the Python tests
#   ./hostnet.sh figures  set up, build, regenerate the papers' figures (PNG + PDF)
#   ./hostnet.sh build  set up and build only
# Idempotent: the virtual environment and the build directory are reused.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
venv="${HOSTNET_VENV:-$here/.venv}"
build="${HOSTNET_BUILD:-$here/build}"
jobs="${HOSTNET_JOBS:-$(nproc 2>/dev/null || echo 2)}"

setup_venv() {
    local stamp="$venv/.hostnet-requirements"
    if [ ! -x "$venv/bin/python" ]; then
        echo "== creating the virtual environment $venv"
        python3 -m venv "$venv"
    fi
    if [ ! -f "$stamp" ] || ! cmp -s requirements.txt "$stamp"; then
        echo "== installing Python requirements (the ns3 wheel builds cppyy: a few minutes once)"
        "$venv/bin/python" -m pip install --disable-pip-version-check -q -r requirements.txt
        cp requirements.txt "$stamp"
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
    local generator=()
    if [ ! -f "$build/CMakeCache.txt" ]; then
        if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
        cmake -S . -B "$build" "${generator[@]}" -Dns3_DIR="$ns3_dir" -DCMAKE_BUILD_TYPE=Release
    fi
    cmake --build "$build" -j "$jobs"
}

run_main() {
    local out="${HOSTNET_OUT:-$here/results/leaf-spine}"
    local study="$here/examples/studies/leaf-spine.toml"
    echo "== the leaf-spine what-if study: 16 hostnet hosts, 3 interrupt schemes x 4 loads x 3"
    echo "   replications, each run its own ns-3 process (python -m hostnet run; resumable)"
    "$venv/bin/python" -m hostnet run "$study" --out "$out" "$@" || true
    echo
    echo "== the answer"
    "$venv/bin/python" -m hostnet best "$out" --metric rpc_p50_us --x load
    "$venv/bin/python" -m hostnet best "$out" --metric rpc_p99_us --x load
    "$venv/bin/python" -m hostnet best "$out" --metric cpu_availability --x load --max
    echo
    echo "Results: $out/results.csv (one row per run), $out/summary.csv (means, 95 % intervals)"
    echo "Figures: $out/*-vs-load.png and .pdf (one line per scheme, 95 % bands)"
    echo "Runs:    $out/runs/<run id>.json (configuration, versions, metrics), $out/logs/"
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
    echo "== C++ test suites"
    ctest --test-dir "$build" --output-on-failure -j "$jobs"
    echo "== Python tests"
    "$venv/bin/python" -m pytest -q python/tests
}

cmd="${1:-main}"
shift || true
setup_venv
configure_and_build
export PYTHONPATH="$here/python${PYTHONPATH:+:$PYTHONPATH}"
export HOSTNET_BUILD_DIR="$build"
case "$cmd" in
    main) run_main "$@" ;;
    livelock) run_livelock "$@" ;;
    test) run_tests ;;
    figures) run_figures "$@" ;;
    build) ;;
    *) echo "usage: $0 main|livelock|test|figures|build" >&2; exit 2 ;;
esac
