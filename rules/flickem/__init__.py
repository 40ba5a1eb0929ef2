"""Flick'em Up! Dead of Winter rules (rulebook: ../shared/seeds/flickem-up-dead-of-winter-rulebook.txt).

Pure Python: the rules judge measured physical outcomes and choose what happens next; they never
import Panda3D. ``noise`` and ``judge`` are the rulebook's reading of a turn's noise and of the
outcome of each flick; the full engine (state, flow, scenarios) is the rules issue.
"""
