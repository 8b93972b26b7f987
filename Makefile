# pgnkit - build, test, benchmark and install.
# SPDX-License-Identifier: MIT
#
#   make            build build/pgnkit (profile-guided: see PGO below; PGO=0 without)
#   make test       install missing build and test dependencies, build, run every
#                   test; ends with "N passed, N failed, N skipped" (README, "Tests")
#   make check      the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
#   make check-portable  the same tests on the scalar fallbacks (no SSE2, zlib inflate)
#   make CC=clang test   the same tests built with clang (in build/clang)
#   make GENERAL=1 build/general/pgnkit  the reader without its fast paths (see below)
#   make bench      benchmarks against pgn-extract on the same input; SCALE=N adds
#                   the N-game run (tests/bench/scale.sh; SCALE="N1 N2" one run per
#                   size, e.g. SCALE="1750000 10500000"), SHARDS=S its shards
#   make fuzz       libFuzzer targets (clang), FUZZ_SECONDS each (default 60)
#   make hostile    the hostile-input suite, with peak memory and time per case
#   make valgrind   pgnkit validate on the test files under valgrind memcheck
#   make demo       build and run the toolkit on testdata/sample.pgn
#   make install    PREFIX=/usr/local DESTDIR= (the command, and the library: see "Library")
#   make install-lib the library alone: libpgnkit.so/.a, pgnkit.h, pgnkit_db.h, libpgnkit.pc, pgnkit(3)
#   make clean

VERSION   := 0.1.0
PREFIX    ?= /usr/local
DESTDIR   ?=
CC        ?= cc

WARNINGS  := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes -Wvla -Wwrite-strings
# -O3: on the replay's inner loop, 2% fewer instructions and 4% fewer
# mispredicted branches than -O2 (cachegrind on 3 MB of games).
OPTIMIZE  ?= -O3 -g
# Link-time optimisation: the replay's hot path crosses files (SAN reading in
# san_resolve.c, move making in position.c, the walk in replay.c) and gains from
# inlining across them. LTO= builds without it.
LTO       ?= -flto=auto
PKG_LIBS  := zlib libzstd libpcre2-8 jansson yajl
# Optional libraries, used when pkg-config finds them (LIBARCHIVE=0 and ISAL=0
# build without): libarchive reads zip, 7z, tar, bzip2, xz, ... input; ISA-L
# inflates gzip input faster than zlib.
LIBARCHIVE ?= $(shell pkg-config --exists libarchive 2>/dev/null && echo 1 || echo 0)
# libarchive is loaded at run time (dlopen), at the first archive: linked, its
# libraries would cost every run 5 million instructions of loading. Its
# headers are needed to build.
ifeq ($(LIBARCHIVE),1)
CPPFLAGS  += -DHAVE_LIBARCHIVE $(shell pkg-config --cflags libarchive 2>/dev/null)
LDLIBS    += -ldl
endif
# PORTABLE=1 (check-portable) also tests zlib's inflate.
ifeq ($(PORTABLE),1)
ISAL      := 0
endif
ISAL      ?= $(shell pkg-config --exists libisal 2>/dev/null && echo 1 || echo 0)
ifeq ($(ISAL),1)
PKG_LIBS  += libisal
CPPFLAGS  += -DHAVE_ISAL
endif

# Profile-guided optimisation: see "PGO" below. PGO=0 builds without it. Its
# options and count files are GCC's: with another compiler (clang) it is off.
CC_CLANG  := $(shell $(CC) -dM -E - </dev/null 2>/dev/null | grep -c __clang__)
ifeq ($(CC_CLANG),0)
PGO       ?= 1
else
PGO       ?= 0
endif

