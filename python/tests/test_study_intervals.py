"""The package's one confidence interval of a mean (hostnet.study.summary.t_interval and
t_half_width, Student-t quantiles from scipy.stats), shared by the study summary and the
papers' figure scripts."""

import math

import numpy as np
import pandas as pd
import pytest

from hostnet.study.summary import t_half_width, t_interval

# Two-sided 95 %, 99 % and 90 % points of printed t tables (4 decimals), as (level, df, t).
TABLE = [
    (0.95, 1, 12.7062), (0.95, 2, 4.3027), (0.95, 3, 3.1824), (0.95, 4, 2.7764),
    (0.95, 5, 2.5706), (0.95, 10, 2.2281), (0.95, 20, 2.0860), (0.95, 30, 2.0423),
    (0.95, 60, 2.0003), (0.95, 120, 1.9799),
    (0.99, 1, 63.6567), (0.99, 2, 9.9248), (0.99, 10, 3.1693), (0.99, 30, 2.7500),
    (0.90, 1, 6.3138), (0.90, 2, 2.9200), (0.90, 10, 1.8125), (0.90, 30, 1.6973),
]


@pytest.mark.parametrize("level, df, expected", TABLE)
def test_half_width_uses_the_tables_quantile(level, df, expected):
    # s = sqrt(n) makes the half-width t s / sqrt(n) the quantile itself
    n = df + 1
    assert round(float(t_half_width(math.sqrt(n), n, level)), 4) == expected


def test_half_width_of_one_and_two_degrees_of_freedom_in_closed_form():
    # df = 1 is the Cauchy distribution: t(0.975) = tan(0.475 pi); df = 2:
    # t = (2p - 1) / sqrt(2 p (1 - p)) at p = 0.975
    assert float(t_half_width(math.sqrt(2), 2)) == pytest.approx(math.tan(0.475 * math.pi),
                                                                 rel=1e-12)
    p = 0.975
    assert float(t_half_width(math.sqrt(3), 3)) == pytest.approx(
        (2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-12)


def test_half_width_is_elementwise_and_nan_below_two_samples():
    std = pd.Series([1.0, 1.0, 2.0, np.nan], index=list("abcd"))
    n = pd.Series([0, 1, 5, 3], index=list("abcd"))
    half = t_half_width(std, n)
    assert list(half.index) == list("abcd")
    assert math.isnan(half["a"]) and math.isnan(half["b"]) and math.isnan(half["d"])
    assert half["c"] == pytest.approx(2.7764451 * 2 / math.sqrt(5), rel=1e-7)
    with pytest.raises(ValueError, match="level"):
        t_half_width(1.0, 3, level=1.0)


def test_t_interval_half_width():
    # 1, 2, 3, 4, 5: mean 3, s = sqrt(2.5), half-width t(0.975, 4) s / sqrt(5)
    mean, std, half = t_interval([1, 2, 3, 4, 5])
    assert (mean, std) == pytest.approx((3.0, math.sqrt(2.5)))
    assert half == pytest.approx(2.7764451 * math.sqrt(2.5) / math.sqrt(5), rel=1e-7)


def test_t_interval_level_and_small_samples():
    # 99 %: t(0.995, 4) = 4.6041 (printed tables); one value: no interval; none: no mean
    _, std, half = t_interval([1, 2, 3, 4, 5], level=0.99)
    assert half == pytest.approx(4.6041 * std / math.sqrt(5), rel=1e-4)
    mean, std, half = t_interval([7.5])
    assert mean == 7.5 and math.isnan(std) and math.isnan(half)
    assert all(math.isnan(v) for v in t_interval([]))
    assert t_interval([4, 4, 4]) == (4.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="level"):
        t_interval([1, 2], level=1.0)


def test_one_interval_in_the_package():
    """The summary and the papers' figure scripts use the same interval, bit for bit."""
    import plot_livelock  # validation/figures/ (conftest.py puts it on sys.path)
    import plot_selfsimilar
    from hostnet.study import t_interval as exported

    assert exported is t_interval
    for sample in ([1, 2, 3, 4, 5], [10.0, 12.0], [0.1, 0.7, 0.2, 0.9, 0.35, 0.6]):
        mean, _, half = t_interval(sample)
        assert plot_livelock.mean_ci(sample) == (mean, half)
        assert plot_selfsimilar.mean_ci(sample) == (mean, half)
        point = plot_livelock.aggregate_by(
            [{"k": "a", "load_kpps": 1, "v": v} for v in sample], ["k"], ["v"])["a"][0]
        assert point["v"] == pytest.approx((mean, half), rel=1e-12)
