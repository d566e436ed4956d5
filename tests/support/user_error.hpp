#pragma once

// The message of the UserError f() throws, or "no error": for tests of one-line refusals.

#include <functional>
#include <string>

#include "runtime/errors.hpp"

inline std::string user_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const grundy::runtime::UserError& e) {
    return e.what();
  }
  return "no error";
}
