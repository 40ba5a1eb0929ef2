"""What a tournament reports of a list of numbers (turns, scores, wall times): mean, median,
quartiles and range."""
from __future__ import annotations

import statistics


def quartiles(values: list[float], digits: int = 3) -> dict:
    """Mean (rounded to ``digits``), median, first and third quartiles, min and max; {} for none."""
    if not values:
        return {}
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return {"mean": round(statistics.fmean(values), digits), "median": statistics.median(values),
            "q1": q[0], "q3": q[2], "min": min(values), "max": max(values)}
