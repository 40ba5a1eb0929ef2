"""Argument types for numbers on the command line: a bad value is argparse's one error and exit 2
before anything runs (issue 14, "inputs that cannot crash")."""
from __future__ import annotations

import argparse
import math

SIZES = (16, 8192)     # px a side: a 0 side divided by zero in the lens, 100000x100000 crashed the GL driver
FPS = (1, 60)          # video frames a second: the replay holds 60 Hz poses; 0 divided by zero
WORKERS = (1, 64)      # processes: 999 spawned interpreters for one game did not finish in 2 minutes


def size(text: str) -> tuple[int, int]:
    """WxH, each side within ``SIZES``."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if not all(SIZES[0] <= v <= SIZES[1] for v in (w, h)):
        raise argparse.ArgumentTypeError(f"each side must be {SIZES[0]} to {SIZES[1]} pixels, got {text!r}")
    return w, h


def _whole(text: str, low: int, high: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {text!r}") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} must be {low} to {high}, got {text!r}")
    return value


def fps(text: str) -> int:
    return _whole(text, *FPS, "frames per second")


def workers(text: str) -> int:
    return _whole(text, *WORKERS, "workers")


def seconds(text: str) -> float:
    """A time in a replay: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a time must be seconds, got {text!r}") from None
    if not math.isfinite(value) or value < 0.0:
        raise argparse.ArgumentTypeError(f"a time must be 0 or more seconds, got {text!r}")
    return value
