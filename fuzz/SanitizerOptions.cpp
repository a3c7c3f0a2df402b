//===- SanitizerOptions.cpp - default sanitizer options of the harnesses --===//
//
// Linked into every harness so that running one by hand (to reproduce a
// crash) behaves as under utils/fuzz.sh; ASAN_OPTIONS / UBSAN_OPTIONS in the
// environment still override these. Why each is needed: docs/fuzzing.md.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  // allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs when
  // compiled with ASan (our code) but not when compiled without it (the
  // MLIR/LLVM libraries), so objects that the libraries allocate in a slab
  // that our code poisoned would read as poisoned.
  return "allow_user_poisoning=0";
}

extern "C" const char *__ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}
