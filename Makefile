# springsim - build, test, bench, install.
#
#   make              the library, static (build/libspring.a) and shared
#                     (build/libspring.so.*), and build/springsim
#   make test         unit tests and bats suites; prints "N passed, N failed"
#   make unit SUITE=name  one unit-test suite (build/unit-tests --list
#                     names them; SUITE="a b" runs several, none all)
#   make test-bats FILE=tests/cli/x.bats  one bats file against
#                     build/springsim (no FILE: every file of tests/cli)
#   make numfmt-check the number formatter against printf on 10^7 random
#                     doubles per family (a minute or two; not in test)
#   make numfmt-cmp   the number formatter against NUMFMT_OLD's (a commit),
#                     text for text, on NUMFMT_CMP doubles per family
#   make sanitize     the same tests built with -fsanitize=address,undefined
#   make check        test, sanitize, tsan, valgrind and cross-aarch64
#                     (what CI runs), and the page (make web) for the
#                     browser tests (tests/cli/web.bats)
#   make web          the page, build/web/index.html: springsim built for
#                     wasm32-wasi (clang, lld, wasi-libc; docs/web.md)
#   make fuzz         libFuzzer on every harness, FUZZ_SECONDS (60) each;
#                     needs clang (not part of check; check replays the
#                     stored inputs); make fuzz-corpus keeps what it found
#   make contract     the random-argv contract checker on CONTRACT_N (2000)
#                     cases from CONTRACT_SEED (41): exit status, one
#                     stderr line on exit 2, no nan, inf only where
#                     documented (tests/contract; the test suite runs 300,
#                     make fuzz FUZZ_CONTRACT_N, 5000)
#   make valgrind     every command under valgrind: no error, no leak
#   make tsan         sweep's threads under ThreadSanitizer: no race, and
#                     the plain build's bytes (build-tsan)
#   make bench        the speed figures (never a timed test); with the
#                     page built (make web), its figures in the browser
#                     (tests/web/bench.mjs)
#   make bench-dtoa   numfmt beside Dragonbox and double-conversion, on a
#                     trajectory's numbers and a sweep's metrics (needs
#                     g++, libdragonbox-dev, libdouble-conversion-dev;
#                     springsim itself depends on neither)
#   make engines-golden  the engines' golden trajectories from the real
#                     libraries: npm ci in tests/engines, then each
#                     tests/engines/gen/*.mjs (not the shared common*.mjs);
#                     with UNITY_SRC (Mathf.cs) and COMPOSE_SRC (androidx
#                     sources) set, Unity's and Compose's from their code
#                     (mcs + mono, kotlinc: tests/engines/native/)
#   make man-lists    springsim(1)'s lists written from springsim list --json
#                     (needs jq; a test holds the page to them)
#   make demo         the main job: simulate, write CSV and a plot
#   make plots        the gallery (examples/*.png, gallery.sums), needs gnuplot
#   make install      PREFIX=/usr/local DESTDIR= (binary, plot scripts,
#                     springsim-merge, man page, examples; the library
#                     libspring.a, libspring.so.* and its symlinks, its
#                     headers and springsim.pc for pkg-config); make
#                     uninstall
#   make cross-aarch64  the library and the unit tests for aarch64
#                     (aarch64-linux-gnu-gcc), run under qemu-aarch64
#   make clean