# Each configuration builds in its own folder, so that switching between them
# never links objects of another: build/ (GCC, the default), build/clang
# (CC=clang), build/san (SANITIZE=1), build/portable (PORTABLE=1: the
# scalar fallbacks of every SIMD scanner, as on a machine without SSE2, and
# zlib's inflate; built at -O2, the level distributions build packages at,
# whose warnings differ from -O3's and must not fail the build),
# build/zlib (ISAL=0: zlib's inflate for gzip input), build/general (GENERAL=1: the reader's general paths only, none of the
# FAST PATHS of lib/pgn/reader/reader_internal.h; what
# tests/scripts/reader_general_differential.sh compares the usual build with).
ifeq ($(SANITIZE),1)
BUILD     := build/san
OPTIMIZE  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LTO       :=
LDSAN     := -fsanitize=address,undefined
PGO       := 0
else ifeq ($(PORTABLE),1)
BUILD     := build/portable
CPPFLAGS  += -U__SSE2__
OPTIMIZE  := -O2 -g
PGO       := 0
else ifeq ($(GENERAL),1)
BUILD     := build/general
CPPFLAGS  += -DPGN_READER_GENERAL_ONLY
PGO       := 0
LTO       :=
else ifeq ($(origin ISAL)$(ISAL),command line0)
BUILD     := build/zlib
else ifneq ($(CC_CLANG),0)
BUILD     := build/clang
else
BUILD     := build
endif

PKG_CFLAGS := $(shell pkg-config --cflags $(PKG_LIBS) 2>/dev/null)
PKG_LDLIBS := $(shell pkg-config --libs $(PKG_LIBS) 2>/dev/null || echo -lz -lzstd -lpcre2-8)

CPPFLAGS  += -D_POSIX_C_SOURCE=200809L -DPGNKIT_VERSION='"$(VERSION)"' -Ilib $(PKG_CFLAGS)
# Hidden by default: only what lib/pgnkit.h marks PGNKIT_API leaves a shared
# library. Inside one program (the CLI, the tests) nothing changes: hidden
# symbols link statically as before, and calls to them can skip the PLT.
VISIBILITY := -fvisibility=hidden
CFLAGS    += $(WARNINGS) $(OPTIMIZE) $(LTO) $(VISIBILITY) -MMD -MP
LDFLAGS   += $(OPTIMIZE) $(LTO)
# SQLite is linked statically: its shared library asks to be bound at load
# time, and resolving its 1,238 imports cost every run 1.35 million
# instructions (0.3 ms) before main(), index or not.
LDLIBS    += $(PKG_LDLIBS) -Wl,-Bstatic -lsqlite3 -Wl,-Bdynamic -lpthread -lm

