# Stackboard: `make run` and `make test` are the two commands a newcomer needs.
SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
# Built as the Debian package is (scripts/release.mk): `make run` starts as fast and measures
# the same as what users install (docs/benchmarks.md).
include scripts/release.mk
BUILD_FLAGS ?= $(RELEASE_FLAGS)
export BUILD_FLAGS
# pkg-config files without -pthread, which SwiftPM warns about and drops (scripts/pkgconfig.sh),
# after pkgconfig/ (Pango's headers without linking Pango: Sources/CLazy opens it on first use).
PKGCONFIG_DIR := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(CURDIR)/pkgconfig:$(PKGCONFIG_DIR)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
BIN = $(shell $(SWIFT) build $(BUILD_FLAGS) --show-bin-path 2>/dev/null)/stackboard

.PHONY: setup build debug run test bench soak fuzz clean
.PHONY: deb

setup:
	@./scripts/setup.sh
	@./scripts/pkgconfig.sh "$(PKGCONFIG_DIR)"
	@./scripts/catalogs.sh

build: setup
	@./scripts/flags-stamp.sh .build $(BUILD_FLAGS)
	$(SWIFT) build $(BUILD_FLAGS)

debug: setup
	$(SWIFT) build

# With a display: the keyboard on it. Without: a demo on a private Xvfb and a screenshot.
run: build
	@./scripts/run.sh "$(BIN)"

test: setup
	$(SWIFT) build
	$(SWIFT) test --parallel --num-workers 2 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}

# The Debian package's tests (PackageTests): `make deb` is a second, release build of everything,
# as long as the rest of `make test` on two cores, so it has its own target (.ci/run runs it).
.PHONY: test-package
test-package: setup
	$(SWIFT) build
	STACKBOARD_TEST_PACKAGE=1 $(SWIFT) test --filter PackageTests 2>&1 | tee .build/test-package.log; exit $${PIPESTATUS[0]}

# The real-application tests with the browsers (Firefox ESR, Chromium in kiosk mode): slow to
# start and hundreds of megabytes each, so kept out of `make test` (.ci/run runs both).
.PHONY: test-apps
test-apps: setup
	$(SWIFT) build
	STACKBOARD_TEST_APPS=1 $(SWIFT) test --filter RealBrowserTests 2>&1 | tee .build/test-apps.log; exit $${PIPESTATUS[0]}

# The benchmark programs (Benchmarks/StackboardBench, FloorPad, AutoShowBench) are in the package
# only with STACKBOARD_BENCH=1 (Package.swift): set for these targets and what they build first.
bench fuzz: export STACKBOARD_BENCH = 1

bench: build
	@./scripts/bench.sh "$(BIN)"

.PHONY: bench-heap
bench-heap: build
	@/usr/bin/python3 Benchmarks/heap.py "$(BIN)"

# scripts/link-order.txt again, from what the keyboard runs under callgrind (Benchmarks/linkorder.py).
.PHONY: link-order
LINK_ORDER_BUILD = .build/link-order
link-order: setup
	@command -v valgrind >/dev/null || apt-get install -y -qq valgrind >/dev/null
	@./scripts/flags-stamp.sh $(LINK_ORDER_BUILD) -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS)
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS) --scratch-path $(LINK_ORDER_BUILD) \
	  --product stackboard -Xlinker -Map=$(CURDIR)/$(LINK_ORDER_BUILD)/stackboard.map -Xlinker --no-demangle
	@/usr/bin/python3 Benchmarks/linkorder.py "$$($(SWIFT) build -c release --static-swift-stdlib \
	  --scratch-path $(LINK_ORDER_BUILD) --show-bin-path)/stackboard" $(LINK_ORDER_BUILD)/stackboard.map scripts/link-order.txt
	@# SwiftPM does not know the order file: the next `make build` links again only without the program.
	@rm -f "$(BIN)"

soak: build
	@./scripts/soak.sh "$(BIN)"

fuzz: setup
	@./scripts/fuzz.sh

clean:
	rm -rf .build

# The Debian package (dpkg-buildpackage -us -uc -b, see debian/rules), put in $(DEB_OUT).
# DEB_BUILD_FLAGS=-nc builds again without cleaning debian/.swiftbuild first (make bench).
DEB_OUT ?= out
deb: setup
	@mkdir -p "$(DEB_OUT)"
	@# dh skips the build step while its stamp is there (a build with -nc keeps it): the package
	@# would hold an old binary. SwiftPM's own build is incremental, so this costs little.
	@rm -f debian/debhelper-build-stamp
	@out="$$(cd "$(DEB_OUT)" && pwd)"; \
	name="stackboard_$$(dpkg-parsechangelog -S Version)_$$(dpkg-architecture -qDEB_HOST_ARCH)"; \
	STACKBOARD_DEB_DIR="$$out" dpkg-buildpackage -us -uc -b $(DEB_BUILD_FLAGS) \
	  --buildinfo-option=-u"$$out" --buildinfo-file="$$out/$$name.buildinfo" \
	  --changes-option=-u"$$out" --changes-file="$$out/$$name.changes" && \
	echo "make deb: $$out/$$name.deb"
