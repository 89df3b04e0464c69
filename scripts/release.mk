# The release build's flags: one place for the top Makefile (make build, run, bench) and
# debian/rules (the package), so that `make run` measures the same as what users install.
# - The Swift runtime is linked into the binary (--static-swift-stdlib): the package depends
#   only on Debian libraries.
# - lld lays the code out in scripts/link-order.txt's order: what start-up, taps and a swipe run
#   comes first, together (Benchmarks/linkorder.py says why; `make link-order` writes it again).
#   Every function has a section of its own (-function-sections) so that it can be moved.
# - Relative relocations are packed (DT_RELR, glibc 2.36): 0.7 MB less for the loader to read.
# - Only what the dynamic loader needs is exported (no --export-dynamic).
RELEASE_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
RELEASE_LINK_FLAGS := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic
RELEASE_ORDER_FLAGS := -Xlinker --symbol-ordering-file=$(abspath $(RELEASE_DIR)/link-order.txt) \
  -Xlinker -T -Xlinker $(abspath $(RELEASE_DIR)/unnamed-code.ld) \
  -Xlinker --no-warn-symbol-ordering
RELEASE_FLAGS := -c release --static-swift-stdlib $(RELEASE_LINK_FLAGS) $(RELEASE_ORDER_FLAGS)
