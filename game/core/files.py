"""Writing a player's files safely: a save, a deck, the settings.

Every file the app writes for a player goes through :func:`write_atomic`: the text goes to a
temporary file in the same folder, is flushed to disk, and then replaces the target in one
step, so a crash or a failed write never leaves a half-written file nor touches the last good
one. The temporary files are named ``.<stem>.<random>.tmp``, which is how the save folder's
clean-up recognises the ones a killed write left behind.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` (or bytes) to ``path`` via a temporary file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
