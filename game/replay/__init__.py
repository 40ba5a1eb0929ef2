"""Replays: the file format, recording, verifying by re-simulation, and playback data.

The ``.fbr`` format and its codecs (format.py, reader.py, poses.py, rules_records.py, atomic.py;
the schema every record is checked against: schema.py, record_schemas.py;
docs/replay-format.md), the seal that keeps a game's secrets out of its recording until it is
over (sealing.py), the recorder and ``verify`` that re-runs every episode bit for bit
(recorder.py), the rules checks that re-apply every recorded action (verify_flickem.py,
tailfeathers_check.py, snowbirds_check.py), the 60 Hz playback timeline (timeline.py,
tailfeathers_timeline.py, snowbirds_timeline.py) and
offscreen video export (video.py).
May import the game rooms (flickem, tailfeathers, snowbirds), cards, table, render, text and
``feltbox.rules``;
never the window or the command line."""
