#!/usr/bin/env bash
# hostnet: one entry point that checks the prerequisites, sets everything up and runs a job.
# ./hostnet.sh --help lists the jobs, what each takes and the environment variables.
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

usage() {
    cat <<'USAGE'
usage: ./hostnet.sh [JOB] [options passed to the job's program]

Each job first checks the prerequisites (and names the install command for what is
missing), then sets up .venv (pip, the first time: about 3 minutes; the ns3 wheel brings
cppyy) and builds what the job runs (the first build: about 10 minutes on 2 cores), then:

  main             the data-centre what-if study (examples/studies/datacenter.toml): its
                   runs, the answer per load, CSV/PNG/PDF; about 5 minutes on 2 cores once
                   built (the default job)
  leaf-spine-2008  the 2000s leaf-spine study (examples/studies/leaf-spine-2008.toml);
                   a few minutes
  livelock         the receive-livelock study of Salah et al. 2007 and its figure; about
                   a minute
  figures          regenerate the papers' figures (PNG + PDF); about 10 minutes
  test             every C++ test suite (ctest), the Python tests and the manual (Sphinx,
                   warnings as errors); about 10 minutes
  docs             the manual (doc/) as HTML in build/doc/html (Sphinx); seconds
  build            set up and build everything (library, examples, test runner) only
  help             this text (also -h, --help)

Prerequisites: Python >= 3.11 with its venv module, a C++20 compiler (g++ >= 10 or
clang++ >= 13), CMake >= 3.20, ninja or make, toml++ 3.x headers.

Environment:
  HOSTNET_OUT    results directory of main, leaf-spine-2008, livelock, figures
                 (default: results/<study>)
  HOSTNET_JOBS   parallel compile jobs and test processes (default: all cores)
  HOSTNET_BUILD  build directory (default: build)
  HOSTNET_VENV   Python virtual environment (default: .venv)
  CXX            the C++ compiler to check (default: g++, else clang++)
USAGE
}

# check_prerequisites: every tool the set-up needs, before any slow step; for what is
# missing, the install commands (apt and dnf). As root on Debian/Ubuntu, toml++ is installed
# with apt-get (the one system library hostnet needs); nothing else is installed, and sudo
# is never run.
check_prerequisites() {
    local missing=() apt=() dnf=() version
    if ! command -v python3 >/dev/null 2>&1; then
        missing+=("python3 (>= 3.11)"); apt+=(python3 python3-venv); dnf+=(python3)
    else
        version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
        if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
            missing+=("python3 >= 3.11 (found $version)"); apt+=(python3.11 python3.11-venv)
            dnf+=(python3.11)
        elif ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
            missing+=("python3's venv module (python3 -m venv)"); apt+=("python${version}-venv")
            dnf+=(python3)
        fi
    fi
    local cxx="${CXX:-}"
    if [ -z "$cxx" ]; then
        if command -v g++ >/dev/null 2>&1; then cxx=g++
        elif command -v clang++ >/dev/null 2>&1; then cxx=clang++; fi
    fi
    if [ -z "$cxx" ] || ! command -v "$cxx" >/dev/null 2>&1; then
        missing+=("a C++20 compiler (g++ >= 10 or clang++ >= 13)"); apt+=(g++); dnf+=(gcc-c++)
    else
        local probe
        probe="$(mktemp -d)"
        cat >"$probe/c20.cc" <<'CXX20'
#include <concepts>
#include <span>
template <std::integral T> T twice(T x) { return 2 * x; }
int main() { int a[2] = {1, 2}; std::span<int> s(a); return twice(s[0]) == 2 ? 0 : 1; }
CXX20
        if ! "$cxx" -std=c++20 -o "$probe/c20" "$probe/c20.cc" >/dev/null 2>&1; then
            version="$({ "$cxx" --version 2>/dev/null || true; } | head -1)"
            missing+=("C++20 support in $cxx (${version:-no version}; needs g++ >= 10 or clang++ >= 13)")
            apt+=(g++); dnf+=(gcc-c++)
        fi
        rm -rf "$probe"
    fi
    if ! command -v cmake >/dev/null 2>&1; then
        missing+=("cmake (>= 3.20)"); apt+=(cmake); dnf+=(cmake)
    else
        version="$(cmake --version | sed -n 's/^cmake version \([0-9][0-9.]*\).*/\1/p')"
        if [ "$(printf '%s\n3.20\n' "$version" | sort -V | head -1)" != "3.20" ]; then
            missing+=("cmake >= 3.20 (found $version)"); apt+=(cmake); dnf+=(cmake)
        fi
    fi
    if ! command -v ninja >/dev/null 2>&1 && ! command -v make >/dev/null 2>&1; then
        missing+=("ninja or make"); apt+=(ninja-build); dnf+=(ninja-build)
    fi
    if ! has_tomlplusplus; then
        if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1 &&
            [ ${#missing[@]} -eq 0 ]; then
            install_tomlplusplus
        else
            missing+=("toml++ 3.x headers (toml++/toml.hpp)"); apt+=(libtomlplusplus-dev)
            dnf+=(tomlplusplus-devel)
        fi
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        {
            echo "error: hostnet needs what is missing here:"
            printf '  - %s\n' "${missing[@]}"
            echo "install it (as root, or with sudo), then run this again:"
            echo "  Debian/Ubuntu: apt-get install ${apt[*]}"
            echo "  Fedora/RHEL:   dnf install ${dnf[*]}"
        } >&2
        exit 1
    fi
}

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

has_tomlplusplus() {
    local dir
    local cpath="${CPATH:-}"
    for dir in /usr/include /usr/local/include ${cpath//:/ }; do
        if [ -e "$dir/toml++/toml.hpp" ] || [ -e "$dir/toml++/toml.h" ]; then return 0; fi
    done
    return 1
}

install_tomlplusplus() {
    # As root on Debian/Ubuntu only: toml++ (host profiles) is a system package.
    echo "== apt-get install libtomlplusplus-dev (toml++: hostnet reads host profiles with it)"
    if ! apt-get install -y -q libtomlplusplus-dev >/dev/null 2>&1; then
        apt-get update -q >/dev/null 2>&1 || true
        apt-get install -y -q libtomlplusplus-dev >/dev/null || {
            echo "error: apt-get install libtomlplusplus-dev failed (its messages above)" >&2
            exit 1
        }
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
    # build_targets: what the job runs (empty: everything, the test runner included)
    local targets=()
    if [ ${#build_targets[@]} -gt 0 ]; then targets=(--target "${build_targets[@]}"); fi
    cmake --build "$build" -j "$jobs" "${targets[@]}" || {
        echo "error: building hostnet in $build failed (the compiler's messages above)" >&2
        exit 1
    }
}

run_main() {
    local out="${HOSTNET_OUT:-$here/results/datacenter}"
    local study="$here/examples/studies/datacenter.toml"
    banner "the data-centre what-if study" "$study"
    run_study "$study" "$out" label "$@"
    echo "Summary figure: $out/rpc_p99_us-vs-cpu_cores_busy-by-load.png (RPC p99 against CPU"
    echo "         per server, one marker per setting, one panel per load; copied to"
    echo "         doc/figures/datacenter-p99-vs-cpu.png, the README's figure)"
    cp "$out/rpc_p99_us-vs-cpu_cores_busy-by-load.png" "$here/doc/figures/datacenter-p99-vs-cpu.png"
    echo
    echo "== this run against the reference run (results/reference/datacenter: the README's tables)"
    "$venv/bin/python" -m hostnet.datacenter_table "$out" \
        --compare "$here/results/reference/datacenter" || echo "   (the answer above is" \
        "this run's; the differences are listed, and the README's tables are the reference's)"
}

# banner TITLE STUDY: the study's description and counts, from its file.
banner() {
    local text
    text="$("$venv/bin/python" -m hostnet.study.describe "$2")" || exit 1
    echo "== $1 (${2#"$here"/}):"
    printf '%s\n' "$text" | fold -s -w 92 | sed 's/^/   /'
    echo "   each run its own ns-3 process (python -m hostnet run; resumable)"
}

run_leaf_spine_2008() {
    local out="${HOSTNET_OUT:-$here/results/leaf-spine-2008}"
    local study="$here/examples/studies/leaf-spine-2008.toml"
    banner "the 2000s leaf-spine study (Salah et al. 2007's per-packet costs)" "$study"
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
    "$venv/bin/python" "$here/validation/figures/plot_livelock.py" "$out/livelock.csv" "$out/livelock.png"
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
    # The figure scripts (validation/figures/) are run by path; they import the hostnet package.
    local figures="$here/validation/figures"
    echo "== Salah et al. 2007, Fig. 7 and Fig. 11: simulation and analysis (a few minutes)"
    "$build/examples/hostnet-salah2007-figures" --out="$out" "$@"
    "$venv/bin/python" "$figures/plot_salah2007_figures.py" "$out"
    echo "== Gebert et al. 2016, Fig. 8 and Fig. 9: the discrete-time model (a few minutes)"
    "$venv/bin/python" "$figures/gebert2016_figures.py" "$out"
    # The sweeps of independent runs are study files (examples/studies/papers/), run by the
    # study runner; each figure script reads the study's results directory.
    local papers="$here/examples/studies/papers"
    echo "== Salah et al. 2007, Fig. 10: self-similar traffic per scheme, 10 replications (about 2 minutes)"
    "$venv/bin/python" -m hostnet run "$papers/salah2007-selfsimilar.toml" --out "$out/salah2007-selfsimilar"
    "$venv/bin/python" "$figures/plot_selfsimilar.py" "$out/salah2007-selfsimilar" "$out/fig10-selfsimilar.png"
    echo "== Chang et al. 2008: goodput vs interrupt interval per frame size (about half a minute)"
    "$venv/bin/python" -m hostnet run "$papers/chang2008-coalescing.toml" --out "$out/chang2008-coalescing"
    "$venv/bin/python" "$figures/plot_coalescing.py" "$out/chang2008-coalescing" "$out/chang2008-goodput.png"
    echo "== Walravens and Gaidioz 2006: loss vs frame size, allocation refill vs recycling (RDR) (seconds)"
    "$venv/bin/python" -m hostnet run "$papers/walravens2006-rdr.toml" --out "$out/walravens2006-rdr"
    "$venv/bin/python" "$figures/plot_rdr.py" "$out/walravens2006-rdr" "$out/walravens2006-rdr.png"
}

# build_docs: the manual as HTML (doc/index.rst and its parts) in $build/doc/html, every
# Sphinx warning an error.
build_docs() {
    "$venv/bin/python" -m sphinx -W --keep-going -q -b html doc "$build/doc/html"
}

run_docs() {
    build_docs || {
        echo "error: building the manual failed (Sphinx's warnings above)" >&2
        exit 1
    }
    echo "Manual: $build/doc/html/index.html"
}

run_tests() {
    # All three run even if one fails; the job fails if any did.
    local cpp=0 py=0 docs=0
    echo "== C++ test suites"
    ctest --test-dir "$build" --output-on-failure -j "$jobs" || cpp=$?
    echo "== Python tests"
    "$venv/bin/python" -m pytest -q python/tests || py=$?
    echo "== the manual (Sphinx, warnings as errors)"
    build_docs || docs=$?
    echo
    if [ "$cpp" -eq 0 ]; then echo "C++ test suites: passed"; else
        echo "C++ test suites: FAILED (ctest exit status $cpp; the failed suites are listed above)"; fi
    if [ "$py" -eq 0 ]; then echo "Python tests: passed"; else
        echo "Python tests: FAILED (pytest exit status $py; the failed tests are listed above)"; fi
    if [ "$docs" -eq 0 ]; then echo "Manual: built without warnings"; else
        echo "Manual: FAILED (Sphinx exit status $docs; its warnings are listed above)"; fi
    if [ "$cpp" -ne 0 ] || [ "$py" -ne 0 ] || [ "$docs" -ne 0 ]; then exit 1; fi
}

cmd="${1:-main}"
shift || true
build_targets=()
case "$cmd" in
    help | -h | --help) usage; exit 0 ;;
    main | leaf-spine-2008) build_targets=(hostnet-leaf-spine) ;;
    livelock) build_targets=(hostnet-livelock) ;;
    test | figures | build | docs) ;;
    *) echo "error: unknown job '$cmd'; allowed: main, leaf-spine-2008, livelock, figures," \
            "test, docs, build, help (./hostnet.sh --help says what each does)" >&2
       exit 2 ;;
esac
check_prerequisites
setup_venv
if [ "$cmd" = docs ]; then run_docs; exit 0; fi
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
