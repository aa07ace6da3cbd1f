"""The GEMM optimization scheme as data (Cui et al.'s EPOD script).

A :class:`GemmScheme` holds the choices of one tuned block-tiled GEMM: thread grouping (block
tile ``bm`` x ``bn``, thread tile ``tm`` x ``tn``), loop tiling (``bk``), shared-memory
``stages``, the tile order (``raster``: tile rows per group, 1 = plain row order), ``splitk``
and the ``engine``.  It is JSON in a plan (the gemm space's launch parameters) and has a text
form that mirrors the paper's scripts::

    thread_grouping(bm=128, bn=128, tm=8, tn=8); loop_tiling(bk=8); loop_unroll(k);
    sm_alloc(A, transpose, stages=2); sm_alloc(B); reg_alloc(C); engine(ffma)

(``tile_order(raster=8)``, ``split_k(2)``, ``reg_alloc(C, frags=2)``,
``transposed_load(tload=2)``, ``store(store_vec=4)`` and ``launch_bounds(min_blocks=2)`` appear
where they are not 1.)  The statements
``loop_unroll(k)``, ``sm_alloc(A, transpose)``, ``sm_alloc(B)`` and ``reg_alloc(C)`` are fixed by
the FFMA engine (:mod:`.engines.ffma`; the k loop of a tile is unrolled, A is kept k-major in shared memory, the
accumulators live in registers); they are written for the reader and checked when parsed.

:meth:`GemmScheme.refusals` says why a scheme cannot work for a dtype and sizes, one line per
reason; :func:`variants` lists sensible schemes for a dtype and sizes, the default first.

>>> s = GemmScheme(bm=64, bn=64, tm=8, tn=4)
>>> GemmScheme.from_text(s.to_text()) == s, s.threads
(True, 128)
"""
from __future__ import annotations

import dataclasses
import re

from ...errors import PlanError, ScriptError
from . import engines
from .limits import (ADDRESS_REGISTERS, DTYPES, MAX_REGISTERS, MAX_SHARED, MAX_SPLITK, MAX_THREADS, TLOAD_ASYNC,
                     TLOAD_REGISTERS, pad_elems, vector_elems)

FIELDS = ("bm", "bn", "bk", "tm", "tn", "stages", "raster", "splitk", "engine", "frags", "min_blocks",
          "store_vec", "tload", "wm", "wn")
#: fields that may be 0 (the mma engine's warp tile: 0 = the emitter's choice)
ZERO_OK = ("wm", "wn")


class SchemeError(PlanError):
    """A scheme field with a bad value or an unknown key; names the field."""


#: the largest value of each scheme parameter a plan may give (an edited plan's tm = 1000 would
#: keep NVRTC busy for minutes unrolling; the scheme's own refusals come after these)
SCHEME_HIGH = {"bm": 512, "bn": 512, "bk": 128, "tm": 32, "tn": 32, "stages": 8, "raster": 65535,
               "splitk": 65535, "frags": 16, "min_blocks": 32, "store_vec": 16, "tload": 16, "wm": 512, "wn": 512}