# lib/ is layered in folders (README.md, "Layout", is the map); every .c below it is built.
LIB_SRC   := $(sort $(shell find lib -path lib/python -prune -o -name '*.c' -print))
CMD_SRC   := $(sort $(wildcard cmd/*.c cmd/*/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/*.c))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ   := $(CMD_SRC:%.c=$(BUILD)/%.o)
UNIT_OBJ  := $(UNIT_SRC:%.c=$(BUILD)/%.o)
MANPAGES  := $(wildcard man/*.1)

.PHONY: all lib test check check-portable bench demo install install-lib clean deps unit-list fuzz \
        hostile valgrind python lib-libs
all: $(BUILD)/pgnkit lib

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# cmd/ names its own headers from its root ("cli/driver.h", "stats/stats_agg.h"),
# as lib/ does from lib/; lib/ is not given cmd/, so it cannot include a CLI header.
$(BUILD)/cmd/%.o: CPPFLAGS += -Icmd

# libmicrohttpd is the HTTP of `pgnkit serve` only (cmd/serve.c): the library
# and its request -> answer logic (lib/explorer) never see it.
MHD_CFLAGS := $(shell pkg-config --cflags libmicrohttpd 2>/dev/null)
MHD_LIBS  := $(shell pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd)
CMD_LDLIBS := $(MHD_LIBS)
$(BUILD)/cmd/serve.o: CPPFLAGS += $(MHD_CFLAGS)

# The opening table (CC0) is compiled into the library: rows of the TSV files
# become C strings, so no data file is needed at run time.
ECO_TSV   := $(sort $(wildcard lib/annotate/openings/*.tsv))
$(BUILD)/gen/eco_data.c: $(ECO_TSV)
	@mkdir -p $(dir $@)
	{ echo '/* Generated by the Makefile from the TSV files in lib/annotate/openings; do not edit. */'; \
	  echo '#include "annotate/eco_data.h"'; echo 'const char *const eco_rows[] = {'; \
	  awk -F'\t' 'FNR > 1 && NF == 3 { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); \
	    gsub(/\t/, "\\t"); printf "    \"%s\",\n", $$0 }' $(ECO_TSV); \
	  echo '};'; echo 'const size_t eco_rows_count = sizeof eco_rows / sizeof eco_rows[0];'; \
	} > $@.tmp && mv $@.tmp $@

# Also linked into the clang fuzzers, so a plain object, not GCC's LTO form.
$(BUILD)/gen/eco_data.o: LTO :=
$(BUILD)/gen/eco_data.o: $(BUILD)/gen/eco_data.c
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# PGO. The library and the commands are first built instrumented (PGO_GEN);
# that build validates, converts, searches and summarises the bundled games
# with one job, and validates them with two (tests/pgo/train.sh). With the
# counts it leaves (a .gcda file beside each instrumented object) the real
# objects are compiled knowing which branches go which way and which code is
# hot: validate 6-8% faster on the benchmark file (alternating runs against
# PGO=0), the replay's time being much in branches. Any change of a source
# rebuilds both and trains again. The counting is atomic: threads a command
# starts count exactly too.
ifeq ($(PGO),1)
PGO_GEN   := $(BUILD)/pgo-gen
PGO_OBJ   := $(LIB_SRC:%.c=$(PGO_GEN)/%.o) $(CMD_SRC:%.c=$(PGO_GEN)/%.o)
PGO_STAMP := $(BUILD)/pgo-trained
PGO_DATA  := testdata/sample.pgn $(sort $(wildcard testdata/corpus/*.pgn))

$(PGO_GEN)/cmd/%.o: CPPFLAGS += -Icmd
$(PGO_GEN)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fprofile-generate -fprofile-update=atomic -c -o $@ $<

$(PGO_GEN)/pgnkit: $(PGO_OBJ) $(BUILD)/gen/eco_data.o
	$(CC) $(LDFLAGS) -fprofile-generate -o $@ $^ $(CMD_LDLIBS) $(LDLIBS)

$(PGO_STAMP): $(PGO_GEN)/pgnkit tests/pgo/train.sh $(PGO_DATA)
	find $(PGO_GEN) -name '*.gcda' -delete
	sh tests/pgo/train.sh $(PGO_GEN)/pgnkit $(PGO_DATA)
	touch $@

# -dumpdir: the counts of build/lib/x.o are build/pgo-gen/lib/x.gcda, and GCC
# tells a static function's counts by that name too. Partial training: code
# the training did not run is optimised as usual, not as code that never runs.
$(LIB_OBJ) $(CMD_OBJ): $(PGO_STAMP)
$(LIB_OBJ) $(CMD_OBJ): private CFLAGS += -fprofile-use -fprofile-partial-training \
                                      -dumpdir $(patsubst $(BUILD)/%,$(PGO_GEN)/%,$(dir $@))
-include $(PGO_OBJ:.o=.d)
endif

$(BUILD)/libpgnkit.a: $(LIB_OBJ) $(BUILD)/gen/eco_data.o
	rm -f $@
	ar rcs $@ $^

$(BUILD)/pgnkit: $(CMD_OBJ) $(BUILD)/libpgnkit.a
	$(CC) $(LDFLAGS) $(LDSAN) -o $@ $(CMD_OBJ) $(BUILD)/libpgnkit.a $(CMD_LDLIBS) $(LDLIBS)

# Library. The CLI links $(BUILD)/libpgnkit.a, which keeps every internal
# name global for the commands and the unit tests. What is installed is built
# apart, position-independent and without LTO or PGO (their objects are the
# compiler's, not the linker's), in $(PIC): a shared library exporting only
# the PGNKIT_API functions of lib/pgnkit.h and lib/pgnkit_db.h (tests/scripts/api_symbols.sh
# compares them with lib/libpgnkit.sym), and a static one whose objects were
# linked into one (ld -r) so that the hidden names could be made local: a
# program linking it sees only pgnkit_ names, and its own set_error or
# buf_init never clash with ours. SQLite is linked as a shared library here.
PIC       := $(BUILD)/pic
PIC_OBJ   := $(LIB_SRC:%.c=$(PIC)/%.o) $(PIC)/gen/eco_data.o
SONAME    := libpgnkit.so.0
SO_LIBS   := $(filter-out -Wl%,$(LDLIBS))
LIB_FILES := $(BUILD)/libpgnkit.so.$(VERSION) $(PIC)/libpgnkit.a
lib: $(LIB_FILES)

$(PIC)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARNINGS) $(OPTIMIZE) $(VISIBILITY) -fPIC -MMD -MP -c -o $@ $<

$(PIC)/gen/eco_data.o: $(BUILD)/gen/eco_data.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(WARNINGS) $(OPTIMIZE) $(VISIBILITY) -fPIC -c -o $@ $<

$(BUILD)/libpgnkit.so.$(VERSION): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined $(LDSAN) -o $@ $(PIC_OBJ) $(SO_LIBS)
	ln -sf libpgnkit.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libpgnkit.so

$(PIC)/libpgnkit.a: $(PIC_OBJ)
	rm -f $@ $(PIC)/libpgnkit.o
	$(LD) -r -o $(PIC)/libpgnkit.o $(PIC_OBJ)
	objcopy --localize-hidden $(PIC)/libpgnkit.o
	ar rcs $@ $(PIC)/libpgnkit.o

# The library installed into a folder of the build, for the tests that build
# programs against it as a user would (tests/scripts/api_examples.sh); not
# under /usr, whose include folder pkg-config leaves out of --cflags.
STAGE     := $(BUILD)/stage
$(STAGE)/.installed: $(LIB_FILES) lib/pgnkit.h lib/pgnkit_db.h lib/libpgnkit.pc.in man/pgnkit.3
	rm -rf $(STAGE)
	$(MAKE) --no-print-directory install-lib DESTDIR=$(CURDIR)/$(STAGE) PREFIX=/opt/pgnkit
	touch $@

# Unit tests: every function named test_<module>__<case> in tests/unit/*.c is
# collected into a generated list, so adding a test is writing the function.
$(BUILD)/unit_list.h: $(UNIT_SRC)
	@mkdir -p $(dir $@)
	grep -ho '^void test_[a-z0-9_]*__[a-z0-9_]*(void)$$' $(UNIT_SRC) \
	  | sed 's/^void \(.*\)(void)/UNIT(\1)/' > $@.tmp && mv $@.tmp $@

# Fuzz targets: tests/fuzz/fuzz_NAME.c, libFuzzer entry points (tests/fuzz/fuzz.h).
# unit-tests links each one a second time, as NAME_entry, and replays the inputs of
# tests/fuzz/regressions/NAME/ through it (tests/unit/test_fuzz.c). Every target
# fuzzes the library only (the JSON game reader too is lib/pgn/json_reader.c).
FUZZ_SRC   := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES := $(notdir $(FUZZ_SRC:.c=))
UNIT_OBJ   += $(FUZZ_SRC:%.c=$(BUILD)/%.unit.o) $(BUILD)/tests/fuzz/perft_fens.o \
              $(BUILD)/tests/fuzz/replay_checks.o

# The driver's contract (tests/unit/test_driver.c): cmd/cli's loop over the
# games and what it calls.
DRIVER_CMD := cmd/cli/driver.c cmd/cli/dbinput.c cmd/cli/source_file.c cmd/cli/common.c \
              cmd/cli/progress.c
UNIT_OBJ   := $(sort $(UNIT_OBJ) $(DRIVER_CMD:%.c=$(BUILD)/%.o))
$(BUILD)/tests/unit/test_driver.o: CPPFLAGS += -Icmd

$(BUILD)/fuzz_list.h: $(FUZZ_SRC)
	@mkdir -p $(dir $@)
	printf 'FUZZ(%s)\n' $(FUZZ_NAMES) > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/fuzz_fens.h: tests/fuzz/fens.sh $(wildcard tests/data/*.epd) tests/data/san.tsv
	@mkdir -p $(dir $@)
	sh tests/fuzz/fens.sh | sed 's/.*/    "&",/' > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/fuzz/%.unit.o: tests/fuzz/%.c $(BUILD)/unit_list.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -I$(BUILD) -Itests/unit -Itests/fuzz $(CFLAGS) \
	  -DLLVMFuzzerTestOneInput=$*_entry -c -o $@ $<

$(BUILD)/tests/fuzz/perft_fens.o: $(BUILD)/gen/fuzz_fens.h
$(BUILD)/tests/fuzz/%.o: CPPFLAGS += -I$(BUILD) -I$(BUILD)/gen -Itests/unit -Itests/fuzz
$(BUILD)/tests/unit/test_fuzz.o: $(BUILD)/fuzz_list.h
$(BUILD)/tests/unit/test_fuzz.o: CPPFLAGS += -Itests/fuzz

$(UNIT_OBJ): $(BUILD)/unit_list.h
$(BUILD)/tests/unit/%.o: CPPFLAGS += -I$(BUILD) -Itests/unit

$(BUILD)/unit-tests: $(UNIT_OBJ) $(BUILD)/libpgnkit.a
	$(CC) $(LDFLAGS) $(LDSAN) -o $@ $(UNIT_OBJ) $(BUILD)/libpgnkit.a $(LDLIBS)

# Benchmark programs (their own main); built by `make bench`.
$(BUILD)/san-bench: tests/bench/san_bench.c $(BUILD)/libpgnkit.a
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(LDSAN) -o $@ $< $(BUILD)/libpgnkit.a $(LDLIBS)

# make fuzz: each target built with clang and libFuzzer, the library and the helpers
# instrumented too (FUZZ_DIR), then run for FUZZ_SECONDS (tests/fuzz/run.sh) on a
# corpus seeded from testdata/ at run time (tests/fuzz/seeds.sh).
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_DIR     ?= build/libfuzzer
FUZZ_FLAGS   := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=all
FUZZ_HELP    := tests/fuzz/harness.c tests/fuzz/perft_fens.c tests/fuzz/replay_checks.c \
                tests/unit/reader_util.c tests/unit/write_styles.c
FUZZ_OBJ     := $(LIB_SRC:%.c=$(FUZZ_DIR)/%.o) $(FUZZ_HELP:%.c=$(FUZZ_DIR)/%.o)
FUZZ_BIN     := $(FUZZ_NAMES:%=$(FUZZ_DIR)/bin/%)

$(FUZZ_DIR)/%.o: %.c $(FUZZ_DIR)/unit_list.h $(BUILD)/gen/fuzz_fens.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) -I$(FUZZ_DIR) -I$(BUILD)/gen -Itests/unit -Itests/fuzz \
	  $(filter-out -Werror,$(WARNINGS)) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/unit_list.h:
	@mkdir -p $(dir $@)
	: > $@

$(FUZZ_BIN): $(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/tests/fuzz/%.o $(FUZZ_OBJ) $(BUILD)/gen/eco_data.o
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# The Python module (lib/python): built by the interpreter's setuptools
# against $(PIC)/libpgnkit.a into $(BUILD)/python, which is what PYTHONPATH
# should name (tests/scripts/python.sh builds its own copy for the
# interpreter that has pytest). `pip install ./lib/python` does the same.
# --force: setuptools would keep a module linked against an older libpgnkit.a.
PYTHON ?= python3
python: $(PIC)/libpgnkit.a
	cd lib/python && PGNKIT_LIB=$(CURDIR)/$(PIC)/libpgnkit.a PGNKIT_LIBS="$(SO_LIBS)" \
	  $(PYTHON) setup.py -q build --force --build-lib $(CURDIR)/$(BUILD)/python \
	  --build-temp $(CURDIR)/$(BUILD)/python-tmp

# What a program linking $(PIC)/libpgnkit.a needs besides (lib/python/setup.py asks).
lib-libs:
	@echo $(SO_LIBS)

deps:
	@sh .ci/deps

# The quick-start commands: each first makes sure the build and test
# dependencies exist (.ci/deps), so that no test has to be skipped.
test: deps
	$(MAKE) $(BUILD)/pgnkit $(BUILD)/unit-tests $(STAGE)/.installed
	sh tests/run.sh $(BUILD)

# A program built against the sanitized library must be sanitized too (the
# runtime comes first): PGNKIT_USER_CFLAGS is what the library tests add when
# they build one.
check: deps
	$(MAKE) SANITIZE=1 build/san/pgnkit build/san/unit-tests build/san/stage/.installed
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 PERFT_MAX_NODES=300000 \
	  PGNKIT_QUICK=1 PGNKIT_USER_CFLAGS="-fsanitize=address,undefined" sh tests/run.sh build/san

# The tests on the scalar fallbacks of the SIMD scanners (base/simd.h): what a
# machine without SSE2 runs.
check-portable: deps
	$(MAKE) PORTABLE=1 build/portable/pgnkit build/portable/unit-tests build/portable/stage/.installed
	sh tests/run.sh build/portable

# SCALE=N: the database of N games (files kept in SCALE_DIR: minutes to make at
# 10M games) against the scan; SHARDS=S: the same games as S shards added up.
SCALE_DIR ?= $(BUILD)/scale
bench:
	@sh .ci/deps bench
	$(MAKE) $(BUILD)/pgnkit $(BUILD)/san-bench
	-$(MAKE) python
	PYTHON=$(PYTHON) sh tests/bench/run.sh $(BUILD)
	@for n in $(SCALE); do SCALE_DIR=$(SCALE_DIR) sh tests/bench/scale.sh $(BUILD) $$n || exit 1; done
	@if [ -n "$(SCALE)" ] && [ -n "$(SHARDS)" ]; then n=$(lastword $(SCALE)); \
	  SHARD_DB=$${SCALE_DB:-$(SCALE_DIR)/scale-$$n.pgnkit} SHARD_DIR=$(SCALE_DIR)/shards \
	  sh tests/bench/shards.sh $(BUILD) $${SCALE_PGN:-$(SCALE_DIR)/scale-$$n.pgn} $(SHARDS); fi

fuzz:
	@sh .ci/deps fuzz
	$(MAKE) $(FUZZ_BIN) $(BUILD)/pgnkit
	PGNKIT=$(BUILD)/pgnkit sh tests/fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_NAMES)

hostile: deps
	$(MAKE) $(BUILD)/pgnkit
	PGNKIT=$(BUILD)/pgnkit sh tests/scripts/hostile.sh

valgrind:
	@sh .ci/deps valgrind
	$(MAKE) $(BUILD)/pgnkit
	sh tests/valgrind.sh $(BUILD)

demo: deps
	$(MAKE) $(BUILD)/pgnkit
	sh tests/demo.sh $(BUILD)

install-lib: $(LIB_FILES)
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include \
		$(DESTDIR)$(PREFIX)/share/man/man3
	install -m 755 $(BUILD)/libpgnkit.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libpgnkit.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libpgnkit.so
	install -m 644 $(PIC)/libpgnkit.a $(DESTDIR)$(PREFIX)/lib/libpgnkit.a
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@LIBS_PRIVATE@|$(SO_LIBS)|' \
	    lib/libpgnkit.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/libpgnkit.pc
	install -m 644 lib/pgnkit.h $(DESTDIR)$(PREFIX)/include/pgnkit.h
	install -m 644 lib/pgnkit_db.h $(DESTDIR)$(PREFIX)/include/pgnkit_db.h
	install -m 644 man/pgnkit.3 $(DESTDIR)$(PREFIX)/share/man/man3/pgnkit.3

install: all install-lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/pgnkit $(DESTDIR)$(PREFIX)/bin/pgnkit
	install -m 644 $(MANPAGES) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 644 cmd/completion/pgnkit.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/pgnkit
	install -m 644 cmd/completion/_pgnkit $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_pgnkit
	install -m 644 cmd/completion/pgnkit.fish \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/pgnkit.fish

clean:
	rm -rf build

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(PIC_OBJ:.o=.d)
-include $(FUZZ_OBJ:.o=.d) $(FUZZ_SRC:%.c=$(FUZZ_DIR)/%.d)
