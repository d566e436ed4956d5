#pragma once

#include <stdexcept>
#include <string>

namespace grundy::runtime {

// A mistake in what the user asked for: one line naming the argument, the value and what is
// allowed. The CLI prints it and exits with status 2; the server answers 400.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A request too large for the memory limit, with the estimate in its message.
struct TooLarge : UserError {
  using UserError::UserError;
};

// The engine broke one of its own invariants (an option outside the solved box, a cycle in
// a game that was declared finite). Never the user's fault; reported as an internal error.
struct EngineError : std::logic_error {
  using std::logic_error::logic_error;
};

}  // namespace grundy::runtime
