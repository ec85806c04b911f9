"""hostnet.sh: the help, the unknown-job message, the prerequisite check before any slow
step (no venv, no build made when something is missing) and the banner from the study file.
No build needed."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "hostnet.sh"


def _run(*args, env=None, timeout=60):
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, **(env or {})))


def test_help_lists_jobs_and_environment():
    for flag in ("--help", "-h", "help"):
        out = _run(flag)
        assert out.returncode == 0, out.stderr
        for word in ("main", "leaf-spine-2008", "livelock", "figures", "test", "build",
                     "HOSTNET_OUT", "HOSTNET_JOBS", "HOSTNET_BUILD", "HOSTNET_VENV",
                     "about 10 minutes", "Python >= 3.11", "CMake >= 3.20"):
            assert word in out.stdout, (flag, word)


def test_unknown_job_names_the_allowed_ones():
    out = _run("nonsense")
    assert out.returncode == 2
    assert "unknown job 'nonsense'; allowed: main, leaf-spine-2008" in out.stderr


def test_missing_prerequisites_are_named_with_install_commands_before_any_slow_step(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "cmake").write_text('#!/bin/sh\necho "cmake version 3.16.3"\n')
    (fake / "cmake").chmod(0o755)
    venv, build = tmp_path / "venv", tmp_path / "build"
    out = _run("main", env={"PATH": f"{fake}:{os.environ['PATH']}", "CXX": "/bin/false",
                            "HOSTNET_VENV": str(venv), "HOSTNET_BUILD": str(build)})
    assert out.returncode == 1
    assert "cmake >= 3.20 (found 3.16.3)" in out.stderr
    assert "C++20 support in /bin/false" in out.stderr
    assert "Debian/Ubuntu: apt-get install g++ cmake" in out.stderr
    assert "Fedora/RHEL:   dnf install gcc-c++ cmake" in out.stderr
    assert not venv.exists() and not build.exists()  # nothing slow was started


def test_banner_comes_from_the_study_file():
    from hostnet.study.describe import describe

    text = describe(ROOT / "examples" / "studies" / "datacenter.toml")
    # datacenter.toml: 9 [[runs]] settings x 3 loads x replications min 3, max 10, budget 99
    assert "9 settings (adaptive-rx, " in text
    assert "3 values of load (0.2, 0.5, 0.8) x 3 replications = 81 runs of hostnet-leaf-spine" \
        in text
    assert "(at most 10 each, 99 runs in all)" in text
    out = subprocess.run([sys.executable, "-m", "hostnet.study.describe",
                          str(ROOT / "examples" / "studies" / "leaf-spine-2008.toml")],
                         capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=str(ROOT / "python")))
    assert out.returncode == 0, out.stderr
    assert "3 values of scheme (normal, napi, prenapi-time-50us) x 4 values of load" in out.stdout
    assert "x 3 replications = 36 runs" in out.stdout
    assert "main)" in SCRIPT.read_text() and "banner \"the data-centre" in SCRIPT.read_text()
