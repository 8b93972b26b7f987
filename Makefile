# pgnkit - build, test, benchmark and install.
# SPDX-License-Identifier: MIT
#
#   make            build build/pgnkit
#   make test       install missing build dependencies, build, run every test
#   make check      the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      benchmarks against pgn-extract on the same input
#   make demo       build and run the toolkit on testdata/sample.pgn
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

VERSION   := 0.1.0
PREFIX    ?= /usr/local
DESTDIR   ?=
CC        ?= cc

WARNINGS  := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes -Wvla -Wwrite-strings
OPTIMIZE  ?= -O2 -g
PKG_LIBS  := zlib libzstd libpcre2-8

ifeq ($(SANITIZE),1)
BUILD     := build/san
OPTIMIZE  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDSAN     := -fsanitize=address,undefined
else
BUILD     := build
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKG_LIBS) 2>/dev/null)
PKG_LDLIBS := $(shell pkg-config --libs $(PKG_LIBS) 2>/dev/null || echo -lz -lzstd -lpcre2-8)

CPPFLAGS  += -D_POSIX_C_SOURCE=200809L -DPGNKIT_VERSION='"$(VERSION)"' -Ilib $(PKG_CFLAGS)
CFLAGS    += $(WARNINGS) $(OPTIMIZE) -MMD -MP
LDLIBS    += $(PKG_LDLIBS) -lpthread

LIB_SRC   := $(sort $(wildcard lib/*.c))
CMD_SRC   := $(sort $(wildcard cmd/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/*.c))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ   := $(CMD_SRC:%.c=$(BUILD)/%.o)
UNIT_OBJ  := $(UNIT_SRC:%.c=$(BUILD)/%.o)
MANPAGES  := $(wildcard man/*.1)

.PHONY: all test check bench demo install clean deps unit-list
all: $(BUILD)/pgnkit

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/libpgnkit.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/pgnkit: $(CMD_OBJ) $(BUILD)/libpgnkit.a
	$(CC) $(LDFLAGS) $(LDSAN) -o $@ $(CMD_OBJ) $(BUILD)/libpgnkit.a $(LDLIBS)

# Unit tests: every function named test_<module>__<case> in tests/unit/*.c is
# collected into a generated list, so adding a test is writing the function.
$(BUILD)/unit_list.h: $(UNIT_SRC)
	@mkdir -p $(dir $@)
	grep -ho '^void test_[a-z0-9_]*__[a-z0-9_]*(void)$$' $(UNIT_SRC) \
	  | sed 's/^void \(.*\)(void)/UNIT(\1)/' > $@.tmp && mv $@.tmp $@

$(UNIT_OBJ): $(BUILD)/unit_list.h
$(BUILD)/tests/unit/%.o: CPPFLAGS += -I$(BUILD) -Itests/unit

$(BUILD)/unit-tests: $(UNIT_OBJ) $(BUILD)/libpgnkit.a
	$(CC) $(LDFLAGS) $(LDSAN) -o $@ $(UNIT_OBJ) $(BUILD)/libpgnkit.a $(LDLIBS)

# Benchmark programs (their own main); built by `make bench`.
$(BUILD)/san-bench: tests/bench/san_bench.c $(BUILD)/libpgnkit.a
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(LDSAN) -o $@ $< $(BUILD)/libpgnkit.a $(LDLIBS)

deps:
	@sh .ci/deps

# The quick-start commands: each first makes sure the build dependencies exist.
test: deps
	$(MAKE) $(BUILD)/pgnkit $(BUILD)/unit-tests
	sh tests/run.sh $(BUILD)

check: deps
	$(MAKE) SANITIZE=1 build/san/pgnkit build/san/unit-tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 PERFT_MAX_NODES=300000 \
	  PGNKIT_QUICK=1 sh tests/run.sh build/san

bench:
	@sh .ci/deps bench
	$(MAKE) $(BUILD)/pgnkit $(BUILD)/san-bench
	sh tests/bench/run.sh $(BUILD)

demo: deps
	$(MAKE) $(BUILD)/pgnkit
	sh tests/demo.sh $(BUILD)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/pgnkit $(DESTDIR)$(PREFIX)/bin/pgnkit
	install -m 644 $(MANPAGES) $(DESTDIR)$(PREFIX)/share/man/man1/

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(UNIT_OBJ:.o=.d)