PREFIX	?= /usr/local
BINDIR	 = $(PREFIX)/bin
MANDIR	 = $(PREFIX)/share/man/man1
EXDIR	 = $(PREFIX)/share/doc/springsim/examples
LIBDIR	 = $(PREFIX)/lib
INCDIR	 = $(PREFIX)/include
PCDIR	 = $(LIBDIR)/pkgconfig
# the public headers: spring.h, the umbrella, and one a family
HEADERS	 = $(wildcard include/spring/*.h)
VERSION	 = $(shell sed -n 's/^\#define SPRING_VERSION "\(.*\)"/\1/p' \
	    include/spring/core.h)
# scripts/plot-NAME installs as springsim-plot-NAME, scripts/merge as
# springsim-merge
PLOTS	 = $(notdir $(wildcard scripts/plot-*))
EXAMPLES = $(wildcard examples/*)
BUILD	?= build

CC	?= cc
CFLAGS	?= -O2 -g
WARN	 = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	   -Wmissing-prototypes -pedantic
# no fused multiply-adds behind our back: batch.c's vector loop and sim.c's
# scalar one must round alike (gcc's -std=c11 implies it; clang's doesn't)
WARN	+= -ffp-contract=off
# the library's experimental headers too (spring.h: SPRING_EXPERIMENTAL)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -DSPRING_EXPERIMENTAL -Iinclude -Isrc \
	    -Isrc/cli
LDLIBS	 = -lcsv $(MATHLIB_LINK) -lm -pthread
# One libm for every build (SAMEMATH=auto|yes|no, default auto): the
# native build takes exp, sin, pow... from musl's C code (Debian's
# musl-dev 1.2.3, libc.a), the code of wasi-libc's libm, so that the
# program compiled to wasm32-wasi prints the native program's numbers digit
# for digit (glibc 2.36's own, FMA variants among them, differ from musl's
# in the last bit at ~0.5 % of arguments: tests/samemath/).
# scripts/samemath.sh takes only the functions the library and the program
# call whose result the C standard leaves open, with their closure of
# musl's math internals, into $(BUILD)/samemath/libm-musl.a, linked before
# -lm into springsim, libspring.so (not exported: its version script) and
# the tests and benches; the exactly rounded ones (sqrt, fma, floor...)
# stay the platform's.  auto: on an x86_64 glibc target with musl-dev
# installed, otherwise the platform's libm, said by make (the aarch64
# cross build, a machine without musl-dev); yes: an error where it cannot
# be had; no: the platform's libm.  libspring.a carries none of it (its
# names cannot be hidden): a program linking it links its own libm.
SAMEMATH ?= auto
MUSL_LIBC ?= /usr/lib/x86_64-linux-musl/libc.a
ifneq ($(SAMEMATH),no)
SAMEMATH_WHY := $(if $(filter x86_64-%-linux-gnu x86_64-linux-gnu,$(shell \
    $(CC) -dumpmachine 2>/dev/null)),$(if $(wildcard $(MUSL_LIBC)),,no \
    $(MUSL_LIBC) (Debian: apt-get install musl-dev)),$(CC) does not \
    build for x86_64 glibc)
ifeq ($(SAMEMATH_WHY),)
MATHLIB	 = $(BUILD)/samemath/libm-musl.a
# every member, whether or not a symbol is still undefined when the
# linker reaches the archive: under -fsanitize=address, libasan.so (linked
# first) defines sincos (an interceptor) and would otherwise take gcc's
# sin+cos calls to glibc's sincos, behind the sanitizer build's back
MATHLIB_LINK = -Wl,--whole-archive $(MATHLIB) -Wl,--no-whole-archive
else ifeq ($(SAMEMATH),yes)
$(error SAMEMATH=yes: $(SAMEMATH_WHY))
else
$(info springsim: the platform's libm, not musl's ($(SAMEMATH_WHY)): \
    numbers may differ from the wasm build's in the last digit)
endif
endif
# springsim fit's least squares: MINPACK's Levenberg-Marquardt (lmder)
# from Debian's libcminpack-dev (cminpack 1.3: a small, long-kept C
# library; see src/cli/commands/fit.c), headers in include/cminpack-1 (its
# pkg-config name is cminpack).  Only the program links it: fit.o is kept
# out of the objects the unit tests and the bench link, so they (and the
# static aarch64 cross-build) need no MINPACK; the fuzz harnesses, which
# run fit, link it as the program does.
CMINPACK_CFLAGS ?= $(shell pkg-config --cflags cminpack 2>/dev/null || \
		   echo -I/usr/include/cminpack-1)
CMINPACK_LIBS	?= -lcminpack

# Every .c under src/, three levels deep, is built: src/cli/ and its
# subfolders (src/cli/commands/) are the program, everything else the
# library (the core in src/, a folder a concept beside it: src/rules/,
# src/engines/, src/systems/).  A new file or a new folder in either is
# picked up as it is, with no change here; a fourth level would need
# src/*/*/*/*.c added to SRC.
SRC	 = $(wildcard src/*.c src/*/*.c src/*/*/*.c)
LIB_SRC	 = $(filter-out src/cli/%,$(SRC))
CLI_SRC	 = $(filter src/cli/%,$(SRC))
UNIT_SRC = $(wildcard tests/unit/*.c)
LIB_OBJ	 = $(LIB_SRC:%.c=$(BUILD)/%.o)
# the shared library's objects, position-independent, apart from the
# static library's and the program's (which keep -fno-pic's speed)
PIC_OBJ	 = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
CLI_OBJ	 = $(CLI_SRC:%.c=$(BUILD)/%.o)
# the unit tests also exercise the CLI's number formatting and parsing
CLI_UNITS = $(filter-out $(BUILD)/src/cli/main.o $(BUILD)/src/cli/commands/fit.o,$(CLI_OBJ))
UNIT_OBJ = $(UNIT_SRC:%.c=$(BUILD)/%.o)

LIB	 = $(BUILD)/libspring.a
# The shared library: libspring.so.VERSION (SPRING_VERSION), its soname
# libspring.so.ABI and the two symlinks a loader (.so.ABI) and a
# linker's -lspring (.so) look for.  The soname's number is SPRING_ABI
# (include/spring.h), the one number of the stable core's ABI: raised
# when a stable struct changes size or layout or a function its meaning,
# so a program built against another ABI does not load it, and checked
# at run time by SPRING_ABI_CHECK() (the structs' sizes too).  Releases
# that keep the ABI keep the soname (0.2.0 and 0.3.0 could both be
# libspring.so.0).
SOMAJOR	?= $(shell sed -n 's/^\#define SPRING_ABI \([0-9]*\)$$/\1/p' include/spring.h)
SONAME	 = libspring.so.$(SOMAJOR)
SOLIB	 = $(BUILD)/libspring.so.$(VERSION)
BIN	 = $(BUILD)/springsim
UNIT	 = $(BUILD)/unit-tests
BENCH	 = $(BUILD)/bench-springsim
# the fuzz harnesses: replayed on the stored inputs by every test run
REPLAY	 = $(BUILD)/fuzz-replay
FUZZ_OBJ = $(BUILD)/tests/fuzz/harness.o

all: $(BIN) $(SOLIB)

# Each object depends on the headers it includes, as the compiler lists
# them (-MMD, into OBJ.d beside it; -MP adds an empty rule for each header,
# so a header deleted or renamed is no error).  An object whose .d is
# missing (a build directory from before, or a .d deleted) is rebuilt:
# the empty rule below stands for the missing .d, which then counts as
# newer.  A fresh clone has no .d and builds everything anyway.  (Clang
# writes the .d after the object: the touch keeps the object the newer,
# or it would be rebuilt at every make.)
DEPFLAGS = -MMD -MP
$(BUILD)/%.o: %.c $(BUILD)/%.d
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) $(WARN) $(CFLAGS) -c -o $@ $<
	@touch $@
$(BUILD)/pic/%.o: %.c $(BUILD)/pic/%.d
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(DEPFLAGS) $(WARN) $(CFLAGS) -fPIC -c -o $@ $<
	@touch $@
$(BUILD)/%.d: ;
.PRECIOUS: $(BUILD)/%.d
-include $(wildcard $(BUILD)/*.d $(BUILD)/*/*.d $(BUILD)/*/*/*.d \
    $(BUILD)/*/*/*/*.d $(BUILD)/*/*/*/*/*.d)

