"""Bad input gets one clear error and exit 2: a picture or video size (render, gallery, replay,
demo) must be WxH with each side 16 to 8192 pixels. Before, ``--size 0x0`` raised
ZeroDivisionError in the lens and ``--size 100000x100000`` crashed the GL driver (exit 139)."""
from __future__ import annotations

import pytest

from feltbox.game.cli.main import main


@pytest.mark.parametrize("size", ["0x0", "1280x0", "-5x720", "100000x100000", "1280x8193", "abc", "12x34x56"])
def test_a_bad_size_is_one_error_and_exit_2_before_anything_is_drawn(tmp_path, capsys, size):
    out = tmp_path / "never.png"
    with pytest.raises(SystemExit) as exit_:
        main(["render", "flickem", "1", f"--size={size}", "--out", str(out)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("feltbox render: error: argument --size: ") and repr(size) in err, err
    assert not out.exists()


def test_the_smallest_and_usual_sizes_are_taken():
    from feltbox.game.cli.main import _size
    assert _size("16x16") == (16, 16) and _size("1280X720") == (1280, 720) and _size("8192x8192") == (8192, 8192)
