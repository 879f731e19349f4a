"""Summaries of measured values: medians that leave failed runs out, round-by-round ratios, and
percentiles."""

import math
import statistics


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def paired_ratios(a, b):
    """Round-by-round ratios a[i]/b[i] (the runs of one round were adjacent in time)."""
    return [x / y for x, y in zip(a, b) if x is not None and y not in (None, 0)]


def percentile(values, p):
    values = sorted(values)
    if not values:
        return None
    k = (len(values) - 1) * p
    lo, hi = math.floor(k), math.ceil(k)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)
