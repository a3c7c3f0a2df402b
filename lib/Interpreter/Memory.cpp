//===- Memory.cpp - simulated global memory with checked accesses ---------===//

#include "cuda_tile/Interpreter/Interpreter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <mutex>
#include <new>

#include <unistd.h>

using namespace mlir::cuda_tile::interp;

namespace {
/// The first address handed out; small addresses (null and near-null
/// pointers) are never mapped.
constexpr uint64_t kFirstAddress = 0x10000000;
/// Unmapped space left after every buffer.
constexpr uint64_t kGuardBytes = 0x1000;
/// Every buffer starts at least this aligned.
constexpr uint64_t kMinAlignment = 256;

/// Host storage of a buffer: at least 16 bytes, so that the host pointer is
/// suitably aligned for every element type (operator new[] aligns to 16).
uint64_t getHostBytes(uint64_t size) { return std::max<uint64_t>(size, 16); }

std::string hex(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2);
  return s;
}

std::string describeBuffer(const Buffer &b) {
  return "'" + b.name + "' [" + hex(b.base) + ", " + hex(b.base + b.size) +
         ")";
}
} // namespace

uint64_t mlir::cuda_tile::interp::getDefaultMemoryLimit() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageSize <= 0)
    return uint64_t(4) << 30;
  return uint64_t(pages) * uint64_t(pageSize) / 2;
}

DeviceMemory::DeviceMemory() : nextBase(kFirstAddress) {}
DeviceMemory::~DeviceMemory() {
  for (const std::unique_ptr<Buffer> &buffer : buffers)
    if (buffer->data)
      HostMemoryBudget::release(getHostBytes(buffer->size));
}

uint64_t DeviceMemory::allocate(llvm::StringRef name, uint64_t size,
                                uint64_t alignment, bool readOnly) {
  if (size > kMaxBufferBytes || !HostMemoryBudget::reserve(getHostBytes(size)))
    return 0;
  auto buffer = std::make_unique<Buffer>();
  buffer->name = name.str();
  buffer->size = size;
  buffer->readOnly = readOnly;
  buffer->data.reset(new (std::nothrow) uint8_t[getHostBytes(size)]());
  if (!buffer->data) {
    HostMemoryBudget::release(getHostBytes(size));
    return 0;
  }
  std::unique_lock<std::shared_mutex> lock(mutex);
  uint64_t align = std::max<uint64_t>(alignment ? alignment : 1, kMinAlignment);
  uint64_t base = llvm::alignTo(nextBase, align);
  buffer->base = base;
  nextBase = base + std::max<uint64_t>(size, 1) + kGuardBytes;
  byBase[base] = buffer.get();
  buffers.push_back(std::move(buffer));
  return base;
}

void DeviceMemory::release(uint64_t base) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto it = byBase.find(base);
  if (it == byBase.end())
    return;
  it->second->live.store(false);
  if (it->second->data)
    HostMemoryBudget::release(getHostBytes(it->second->size));
  it->second->data.reset();
}

Buffer *DeviceMemory::lookup(uint64_t address) const {
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto it = byBase.upper_bound(address);
  if (it == byBase.begin())
    return nullptr;
  --it;
  Buffer *b = it->second;
  if (address - b->base < std::max<uint64_t>(b->size, 1))
    return b;
  return nullptr;
}

Buffer *DeviceMemory::getBuffer(uint64_t base) const {
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto it = byBase.find(base);
  if (it == byBase.end() || !it->second->live.load())
    return nullptr;
  return it->second;
}

std::string DeviceMemory::describeMiss(uint64_t address, uint64_t bytes) const {
  std::shared_lock<std::shared_mutex> lock(mutex);
  std::string where = std::to_string(bytes) + " byte" +
                      (bytes == 1 ? "" : "s") + " at " + hex(address);
  auto it = byBase.upper_bound(address);
  const Buffer *below = nullptr, *above = nullptr;
  if (it != byBase.end())
    above = it->second;
  if (it != byBase.begin())
    below = std::prev(it)->second;
  if (below && address - below->base < std::max<uint64_t>(below->size, 1)) {
    if (!below->live.load())
      return where + ": buffer " + describeBuffer(*below) +
             " was already released";
    if (below->size == 0)
      return where + ": buffer " + describeBuffer(*below) + " is empty";
    uint64_t over = address + bytes - (below->base + below->size);
    return where + " run " + std::to_string(over) +
           " byte(s) past the end of buffer " + describeBuffer(*below);
  }
  if (below) {
    uint64_t past = address - (below->base + below->size);
    std::string s = where + " are outside every buffer: " +
                    std::to_string(past) + " byte(s) past the end of buffer " +
                    describeBuffer(*below);
    if (above)
      s += " and " + std::to_string(above->base - address) +
           " byte(s) before buffer " + describeBuffer(*above);
    return s;
  }
  if (above)
    return where + " are outside every buffer: " +
           std::to_string(above->base - address) +
           " byte(s) before the first buffer " + describeBuffer(*above);
  return where + " are outside every buffer (no memory is allocated)";
}
