"""Words for people, without Panda3D: a readable sentence for every rules event and choice
(event_feed.py) and what the start screen tells about each scenario (scenario_info.py). Used by
the window's HUD and the replay timeline's markers alike. May import ``feltbox.rules`` and
``feltbox.scenes`` only."""
