"""Reading the files kfuse is given or keeps, and the JSON in them, with limits.

Every JSON document kfuse reads (plans, the staged workflow's ``02_targets.json`` ... ``05_plan.json``,
tuned plans, the tuned GEMM schemes, calibrations, cache headers) goes through :func:`loads`:
UTF-8 (a leading byte-order mark skipped), at most :data:`MAX_JSON_BYTES`, nested at most
:data:`MAX_JSON_DEPTH` deep, integers of at most :data:`MAX_INT_DIGITS` digits.  Anything else
is one :class:`~kfuse.errors.KfuseError` (or the class the caller names) that names the file and,
where known, the line and column: never a ``RecursionError``, a ``ValueError`` of Python's
integer limit or a ``UnicodeDecodeError``.

Files of the cache folder are read with :func:`read_private`: a regular file (not a FIFO, a
device or a symbolic link), under a size cap, owned by the user running kfuse and not writable
by group or others, in a folder of the same kind (as ssh and pip check theirs).  A file that
fails is :class:`Untrusted`, which the cache treats as a miss.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile

from .errors import KfuseError

MAX_JSON_BYTES = 64 << 20
MAX_JSON_DEPTH = 64
MAX_INT_DIGITS = 40
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


class Untrusted(Exception):
    """A cache file or folder kfuse may not use; the message says why."""


def where(text: str, offset: int) -> str:
    """'line L column C' of character ``offset`` of ``text`` (both 1-based)."""
    line = text.count("\n", 0, offset) + 1
    col = offset - text.rfind("\n", 0, offset)
    return f"line {line} column {col}"


def decode(data: bytes, name: str, error=KfuseError) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark skipped); a byte that is not UTF-8 is
    one ``error`` naming ``name``, the byte and its line and column."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        head = data[:e.start].decode("utf-8", errors="replace")
        raise error(f"{name}: byte 0x{data[e.start]:02x} at {where(head, len(head))} is not UTF-8 "
                    "(save the file as UTF-8)") from None


def _check_depth(text: str, name: str, error) -> None:
    """Refuse arrays and objects nested deeper than MAX_JSON_DEPTH (strings are skipped)."""
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise error(f"{name}: JSON nested more than {MAX_JSON_DEPTH} deep at {where(text, m.start())}")
        elif c in "]}":
            depth -= 1


def loads(data, name: str, error=KfuseError):
    """The JSON document in ``data`` (bytes or text) of the file or argument ``name``, within the
    limits above; one ``error`` naming ``name`` (and the line and column) otherwise."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_JSON_BYTES:
            raise error(f"{name}: {len(data)} bytes of JSON is more than kfuse reads ({MAX_JSON_BYTES} bytes)")
        data = decode(bytes(data), name, error)
    elif len(data) > MAX_JSON_BYTES:
        raise error(f"{name}: {len(data)} characters of JSON is more than kfuse reads ({MAX_JSON_BYTES})")
    text = data.removeprefix("\ufeff")
    _check_depth(text, name, error)

    def parse_int(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise error(f"{name}: an integer of {len(digits.lstrip('-'))} digits at "
                        f"{where(text, max(text.find(digits), 0))} (kfuse reads at most {MAX_INT_DIGITS})")
        return int(digits)
    try:
        return json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as e:
        raise error(f"{name}: not valid JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
    except (RecursionError, ValueError) as e:   # the depth check makes these unreachable; still one line
        raise error(f"{name}: not valid JSON ({type(e).__name__}: {str(e)[:200]})") from None


def read_bytes(path: str, name: str | None = None, cap: int = MAX_JSON_BYTES, error=KfuseError) -> bytes:
    """The bytes of the file ``path`` the user named: at most ``cap`` of them (``/dev/zero`` or a
    huge file is one ``error``, not a read until memory runs out); a folder or an unreadable
    file is one ``error`` naming ``name`` (default ``path``)."""
    name = name or path
    try:
        with open(path, "rb") as f:
            if stat.S_ISDIR(os.fstat(f.fileno()).st_mode):
                raise error(f"{name}: is a folder, not a file")
            data = f.read(cap + 1)
    except IsADirectoryError:
        raise error(f"{name}: is a folder, not a file") from None
    except OSError as e:
        raise error(f"{name}: cannot read it ({e.strerror or e})") from None
    if len(data) > cap:
        raise error(f"{name}: larger than {cap} bytes, more than kfuse reads")
    return data


def load_file(path: str, name: str | None = None, error=KfuseError):
    """The JSON document in the file ``path`` (:func:`read_bytes`, then :func:`loads`)."""
    name = name or path
    return loads(read_bytes(path, name, MAX_JSON_BYTES, error), name, error)


def _me() -> int:
    return os.geteuid()


def folder_problem(folder: str) -> str | None:
    """Why kfuse may not keep files in ``folder`` (None if it may): not a folder, owned by
    another user, or writable by group or others."""
    try:
        st = os.stat(folder)
    except OSError as e:
        return f"cannot be read ({e.strerror or e})"
    if not stat.S_ISDIR(st.st_mode):
        return "is not a folder"
    return _owner_problem(st)


def _owner_problem(st) -> str | None:
    if st.st_uid != _me():
        return f"is owned by another user (uid {st.st_uid}, not {_me()})"
    if st.st_mode & 0o022:
        return f"is writable by group or others (mode {stat.S_IMODE(st.st_mode):o})"
    return None


def read_private(path: str, cap: int, root: str | None = None) -> bytes:
    """The bytes of the cache file ``path``; :class:`Untrusted` unless it is a regular file of at
    most ``cap`` bytes, not a symbolic link, owned by this user and writable by nobody else, in a
    folder (and under a ``root`` folder) of the same kind; FileNotFoundError if it is missing."""
    if not os.path.lexists(path):
        raise FileNotFoundError(errno.ENOENT, "no such file", path)
    for folder in {os.path.dirname(os.path.abspath(path)), *([root] if root else [])}:
        why = folder_problem(folder)
        if why:
            raise Untrusted(f"its folder {folder} {why}")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as e:   # ELOOP: a symbolic link
        raise Untrusted("a symbolic link" if os.path.islink(path) else f"unreadable ({e.strerror or e})") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Untrusted("not a regular file")
        why = _owner_problem(st)
        if why:
            raise Untrusted(why)
        if st.st_size > cap:
            raise Untrusted(f"larger than {cap} bytes")
        data = f.read(cap + 1)
    if len(data) > cap:
        raise Untrusted(f"larger than {cap} bytes")
    return data


def make_private_folder(folder: str) -> None:
    """Create ``folder`` with mode 0700 (usable by its owner only) if it is missing; missing
    parents get the default mode."""
    os.makedirs(folder, mode=0o700, exist_ok=True)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_MODE = 0o666 & ~_umask()   # what open() would have given a new file


def _replace(folder: str, path: str, data: bytes, mode: int, durable: bool) -> None:
    """Write ``data`` to a temp file in ``folder``, then rename it to ``path``: whole or not at all."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".kfuse-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def write_private(path: str, data: bytes) -> None:
    """Write the cache file ``path`` (mode 0600; missing folders made with mode 0700) whole or not
    at all; OSError propagates."""
    folder = os.path.dirname(os.path.abspath(path))
    make_private_folder(folder)
    _replace(folder, path, data, 0o600, False)


def write_output(path: str, data: bytes) -> str:
    """Write a file the user asked for; what was done, for the message ('' for a plain file).

    A regular file (or a new one) is replaced whole or not at all, flushed to the disk.  A
    symbolic link is written through: the file it points to is replaced and the link stays.
    An existing target that is not a regular file (``/dev/null``, a FIFO) is written directly,
    never replaced (a FIFO without a reader is refused rather than waited on).  A folder, or a
    missing parent folder, is refused: nothing is created but the file.  OSError (with the
    reason in ``strerror``) otherwise."""
    target = os.path.realpath(path) if os.path.islink(path) else path
    note = f" (through the symbolic link to {target})" if target != path else ""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OSError(errno.EISDIR, "it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_direct(target, data)
        return note or " (written directly: not a regular file)"
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise OSError(errno.ENOENT, f"its folder {folder} does not exist (kfuse does not create it)")
    _replace(folder, target, data, stat.S_IMODE(st.st_mode) if st else _MODE, True)
    return note


def _write_direct(path: str, data: bytes) -> None:
    """Write ``data`` into an existing device or FIFO without creating or replacing anything."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "a FIFO that nothing reads") from None
        raise
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