# (the flags of one file below are set by pattern, %/src/FILE.o, so that
# its object in $(BUILD)/pic/ gets them too)
# the number formatter is the trajectory's hot path: -O3 buys ~10 % there;
# batch.c's loop over springs vectorises at -O3
%/src/cli/numfmt.o: CFLAGS += -O3
%/src/batch.o: CFLAGS += -O3
# sim.c's frame loop is one chain of dependent scalar operations: packed
# two to a vector (gcc 12's -O2 SLP pass) they waited on shuffles and
# spilled, up to 15 % slower by rule (springsim --metrics, 10^7 frames:
# semi-implicit 10 %, rigidbody and rk4 14 %, explicit 15 %, the others
# within 3 %); gcc and clang both take the flag, and the bits are the
# same either way
%/src/sim.o: CFLAGS += -fno-tree-slp-vectorize
# the engines' frame loops are such chains too: without the packing,
# make bench's section 6 gives box2d 45.0 -> 42.5 ns a frame at 30 fps
# (48.6 -> 45.1 at 144) and springsim-exact 72 -> 70 (68-71 -> 66), the
# other engines within 2 % either way (four alternating runs)
%/src/engines/engine_box2d.o %/src/engines/engine_exact.o: \
    CFLAGS += -fno-tree-slp-vectorize
# (batch.c silences gcc's -Wpsabi warning itself, see there; its note,
# printed whatever the pragma, only with the flag)
%/src/batch.o: WARN += -Wno-psabi

