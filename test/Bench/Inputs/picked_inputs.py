"""Prints, for each prepared case of utils/gpu-check.py whose name matches
argv[2], its tolerance and the distinct bit patterns of its first input
(f32), so that a test can check what `gen:...:pick(...)` drew."""
import json
import os
import re
import struct
import sys

root, pattern = sys.argv[1], sys.argv[2]
manifest = json.load(open(os.path.join(root, "manifest.json")))
for case in manifest["cases"]:
    if not re.search(pattern, case["name"]):
        continue
    data = open(os.path.join(root, case["dir"], case["args"][0]["file"]),
                "rb").read()
    header = struct.unpack("<H", data[8:10])[0]
    body = data[10 + header:]
    words = struct.unpack("<%dI" % (len(body) // 4), body)
    print(case["tol"], " ".join("%08x" % w for w in sorted(set(words))))
