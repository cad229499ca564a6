# springsim - build, test, bench, install.
#
#   make              the library (build/libspring.a) and build/springsim
#   make test         unit tests and bats suites; prints "N passed, N failed"
#   make sanitize     the same tests built with -fsanitize=address,undefined
#   make check        test, then sanitize (what CI runs)
#   make bench        the speed figures (never a timed test)
#   make demo         the main job: simulate, write CSV and a plot
#   make install      PREFIX=/usr/local DESTDIR=
#   make clean

PREFIX	?= /usr/local
BINDIR	 = $(PREFIX)/bin
MANDIR	 = $(PREFIX)/share/man/man1
BUILD	?= build

CC	?= cc
CFLAGS	?= -O2 -g
WARN	 = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	   -Wmissing-prototypes -pedantic
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Isrc
LDLIBS	 = -lcsv -lm

LIB_SRC	 = $(wildcard src/*.c)
CLI_SRC	 = $(wildcard src/cli/*.c)
UNIT_SRC = $(wildcard tests/unit/*.c)
LIB_OBJ	 = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ	 = $(CLI_SRC:%.c=$(BUILD)/%.o)
# the unit tests also exercise the CLI's number formatting and parsing
CLI_UNITS = $(filter-out $(BUILD)/src/cli/main.o,$(CLI_OBJ))
UNIT_OBJ = $(UNIT_SRC:%.c=$(BUILD)/%.o)

LIB	 = $(BUILD)/libspring.a
BIN	 = $(BUILD)/springsim
UNIT	 = $(BUILD)/unit-tests
BENCH	 = $(BUILD)/bench-springsim

all: $(BIN)

$(BUILD)/%.o: %.c $(wildcard src/*.h src/cli/*.h tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -c -o $@ $<

$(LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS)

$(UNIT): $(UNIT_OBJ) $(CLI_UNITS) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(UNIT_OBJ) $(CLI_UNITS) $(LIB) $(LDLIBS)

$(BENCH): $(BUILD)/bench/bench.o $(CLI_UNITS) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

test: $(BIN) $(UNIT)
	sh tests/run.sh $(BUILD)

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	    -fno-sanitize-recover=all
sanitize:
	$(MAKE) BUILD=build-san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
	    build-san/springsim build-san/unit-tests
	sh tests/run.sh build-san

# both builds, one closing count
check: $(BIN) $(UNIT)
	$(MAKE) BUILD=build-san CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
	    build-san/springsim build-san/unit-tests
	sh tests/run.sh $(BUILD) build-san

bench: $(BIN) $(BENCH)
	sh bench/run.sh $(BUILD)

demo: $(BIN)
	sh examples/demo.sh $(BIN)

install: $(BIN)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	cp $(BIN) $(DESTDIR)$(BINDIR)/springsim
	chmod 755 $(DESTDIR)$(BINDIR)/springsim
	cp docs/springsim.1 $(DESTDIR)$(MANDIR)/springsim.1
	chmod 644 $(DESTDIR)$(MANDIR)/springsim.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/springsim $(DESTDIR)$(MANDIR)/springsim.1

clean:
	rm -rf build build-san

.PHONY: all test sanitize check bench demo install uninstall clean
