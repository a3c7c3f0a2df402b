"""pyproject.toml and the stdlib build backend (pip install ./python)."""

import importlib.util
import os
import shutil
import tempfile
import unittest
import zipfile

import support

import cuda_tile_bytecode


def _backend():
    path = os.path.join(support.PYTHON_DIR, "build_backend", "ctb_build.py")
    spec = importlib.util.spec_from_file_location("ctb_build", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Packaging(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ctb-pkg-")
        self.addCleanup(shutil.rmtree, self.tmp)

    def test_version_matches(self):
        project, scripts = _backend()._meta()
        self.assertEqual(project["version"], cuda_tile_bytecode.__version__)
        self.assertEqual(project["requires-python"], ">=3.9")
        self.assertEqual(scripts, {"cuda-tile-bytecode": "cuda_tile_bytecode.__main__:main_entry"})

    def test_wheel_contents(self):
        backend = _backend()
        self.assertEqual(backend.get_requires_for_build_wheel(), [])
        name = backend.build_wheel(self.tmp)
        with zipfile.ZipFile(os.path.join(self.tmp, name)) as wheel:
            names = set(wheel.namelist())
            record = wheel.read("cuda_tile_bytecode-%s.dist-info/RECORD"
                                % cuda_tile_bytecode.__version__).decode()
        package = os.path.join(support.PYTHON_DIR, "cuda_tile_bytecode")
        for module in os.listdir(package):
            if module.endswith(".py"):
                self.assertIn("cuda_tile_bytecode/" + module, names)
                self.assertIn("cuda_tile_bytecode/%s,sha256=" % module, record)


if __name__ == "__main__":
    unittest.main()
