#include "runtime/threads.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace grundy::runtime {

int solver_threads() {
  if (const int n = StopScope::inherited().threads; n >= 1) return std::min(n, 64);
  if (const char* env = std::getenv("GRUNDY_THREADS")) {
    const int n = std::atoi(env);
    if (n >= 1 && n <= 64) return n;
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(std::min(hw, 64u));
}

std::size_t stack_left() {
  // The lowest address of this thread's stack, asked once a thread (stacks grow down here).
  thread_local const std::uintptr_t low = [] {
    pthread_attr_t attr;
    void* addr = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return std::uintptr_t{0};
    if (pthread_attr_getstack(&attr, &addr, &size) != 0) addr = nullptr;
    pthread_attr_destroy(&attr);
    return reinterpret_cast<std::uintptr_t>(addr);
  }();
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  return low == 0 || here < low ? SIZE_MAX : here - low;
}

}  // namespace grundy::runtime
