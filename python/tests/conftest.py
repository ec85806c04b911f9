"""pytest configuration of the hostnet Python tests."""

import pytest


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
