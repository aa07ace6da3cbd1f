"""Draws docs/architecture.svg: kfuse's named stages and the spaces they consult.

    python docs/architecture_svg.py      # rewrites docs/architecture.svg
"""
from __future__ import annotations

import os

STAGES = [("trace / parse", "frontend/", "program"), ("graph", "ir/", "graph"),
          ("plan", "fusion/ + model/", "plan"), ("kernel bodies", "codegen/lower_*", "bodies"),
          ("CUDA", "codegen/render", "cuda"), ("cubin", "runtime/nvrtc, cache", "cubin"),
          ("executable", "runtime/", "launch spec")]
SPACES = [("scalar", "one thread", False), ("vec", "1-D grid: maps, reductions", False),
          ("tile", "2-D grid over a matrix", False), ("rows", "sparse rows: SpMV", False),
          ("stencil", "issue 19: 3-D grid, halos", True), ("gemm", "issue 20: BLAS-3 tiles", True)]
OWNS = ("domain (or why not)", "param schema, validate", "variants + restrictions",
        "launch geometry", "traffic (bytes)")
X0, Y0, BW, BH, GAP = 20, 60, 140, 70, 25


def _box(x, y, w, h, fill, stroke, dashed=False) -> str:
    dash = ' stroke-dasharray="6,4"' if dashed else ""
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}"{dash}/>'


def _text(x, y, s, anchor="start", **style) -> str:
    attrs = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
    return f'<text x="{x}" y="{y}" text-anchor="{anchor}"{attrs}>{s}</text>'


def stage_row() -> list:
    """The stages left to right, each with its package and artifact."""
    out = []
    for i, (name, where, art) in enumerate(STAGES):
        x = X0 + i * (BW + GAP)
        out += [_box(x, Y0, BW, BH, "#e8f0fe", "#3367d6"),
                _text(x + BW / 2, Y0 + 25, name, "middle", font_weight="bold"),
                _text(x + BW / 2, Y0 + 44, where, "middle", fill="#555"),
                _text(x + BW / 2, Y0 + 61, f"→ {art}", "middle", fill="#888", font_style="italic")]
        if i:
            out.append(f'<line x1="{x - GAP}" y1="{Y0 + BH / 2}" x2="{x - 2}" y2="{Y0 + BH / 2}" '
                       'stroke="#444" marker-end="url(#arr)"/>')
    return out


def space_row(sy: int) -> list:
    """One column per space: what its module owns, and its lowering file below."""
    out = [_text(X0, sy - 8, "spaces/: one module per kind of kernel (spaces.register; codegen.register_lowering)",
                 font_weight="bold")]
    sw = 180
    for i, (name, what, future) in enumerate(SPACES):
        x = X0 + i * (sw + 12)
        fill, stroke = ("#f1f3f4", "#9aa0a6") if future else ("#e6f4ea", "#188038")
        out += [_box(x, sy, sw, 150, fill, stroke, future),
                _text(x + sw / 2, sy + 22, f"spaces/{name}.py", "middle", font_weight="bold"),
                _text(x + sw / 2, sy + 40, what, "middle", fill="#555", font_size=11)]
        out += [_text(x + 10, sy + 62 + j * 17, f"• {item}", font_size=11.5) for j, item in enumerate(OWNS)]
        out += [f'<line x1="{x + sw / 2}" y1="{sy + 150}" x2="{x + sw / 2}" y2="{sy + 163}" stroke="{stroke}"/>',
                _box(x + 14, sy + 165, sw - 28, 30, "white", stroke, future),
                _text(x + sw / 2, sy + 185, f"codegen/lower_{name}.py", "middle", font_size=12)]
    return out


def svg() -> str:
    """The whole drawing."""
    w, h, fy, sy, ly = 1180, 560, 170, 250, 490
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'font-family="Helvetica, Arial, sans-serif" font-size="13">',
           '<defs><marker id="arr" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto">'
           '<path d="M0,0 L10,4 L0,8 z" fill="#444"/></marker></defs>',
           '<rect width="100%" height="100%" fill="white"/>',
           _text(20, 28, "kfuse: named stages (exe.stages, kfuse stages) and the spaces they consult",
                 font_size=18, font_weight="bold")]
    out += stage_row()
    out += [_box(X0, fy, 7 * BW + 6 * GAP, 42, "#fef7e0", "#f9ab00"),
            _text(X0 + 10, fy + 26, "<tspan font-weight=\"bold\">spaces/facts.py ProgramInfo</tspan>: once per bound "
                  "program, each call's function, output, dtype, domain, producers and readers, for legality, "
                  "search, model and codegen")]
    out += space_row(sy)
    for stage in (2, 3):   # the plan and the kernel bodies consult the spaces
        x = X0 + stage * (BW + GAP) + BW / 2
        out.append(f'<line x1="{x}" y1="{fy}" x2="{x}" y2="{Y0 + BH + 2}" stroke="#188038" '
                   'stroke-dasharray="3,3" marker-end="url(#arr)"/>')
    out += [_text(X0, ly, "Imports run one way: ir ← platform, frontend, library ← spaces ← fusion (legality, search, plan "
                  "data) ← model (traffic → seconds, calibration)", fill="#333"),
            _text(X0, ly + 20, "← codegen (structured body, shared finishes and memory pieces, one lowering per "
                  "space, renderer) ← runtime (NVRTC, cache, launch spec, stub) ← api / cli.", fill="#333"),
            _text(X0, ly + 40, "A new kind of kernel is one space module and one lowering file; dashed: the next "
                  "two (issues 19 and 20).", fill="#333"), "</svg>"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "architecture.svg")
    with open(path, "w") as f:
        f.write(svg())
    print(path)
