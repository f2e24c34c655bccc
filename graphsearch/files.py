"""Writing a file whole or not at all."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["write_atomically", "write_text_atomically"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: str | Path, write: Callable[[Path], None]) -> None:
    """Let ``write`` fill a temporary file of its own beside ``path``, then rename it into
    place.  On any failure or interrupt the temporary file is removed and ``path`` is left
    as it was, so concurrent writers never share or truncate a file.

    Only a regular file (or a new one) is replaced so: a symbolic link is followed to its
    target, and anything else that is there already (a device such as ``/dev/stdout`` or
    ``/dev/full``, a FIFO) is written through, as the user asked."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        write(path)
        return
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    os.close(fd)
    partial = Path(name)
    try:
        write(partial)
        os.chmod(partial, 0o666 & ~_umask())  # mkstemp makes the file private
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def write_text_atomically(path: str | Path, text: str | Iterable[str]) -> None:
    """``text`` as UTF-8 in ``path``, written whole or not at all; ``text`` may come in
    pieces, each written as soon as it is made (nothing holds the whole)."""
    pieces = (text,) if isinstance(text, str) else text

    def write(partial: Path) -> None:
        with open(partial, "wb") as handle:
            for piece in pieces:
                handle.write(piece.encode("utf-8"))
            handle.flush()
            if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                os.fsync(handle.fileno())

    write_atomically(path, write)