$(LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

# The shared library exports the public API only: the names its objects
# define that include/spring.h and include/spring/*.h declare, written to
# a version script (libspring.map); every other symbol, internal.h's
# helpers among them, is local to it.  (The static library cannot hide
# them: there the spring_ prefix has to do.)
NM	?= nm
$(BUILD)/libspring.map: $(PIC_OBJ) include/spring.h $(HEADERS)
	{ echo '{ global:'; \
	  $(NM) -g --defined-only $(PIC_OBJ) | \
	      awk 'NF == 3 { print $$3 }' | sort -u >$@.defined; \
	  grep -ohE '\<spring_[A-Za-z0-9_]+' include/spring.h $(HEADERS) | \
	      sort -u | comm -12 $@.defined - | sed 's/.*/	&;/'; \
	  echo 'local: *; };'; } >$@.tmp
	rm -f $@.defined
	mv -f $@.tmp $@
$(SOLIB): $(PIC_OBJ) $(BUILD)/libspring.map $(MATHLIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script,$(BUILD)/libspring.map -o $@ $(PIC_OBJ) \
	    $(MATHLIB_LINK) -lm
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libspring.so

$(BUILD)/src/cli/commands/fit.o: CPPFLAGS += $(CMINPACK_CFLAGS)

# musl's libm functions the library and the program call (SAMEMATH above);
# musl-dev's objects are position-independent (.lo), fit for libspring.so
$(BUILD)/samemath/libm-musl.a: $(LIB_OBJ) $(CLI_OBJ) scripts/samemath.sh
	@mkdir -p $(dir $@)
	NM=$(NM) AR=$(AR) sh scripts/samemath.sh $(MUSL_LIBC) $@ $(LIB_OBJ) \
	    $(CLI_OBJ)

$(BIN): $(CLI_OBJ) $(LIB) $(MATHLIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(CMINPACK_LIBS) \
	    $(LDLIBS)

# the unit tests read the engines' golden files wherever they are run from
$(UNIT_OBJ): CPPFLAGS += -DSPRINGSIM_TREE='"$(CURDIR)"'
$(UNIT): $(UNIT_OBJ) $(CLI_UNITS) $(LIB) $(MATHLIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(UNIT_OBJ) $(CLI_UNITS) $(LIB) $(LDLIBS)

$(BENCH): $(BUILD)/bench/bench.o $(BUILD)/tests/unit/nofit.o $(CLI_UNITS) \
    $(LIB) $(MATHLIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter-out $(MATHLIB),$^) $(LDLIBS)

# (the harnesses run fit too: fit.o and MINPACK, as the program links them)
$(REPLAY): $(BUILD)/tests/fuzz/replay.o $(FUZZ_OBJ) $(CLI_UNITS) \
    $(BUILD)/src/cli/commands/fit.o $(LIB) $(MATHLIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter-out $(MATHLIB),$^) \
	    $(CMINPACK_LIBS) $(LDLIBS)

test: $(BIN) $(UNIT) $(REPLAY)
	sh tests/run.sh $(BUILD)

# one unit-test suite, or several (SUITE="exact rules"); none: all
unit: $(UNIT)
	$(UNIT) $(SUITE)

# one bats file (FILE=tests/cli/x.bats), or several; none: tests/cli
FILE	?= tests/cli
test-bats: $(BIN)
	SPRINGSIM=$(CURDIR)/$(BIN) bats $(FILE)
.PHONY: unit test-bats

# the unit tests with numfmt's shortest-digits comparison widened to 10^7
# random doubles of each family (tests/unit/test_numfmt.c)
numfmt-check: $(UNIT)
	NUMFMT_CHECK=10000000 $(UNIT)
.PHONY: numfmt-check

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=all
sanitize:
	$(MAKE) BUILD=build-san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
	    build-san/springsim build-san/unit-tests build-san/fuzz-replay \
	    build-san/libspring.so.$(VERSION)
	sh tests/run.sh build-san

# sweep's threads under ThreadSanitizer (tests/tsan.sh): races, and the
# same bytes as the plain build's
TSAN_FLAGS = -O1 -g -fsanitize=thread
tsan: $(BIN)
	$(MAKE) BUILD=build-tsan CFLAGS="$(TSAN_FLAGS)" \
	    LDFLAGS="$(TSAN_FLAGS)" build-tsan/springsim
	sh tests/tsan.sh build-tsan/springsim $(BIN)

# the four builds, one closing count.  The builds are made JOBS at once
# (default: every processor), valgrind's run goes alongside them, and
# tests/run.sh runs the builds' suites side by side: on two cores this
# halves the wall time of a serial check.
JOBS	?= $(shell nproc 2>/dev/null || echo 1)
check:
	@command -v $(CROSS)-gcc >/dev/null && command -v qemu-aarch64 \
	    >/dev/null || { echo "make check: no $(CROSS)-gcc or" \
	    "qemu-aarch64: run 'sh scripts/setup.sh test' first" >&2; exit 1; }
	$(MAKE) -j$(JOBS) $(BIN) $(SOLIB) $(UNIT) $(REPLAY) $(BUILD)/web/index.html
	sh tests/valgrind.sh $(BIN) >$(BUILD)/valgrind.log 2>&1 & vg=$$!; \
	$(MAKE) -j$(JOBS) check-builds; st=$$?; \
	wait $$vg; vst=$$?; cat $(BUILD)/valgrind.log; \
	[ $$st -eq 0 ] && [ $$vst -eq 0 ]
	sh tests/run.sh $(BUILD) build-san $(CROSS_BUILD) $(PORTABLE_BUILD)

# (the sanitizer, aarch64, Clang and ThreadSanitizer builds, for check,
# each its own target so that make -j builds them side by side)
check-builds: check-san cross-build portable-build tsan
check-san:
	$(MAKE) BUILD=build-san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
	    build-san/springsim build-san/unit-tests build-san/fuzz-replay \
	    build-san/libspring.so.$(VERSION)
.PHONY: check check-builds check-san

# Portability: the library and the unit tests cross-built for aarch64
# (Debian's gcc-aarch64-linux-gnu, libcsv-dev:arm64 for the CLI objects
# the tests link) and run under qemu-user, linked statically so that the
# emulator needs no loader.  The emulator's command goes in the build's
# file "emulator", where tests/run.sh finds it (and runs no bats there:
# no CLI is built).  As many checks must pass as natively, the batch's
# tiles bit for bit as on x86-64.
CROSS	 = aarch64-linux-gnu
CROSS_BUILD = build-aarch64
CROSS_RUN = qemu-aarch64 -L /usr/$(CROSS)
cross-build:
	$(MAKE) BUILD=$(CROSS_BUILD) CC=$(CROSS)-gcc AR=$(CROSS)-ar \
	    LDFLAGS=-static $(CROSS_BUILD)/unit-tests
	echo '$(CROSS_RUN)' >$(CROSS_BUILD)/emulator

# The path a compiler without GCC's vector extension takes (MSVC's, say):
# the library and the unit tests built by Clang (another compiler's
# warnings, -Werror) with SPRING_NO_TILES, every spring of a batch run
# alone; tests/run.sh runs them natively ("unit-only") and requires as
# many checks to pass as in the native build.
PORTABLE_CC ?= clang
PORTABLE_BUILD = build-portable
portable-build:
	$(MAKE) BUILD=$(PORTABLE_BUILD) CC=$(PORTABLE_CC) \
	    CFLAGS="-O2 -g -DSPRING_NO_TILES" $(PORTABLE_BUILD)/unit-tests
	echo 'clang, SPRING_NO_TILES' >$(PORTABLE_BUILD)/unit-only

# (the native unit tests first: the same count is required)
cross-aarch64: cross-build $(UNIT)
	sh tests/run.sh -u $(BUILD) $(CROSS_BUILD)

# libFuzzer (clang): each harness of tests/fuzz/harness.c for FUZZ_SECONDS,
# new inputs kept in build-fuzz/corpus, crashes in tests/fuzz/crashes
FUZZ_SECONDS ?= 60
FUZZ_CC	?= clang
FUZZ_FLAGS = -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	     -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES = args_main args_run args_fps args_convert args_analyze \
	     args_sweep args_resonance number csv_frames csv_target \
	     args_tune args_fit csv_fit args_model
FUZZ_CONTRACT_N ?= 5000
fuzz: $(BIN)
	$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) CFLAGS="$(FUZZ_FLAGS)" \
	    LDFLAGS="$(FUZZ_FLAGS)" fuzzers
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_NAMES)
	sh tests/contract/run.sh $(BIN) $(FUZZ_CONTRACT_N) $(CONTRACT_SEED)

# the random-argv contract checker (tests/contract/run.sh): CONTRACT_N
# cases from CONTRACT_SEED; a failing case is printed as a command line
CONTRACT_N    ?= 2000
CONTRACT_SEED ?= 41
contract: $(BIN)
	sh tests/contract/run.sh $(BIN) $(CONTRACT_N) $(CONTRACT_SEED)
.PHONY: contract

fuzzers: $(FUZZ_NAMES:%=$(BUILD)/fuzzer-%)

# fold what make fuzz found into the stored corpus, only the inputs that
# add coverage (libFuzzer -merge=1)
fuzz-corpus:
	$(MAKE) BUILD=build-fuzz CC=$(FUZZ_CC) CFLAGS="$(FUZZ_FLAGS)" \
	    LDFLAGS="$(FUZZ_FLAGS)" fuzzers
	for n in $(FUZZ_NAMES); do mkdir -p tests/fuzz/corpus/$$n \
	    build-fuzz/corpus/$$n && build-fuzz/fuzzer-$$n -merge=1 \
	    -close_fd_mask=3 tests/fuzz/corpus/$$n build-fuzz/corpus/$$n \
	    2>&1 | tail -n 1 || exit 1; done

$(BUILD)/fuzzer-%: tests/fuzz/libfuzzer.c $(FUZZ_OBJ) $(CLI_UNITS) \
    $(BUILD)/src/cli/commands/fit.o $(LIB) $(MATHLIB)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -fsanitize=fuzzer \
	    -DFUZZ_TARGET=fuzz_$* -o $@ $(filter-out $(MATHLIB),$^) \
	    $(CMINPACK_LIBS) $(LDLIBS)

# every command once under valgrind: any error or leak fails
valgrind: $(BIN)
	sh tests/valgrind.sh $(BIN)

bench: $(BIN) $(BENCH)
	sh bench/run.sh $(BUILD)
	@if [ -f $(BUILD)/web/index.html ]; then node tests/web/bench.mjs; \
	else echo "bench: no page (make web): its figures skipped"; fi

# numfmt_roundtrip beside the shortest-digits libraries Debian ships, on
# the CLI bench's CSV and random bit patterns (bench/dtoa_libs.cc)
CXX	?= c++
DRAGONBOX_INC = $(firstword $(wildcard /usr/include/dragonbox-*))
$(BUILD)/bench-dtoa: bench/dtoa_libs.cc tests/unit/bits.h \
    $(BUILD)/src/cli/numfmt.o
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror -Isrc \
	    $(DRAGONBOX_INC:%=-I%) -o $@ bench/dtoa_libs.cc \
	    $(BUILD)/src/cli/numfmt.o -ldouble-conversion -ldragonbox_to_chars
bench-dtoa: $(BIN) $(BUILD)/bench-dtoa
	$(BIN) --frames 1000000 --dt 0.001 | $(BUILD)/bench-dtoa
	@echo "the numbers of a sweep's metric columns (make bench's grid):"
	$(BIN) sweep --integrator semi-implicit --dt 0.01 --frames 100 \
	    --uaf 1:100:300log --dr 0:2:1000 --quiet --columns \
	    max_err_x,rms_err_x,max_err_v,rms_err_v,overshoot,energy_drift,-uaf,-dr \
	    | $(BUILD)/bench-dtoa
.PHONY: bench-dtoa

# this tree's numfmt against NUMFMT_OLD's (a commit), text for text, on
# NUMFMT_CMP doubles per family and a sweep's numbers and their
# neighbours (bench/numfmt_cmp.c; about a minute per 10^8 on one core)
NUMFMT_OLD ?= af4ce7a
NUMFMT_CMP ?= 100000000
numfmt-cmp: $(BIN) $(BUILD)/src/cli/numfmt.o
	@mkdir -p $(BUILD)/numfmt-old
	git show $(NUMFMT_OLD):src/cli/numfmt.c >$(BUILD)/numfmt-old/numfmt.c
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -O3 \
	    -Dnumfmt_roundtrip=old_numfmt_roundtrip \
	    -Dnumfmt_integer=old_numfmt_integer \
	    -Dnumfmt_precision=old_numfmt_precision \
	    -c -o $(BUILD)/numfmt-old/numfmt.o $(BUILD)/numfmt-old/numfmt.c
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -o $(BUILD)/numfmt-cmp \
	    bench/numfmt_cmp.c $(BUILD)/src/cli/numfmt.o \
	    $(BUILD)/numfmt-old/numfmt.o -lm
	$(BIN) sweep --integrator semi-implicit --dt 0.01 --frames 100 \
	    --uaf 1:100:100log --dr 0:2:100 --quiet >$(BUILD)/numfmt-old/sweep.csv
	NUMFMT_CMP=$(NUMFMT_CMP) $(BUILD)/numfmt-cmp $(BUILD)/numfmt-old/sweep.csv
.PHONY: numfmt-cmp

# the C floor under the sweep (bench/floor.c, no library): the project's
# flags, -O3 for its loops, -pthread; never -march=native
FLOOR_FLAGS = $(WARN) $(CFLAGS) -O3 -pthread
$(BUILD)/bench-floor: bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(FLOOR_FLAGS) -DFLOOR_FLAGS='"$(FLOOR_FLAGS)"' \
	    $(LDFLAGS) -o $@ bench/floor.c -lm
bench: $(BUILD)/bench-floor

# the bench's timer: the best of N runs of a command, no shell between
# (bench/besttime.c)
$(BUILD)/besttime: bench/besttime.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $(LDFLAGS) -o $@ bench/besttime.c
bench: $(BUILD)/besttime

# the real libraries' trajectories, written to tests/engines/golden/
engines-golden:
	cd tests/engines && npm ci
	for g in tests/engines/gen/*.mjs; do \
	    case $${g##*/} in common*) continue ;; esac; \
	    node "$$g" || exit 1; \
	done
	@if [ -n "$${UNITY_SRC:-}" ]; then sh tests/engines/native/unity/gen.sh; \
	else echo "engines-golden: UNITY_SRC not set: golden/unity-*.csv kept"; fi
	@if [ -n "$${COMPOSE_SRC:-}" ]; then sh tests/engines/native/compose/gen.sh; \
	else echo "engines-golden: COMPOSE_SRC not set: golden/compose-*.csv kept"; fi
