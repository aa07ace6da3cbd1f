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
the FFMA engine (the k loop of a tile is unrolled, A is kept k-major in shared memory, the
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

ENGINES = ("ffma", "mma_tf32")
#: Engines the emitter writes today.
BUILT_ENGINES = ("ffma", "mma_tf32")
DTYPES = {"float32": 4, "float64": 8}
#: Shared memory one block may take on sm_90 (opt-in limit, bytes).
MAX_SHARED = 232448
MAX_REGISTERS = 255
MAX_THREADS = 1024
#: Registers of addressing, indices, loop counters and pointers, estimated.
ADDRESS_REGISTERS = 24
#: the most blocks that split one output tile's k range (split-k)
MAX_SPLITK = 16
FIELDS = ("bm", "bn", "bk", "tm", "tn", "stages", "raster", "splitk", "engine", "frags", "min_blocks",
          "store_vec", "tload", "wm", "wn")
#: ``tload`` values: how a k-contiguous (transposing) operand reaches its k-major shared tile
TLOAD_REGISTERS, TLOAD_ASYNC = 1, 2
#: fields that may be 0 (the mma engine's warp tile: 0 = the emitter's choice)
ZERO_OK = ("wm", "wn")


class SchemeError(PlanError):
    """A scheme field with a bad value or an unknown key; names the field."""


def vector_elems(dtype: str) -> int:
    """Elements in one 16-byte vector of ``dtype`` (4 for float32, 2 for float64)."""
    return 16 // DTYPES[dtype]


def pad_elems(dtype: str) -> int:
    """Padding of each shared-memory tile row (elements): one 16-byte vector, so that the
    transposing store of a k-contiguous operand hits distinct banks and rows stay 16-B aligned."""
    return vector_elems(dtype)


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
    wm: int = 0          # mma_tf32: warp tile (0 = the emitter's choice; see gemm_mma_rules)
    wn: int = 0

    @property
    def threads(self) -> int:
        """Threads per block: (bm / tm) x (bn / tn) (mma_tf32: 32 per warp tile)."""
        if self.engine == "mma_tf32":
            return _mma_rules().threads(self)
        return (self.bm // self.tm) * (self.bn // self.tn)

    # ---- sizes ---------------------------------------------------------------------------
    def shared_bytes(self, dtype: str = "float32") -> int:
        """Dynamic shared memory of one block: ``stages`` buffers of the k-major A tile
        (bk x (bm + pad)) and B tile (bk x (bn + pad))."""
        if self.engine == "mma_tf32":
            return _mma_rules().shared_bytes(self, dtype)
        pad = pad_elems(dtype)
        return self.stages * self.bk * (self.bm + pad + self.bn + pad) * DTYPES[dtype]

    def registers(self, dtype: str = "float32") -> int:
        """Estimated registers per thread: accumulators tm*tn, two sets of fragments
        (tm + tn, the next k step's loaded while this one computes), the register-staged
        tile elements of a k-contiguous operand, all times the dtype's 32-bit words, plus
        addressing."""
        if self.engine == "mma_tf32":
            return _mma_rules().registers(self)
        words = DTYPES[dtype] // 4
        staged = -(-(self.bm + self.bn) * self.bk // max(1, self.threads)) if self.tload == 1 else 0
        # addressing counted per word too: measured with NVRTC 13 for sm_90, 8 x 8 doubles per
        # thread take 230-255 registers and spill at some sizes (the estimate refuses them)
        frags = (self.frags + 1) * (self.tm + self.tn)
        return (self.tm * self.tn + frags + staged + ADDRESS_REGISTERS) * words

    # ---- validity ------------------------------------------------------------------------
    def refusals(self, dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
        """Why this scheme cannot run a ``dtype`` GEMM of sizes m x n x k: one line per
        reason, empty where it can."""
        bad = _field_problems(self)
        if bad:
            return bad
        if self.engine == "mma_tf32":
            return _mma_rules().refusals(self, dtype, m, n, k)
        out = []
        if dtype not in DTYPES:
            out.append(f"dtype {dtype!r}: the GEMM emitter builds float32 and float64")
        if self.engine not in ENGINES:
            out.append(f"engine {self.engine!r} is unknown (engines: {', '.join(ENGINES)})")
        elif self.engine not in BUILT_ENGINES:
            out.append(f"engine {self.engine!r} is not built yet (TF32 mma.sync comes next); use 'ffma'")
        out += self._knob_refusals()
        if self.splitk > 1 and k > 0 and self.splitk > -(-k // self.bk):
            out.append(f"splitk={self.splitk} is more than the {-(-k // self.bk)} k tiles of k={k} (bk={self.bk}): "
                       "a split would get no k tile")
        if self.bm % self.tm:
            out.append(f"bm={self.bm} is not a multiple of tm={self.tm}")
        if self.bn % self.tn:
            out.append(f"bn={self.bn} is not a multiple of tn={self.tn}")
        if out and dtype not in DTYPES:
            return out
        if not (self.bm % self.tm or self.bn % self.tn):
            out += self._thread_refusals()
        if dtype in DTYPES:
            out += self._dtype_refusals(dtype)
            out += self._size_refusals(dtype, m, n, k)
        return out

    def _size_refusals(self, dtype: str, m: int, n: int, k: int) -> list:
        """A 16-column thread tile (8 x 16) with the transposing operand through registers
        (tload 1) at sizes that are not multiples of a 16-byte vector: the copies become
        element-wide and NVRTC 13 spills (sm_90: 129 x 67 x 33 and 2047 x 2049 x 1023 take 255
        registers and spill 28-104 B, where 1000 and 4096 take 221-251 and none)."""
        v = vector_elems(dtype)
        if self.engine == "ffma" and self.tn >= 16 and self.tload == TLOAD_REGISTERS \
                and any(d % v for d in (m, n, k) if d):
            return [f"{self.tm} x {self.tn} per thread needs m, n and k multiples of {v} (16-byte copies): "
                    f"{m} x {n} x {k} makes the copies element-wide and spills"]
        return []

    def _knob_refusals(self) -> list:
        """Reasons for the pipeline knobs (frags, min_blocks, store_vec, tload)."""
        out = []
        if self.frags not in (1, 2):
            out.append(f"frags={self.frags}: register fragments are single (1) or double buffered (2)")
        if self.min_blocks > 4:
            out.append(f"min_blocks={self.min_blocks}: at most 4 blocks per SM are asked for")
        if self.store_vec not in (1, 2, 4):
            out.append(f"store_vec={self.store_vec}: stores are of 1, 2 or 4 elements")
        if self.splitk > MAX_SPLITK:
            out.append(f"splitk={self.splitk}: at most {MAX_SPLITK} blocks share one output tile")
        if self.tload not in (TLOAD_REGISTERS, TLOAD_ASYNC):
            out.append(f"tload={self.tload}: the transposing operand is loaded through registers (1) "
                       f"or by cp.async (2)")
        return out

    def _thread_refusals(self) -> list:
        t = self.threads
        if t > MAX_THREADS:
            return [f"{t} threads per block (bm/tm x bn/tn = {self.bm // self.tm} x "
                    f"{self.bn // self.tn}) exceed {MAX_THREADS}"]
        if t % 32:
            return [f"{t} threads per block (bm/tm x bn/tn = {self.bm // self.tm} x "
                    f"{self.bn // self.tn}) is not a multiple of 32 (whole warps)"]
        return []

    def _dtype_refusals(self, dtype: str) -> list:
        out, v = [], vector_elems(dtype)
        smem = self.shared_bytes(dtype)
        if smem > MAX_SHARED:
            out.append(f"shared memory {smem} B per block (stages={self.stages} x bk={self.bk} x "
                       f"(bm+bn+pads)) is over the {MAX_SHARED} B limit")
        regs = self.registers(dtype)
        if regs > MAX_REGISTERS:
            out.append(f"about {regs} registers per thread ({self.tm}x{self.tn} {dtype} accumulators "
                       f"+ fragments + staging + addressing) is over {MAX_REGISTERS}")
        cap = 65536 // max(1, self.threads * self.min_blocks)
        # the estimate runs high (136 and 152 for float32 schemes that fit 128 without spills);
        # float64 128 x 64 x 16 (184) spilled under the cap of 128
        if self.min_blocks > 1 and regs > 1.2 * cap:
            out.append(f"min_blocks={self.min_blocks} caps registers at {cap} per thread, well under the "
                       f"about {regs} this {dtype} scheme needs: ptxas would spill")
        for name, val in (("bm", self.bm), ("bn", self.bn), ("bk", self.bk)):
            if val % v:
                out.append(f"{name}={val} is not a multiple of {v} (one 16-byte vector of {dtype}): "
                           f"the loader copies whole vectors")
        if self.store_vec > 1 and (self.store_vec > v or min(self.tm, self.tn, v) % self.store_vec):
            out.append(f"store_vec={self.store_vec}: a store covers at most one 16-byte vector of "
                       f"{dtype} ({v}) inside one thread's fragment run (tm={self.tm}, tn={self.tn})")
        live = (self.tm * self.tn + (self.frags + 1) * (self.tm + self.tn)) * (DTYPES[dtype] // 4)
        if self.min_blocks > 1 and live * self.min_blocks * self.threads > 65536:
            out.append(f"min_blocks={self.min_blocks}: {self.min_blocks} blocks of {self.threads} threads "
                       f"with {live} registers of accumulators and fragments each are over the 65536 "
                       f"registers of an SM")
        for name, val in (("tm", self.tm), ("tn", self.tn)):
            if val % v and v % val:
                out.append(f"{name}={val} neither divides nor is a multiple of {v}: fragments are "
                           f"read from shared memory as vectors")
        t = self.threads
        if t and t % 32 == 0 and not (self.bm % v or self.bn % v or self.bk % v):
            for op, rows in (("A", self.bm), ("B", self.bn)):
                vecs = rows * self.bk // v
                if vecs % t:
                    out.append(f"the {op} tile ({rows} x bk={self.bk}) holds {vecs} vectors of {v} "
                               f"{dtype}, not a multiple of the {t} threads: each thread copies the "
                               f"same whole number of vectors")
        return out

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


def _mma_rules():
    """The mma_tf32 engine's rules (imported late: they import nothing of this module)."""
    from . import mma_rules as gemm_mma_rules
    return gemm_mma_rules


# ---- the variants a search starts from -------------------------------------------------------
_CANDIDATES = (
    dict(),                                            # the default first
    # the best measured on the H200 (0.91x cuBLAS at 4096 and 8192, gemm_emit_probe2_h200.json)
    dict(bn=256, tn=16, bk=16, stages=3),
    dict(stages=3), dict(stages=4), dict(raster=8), dict(bk=16),
    dict(bm=256, bn=128, tm=16, tn=8), dict(bm=128, bn=64, tm=8, tn=8),
    dict(bm=64, bn=64, tm=8, tn=4), dict(bm=64, bn=64, bk=16, tm=4, tn=4, stages=3),
    # small sizes (1024: 0.91x cuBLAS for 64 x 128, gemm_emit_probe_small_h200.json)
    dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3), dict(bk=16, stages=3, min_blocks=2),
    dict(bm=128, bn=64, bk=16, tm=8, tn=4, stages=3), dict(bm=64, bn=64, bk=16, tm=8, tn=4, stages=3),
    # split-k: more blocks for grids that leave SMs idle (small m x n, long k)
    dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=2), dict(bm=64, bn=128, bk=16, tm=8, tn=8, stages=3, splitk=4),
    dict(bn=256, tn=16, bk=16, stages=3, splitk=2),
)


#: split-k candidates are searched only below this many output tiles (two waves of 132 SMs): the
#: model counts the partial tiles' traffic as overlapped, but at n = 4096 SYMM's split-k 4 plan ran
#: 42 TFLOP/s against 44.8 without (H200, balance_s17 / blas3_s16)
SPLITK_TILES = 264


def default_scheme(dtype: str = "float32") -> GemmScheme:
    """The scheme a first call runs without tuning: 128 x 128 x 8, 8 x 8 per thread for
    float32; 128 x 64 x 8, 8 x 4 per thread for float64 (8 x 8 doubles is over the registers)."""
    return GemmScheme() if dtype != "float64" else GemmScheme(bn=64, tn=4)


def variants(dtype: str = "float32", m: int = 0, n: int = 0, k: int = 0) -> list:
    """A small list of sensible schemes for ``dtype`` and m x n x k, those with refusals
    dropped, the default first."""
    out = []
    for kw in _CANDIDATES:
        s = dataclasses.replace(default_scheme(dtype), **kw)
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
