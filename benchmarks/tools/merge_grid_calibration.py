"""Merge the grid environments of a calibration measured on the device (second argument) into
the shipped one (first argument): ``python benchmarks/tools/merge_grid_calibration.py
src/kfuse/model/calibrations/nvidia_h200.json out/nvidia_h200.json``."""
import json, sys
p = sys.argv[1]; src = sys.argv[2]
a = json.load(open(p)); b = json.load(open(src))
a['env_factor'] = {k: v for k, v in a['env_factor'].items() if not k.startswith('grid')}
a['env_factor'].update({k: v for k, v in b['env_factor'].items() if k.startswith('grid')})
a['measured'] = len(a['env_factor'])
open(p, 'w').write(json.dumps(a, indent=1) + "\n")
print(sum(k.startswith('grid') for k in a['env_factor']), 'grid environments')
