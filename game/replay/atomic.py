"""Writing a file atomically (docs/replay-format.md, Guarantees): under a temporary name beside the
target, then flushed, fsynced, given the normal mode and renamed over it; the folder is fsynced
so the rename lasts. A crash leaves the old file or the new one, never half of one."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import BinaryIO


def open_beside(path: Path) -> tuple[BinaryIO, Path]:
    """A new temporary file ``.NAME.XXXX.tmp`` in ``path``'s folder, open for writing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    return os.fdopen(fd, "wb"), Path(tmp)


def publish(file: BinaryIO, tmp: Path, path: Path) -> None:
    """Make the written ``tmp`` durable and rename it to ``path``."""
    file.flush()
    os.fsync(file.fileno())
    file.close()
    os.chmod(tmp, 0o666 & ~_umask())       # mkstemp makes 0600; a replay is a normal file
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable (POSIX); Windows cannot open folders and needs nothing."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass                                # some filesystems refuse fsync on a folder
    finally:
        os.close(fd)
