"""Student-t distribution function and quantile without scipy.

The summary needs one number per configuration, t_{0.975, n-1}; importing scipy.stats for
it cost the study runner about 0.9 s of CPU per command (more than the rest of a small
study's bookkeeping). The distribution function is the regularized incomplete beta function
(continued fraction, Numerical Recipes 6.4), the quantile its inverse by bisection, for any
real df > 0; for df above 1e5, where the continued fraction needs many terms, the quantile
is the Cornish-Fisher expansion around the normal quantile. Against 50-digit mpmath, over
df 0.1 ... 1e9 and p 1e-12 ... 1 - 1e-6, the quantile's relative error was at most 1e-10
(at df near 1e5, from lgamma's cancellation in the beta function's prefactor), below
1e-15 for df > 1e5.

``t_interval`` is the package's one confidence interval of a mean: the study summary and
the papers' figure scripts (plot_livelock, plot_salah2007_figures, plot_selfsimilar) use it.
"""

from __future__ import annotations

import math
from functools import lru_cache

__all__ = ["t_cdf", "t_interval", "t_quantile"]

_TINY = 1e-300
_LARGE_DF = 1e5


def _beta_fraction(a, b, x):
    """Continued fraction of I_x(a, b) (modified Lentz); converges fast for x < (a+1)/(a+b+2)."""
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 10000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            return h
    raise ArithmeticError(f"incomplete beta: no convergence for a={a}, b={b}, x={x}")


def _beta_regularized(a, b, x, y):
    """I_x(a, b), with y = 1 - x given separately so that neither loses digits near 1."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(y))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, y) / b


def _upper_tail(t, df):
    """P(T > t) for t >= 0: I_{df/(df+t^2)}(df/2, 1/2) / 2."""
    return 0.5 * _beta_regularized(df / 2.0, 0.5, df / (df + t * t), t * t / (df + t * t))


def _check_df(df):
    if not (df > 0 and math.isfinite(df)):
        raise ValueError(f"Student-t: df = {df!r}; allowed: a finite number > 0")


def t_cdf(t, df) -> float:
    """P(T <= t) for Student's t with @p df degrees of freedom (any real df > 0)."""
    _check_df(df)
    if math.isnan(t):
        return math.nan
    tail = _upper_tail(abs(t), df)
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=1024)  # a summary asks for the same few df again and again (~0.5 ms each)
def t_quantile(p, df) -> float:
    """The t with P(T <= t) = @p p (0 < p < 1) for @p df degrees of freedom (real df > 0),
    e.g. t_quantile(0.975, 4) = 2.7764, the factor of a 95 % interval from 5 samples."""
    _check_df(df)
    if not 0.0 < p < 1.0:
        raise ValueError(f"Student-t quantile: p = {p!r}; allowed: 0 < p < 1")
    if p == 0.5:
        return 0.0
    tail = min(p, 1.0 - p)  # solve P(T > t) = tail for t > 0; the distribution is symmetric
    sign = 1.0 if p > 0.5 else -1.0
    if df > _LARGE_DF:
        from statistics import NormalDist  # only here: statistics imports fractions, decimal

        # inv_cdf of the small tail, not of 1 - tail, which would lose its digits
        return sign * _cornish_fisher(-NormalDist().inv_cdf(tail), df)
    hi = 1.0
    while _upper_tail(hi, df) > tail:  # bracket: the tail falls as t grows
        hi *= 2.0
    lo = 0.0 if hi == 1.0 else hi / 2.0
    while hi - lo > 4e-16 * hi:  # bisection to the last bits of a double
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        if _upper_tail(mid, df) > tail:
            lo = mid
        else:
            hi = mid
    return sign * 0.5 * (lo + hi)


def t_interval(values, level=0.95) -> tuple:
    """(mean, sample standard deviation s, half-width t_{(1 + level)/2, n - 1} s / sqrt(n)) of
    the two-sided Student-t interval of the mean of @p values at confidence @p level.

    With fewer than two values s and the half-width are NaN (undefined, not 0: one value
    gives no interval); with none all three are NaN.
    """
    if not 0.0 < level < 1.0:
        raise ValueError(f"t_interval: level {level!r}; allowed: 0 < level < 1")
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    # 0.5 + level / 2 is 0.975 exactly for level 0.95 (the summary's factor as before)
    return mean, std, t_quantile(0.5 + level / 2, n - 1) * std / math.sqrt(n)


def _cornish_fisher(z, df):
    """t quantile from the normal quantile z, to order 1/df^4 (Abramowitz & Stegun 26.7.5)."""
    z2 = z * z
    g1 = z * (z2 + 1) / 4
    g2 = z * ((5 * z2 + 16) * z2 + 3) / 96
    g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384
    g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4
