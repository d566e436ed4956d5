# The two commands of the README. Both install missing Debian packages first, then build.
PRESET ?= release
BUILD := build/$(PRESET)
GRUNDY := $(BUILD)/grundy

.PHONY: demo serve test deps build program clean asan fuzz python
FUZZ_SECONDS ?= 60
# CI runs each fuzzer for less, to keep the whole run under 45 minutes on 2 cores.
CI_FUZZ_SECONDS ?= 20

demo: program
	$(GRUNDY) verify all
	@echo "Next: 'make serve' opens the browser explorer at http://127.0.0.1:8080 (pick a game, click a cell to play)."

serve: program
	$(GRUNDY) serve --port $(or $(PORT),8080)

# In CI (CI=true) the release suite is followed by the whole suite under AddressSanitizer and
# UndefinedBehaviorSanitizer, then every fuzzer for CI_FUZZ_SECONDS seconds.
test: build
	ctest --preset $(PRESET)
	@if [ "$(CI)" = true ] && [ "$(PRESET)" = release ]; then \
	  $(MAKE) --no-print-directory test PRESET=asan && scripts/run-fuzzers.sh $(CI_FUZZ_SECONDS); fi

deps:
	@scripts/install-deps.sh

build: deps
	@[ -f $(BUILD)/build.ninja ] || cmake --preset $(PRESET) > /dev/null
	cmake --build --preset $(PRESET) -j 2

# The one program the demo and the explorer run; `make build` (and so `make test`) builds the
# rest too: the tests, the Python module, the man page.
program: deps
	@[ -f $(BUILD)/build.ninja ] || cmake --preset $(PRESET) > /dev/null
	cmake --build --preset $(PRESET) -j 2 --target grundy

asan:
	$(MAKE) test PRESET=asan

# The Python module in the build tree (built by `make build` too); pip install: see the README.
python: build
	@echo "import grundy from here:  export PYTHONPATH=$(abspath $(BUILD))/python"

fuzz: deps
	scripts/run-fuzzers.sh $(FUZZ_SECONDS)

clean:
	rm -rf build
