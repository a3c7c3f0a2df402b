"""Rewrites a bytecode file with its first function's location (a di_loc)
moved 2^32 lines and 3 * 2^32 columns on, numbers a 32-bit field cannot
hold (the reference reader keeps their low 32 bits).

  wide-debug-line.py IN OUT
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "python"))
import cuda_tile_bytecode as bytecode  # noqa: E402
from cuda_tile_bytecode.model import DILoc  # noqa: E402

module = bytecode.read_file(sys.argv[1])
function = module.functions[0]
loc = function.location
function.location = DILoc(scope=loc.scope, filename=loc.filename,
                          line=loc.line + 2**32, column=loc.column + 3 * 2**32)
bytecode.write_file(module, sys.argv[2])