@dataclasses.dataclass(frozen=True)
class GemmScheme:
    """One GEMM scheme (see the module doc).  Defaults: the 128 x 128 x 8 tile, 8 x 8 per thread
    (256 threads), two stages, FFMA."""

    bm: int = 128
    bn: int = 128
    bk: int = 8
    tm: int = 8
    tn: int = 8
    stages: int = 2
    raster: int = 1
    splitk: int = 1
    engine: str = "ffma"
    #: register fragment buffers: 1 = read each k step's fragments then compute; 2 = double
    #: buffered (k step kk + 1's fragments read while kk's FFMAs run, as CUTLASS's SIMT mainloop)
    frags: int = 1
    #: the second argument of ``__launch_bounds__`` (blocks per SM the registers must allow;
    #: 1 = none written)
    min_blocks: int = 1
    #: elements per store of the default epilogue (1 = scalar; up to one 16-byte vector along
    #: the output's contiguous index, whole vectors inside the matrix, scalars at its edge)
    store_vec: int = 1
    #: the k-contiguous (transposing) operand's load path: 1 = 16-byte loads into registers one
    #: tile ahead, stored transposed after the compute; 2 = one-element cp.async copies straight
    #: into the k-major tile, ``stages - 1`` tiles ahead like the other operand (CUTLASS align1)
    tload: int = 1
    wm: int = 0          # mma_tf32: warp tile (0 = the emitter's choice; see engines.mma_tf32)
    wn: int = 0

    @property
    def threads(self) -> int:
        """Threads per block, by the engine: (bm / tm) x (bn / tn) (FFMA), 32 per warp tile (MMA)."""
        return _engine(self).threads(self)

    # ---- sizes ---------------------------------------------------------------------------
    def shared_bytes(self, dtype: str = "float32") -> int:
        """Dynamic shared memory of one block, by the engine."""
        return _engine(self).shared_bytes(self, dtype)

    def registers(self, dtype: str = "float32") -> int:
        """Estimated registers per thread, by the engine."""
        return _engine(self).registers(self, dtype)

    # ---- validity ------------------------------------------------------------------------
    def refusals(self, dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
        """Why this scheme cannot run a ``dtype`` GEMM of sizes m x n x k: one line per
        reason (the fields', then the engine's), empty where it can."""
        bad = _field_problems(self)
        if bad:
            return bad
        why = _engine(self).refusals(self, dtype, m, n, k)
        if engines.find(self.engine) is None:
            why.insert(0, f"engine {self.engine!r} is unknown (engines: {', '.join(engines.names())})")
        return why

    # ---- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The scheme as a JSON object (the gemm space's params)."""
        return {f: getattr(self, f) for f in FIELDS}

    @classmethod
    def from_json(cls, obj) -> "GemmScheme":
        """A scheme from :meth:`to_json`'s object; missing keys take the defaults; an unknown
        key or a bad value is a SchemeError naming the field."""
        if not isinstance(obj, dict):
            raise SchemeError(f"a GEMM scheme is a JSON object, got {type(obj).__name__}")
        unknown = sorted(set(obj) - set(FIELDS))
        if unknown:
            raise SchemeError(f"unknown GEMM scheme field {unknown[0]!r} (fields: {', '.join(FIELDS)})")
        for key, val in obj.items():
            _check_value(key, val)
        return cls(**obj)

    # ---- text ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The paper-like script of this scheme (see the module doc)."""
        parts = [f"thread_grouping(bm={self.bm}, bn={self.bn}, tm={self.tm}, tn={self.tn})",
                 f"loop_tiling(bk={self.bk})", "loop_unroll(k)",
                 f"sm_alloc(A, transpose, stages={self.stages})", "sm_alloc(B)", "reg_alloc(C)"]
        if self.frags != 1:
            parts[5] = f"reg_alloc(C, frags={self.frags})"
        if self.tload != 1:
            parts.append(f"transposed_load(tload={self.tload})")
        if self.raster != 1:
            parts.append(f"tile_order(raster={self.raster})")
        if self.store_vec != 1:
            parts.append(f"store(store_vec={self.store_vec})")
        if self.min_blocks != 1:
            parts.append(f"launch_bounds(min_blocks={self.min_blocks})")
        if self.splitk != 1:
            parts.append(f"split_k({self.splitk})")
        if self.wm or self.wn:
            parts.append(f"warp_tile(wm={self.wm}, wn={self.wn})")
        parts.append(f"engine({self.engine})")
        return "; ".join(parts)

    @classmethod
    def from_text(cls, text: str, source: str | None = None) -> "GemmScheme":
        """Parse :meth:`to_text`'s form.  A syntax error is a ScriptError naming the line and
        column; a bad value a SchemeError naming the field."""
        return cls.from_json(parse_text(text, source))


def _check_value(key: str, val) -> None:
    """Raise SchemeError where ``val`` is not a legal value of field ``key``."""
    if key == "engine":
        if not isinstance(val, str) or not val:
            raise SchemeError(f"GEMM scheme field 'engine' must be a name, got {val!r}")
        return
    if key in ZERO_OK:
        if isinstance(val, bool) or not isinstance(val, int) or val < 0:
            raise SchemeError(f"GEMM scheme field {key!r} must be a non-negative integer (0: the "
                              f"emitter's choice), got {val!r}")
        return
    if isinstance(val, bool) or not isinstance(val, int) or val < 1:
        raise SchemeError(f"GEMM scheme field {key!r} must be a positive integer, got {val!r}")


def _field_problems(s: GemmScheme) -> list:
    """Reasons for fields that are not positive integers (checked before any arithmetic)."""
    out = []
    for f in FIELDS:
        try:
            _check_value(f, getattr(s, f))
        except SchemeError as e:
            out.append(str(e))
    return out


def _engine(s: GemmScheme):
    """The engine scheme ``s`` names (the default engine's rules for a name none has)."""
    return engines.find(s.engine) or engines.default()


# ---- the variants a search starts from -------------------------------------------------------
#: split-k candidates are searched only below this many output tiles (two waves of 132 SMs): the
#: model counts the partial tiles' traffic as overlapped, but at n = 4096 SYMM's split-k 4 plan ran
#: 42 TFLOP/s against 44.8 without (H200, balance_s17 / blas3_s16)
SPLITK_TILES = 264


def default_scheme(dtype: str = "float32") -> GemmScheme:
    """The scheme a first call runs without tuning: 128 x 128 x 8, 8 x 8 per thread for
    float32; 128 x 64 x 8, 8 x 4 per thread for float64 (8 x 8 doubles is over the registers)."""
    return GemmScheme(**engines.default().default_fields(dtype))


def variants(dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
    """A small list of sensible schemes for ``dtype`` and m x n x k, those with refusals
    dropped, the default first."""
    return checked(engines.default().candidates(dtype, m, n, k), dtype, m, n, k)


def checked(candidates: list, dtype: str, m: int = 0, n: int = 0, k: int = 0) -> list:
    """The schemes of ``candidates`` (field dicts, an engine's) for ``dtype`` and m x n x k,
    those refused and split-k ones whose tiles fill the GPU already left out, each once."""
    out = []
    for kw in candidates:
        s = GemmScheme(**kw)
        if s.splitk > 1 and m and n and -(-m // s.bm) * -(-n // s.bn) >= SPLITK_TILES:
            continue   # the tiles fill the GPU already: the partial tiles only cost
        if s not in out and not s.refusals(dtype, m, n, k):
            out.append(s)
    return out


# ---- the text form -----------------------------------------------------------------------------
_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_]\w*)|(?P<int>-?\d+)|(?P<punct>[(),=;]))")
#: statement -> (keywords it takes, positional words it takes)
_STATEMENTS = {
    "thread_grouping": ({"bm", "bn", "tm", "tn"}, ()),
    "loop_tiling": ({"bk"}, ()),
    "loop_unroll": ((), ("k",)),
    "sm_alloc": ({"stages"}, ("A", "B", "transpose")),
    "reg_alloc": ({"frags"}, ("C",)),
    "transposed_load": ({"tload"}, ()),
    "store": ({"store_vec"}, ()),
    "launch_bounds": ({"min_blocks"}, ()),
    "tile_order": ({"raster"}, ()),
    "split_k": ({"splitk"}, ()),
    "warp_tile": ({"wm", "wn"}, ()),
    "engine": ((), None),
}


