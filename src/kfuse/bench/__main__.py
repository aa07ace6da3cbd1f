"""``python -m kfuse.bench``: the benchmark CLI."""
import sys

if "--stencils" in sys.argv[1:]:
    from .stencils import main as stencils_main
    sys.exit(stencils_main([a for a in sys.argv[1:] if a != "--stencils"]))
from .runner import main

sys.exit(main())
