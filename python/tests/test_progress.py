"""The progress line of long example runs: on a terminal only, off with --progress=false."""

import os
import pty
import select
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("HOSTNET_BUILD_DIR", ROOT / "build")).resolve()
PROGRAM = BUILD / "examples" / "hostnet-leaf-spine"
SHORT = ["--duration=0.003", "--warmup=0.001"]
# Show it from the first check rather than after two wall-clock seconds.
ENV = dict(os.environ, HOSTNET_PROGRESS_AFTER="0")

pytestmark = pytest.mark.skipif(not PROGRAM.exists(), reason="hostnet is not built")


def _run_on_terminal(*options):
    """Run the example with stderr on a pseudo-terminal: (exit status, what stderr got)."""
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run([str(PROGRAM), *SHORT, *options], stdout=subprocess.PIPE,
                              stderr=follower, env=ENV, timeout=600, check=False)
    finally:
        os.close(follower)
    seen = b""
    while select.select([leader], [], [], 0.2)[0]:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is gone once its last writer closed it
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return proc.returncode, seen.decode(errors="replace")


def test_line_on_a_terminal():
    status, stderr = _run_on_terminal()
    assert status == 0
    assert "\rsimulated " in stderr and " of 4.000 ms (" in stderr and "s left" in stderr


def test_off_with_the_option():
    status, stderr = _run_on_terminal("--progress=false")
    assert status == 0
    assert "simulated " not in stderr


def test_off_when_not_a_terminal():
    proc = subprocess.run([str(PROGRAM), *SHORT], capture_output=True, env=ENV, timeout=600,
                          check=False)
    assert proc.returncode == 0
    assert b"simulated " not in proc.stderr