def _tokens(text: str, source):
    """[(kind, value, line, col)] of ``text``; a character that starts no token is a ScriptError."""
    out, pos = [], 0
    while True:
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            rest = text[pos:]
            if rest.strip():
                at = pos + len(rest) - len(rest.lstrip())
                raise ScriptError(f"unexpected {text[at]!r} in a GEMM scheme", *_where(text, at), source)
            return out
        kind = m.lastgroup
        at = m.start(kind)
        out.append((kind, m.group(kind), *_where(text, at)))
        pos = m.end()


def _where(text: str, at: int) -> tuple:
    """1-based (line, col) of offset ``at``."""
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


class _Parser:
    """Recursive descent over the tokens of one scheme text."""

    def __init__(self, text: str, source):
        self.text, self.source, self.toks, self.i = text, source, _tokens(text, source), 0

    def error(self, msg: str, tok=None):
        tok = tok or (self.toks[self.i] if self.i < len(self.toks) else None)
        line, col = (tok[2], tok[3]) if tok else _where(self.text, len(self.text))
        raise ScriptError(msg + " in a GEMM scheme", line, col, self.source)

    def take(self, kind: str, value=None):
        tok = self.toks[self.i] if self.i < len(self.toks) else None
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            want = repr(value) if value else ("a name" if kind == "name" else "an integer")
            got = "the end" if tok is None else repr(tok[1])
            self.error(f"expected {want}, found {got}", tok)
        self.i += 1
        return tok

    def peek(self, value) -> bool:
        return self.i < len(self.toks) and self.toks[self.i][1] == value

    def statement(self):
        """(name token, [(key or None, value, token)]) of one ``name(args)``."""
        name = self.take("name")
        self.take("punct", "(")
        args = []
        while not self.peek(")"):
            if args:
                if not self.peek(","):
                    tok = self.toks[self.i] if self.i < len(self.toks) else None
                    self.error("expected ',' or ')', found " + ("the end" if tok is None else repr(tok[1])), tok)
                self.i += 1
            tok = self.toks[self.i] if self.i < len(self.toks) else None
            if tok is not None and tok[0] == "name" and self.i + 1 < len(self.toks) \
                    and self.toks[self.i + 1][1] == "=":
                self.i += 2
                val = self.take("int") if self.i < len(self.toks) and self.toks[self.i][0] == "int" \
                    else self.take("name")
                args.append((tok[1], val[1], tok))
            elif tok is not None and tok[0] in ("name", "int"):
                self.i += 1
                args.append((None, tok[1], tok))
            else:
                self.error("expected an argument, found " + ("the end" if tok is None else repr(tok[1])), tok)
        self.take("punct", ")")
        return name, args


