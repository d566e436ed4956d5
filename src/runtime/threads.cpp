#include "runtime/threads.hpp"

#include <algorithm>
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

}  // namespace grundy::runtime
