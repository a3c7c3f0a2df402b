"""A stand-in for libcuda.so.1 (loaded through PYTHONPATH by
gpu-check-runner.test): every driver call succeeds, device memory reads back
as zeros, and the kernel launches whose 1-based number within a process is
listed in FAKE_CUDA_FAULTS fail like a misaligned access (error 716)."""

import ctypes
import os

_real_cdll = ctypes.CDLL


class _FakeDriver(object):
    def __init__(self):
        self.launches = 0
        self.faults = {int(n) for n in
                       os.environ.get("FAKE_CUDA_FAULTS", "").split(",") if n}

    def __getattr__(self, name):
        def call(*args):
            if name == "cuDeviceGetAttribute":
                args[0]._obj.value = 9
            if name == "cuCtxSynchronize":
                self.launches += 1
                if self.launches in self.faults:
                    return 716
            return 0
        return call


def _cdll(name, *args, **kwargs):
    if name == "libcuda.so.1":
        return _FakeDriver()
    return _real_cdll(name, *args, **kwargs)


ctypes.CDLL = _cdll