def parse_text(text: str, source=None) -> dict:
    """The JSON fields of a scheme written as its text form (see the module doc)."""
    if not isinstance(text, str):
        raise SchemeError(f"a GEMM scheme text is a string, got {type(text).__name__}")
    p, fields, seen = _Parser(text, source), {}, set()
    while p.i < len(p.toks):
        if p.peek(";"):
            p.i += 1
            continue
        name, args = p.statement()
        _apply(p, name, args, fields, seen)
        if p.i < len(p.toks):
            p.take("punct", ";")
    return fields


def _apply(p: _Parser, name, args, fields: dict, seen: set) -> None:
    """Record the fields one statement sets; refuse unknown statements, keys and words."""
    stmt = name[1]
    if stmt not in _STATEMENTS:
        p.error(f"unknown statement {stmt!r} (statements: {', '.join(_STATEMENTS)})", name)
    keys, words = _STATEMENTS[stmt]
    tag = stmt + (":" + args[0][1] if stmt == "sm_alloc" and args else "")
    if tag in seen:
        p.error(f"{tag.replace(':', ' of ')} given twice", name)
    seen.add(tag)
    for key, val, tok in args:
        if stmt == "engine" and key is None:
            fields["engine"] = val
        elif stmt == "split_k" and key is None:
            fields["splitk"] = _int(p, val, tok, "splitk")
        elif key is None and words is not None and val in words:
            if stmt == "sm_alloc" and val == "transpose" and args[0][1] != "A":
                p.error("only A is transposed in shared memory (B is k-major as stored)", tok)
        elif key is not None and key in keys:
            value = _int(p, val, tok, key)
            if key in fields and fields[key] != value:
                p.error(f"{key} given twice with different values", tok)
            fields[key] = value
        else:
            p.error(f"{stmt}() does not take {key + '=' if key else ''}{val!r}", tok)


def _int(p: _Parser, val: str, tok, key: str) -> int:
    """``val`` as an int (a name where a number belongs is a ScriptError at ``tok``)."""
    try:
        return int(val)
    except ValueError:
        p.error(f"{key} must be an integer, found {val!r}", tok)
