"""``python -m kfuse.bench``: the benchmark CLI."""
import sys

from .runner import main

sys.exit(main())
