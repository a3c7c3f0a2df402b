"""A stand-in for libcuda.so.1 (loaded through PYTHONPATH by
gpu-check-runner.test): every driver call succeeds, device memory reads back
as zeros, and the kernel launches whose 1-based number within a process is
listed in FAKE_CUDA_FAULTS fail like a misaligned access (error 716), and
those listed in FAKE_CUDA_HANGS never finish; the module loads listed in
FAKE_CUDA_SLOW_LOADS take FAKE_CUDA_LOAD_SECONDS (the driver's JIT). With
FAKE_CUDA_LOG set, the launch configurations (cuFuncSetAttribute, the
block, dynamic shared memory and parameter count of cuLaunchKernel) and the
tensor maps encoded (cuTensorMapEncodeTiled) are appended to that file."""

import ctypes
import os
import time

_real_cdll = ctypes.CDLL


class _FakeDriver(object):
    def __init__(self):
        self.launches = 0
        self.faults = {int(n) for n in
                       os.environ.get("FAKE_CUDA_FAULTS", "").split(",") if n}
        self.hangs = {int(n) for n in
                      os.environ.get("FAKE_CUDA_HANGS", "").split(",") if n}
        self.loads = 0
        self.slow_loads = {int(n) for n in os.environ.get(
            "FAKE_CUDA_SLOW_LOADS", "").split(",") if n}

    @staticmethod
    def log(name, args):
        path = os.environ.get("FAKE_CUDA_LOG")
        if not path:
            return
        value = lambda a: getattr(a, "value", a)  # noqa: E731
        if name == "cuFuncSetAttribute":
            line = "%s attribute %d value %d" % (name, value(args[1]),
                                                 value(args[2]))
        elif name == "cuLaunchKernel":
            line = "%s block %d shared %d params %d" % (
                name, value(args[4]), value(args[7]), len(args[9]))
        elif name == "cuTensorMapEncodeTiled":
            line = ("%s type %d rank %d dims %s strides %s box %s "
                    "element strides %s interleave %d swizzle %d oob %d" % (
                        name, value(args[1]), value(args[2]), list(args[4]),
                        list(args[5]), list(args[6]), list(args[7]),
                        value(args[8]), value(args[9]), value(args[11])))
        else:
            return
        with open(path, "a") as handle:
            handle.write(line + "\n")

    def __getattr__(self, name):
        def call(*args):
            self.log(name, args)
            if name == "cuDeviceGetAttribute":
                args[0]._obj.value = 9
            if name == "cuModuleLoadDataEx":
                self.loads += 1
                if self.loads in self.slow_loads:
                    time.sleep(float(os.environ["FAKE_CUDA_LOAD_SECONDS"]))
            if name == "cuCtxSynchronize":
                self.launches += 1
                if self.launches in self.faults:
                    return 716
                if self.launches in self.hangs:
                    time.sleep(3600)
            return 0
        return call


def _cdll(name, *args, **kwargs):
    if name == "libcuda.so.1":
        return _FakeDriver()
    return _real_cdll(name, *args, **kwargs)


ctypes.CDLL = _cdll