.PHONY: engines-golden

# springsim(1)'s lists taken from the registry (springsim list --json):
# scripts/man-lists.sh rewrites them; registry.bats checks them
man-lists: $(BIN)
	sh scripts/man-lists.sh $(BIN)
.PHONY: man-lists

demo: $(BIN)
	sh examples/demo.sh $(BIN)

# the gallery, examples/*.png and gallery.sums, drawn by the plot scripts
plots: $(BIN)
	sh scripts/gallery.sh $(BIN)

# the library goes in as libspring.a and libspring.so.VERSION with its
# symlinks (.so.MAJOR, the soname, and .so; no ldconfig run: a packager's
# or root's to do), its headers under include/ and springsim.pc for
# pkg-config, written for this PREFIX (the library needs libm and nothing
# else).  -lspring links the shared library where both are (and so do
# pkg-config's flags, --static or not); -Wl,-Bstatic -lspring
# -Wl,-Bdynamic the static one (docs/library.md).
install: $(BIN) $(LIB) $(SOLIB)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(EXDIR)
	mkdir -p $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR)/spring $(DESTDIR)$(PCDIR)
	cp $(BIN) $(DESTDIR)$(BINDIR)/springsim
	chmod 755 $(DESTDIR)$(BINDIR)/springsim
	for p in $(PLOTS); do \
	    cp scripts/$$p $(DESTDIR)$(BINDIR)/springsim-$$p && \
	    chmod 755 $(DESTDIR)$(BINDIR)/springsim-$$p || exit 1; done
	cp scripts/merge $(DESTDIR)$(BINDIR)/springsim-merge
	chmod 755 $(DESTDIR)$(BINDIR)/springsim-merge
	cp docs/springsim.1 $(DESTDIR)$(MANDIR)/springsim.1
	chmod 644 $(DESTDIR)$(MANDIR)/springsim.1
	cp $(EXAMPLES) $(DESTDIR)$(EXDIR)/
	cd $(DESTDIR)$(EXDIR) && chmod 644 $(notdir $(EXAMPLES))
	cp $(LIB) $(DESTDIR)$(LIBDIR)/libspring.a
	chmod 644 $(DESTDIR)$(LIBDIR)/libspring.a
	rm -f $(DESTDIR)$(LIBDIR)/$(notdir $(SOLIB))
	cp $(SOLIB) $(DESTDIR)$(LIBDIR)/
	chmod 755 $(DESTDIR)$(LIBDIR)/$(notdir $(SOLIB))
	ln -sf $(notdir $(SOLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libspring.so
	cp include/spring.h $(DESTDIR)$(INCDIR)/spring.h
	cp $(HEADERS) $(DESTDIR)$(INCDIR)/spring/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	    'includedir=$(INCDIR)' '' 'Name: springsim' \
	    'Description: damped springs: update rules, exact reference, metrics' \
	    'Version: $(VERSION)' 'Cflags: -I$${includedir}' \
	    'Libs: -L$${libdir} -lspring -lm' >$(DESTDIR)$(PCDIR)/springsim.pc
	chmod 644 $(DESTDIR)$(INCDIR)/spring.h $(DESTDIR)$(PCDIR)/springsim.pc
	cd $(DESTDIR)$(INCDIR)/spring && chmod 644 $(notdir $(HEADERS))

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/springsim $(DESTDIR)$(MANDIR)/springsim.1
	rm -f $(PLOTS:%=$(DESTDIR)$(BINDIR)/springsim-%)
	rm -f $(DESTDIR)$(BINDIR)/springsim-merge
	rm -f $(addprefix $(DESTDIR)$(EXDIR)/,$(notdir $(EXAMPLES)))
	rmdir $(DESTDIR)$(EXDIR) $(DESTDIR)$(PREFIX)/share/doc/springsim \
	    2>/dev/null || true
	rm -f $(DESTDIR)$(LIBDIR)/libspring.a $(DESTDIR)$(INCDIR)/spring.h
	rm -f $(DESTDIR)$(LIBDIR)/libspring.so $(DESTDIR)$(LIBDIR)/$(SONAME) \
	    $(DESTDIR)$(LIBDIR)/$(notdir $(SOLIB))
	rm -f $(addprefix $(DESTDIR)$(INCDIR)/spring/,$(notdir $(HEADERS)))
	rm -f $(DESTDIR)$(PCDIR)/springsim.pc
	rmdir $(DESTDIR)$(INCDIR)/spring 2>/dev/null || true

clean:
	rm -rf build build-san build-tsan build-fuzz $(WASM_BUILD) $(CROSS_BUILD) \
	    $(PORTABLE_BUILD)

.PHONY: all test sanitize tsan check cross-build cross-aarch64 fuzz fuzzers \
	fuzz-corpus valgrind bench demo plots install uninstall clean \
	portable-build

# The page (build/web/, docs/web.md): the springsim program itself built
# for wasm32-wasi by Debian's clang, lld (wasm-ld) and wasi-libc, run in
# the browser by a small WASI shim (web/wasi.js).  Not the native
# objects: its own, in $(WASM_BUILD), with web/wasi/compat.h forced in
# (no signals, no threads: web/wasi/pthread.h) and web/wasi/nocsv.c in
# place of csvin.c (no files, no libcsv) and tests/unit/nofit.c in place
# of fit.c (no MINPACK): those commands refuse in one line; calloc
# through web/wasi/heap.c (fresh memory is not cleared twice), malloc and
# realloc too (the heap's high-water mark, for web/wasi.js).
WASM_BUILD = build-wasm
WASM_CC	 ?= clang
WASM_FLAGS = --target=wasm32-wasi -O2 -D_WASI_EMULATED_SIGNAL \
	     -D_WASI_EMULATED_PROCESS_CLOCKS -D_WASI_EMULATED_MMAN -include web/wasi/compat.h \
	     -Iweb/wasi
WASM_SRC = $(filter-out src/cli/csvin.c src/cli/commands/fit.c,$(SRC)) \
	   web/wasi/nocsv.c web/wasi/heap.c tests/unit/nofit.c
WASM_OBJ = $(WASM_SRC:%.c=$(WASM_BUILD)/%.o)
# the headers each object includes, tracked as $(BUILD)'s are (-MMD): a
# struct changed in a header must rebuild every wasm object that uses it,
# or the page runs objects of two layouts (seen: sweep's columns)
$(WASM_BUILD)/%.o: %.c $(WASM_BUILD)/%.d web/wasi/compat.h web/wasi/pthread.h
	@mkdir -p $(dir $@)
	$(WASM_CC) $(CPPFLAGS) $(DEPFLAGS) -Isrc/cli $(WARN) $(WASM_FLAGS) -c -o $@ $<
	@touch $@
$(WASM_BUILD)/%.d: ;
.PRECIOUS: $(WASM_BUILD)/%.d
-include $(wildcard $(WASM_BUILD)/*/*.d $(WASM_BUILD)/*/*/*.d \
    $(WASM_BUILD)/*/*/*/*.d)
# __stack_pointer and __data_end exported: web/wasi.js puts
# an instance back as it was made to run it again.  The stack first, so
# that overflowing it traps (below address 0) instead of writing over the
# data; 256 KB of it, five times the most a command was seen to use
# (sweep, 49 KB: tests/web/instance.test.mjs).  4 MB of memory from the
# start, so that a sweep of the page's curves (2.9 MB for 45) does not
# grow it (a grown instance is not reused).
$(WASM_BUILD)/springsim.wasm: $(WASM_OBJ)
	$(WASM_CC) --target=wasm32-wasi -O2 -Wl,--strip-all \
	    -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc \
	    -Wl,--stack-first -Wl,-z,stack-size=262144 \
	    -Wl,--initial-memory=4194304 -Wl,--export=__stack_pointer \
	    -Wl,--export=__data_end \
	    -o $@ $(WASM_OBJ) -lm \
	    -lwasi-emulated-signal -lwasi-emulated-process-clocks \
	    -lwasi-emulated-mman
WEB_SRC	 = $(wildcard web/*.html web/*.js web/*.css)
web: $(BUILD)/web/index.html
$(BUILD)/web/index.html: $(WASM_BUILD)/springsim.wasm $(WEB_SRC) \
    web/build.sh
	sh web/build.sh $(WASM_BUILD)/springsim.wasm $(BUILD)/web
.PHONY: web
