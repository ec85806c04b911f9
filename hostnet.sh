#!/usr/bin/env bash
# hostnet: one entry point that sets everything up and runs a job.
#   ./hostnet.sh main   set up, build, run the data-centre what-if study (CSV, PNG, PDF)
#   ./hostnet.sh livelock  set up, build, run the receive-livelock study (Salah et al. 2007)
#   ./hostnet.sh leaf-spine-2008  set up, build, run the 2000s leaf-spine study
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

setup_system() {
    # toml++ (host profiles) is a system package: installed with apt-get where this runs as
    # root on Debian/Ubuntu; elsewhere CMake's message says what to install.
    if [ -e /usr/include/toml++/toml.h ] || [ -e /usr/include/toml++/toml.hpp ] ||
        [ -e /usr/local/include/toml++/toml.hpp ] || [ -e /usr/local/include/toml++/toml.h ]; then
        return
    fi
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== apt-get install libtomlplusplus-dev (toml++: hostnet reads host profiles with it)"
        if ! apt-get install -y -q libtomlplusplus-dev >/dev/null 2>&1; then
            apt-get update -q >/dev/null 2>&1 || true
            apt-get install -y -q libtomlplusplus-dev >/dev/null || {
                echo "error: apt-get install libtomlplusplus-dev failed (its messages above)" >&2
                exit 1
            }
        fi
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
    local out="${HOSTNET_OUT:-$here/results/datacenter}"
    local study="$here/examples/studies/datacenter.toml"
    echo "== the data-centre what-if study: 8 servers with 25 Gb/s NICs (mlx5-100g preset, Linux"
    echo "   6.6) in a leaf-spine, memcached-like RPCs (Facebook ETC sizes) next to rate-limited bulk"
    echo "   TCP; 9 receive settings, each deployed as an operator would, x 3 bulk loads x 3"
    echo "   replications (81 runs), then more replications of the settings whose RPC p99 intervals"
    echo "   overlap the leader's, until separated (at most 10 each, 99 runs in all); each run its"
    echo "   own ns-3 process (python -m hostnet run; resumable)"
    run_study "$study" "$out" label "$@"
    echo "Summary figure: $out/rpc_p99_us-vs-cpu_cores_busy-by-load.png (RPC p99 against CPU"
    echo "         per server, one marker per setting, one panel per load)"
}

run_leaf_spine_2008() {
    local out="${HOSTNET_OUT:-$here/results/leaf-spine-2008}"
    local study="$here/examples/studies/leaf-spine-2008.toml"
    echo "== the 2000s leaf-spine study: 16 hosts on 1 Gb/s links with the per-packet costs of"
    echo "   Salah et al. 2007, 3 interrupt schemes x 4 loads x 3 replications"
    run_study "$study" "$out" scheme "$@"
}

# run_study STUDY OUT BY [runner options]: run it, print the answer per load and where the
# results are; exit non-zero if a run failed or the answer is incomplete.
run_study() {
    local study="$1" out="$2" by="$3"
    shift 3
    local status=0 answer=0
    "$venv/bin/python" -m hostnet run "$study" --out "$out" "$@" || status=$?
    echo
    echo "== the answer (configurations whose clients got fewer than 95 % of their RPCs"
    echo "   answered are named as starved, not ranked)"
    local metric
    for metric in rpc_p99_us rpc_p50_us; do
        "$venv/bin/python" -m hostnet best "$out" --metric "$metric" --x load --by "$by" \
            --require "rpc_answered>=0.95" || answer=$?
    done
    echo
    echo "Results: $out/results.csv (one row per run), $out/summary.csv (means, 95 % intervals)"
    echo "Figures: $out/*.png and .pdf (one line per $by, 95 % bands)"
    echo "Runs:    $out/runs/<run id>.json (configuration, versions, metrics), $out/logs/"
    if [ "$status" -ne 0 ]; then
        echo "error: the study did not complete (python -m hostnet run: exit status $status);" \
             "failed runs are in $out/results.csv (status, error) with their logs in" \
             "$out/logs/; rerun the same command to retry them" >&2
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
    echo "== running the livelock study (ideal, normal interruption, NAPI; Salah et al. 2007 parameters)"
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
    echo "== Salah et al. 2007, Fig. 7 and Fig. 11: simulation and analysis (a few minutes)"
    "$build/examples/hostnet-salah2007-figures" --out="$out" "$@"
    "$venv/bin/python" -m hostnet.plot_salah2007_figures "$out"
    echo "== Gebert et al. 2016, Fig. 8 and Fig. 9: the discrete-time model (a few minutes)"
    "$venv/bin/python" -m hostnet.gebert2016_figures "$out"
    # The sweeps of independent runs are study files (examples/studies/papers/), run by the
    # study runner; each figure module reads the study's results directory.
    local papers="$here/examples/studies/papers"
    echo "== Salah et al. 2007, Fig. 10: self-similar traffic per scheme, 10 replications (about 2 minutes)"
    "$venv/bin/python" -m hostnet run "$papers/salah2007-selfsimilar.toml" --out "$out/salah2007-selfsimilar"
    "$venv/bin/python" -m hostnet.plot_selfsimilar "$out/salah2007-selfsimilar" "$out/fig10-selfsimilar.png"
    echo "== Chang et al. 2008: goodput vs interrupt interval per frame size (about half a minute)"
    "$venv/bin/python" -m hostnet run "$papers/chang2008-coalescing.toml" --out "$out/chang2008-coalescing"
    "$venv/bin/python" -m hostnet.plot_coalescing "$out/chang2008-coalescing" "$out/chang2008-goodput.png"
    echo "== Walravens and Gaidioz 2006: loss vs frame size, allocation refill vs recycling (RDR) (seconds)"
    "$venv/bin/python" -m hostnet run "$papers/walravens2006-rdr.toml" --out "$out/walravens2006-rdr"
    "$venv/bin/python" -m hostnet.plot_rdr "$out/walravens2006-rdr" "$out/walravens2006-rdr.png"
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
    main | livelock | leaf-spine-2008 | test | figures | build) ;;
    *) echo "usage: $0 main|livelock|leaf-spine-2008|test|figures|build (unknown job '$cmd')" >&2
       exit 2 ;;
esac
setup_system
setup_venv
configure_and_build
# hostnet (python/hostnet) is imported from this tree through the editable install.
export HOSTNET_BUILD_DIR="$build"
case "$cmd" in
    main) run_main "$@" ;;
    leaf-spine-2008) run_leaf_spine_2008 "$@" ;;
    livelock) run_livelock "$@" ;;
    test) run_tests ;;
    figures) run_figures "$@" ;;
    build) ;;
esac
