"""Words for people, without Panda3D: a readable sentence for every rules event and choice
(event_feed.py, choices.py), what the start screen tells about each scenario (scenario_info.py), and the
public view of events that every public file and line goes through (public.py). Used by the
window's HUD, the replay's records and timeline markers, the event log and the hot-seat alike.
May import ``feltbox.rules`` and ``feltbox.scenes`` only."""
