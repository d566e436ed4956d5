# The two commands of the README. Both install missing Debian packages first, then build.
PRESET ?= release
BUILD := build/$(PRESET)
GRUNDY := $(BUILD)/grundy

.PHONY: demo serve test deps build clean asan

demo: build
	$(GRUNDY) verify all
	@echo "Next: 'make serve' opens the browser explorer at http://127.0.0.1:8080 (pick a game, click a cell to play)."

serve: build
	$(GRUNDY) serve --port $(or $(PORT),8080)

test: build
	ctest --preset $(PRESET)

deps:
	@scripts/install-deps.sh

build: deps
	@[ -f $(BUILD)/build.ninja ] || cmake --preset $(PRESET) > /dev/null
	cmake --build --preset $(PRESET) -j 2

asan:
	$(MAKE) test PRESET=asan

clean:
	rm -rf build
