"""Programs: values, calls to elementary functions, and the data-dependency graph.

A :class:`Program` is in SSA form: every value is written by at most one call,
inputs and constants by none.  A script that assigns a name twice gets two
values (``B`` and ``B.1``); ``user_name`` keeps the name the user wrote.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re

from .. import files
from ..errors import KfuseError
from .types import ArrayType

JSON_VERSION = 1
#: the longest name of a program, a value or a kernel, in characters (NVRTC aborts the whole
#: process on identifiers of about 100,000)
MAX_NAME_CHARS = 128


def check_name_length(name: str, what: str) -> None:
    """One KfuseError if ``name`` (of a ``what``: 'value', 'program', 'kernel') is longer than
    MAX_NAME_CHARS."""
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
        raise KfuseError(f"{what} name of {len(name)} characters ({name[:20]}...): names have at most "
                         f"{MAX_NAME_CHARS}")


def _num_to_json(x):
    if isinstance(x, complex):
        return {"re": x.real, "im": x.imag}
    return x


def _num_from_json(x):
    if isinstance(x, dict):
        return complex(x["re"], x["im"])
    return x


@dataclasses.dataclass
class Value:
    """A typed value of the program.

    role: ``input`` (given by the caller), ``temp`` (written by a call) or
    ``const`` (a literal, ``const`` holds it).  ``view_of`` names the value a
    view shares memory with: a transpose (``window`` None) or a *window* (a basic slice
    ``u[1:-1, 2:]``): ``window`` holds one ``(start, stop)`` per axis of the base, so element
    ``p`` of the view is element ``p + start`` of the base.  ``host`` marks a scalar input passed
    by value from the host rather than as a 0-d device array.  ``copy_of``
    marks a host scalar input the caller does not pass: it is filled from input
    ``copy_of`` (the same Python number, in this value's element type), so one
    Python-number argument can meet both real and complex operands.
    """

    name: str
    type: ArrayType
    role: str = "temp"
    const: object = None
    view_of: str | None = None
    host: bool = False
    user_name: str | None = None
    copy_of: str | None = None
    window: tuple | None = None

    @property
    def offset(self) -> tuple:
        """Where a window view starts in its base, per axis (zeros for other values)."""
        return tuple(a for a, _ in self.window) if self.window else (0,) * self.type.rank

    @property
    def display(self) -> str:
        return self.user_name or self.name

    def to_json(self) -> dict:
        d = {"name": self.name, "type": self.type.to_json(), "role": self.role}
        if self.const is not None:
            d["const"] = _num_to_json(self.const)
        if self.view_of:
            d["view_of"] = self.view_of
        if self.host:
            d["host"] = True
        if self.user_name is not None:
            d["user_name"] = self.user_name
        if self.copy_of:
            d["copy_of"] = self.copy_of
        if self.window is not None:
            d["window"] = [list(w) for w in self.window]
        return d

    @staticmethod
    def from_json(d: dict) -> "Value":
        return Value(d["name"], ArrayType.from_json(d["type"]), d.get("role", "temp"),
                     _num_from_json(d.get("const")), d.get("view_of"), d.get("host", False),
                     d.get("user_name"), d.get("copy_of"),
                     tuple(tuple(int(a) for a in w) for w in d["window"]) if d.get("window") is not None else None)


@dataclasses.dataclass
class Call:
    """One call of an elementary function: ``outs = fn(args)``.

    ``args``/``outs`` map the function's parameter names to value names.
    ``label`` is the source text shown in graphs, plans and generated code;
    ``loc`` the (line, column) it came from, if any.  ``at``: for ``assign``, the window of
    the output its new values replace (one ``(start, stop)`` per axis); None otherwise.
    """

    id: int
    fn: str
    args: dict
    outs: dict
    label: str = ""
    loc: tuple | None = None
    at: tuple | None = None

    @property
    def out(self) -> str:
        """The name of the call's output value (its first, for a function of several)."""
        return next(iter(self.outs.values()))

    @property
    def name(self) -> str:
        """Identifier used for kernels and routines: ``<first output>_<fn>``."""
        first = next(iter(self.outs.values()), f"c{self.id}")
        base = c_chars(first)
        return f"{base}_{self.fn}"

    def to_json(self) -> dict:
        d = {"id": self.id, "fn": self.fn, "args": dict(self.args), "outs": dict(self.outs),
             "label": self.label}
        if self.loc:
            d["loc"] = list(self.loc)
        if self.at is not None:
            d["at"] = [list(w) for w in self.at]
        return d

    @staticmethod
    def from_json(d: dict) -> "Call":
        return Call(d["id"], d["fn"], dict(d["args"]), dict(d["outs"]), d.get("label", ""),
                    tuple(d["loc"]) if d.get("loc") else None,
                    tuple(tuple(int(a) for a in w) for w in d["at"]) if d.get("at") is not None else None)


#: names C, C++ and CUDA own at file scope: keywords, CUDA's built-in variables, macros (NULL),
#: C library and CUDA math functions, vector types and intrinsics the generated code calls (a
#: parameter named fma hid the function in the GEMM epilogue); no value nor kernel takes them
C_NAMES = frozenset("""
auto bool break case catch char class const continue default delete do double else enum extern false float
for friend goto if inline int long namespace new operator private protected public register return short
signed sizeof static struct switch template this throw true try typedef typename union unsigned using
virtual void volatile while half min max abs sqrt exp threadIdx blockIdx blockDim gridDim warpSize
alignas alignof asm constexpr consteval constinit decltype explicit export mutable noexcept nullptr
static_assert thread_local wchar_t char8_t char16_t char32_t concept requires co_await co_return co_yield
dynamic_cast reinterpret_cast static_cast const_cast typeid and or not xor bitand bitor compl and_eq or_eq
not_eq xor_eq size_t defined
NULL INFINITY NAN HUGE_VAL HUGE_VALF FLT_MAX DBL_MAX EOF assert printf malloc free memcpy memset main
fma fmaf fabs fabsf sqrtf expf exp2 exp2f expm1 log logf log2 log10 log1p pow powf cbrt hypot hypotf
sin sinf cos cosf tan tanf sinh cosh tanh tanhf asin acos atan atan2 erf erfc floor ceil round trunc
rint fmin fmax fminf fmaxf fmod copysign isnan isinf isfinite signbit rsqrt rsqrtf
atomicAdd atomicCAS atomicExch atomicMax atomicMin clock clock64 std cuda
float2 float3 float4 double2 double3 double4 int2 int3 int4 uint2 uint3 uint4 longlong2 dim3
make_float2 make_float4 make_double2 make_int2 make_int4 make_uint2 make_uint4
""".split())

# names the generated code uses for its own locals, plus C/CUDA words (C_NAMES)
RESERVED = C_NAMES | frozenset("""
S F N BX BY KS VEC TF TS ITERS GX GY GRID BS ITEMS tx ty sb fb it k v s f i e b r x y a acc lo hi idx_t T R
ZC X0 Y0 Z0 W0 NBX NBY NBZ NBW
M K BM BN BK TM TN TX TY WM WN WX MI NI AF BF ASC ASR BYTES GM GN KTILES RASTER SPLITK STAGES THREADS NB NN
A_COPIES A_LD A_SK A_STAGE A_SX B_COPIES B_LD B_SK B_STAGE B_SX
tid lane warp row0 col0 pid pid_m pid_n kt kt0 nkt klo khi kchunk split group first_m rows_in_group As Bs tile product
A2_COPIES A2_LD A2_SK A2_SX ALL_F ALL_S A_in0 B2_COPIES B2_LD B2_SK B2_SX D G LD PACK PX PY ROWS SUB W
af as base bf bs c co col d dst f0 g i0 idx in j k0 kg kk kq kr live mi mirror more ni o off ok on per q
r0 red ro row rows s0 sk src step sub sum t tc tg total tr valid w wcol wrow xg xq xr
""".split())   # the first lines: the vector, tile and stencil emitters' constants and locals; then the
# GEMM / TRSM emitters' constants and function-scope locals; the last: every other local an emitter
# declares (collected with kfuse.codegen.shadow.declared over the golden corpus, 150 fuzz programs
# and the BLAS-3 routines in both precisions; codegen.module.check_names refuses a kernel where a
# value's name still meets a local: gemm(A, B, alpha=j) once scaled column j by j)


# the generated code derives names for its own locals and routines by appending ``_`` and a
# lowercase word to an identifier (``A_e`` holds elements of ``A``, ``r_acc`` partial sums of
# ``r``, ``q_gemv_compute`` is a routine); identifiers must never look like that
_GENERATED_SUFFIX = re.compile(r"_[a-z]+$")
# names C and C++ keep for the implementation (``__global__``, ``__CUDA_ARCH__``, ``_Bool``)
_IMPLEMENTATION = re.compile(r"__|_[A-Z]")


def c_chars(name: str) -> str:
    """``name`` in the characters of a C identifier: ASCII letters, digits and ``_`` stay, any
    other ASCII character becomes ``_`` and any other character ``u`` and its code in hex
    (``α`` -> ``u3b1``: Python allows it in a name, NVRTC refuses it: "unrecognized token")."""
    return "".join(c if c.isascii() and (c.isalnum() or c == "_") else "_" if c.isascii() else f"u{ord(c):x}"
                   for c in name)


@functools.lru_cache(maxsize=1 << 16)
def _ident(name: str) -> str:
    """A C identifier made from a value name (``B.1`` -> ``B_1``; ``s`` -> ``s_``, which the
    generated code uses for an index).

    A trailing ``_`` is added to reserved words (C/C++ keywords, macros such as ``NULL``, the
    math functions and CUDA names the generated code uses), to names C keeps for the
    implementation (``__global__``, ``_Bool``), to the ``kf_`` prefix (any case: ``KF_``
    names the helpers' include guards), and to names ending
    in ``_`` plus a lowercase word (``A_e`` -> ``A_e_``: it cannot clash with the register
    array ``A_e`` of ``A``).  Names already ending in ``_`` get one more, which keeps the
    mapping one-to-one (``s`` -> ``s_``, ``s_`` -> ``s__``).
    """
    out = c_chars(name)
    out = out if out and not out[0].isdigit() else "v" + out
    if (out in RESERVED or out.lower().startswith("kf_") or out.endswith("_")
            or _GENERATED_SUFFIX.search(out) or _IMPLEMENTATION.match(out)):
        out += "_"
    return out


@dataclasses.dataclass
class Program:
    """A sequence of calls over typed values: the unit kfuse plans and compiles."""

    name: str
    values: dict
    inputs: list
    outputs: list
    calls: list
    sizes: dict = dataclasses.field(default_factory=dict)   # symbol bindings used by bind()
    #: input name -> the output holding its final value: the arguments the function writes
    #: (NumPy's ``u[1:-1] = ...`` on an argument), updated in place for the caller
    writes: dict = dataclasses.field(default_factory=dict)
    #: how many of the outputs, first, are the function's return values (the rest: final values
    #: of written arguments only); -1: all of them
    results: int = -1
    #: the global shape of a grid cut into blocks over ranks (:mod:`kfuse.distributed`), () on one
    #: GPU: every map and reduction over arrays of that shape is then a grid call (ranks run grid
    #: kernels only, each over its own points)
    grid: tuple = ()

    # ------------------------------------------------------------------ graph
    def value(self, name: str) -> Value:
        try:
            return self.values[name]
        except KeyError:
            raise KfuseError(f"program {self.name!r} has no value {name!r}") from None

    def base(self, name: str) -> str:
        """The value whose memory ``name`` uses (itself unless it is a view)."""
        v = self.values[name]
        return v.view_of if v.view_of else name

    def producers(self) -> dict:
        """Map value name -> id of the call that writes it."""
        return {out: c.id for c in self.calls for out in c.outs.values()}

    def extents(self, name: str) -> tuple:
        """The shape of value ``name`` with the program's bound sizes put in for their names."""
        return tuple(self.sizes.get(n, n) if isinstance(n, str) else n for n in self.value(name).type.shape)

    def call(self, cid: int) -> Call:
        return self.calls[cid]

    def graph(self) -> "Graph":
        """The data-dependency graph's indexes, computed once (keep it while the program
        does not change: :class:`Graph` is a snapshot)."""
        return Graph(self)

    def edges(self) -> list:
        """Data dependencies as (producer call id, consumer call id, value name)."""
        return list(self.graph().edges)

    def consumers(self) -> dict:
        """Map value name -> ids of the calls that read it (through views too)."""
        return {k: list(v) for k, v in self.graph().consumers.items()}

    def symbols(self) -> list:
        """Symbolic size names used by the program, in first-use order."""
        seen = []
        for v in self.values.values():
            for d in v.type.shape:
                if isinstance(d, str) and d not in seen:
                    seen.append(d)
        return seen

    @property
    def is_bound(self) -> bool:
        return all(v.type.is_bound for v in self.values.values())

    def bind(self, sizes: dict) -> "Program":
        """A copy with every symbolic dim replaced by its value in ``sizes``."""
        values = {n: dataclasses.replace(v, type=v.type.bind(sizes)) for n, v in self.values.items()}
        used = {k: int(v) for k, v in sizes.items() if k in self.symbols()}
        return dataclasses.replace(self, values=values, inputs=list(self.inputs),
                                   outputs=list(self.outputs),
                                   calls=[dataclasses.replace(c) for c in self.calls],
                                   sizes={**self.sizes, **used})

    # ------------------------------------------------------------------ output
    def describe(self) -> str:
        """Human-readable listing of the program and its graph."""
        lines = [f"program {self.name}"]
        deps_of: dict = {}
        for src, dst, _ in self.edges():
            deps_of.setdefault(dst, set()).add(src)
        for n in self.inputs:
            v = self.values[n]
            lines.append(f"  input  {v.display:<8} {v.type.describe()}{' (host scalar)' if v.host else ''}")
        for c in self.calls:
            deps = sorted(deps_of.get(c.id, ()))
            dep = f"   <- call {', '.join(map(str, deps))}" if deps else ""
            lines.append(f"  call {c.id:<3} {c.label or c.fn}{dep}")
        outs = ", ".join(self.values[o].display for o in self.outputs)
        lines.append(f"  return {outs}")
        return "\n".join(lines)

    def to_dot(self) -> str:
        """Graphviz DOT of the data-dependency graph: values as ellipses, calls as boxes."""
        lines = [f'digraph "{self.name}" {{', "  rankdir=TB;", '  node [fontname="Helvetica"];']
        used = set()
        for c in self.calls:
            used.update(self.base(v) for v in c.args.values())
            used.update(c.outs.values())
        used.update(self.outputs)
        for n, v in self.values.items():
            if n not in used or v.view_of:
                continue
            style = {"input": ',style=filled,fillcolor="#dbe9f6"', "const": ",shape=plaintext"}.get(v.role, "")
            if n in self.outputs:
                style += ",peripheries=2"
            label = v.display if v.role != "const" else repr(v.const)
            lines.append(f'  "{n}" [label="{label}\\n{v.type.describe()}"{style}];')
        for c in self.calls:
            lines.append(f'  "call:{c.id}" [shape=box,style="rounded,filled",fillcolor="#fde9c9",'
                         f'label="{c.id}: {c.fn}\\n{_escape(c.label)}"];')
            for p, v in c.args.items():
                at = self.values[v].window
                off = f" @{list(self.values[v].offset)}" if at else ""
                lines.append(f'  "{self.base(v)}" -> "call:{c.id}" [label="{p}{off}"];')
            for p, v in c.outs.items():
                lines.append(f'  "call:{c.id}" -> "{v}";')
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        return {"kfuse_program": JSON_VERSION, "name": self.name,
                "values": [v.to_json() for v in self.values.values()],
                "inputs": list(self.inputs), "outputs": list(self.outputs),
                "calls": [c.to_json() for c in self.calls], "sizes": dict(self.sizes)} | \
            ({"writes": dict(self.writes), "results": self.results} if self.writes else {}) | \
            ({"grid": list(self.grid)} if self.grid else {})

    @staticmethod
    def from_json(d) -> "Program":
        if isinstance(d, (str, bytes)):
            d = files.loads(d, "the program")
        if not isinstance(d, dict) or d.get("kfuse_program") != JSON_VERSION:
            raise KfuseError("not a kfuse program JSON (missing or wrong 'kfuse_program' version)")
        values = {}
        for vd in d["values"]:
            v = Value.from_json(vd)
            if not v.name.isprintable():   # generated code prints value names in its comments
                raise KfuseError(f"program JSON: value name {v.name!r} holds a character that is not printable")
            values[v.name] = v
        prog = Program(d["name"], values, list(d["inputs"]), list(d["outputs"]),
                       [Call.from_json(c) for c in d["calls"]], dict(d.get("sizes", {})))
        writes = d.get("writes", {})
        if not isinstance(writes, dict) or any(k not in prog.inputs or w not in prog.outputs
                                               for k, w in writes.items()):
            raise KfuseError("program JSON: 'writes' must map inputs to outputs holding their final values")
        prog.writes = dict(writes)
        results = d.get("results", -1)
        if isinstance(results, bool) or not isinstance(results, int) or not -1 <= results <= len(prog.outputs):
            raise KfuseError("program JSON: 'results' must be -1 or a count of outputs")
        prog.results = results
        grid = d.get("grid", [])
        if not isinstance(grid, list) or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in grid):
            raise KfuseError("program JSON: 'grid' must be a list of positive extents")
        prog.grid = tuple(grid)
        return prog

    def returned(self) -> list:
        """The outputs the function returns (the others only update written arguments)."""
        return list(self.outputs if self.results < 0 else self.outputs[:self.results])

    def fingerprint(self) -> str:
        """Stable hash of everything that defines the program's computation (not the ranks'
        :attr:`grid`: a plan made on one GPU is the same program's plan on ranks)."""
        text = json.dumps({k: v for k, v in self.to_json().items() if k != "grid"}, sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


class Graph:
    """Indexes of a program's data-dependency graph, each built once in one pass.

    ``producers``: value -> id of the call writing it; ``consumers``: value -> ids of the
    calls reading it (through views, in call order, one entry per argument); ``edges``:
    (producer, consumer, value) in call and argument order; ``succ`` / ``pred``: call id ->
    set of call ids it feeds / reads from; ``ordered``: every edge goes from a lower call id to
    a higher one (calls are in a topological order, as the front ends build them).
    A snapshot: build another after changing the program."""

    def __init__(self, program: Program):
        base = program.base
        self.producers = program.producers()
        self.consumers: dict = {}
        self.edges: list = []
        self.succ: dict = {c.id: set() for c in program.calls}
        self.pred: dict = {c.id: set() for c in program.calls}
        for c in program.calls:
            for v in c.args.values():
                b = base(v)
                self.consumers.setdefault(b, []).append(c.id)
                src = self.producers.get(b)
                if src is not None:
                    self.edges.append((src, c.id, b))
                    self.succ.setdefault(src, set()).add(c.id)
                    self.pred.setdefault(c.id, set()).add(src)
        self.ordered = all(src < dst for src, dst, _ in self.edges)

    def readers(self) -> dict:
        """Map value name -> set of ids of the calls that read it."""
        return {k: set(v) for k, v in self.consumers.items()}


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


ident = _ident
