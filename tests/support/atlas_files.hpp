#pragma once

// What the atlas tests share: fresh database paths, and the one line a refusal says.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "runtime/errors.hpp"

// A path in the test folder, unique to the test and the process, with no file there, nor the
// -wal and -shm files SQLite keeps beside a database.
inline std::string fresh_atlas_path(const std::string& name) {
  const std::string path =
      testing::TempDir() + "/atlas_" + testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
      testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + std::to_string(::getpid()) + "_" + name;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// The UserError a call throws, or "" when it throws none.
template <class F>
std::string user_error_of(F&& f) {
  try {
    f();
  } catch (const grundy::runtime::UserError& e) {
    return e.what();
  }
  return "";
}
