# The two commands of the README. Both install missing Debian packages first, then build.
PRESET ?= release
BUILD := build/$(PRESET)
GRUNDY := $(BUILD)/grundy

.PHONY: demo test deps build clean asan

demo: build
	$(GRUNDY) table nim -p heaps=2 --pass --size 13
	@echo "Now the browser explorer: open the address below, pick a game, click a cell to play (Ctrl-C stops)."
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
