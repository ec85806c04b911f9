"""pytest configuration of the hostnet Python tests."""


def pytest_configure(config):
    """Register the markers used by the tests."""
    config.addinivalue_line(
        "markers", "slow: runs a subprocess that loads ns-3 again (~20 s); "
        "deselect with -m 'not slow'")
