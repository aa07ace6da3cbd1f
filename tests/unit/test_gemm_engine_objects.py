"""GEMM engines as objects: the spaces, the model and the checks ask the engine a scheme names;
a new engine registered in the registry is offered by the gemm space and priced by the model
with no other edit."""
from kfuse import config
from kfuse.codegen import gemm
from kfuse.model.calibration import Calibration
from kfuse.spaces.gemm import engines
from kfuse.spaces.gemm.engines import ffma
from kfuse.spaces.gemm.model import engine_rate
from kfuse.spaces.gemm.scheme import GemmScheme
from kfuse.spaces.gemm.space import engine_refusal, engine_variants, product_engine


class ToyDmma(ffma.FfmaEngine):
    """A float64 engine with FFMA's block rules, twice FFMA's float64 rate, no split-k."""

    name = "toy_dmma"
    dtypes = ("float64",)
    splits_k = False
    share = {"float64": 1.0}

    def candidates(self, dtype, m=0, n=0, k=0):
        return [dict(engine=self.name, bn=64, tn=4)]


def test_both_registries_list_the_same_engines():
    assert engines.names() == tuple(gemm.ENGINES) == ("ffma", "mma_tf32", "mma_f64", "mma_tf32x3")
    assert engines.get("mma_tf32").precision == "tf32" and not engines.get("mma_tf32").runs_reductions
    assert engines.find("wmma") is None


def test_the_scheme_asks_its_engine():
    mma = GemmScheme(engine="mma_tf32", bm=128, bn=128, bk=32, stages=3)
    assert mma.threads == engines.get("mma_tf32").threads(mma) == 256
    assert GemmScheme().threads == 256
    assert any("float64" in r for r in mma.refusals("float64"))


def test_a_registered_engine_is_offered_and_priced(monkeypatch):
    toy = ToyDmma()
    monkeypatch.setattr(engines, "ENGINES", engines.ENGINES + (toy,))
    with config.override(precision="ieee"):
        offered = engine_variants("float64", 1024, 1024, 1024)
        assert GemmScheme(engine="toy_dmma", bn=64, tn=4) in offered
        assert product_engine("float64").name == "ffma"   # the registry's order: ffma first
        assert engine_refusal(GemmScheme(engine="toy_dmma"), "float64") is None
        assert engine_refusal(GemmScheme(engine="toy_dmma"), "float32") is not None
    cal = Calibration()   # the built-in figures: no measured engine rates
    assert engine_rate(cal, "toy_dmma/float64") == 2 * engine_rate(cal, "ffma/float64")
