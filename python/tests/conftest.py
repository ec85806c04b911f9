"""pytest configuration of the hostnet Python tests."""

import sys
from pathlib import Path

import pytest

# The papers' figure and validation scripts (validation/figures/) are not part of the hostnet
# package: they are run by path, and the tests import them by their file names (plot_livelock,
# plot_rdr, ...) from that folder.
FIGURES = Path(__file__).resolve().parents[2] / "validation" / "figures"
if str(FIGURES) not in sys.path:
    sys.path.insert(0, str(FIGURES))


@pytest.fixture(scope="session")
def hostnet():
    """The hostnet package with ns-3 and the hostnet library loaded (once per session)."""
    import hostnet as module

    module.load()
    return module


@pytest.fixture(scope="session")
def ns(hostnet):
    """The ns-3 namespace (cppyy.gbl.ns3) with the hostnet classes."""
    return hostnet.ns


def pytest_configure(config):
    """Register the markers used by the tests."""
    config.addinivalue_line(
        "markers", "slow: runs a subprocess that loads ns-3 again (~20 s); "
        "deselect with -m 'not slow'")
