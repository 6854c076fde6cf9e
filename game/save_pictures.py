"""The small picture of the table kept beside each save (``<slot>.png`` next to ``<slot>.json``).

The picture lives in a file of its own rather than inside the save's JSON because the save is
the precious thing: a picture can never make a good save unreadable, never counts against the
save's size cap, never slows the listing (which reads only each save's first kilobytes), and
a save written by the terminal or an older version simply has none. Deleting a save deletes its
picture; writing a save without one removes the old one, which would show another game.

Nothing here needs pygame: the window hands over the pixels (:class:`Picture`, read on its own
thread, which is a copy), and the PNG is encoded with zlib and written atomically like a save
on the autosave's worker thread. Writing is best effort: a picture that cannot be written is
left out, never a failed save. Reading (:func:`read`) checks the file's size and the PNG
header's width and height before anything decodes it, so a hostile file is ignored.
"""

from __future__ import annotations

import stat
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
WIDTH = 240
"""How wide the window's picture is: the Load screen's thumbnail in a large window."""
MAX_BYTES = 256 * 1024
"""The largest picture file read (one of ours is some 20 to 60 KB)."""
MAX_SIDE = 1024
"""The largest width or height read: a file claiming more is never decoded."""


@dataclass(frozen=True)
class Picture:
    """A picture of the table: ``width`` x ``height`` pixels of 8-bit RGB, rows top first."""

    width: int
    height: int
    rgb: bytes


def path_for(save_path: Path) -> Path:
    """The picture file beside a save file."""
    return save_path.with_suffix(".png")


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode_png(picture: Picture) -> bytes:
    """``picture`` as PNG bytes (8-bit RGB, no filter: small pictures compress well enough)."""
    stride = picture.width * 3
    if len(picture.rgb) != stride * picture.height or not (0 < picture.width and 0 < picture.height):
        raise ValueError("the picture's pixels do not match its size")
    rows = b"".join(b"\x00" + picture.rgb[y * stride:(y + 1) * stride] for y in range(picture.height))
    header = struct.pack(">IIBBBBB", picture.width, picture.height, 8, 2, 0, 0, 0)
    return (PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 6))
            + _chunk(b"IEND", b""))


def write(save_path: Path, picture: Picture | None) -> bool:
    """Write ``picture`` beside the save at ``save_path`` atomically (None removes the old one,
    which would show another game). Best effort: returns whether it was written, never raises."""
    from game.saves import write_atomic  # saves imports this module

    target = path_for(save_path)
    try:
        if picture is None:
            target.unlink(missing_ok=True)
            return False
        write_atomic(target, encode_png(picture))
        return True
    except (OSError, ValueError):
        return False


def remove(save_path: Path) -> None:
    """Remove the picture of a deleted save, if it has one (best effort)."""
    try:
        path_for(save_path).unlink(missing_ok=True)
    except OSError:
        pass


def header_size(head: bytes) -> tuple[int, int] | None:
    """The width and height a PNG's first 24 bytes declare, or None if they are not a PNG's."""
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def read(save_path: Path) -> bytes | None:
    """The bytes of the picture beside a save, if it has one that is safe to decode: a file of at
    most MAX_BYTES, a PNG whose header declares at most MAX_SIDE pixels each way. Anything else
    (no picture, a huge, truncated or foreign file) is None, never an error."""
    path = path_for(save_path)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_BYTES:
            return None  # a folder or a pipe is never opened, a huge file never read
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError:
        return None
    size = header_size(data[:24])
    if len(data) > MAX_BYTES or size is None:
        return None
    width, height = size
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        return None
    return data
