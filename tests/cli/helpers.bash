# helpers.bash - loaded by every suite: bats-support, bats-assert and the
# binary under test ($SPRINGSIM, set by tests/run.sh; build/springsim by
# default).
bats_load_library bats-support 2>/dev/null || load /usr/lib/bats/bats-support/load
bats_load_library bats-assert 2>/dev/null || load /usr/lib/bats/bats-assert/load
: "${SPRINGSIM:=$BATS_TEST_DIRNAME/../../build/springsim}"
