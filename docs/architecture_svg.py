"""Draws docs/architecture.svg: kfuse's floors (packages, imports one way), the named stages the
driver runs, and the kind families that span spaces/ and codegen/.

    python docs/architecture_svg.py      # rewrites docs/architecture.svg
"""
from __future__ import annotations

import os

FLOORS = [("ir/", "values, calls, graph"), ("frontend/ library/", "trace, scripts; functions"),
          ("spaces/", "kinds of kernel"), ("fusion/", "legality, search, plan"),
          ("model/", "traffic → seconds"), ("codegen/", "bodies → CUDA"),
          ("runtime/", "NVRTC, cache, launch"), ("pipeline/", "the driver"),
          ("api cli", "jit, scripts, CLI")]
STAGES = ["program", "graph", "plan", "kernels", "cuda", "cubin", "executable"]
FAMILIES = [("pointwise", ["scalar.py vec.py", "tile.py rows.py"], ["pointwise/"], "maps, reductions, SpMV"),
            ("grid", ["grid/space.py frame.py", "grid/halo/: strategies"], ["grid/lower.py"], "stencils, halos"),
            ("gemm", ["gemm/space.py scheme.py", "gemm/engines/: ffma, mma_tf32"], ["gemm/: spec, epilogue,", "    engines ffma and mma"],
             "BLAS-3 products"),
            ("trsm", ["trsm/space.py choices.py", "trsm/explain.py"], ["trsm/: leaf, inverse"], "triangular solves")]
SHARED = ["spaces/: base (Space protocol, hooks), facts (ProgramInfo, stored), registry",
          "codegen/: body, emitter, finish, memory, render, registry (lowering per space)"]
X0, Y0, BW, BH, GAP = 20, 60, 114, 56, 12


def _box(x, y, w, h, fill, stroke, dashed=False) -> str:
    dash = ' stroke-dasharray="6,4"' if dashed else ""
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}"{dash}/>'


def _text(x, y, s, anchor="start", **style) -> str:
    attrs = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in style.items())
    return f'<text x="{x}" y="{y}" text-anchor="{anchor}"{attrs}>{s}</text>'


def floor_row() -> list:
    """The packages left to right (each imports only those on its left)."""
    out = []
    for i, (name, what) in enumerate(FLOORS):
        x = X0 + i * (BW + GAP)
        out += [_box(x, Y0, BW, BH, "#e8f0fe", "#3367d6"),
                _text(x + BW / 2, Y0 + 24, name, "middle", font_weight="bold", font_size=12),
                _text(x + BW / 2, Y0 + 42, what, "middle", fill="#555", font_size=10)]
        if i:
            out.append(f'<line x1="{x - 2}" y1="{Y0 + BH / 2}" x2="{x - GAP}" y2="{Y0 + BH / 2}" '
                       'stroke="#444" marker-end="url(#arr)"/>')
    return out


def stage_row(y: int) -> list:
    """The stages pipeline/stages.py lists, in order (kfuse stages writes each one's artifact)."""
    out = [_text(X0, y - 8, "pipeline/stages.py: the one stage list (exe.stages; kfuse stages numbers its files from it)",
                 font_weight="bold")]
    w = 140
    for i, name in enumerate(STAGES):
        x = X0 + i * (w + 18)
        out += [_box(x, y, w, 30, "#fef7e0", "#f9ab00"), _text(x + w / 2, y + 20, name, "middle")]
        if i:
            out.append(f'<line x1="{x - 18}" y1="{y + 15}" x2="{x - 2}" y2="{y + 15}" stroke="#444" '
                       'marker-end="url(#arr)"/>')
    return out


def family_row(y: int) -> list:
    """One column per kind family: its spaces/ part above its codegen/ part."""
    out = [_text(X0, y - 8, "kind families: one folder (or file) in spaces/ and one in codegen/; a family imports "
                 "only itself and what it is built on (trsm on gemm)", font_weight="bold")]
    w = 262
    for i, (name, space, code, what) in enumerate(FAMILIES):
        x = X0 + i * (w + 14)
        out += [_box(x, y, w, 150, "#e6f4ea", "#188038"),
                _text(x + w / 2, y + 22, name, "middle", font_weight="bold"),
                _text(x + w / 2, y + 40, what, "middle", fill="#555", font_size=11)]
        out += [_text(x + 12, y + 62 + j * 17, f"spaces/{s}", font_size=12) for j, s in enumerate(space)]
        out += [_text(x + 12, y + 112 + j * 17, c if c.startswith(" ") else f"codegen/{c}", font_size=12)
                for j, c in enumerate(code)]
    return out


def svg() -> str:
    """The whole drawing."""
    w, h, sy, fy, ly = 1180, 500, 170, 255, 440
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           'font-family="Helvetica, Arial, sans-serif" font-size="13">',
           '<defs><marker id="arr" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto">'
           '<path d="M0,0 L10,4 L0,8 z" fill="#444"/></marker></defs>',
           '<rect width="100%" height="100%" fill="white"/>',
           _text(20, 28, "kfuse: floors (imports run right to left), the driver's stages, the kind families",
                 font_size=18, font_weight="bold")]
    out += floor_row() + stage_row(sy) + family_row(fy)
    out += [_text(X0, ly + 20 * i, line, fill="#333") for i, line in enumerate(
        SHARED + ["tests/unit/test_layers.py checks the floors, the families and that model/ names no kind."])]
    return "\n".join(out + ["</svg>"]) + "\n"


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "architecture.svg")
    with open(path, "w") as f:
        f.write(svg())
    print(path)
