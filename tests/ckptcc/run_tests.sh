#!/usr/bin/env bash
# Tests of ckptcc, the mpicc replacement: argument handling, output names,
# dependency files, make and CMake builds, error reporting.
#
# usage: run_tests.sh BUILD_DIR     (BUILD_DIR/bin/ckptcc is tested; an
#        installation prefix works too)
# Prints one line per check and a final "ckptcc: N passed, M failed".
# CKPTCC_TEST_KEEP=1 keeps the scratch directory.

set -u

BUILD_DIR=${1:?usage: run_tests.sh BUILD_DIR}
BUILD_DIR=$(readlink -f -- "$BUILD_DIR")
CKPTCC=$BUILD_DIR/bin/ckptcc
[[ -x $CKPTCC ]] || { echo "run_tests.sh: $CKPTCC not found or not executable" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ckptcc-tests.XXXXXX") || exit 2
if [[ ${CKPTCC_TEST_KEEP:-0} == 1 ]]; then
  trap 'echo "scratch kept in $WORK"' EXIT
else
  trap 'rm -rf -- "$WORK"' EXIT
fi
# ckptcc's own temporary directories go here, so that leftovers can be seen
export TMPDIR=$WORK/tmp
mkdir -p "$TMPDIR"

passed=0
failed=0
LOG=$WORK/last.log   # output of the last command run by a check

pass() { printf 'PASS  %s\n' "$1"; passed=$((passed + 1)); }
fail() {
  printf 'FAIL  %s%s\n' "$1" "${2:+ -- $2}"
  if [[ -s $LOG ]]; then sed -n '1,25s/^/      | /p' "$LOG"; fi
  failed=$((failed + 1))
}

# Each check runs in a fresh directory of its own.
new_dir() {
  local d=$WORK/$1
  mkdir -p "$d" && cd "$d" || exit 2
  : >"$LOG"
}

# run CMD...: run with stdout+stderr in $LOG, return its status
run() { "$@" >"$LOG" 2>&1; }

# Sources shared by several checks (no #pragma: plain C must work unchanged).
write_sources() {
  cat >main.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include "util.h"

int main(int argc, char **argv)
{
    int *v = malloc(4 * sizeof *v);
    for (int i = 0; i < 4; i++) v[i] = i + 1;
    printf("sum=%d argc=%d msg=%s\n", add(v[1], v[2]), argc, MSG);
    free(v);
    (void)argv;
    return 0;
}
EOF
  cat >util.h <<'EOF'
#ifndef UTIL_H
#define UTIL_H
int add(int a, int b);
#ifndef MSG
#define MSG "default"
#endif
#endif
EOF
  cat >util.c <<'EOF'
#include "util.h"
int add(int a, int b) { return a + b; }
EOF
}

# the file names in a directory (to see what a command created)
listing() { find . -mindepth 1 | sort; }

tmp_is_empty() { [[ -z $(find "$TMPDIR" -mindepth 1 -maxdepth 1) ]]; }

# ---------------------------------------------------------------------------

check_show() {
  local name="-show prints instrument, compile and link commands and creates nothing"
  new_dir show
  write_sources
  local before after
  before=$(listing)
  if ! run "$CKPTCC" -show -O2 -o prog main.c util.c; then fail "$name" "exit status $?"; return; fi
  after=$(listing)
  if [[ $before != "$after" ]] || ! tmp_is_empty; then fail "$name" "files were created"; return; fi
  local instrument compile link
  instrument=$(grep -c 'ckpt-instrument .*-o .*main\.c main\.c' "$LOG")
  compile=$(grep -c -- '-fno-pie .*-iquote .*-c .*util\.c -o .*util\.o' "$LOG")
  link=$(grep -- '-no-pie' "$LOG" | grep -- "wrapped-symbols.opt" |
    grep -- 'libckptrt\.a' | grep -- '-Wl,-T,.*aalc-sections\.ld' | grep -c -- '-o prog$')
  if [[ $instrument == 1 && $compile == 1 && $link == 1 && $(wc -l <"$LOG") == 5 ]]; then
    pass "$name"
  else
    fail "$name" "unexpected commands"
  fi
}

check_show_compile_only() {
  local name="-show -c: no link command, nothing created"
  new_dir show_c
  write_sources
  run "$CKPTCC" -show -c main.c
  if [[ $(wc -l <"$LOG") == 2 ]] && ! grep -q -- '-no-pie' "$LOG" &&
     grep -q -- '-o main\.o$' "$LOG" && [[ ! -e main.o ]] && tmp_is_empty; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_link_several_sources() {
  local name="several sources + -o link a working program"
  new_dir link
  write_sources
  if ! run "$CKPTCC" -O2 -Wall -o prog main.c util.c; then fail "$name" "ckptcc failed"; return; fi
  if ! run timeout 60 ./prog a b; then fail "$name" "program failed"; return; fi
  if grep -qx 'sum=5 argc=3 msg=default' "$LOG" && tmp_is_empty; then
    pass "$name"
  else
    fail "$name" "wrong output or temporary files left"
  fi
}

check_linked_with_runtime() {
  local name="program is linked with the runtime, main wrapped, not PIE"
  cd "$WORK/link" 2>/dev/null || { fail "$name" "no program from the previous check"; return; }
  : >"$LOG"
  if nm prog 2>/dev/null | grep -q ' T __wrap_main$' &&
     LC_ALL=C readelf -h prog | grep -q 'Type: *EXEC'; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_compile_then_link() {
  local name="-c a.c b.c gives a.o b.o; ckptcc a.o b.o links them"
  new_dir separate
  write_sources
  if ! run "$CKPTCC" -c main.c util.c; then fail "$name" "ckptcc -c failed"; return; fi
  if [[ ! -f main.o || ! -f util.o ]]; then fail "$name" "objects missing"; return; fi
  if ! run "$CKPTCC" main.o util.o; then fail "$name" "link failed"; return; fi
  if run timeout 60 ./a.out && grep -qx 'sum=5 argc=1 msg=default' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_output_names() {
  local name="-c a.c -o x.o, sources in other directories give objects in ."
  new_dir names
  mkdir src obj
  (cd src && write_sources)
  if run "$CKPTCC" -c src/util.c -o obj/x.o && [[ -f obj/x.o ]] &&
     run "$CKPTCC" -c src/main.c -I src && [[ -f main.o && ! -f src/main.o ]] &&
     run "$CKPTCC" main.o obj/x.o -o prog && run timeout 60 ./prog && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_multiple_o_error() {
  local name="-c with -o and several sources is refused"
  new_dir multi_o
  write_sources
  if ! run "$CKPTCC" -c main.c util.c -o x.o && grep -q '^ckptcc: error:' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_defines_includes() {
  local name="-D, -U and -I are honoured"
  new_dir defines
  mkdir inc
  cat >inc/conf.h <<'EOF'
#define FROM_HEADER 7
EOF
  cat >m.c <<'EOF'
#include <stdio.h>
#include <conf.h>
int main(void)
{
#ifdef GONE
    puts("GONE still defined");
#endif
    printf("value=%d header=%d text=%s\n", VALUE, FROM_HEADER, TEXT);
    return 0;
}
EOF
  if run "$CKPTCC" -DVALUE=42 -D TEXT='"two words and \"quotes\""' -DGONE -UGONE -Iinc -o m m.c &&
     run timeout 60 ./m && grep -qx 'value=42 header=7 text=two words and "quotes"' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_response_file() {
  local name="@file response files are read with gcc's quoting"
  new_dir rsp
  write_sources
  printf '%s\n' '-DMSG="\"from rsp\"" -o '"'my prog'"' @more.rsp' >args.rsp
  printf '%s\n' 'main.c "util.c"' >more.rsp
  if run "$CKPTCC" @args.rsp && run timeout 60 "./my prog" && grep -q 'msg=from rsp$' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_include_option() {
  local name="-include FILE is honoured"
  new_dir include
  printf '#define FORCED 99\n' >forced.h
  printf '#include <stdio.h>\nint main(void){ printf("forced=%%d\\n", FORCED); return 0; }\n' >f.c
  if run "$CKPTCC" -include forced.h -o f f.c && run timeout 60 ./f && grep -qx 'forced=99' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_spaces_in_paths() {
  local name="source, include and output paths with spaces"
  new_dir spaces
  mkdir -p "my src" "out dir"
  (cd "my src" && write_sources)
  if run "$CKPTCC" -c "my src/util.c" -o "out dir/u t.o" &&
     run "$CKPTCC" -I "my src" "my src/main.c" "out dir/u t.o" -o "out dir/my prog" &&
     run timeout 60 "./out dir/my prog" && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_quote_include_next_to_source() {
  local name='#include "local.h" resolves next to the original source'
  new_dir quote_include
  mkdir lib
  (cd lib && write_sources)
  printf 'int add(int a, int b) { return a - b; }\n' >wrong.c
  # a same-named util.h in the current directory must not win over lib/util.h
  printf '#error wrong util.h\n' >util.h
  if run "$CKPTCC" -o prog lib/main.c lib/util.c && run timeout 60 ./prog && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_archive_and_libs() {
  local name="archives and -l/-L keep their order"
  new_dir archive
  write_sources
  if run "$CKPTCC" -c util.c && run ar rcs libutil.a util.o &&
     run "$CKPTCC" -o prog main.c -L. -lutil -lm && run timeout 60 ./prog && grep -q 'sum=5' "$LOG" &&
     run "$CKPTCC" -o prog2 main.c libutil.a && run timeout 60 ./prog2 && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_x_c() {
  local name="-x c compiles a file without the .c suffix"
  new_dir xc
  write_sources
  cp main.c main.txt
  if run "$CKPTCC" -o prog -x c main.txt -x none util.c && run timeout 60 ./prog && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_assembly() {
  local name="-S writes a.s, nothing linked"
  new_dir asm
  write_sources
  if run "$CKPTCC" -S util.c && [[ -s util.s && ! -e a.out ]] && grep -q 'add' util.s; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_preprocess() {
  local name="-E is plain preprocessing, without instrumentation"
  new_dir preprocess
  write_sources
  if run "$CKPTCC" -E -DMSG='"pp"' main.c && grep -q 'printf("sum=%d argc=%d msg=%s\\n", add(v\[1\], v\[2\]), argc, "pp")' "$LOG" &&
     ! grep -q 'ckpt' "$LOG" && [[ $(listing) == $'./main.c\n./util.c\n./util.h' ]]; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_depfile() {
  local name="-MD/-MMD/-MF: the .d file names the original source"
  new_dir deps
  write_sources
  local ok=1
  run "$CKPTCC" -MMD -MP -c main.c -o main.o || ok=0
  [[ -f main.d ]] && grep -q '^main\.o: main\.c ' main.d && grep -q '^util\.h:' main.d &&
    ! grep -q 'ckptcc\.' main.d || ok=0
  mkdir deps
  run "$CKPTCC" -MD -MF deps/u.dep -MT custom -c util.c || ok=0
  [[ -f deps/u.dep ]] && grep -q '^custom: util\.c' deps/u.dep && ! grep -q 'ckptcc\.' deps/u.dep || ok=0
  if ((ok)); then pass "$name"; else cat main.d deps/u.dep >>"$LOG" 2>/dev/null; fail "$name"; fi
}

check_depfile_space() {
  local name=".d file of a source in a directory with a space is valid make syntax"
  new_dir deps_space
  mkdir "a dir"
  (cd "a dir" && write_sources)
  if run "$CKPTCC" -MMD -c "a dir/util.c" -o util.o && grep -qF 'util.o: a\ dir/util.c ' util.d &&
     grep -qF ' a\ dir/util.h' util.d; then
    pass "$name"
  else
    cat util.d >>"$LOG" 2>/dev/null
    fail "$name"
  fi
}

check_make() {
  local name="CC=ckptcc make builds, then is up to date, rebuilds after a header changes"
  new_dir make
  write_sources
  # shellcheck disable=SC2016  # make variables, not shell ones
  printf 'prog: main.o util.o\n\t$(CC) $(CFLAGS) -o $@ main.o util.o\n%%.o: %%.c\n\t$(CC) $(CFLAGS) -MMD -MP -c $< -o $@\nclean:\n\trm -f prog *.o *.d\n-include main.d util.d\n' >Makefile
  if ! run make CC="$CKPTCC" CFLAGS=-O2; then fail "$name" "first make failed"; return; fi
  if ! run timeout 60 ./prog || ! grep -q 'sum=5' "$LOG"; then fail "$name" "program failed"; return; fi
  run make CC="$CKPTCC" CFLAGS=-O2
  if ! grep -q "'prog' is up to date" "$LOG"; then fail "$name" "second make did something"; return; fi
  sleep 1
  touch util.h
  run make CC="$CKPTCC" CFLAGS=-O2
  if grep -q -- '-c main.c' "$LOG" && grep -q -- '-c util.c' "$LOG" && grep -q -- '-o prog' "$LOG"; then
    pass "$name"
  else
    fail "$name" "touching util.h did not rebuild"
  fi
}

# CMake: configure with ckptcc as the C compiler, build, rebuild.
cmake_project() {
  write_sources
  cat >CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.16)
project(tiny C)
add_executable(tiny main.c util.c)
EOF
}

check_cmake_generator() {
  local generator=$1 dir=$2
  local name="cmake -DCMAKE_C_COMPILER=ckptcc ($generator): build, no-op rebuild, header change"
  new_dir "$dir"
  mkdir src
  (cd src && cmake_project)
  if ! run cmake -G "$generator" -S src -B build -DCMAKE_C_COMPILER="$CKPTCC" -DCMAKE_BUILD_TYPE=Release; then
    fail "$name" "configure failed"; return
  fi
  if ! run cmake --build build; then fail "$name" "first build failed"; return; fi
  if ! run timeout 60 build/tiny || ! grep -q 'sum=5' "$LOG"; then fail "$name" "program failed"; return; fi
  if grep -rqs 'ckptcc\.' build/CMakeFiles/tiny.dir/*.d build/.ninja_deps; then
    fail "$name" "dependency information names a temporary file"; return
  fi
  local noop=1
  if [[ $generator == Ninja ]]; then
    run cmake --build build -- -d explain
    grep -q 'no work to do' "$LOG" && ! grep -q 'ninja explain' "$LOG" || noop=0
  else
    run cmake --build build
    grep -qE 'Building C object|Linking C' "$LOG" && noop=0
  fi
  if ((!noop)); then fail "$name" "second build was not a no-op"; return; fi
  sleep 1
  touch src/util.h
  run cmake --build build -v
  if grep -qE 'main\.c\.o|main\.c' "$LOG" && grep -qE 'util\.c' "$LOG"; then
    pass "$name"
  else
    fail "$name" "touching util.h did not rebuild"
  fi
}

check_cmake() {
  check_cmake_generator "Unix Makefiles" cmake_make
  if command -v ninja >/dev/null 2>&1; then
    check_cmake_generator Ninja cmake_ninja
  fi
}

check_compile_error_location() {
  # the file as given or made absolute (Clang tooling does that), never the temporary copy
  local name="a compile error in user code is reported at the user's file and line"
  new_dir comperr
  printf '#include <stdio.h>\nint main(void)\n{\n    return undeclared_name;\n}\n' >bad.c
  if ! run "$CKPTCC" -c bad.c && grep -Eq '^(.*/)?bad\.c:4:[0-9]+: error:' "$LOG" &&
     ! grep -q 'ckptcc\.' "$LOG" &&
     [[ ! -e bad.o ]]; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_warning_location() {
  local name="a warning of the underlying compiler points at the user's file and line"
  new_dir warnloc
  printf 'int main(void)\n{\n    int unused_here = 1;\n    return 0;\n}\n' >w.c
  if run "$CKPTCC" -Wall -c w.c && grep -Eq '^(.*/)?w\.c:3:[0-9]+: warning: unused variable' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_instrument_error() {
  local name="precompiler errors pass through unchanged, non-zero exit, nothing linked"
  new_dir insterr
  printf 'int main(void)\n{\n#pragma ckpt bogus\n    return 0;\n}\n' >bad.c
  if ! run "$CKPTCC" -o prog bad.c && grep -Eq '^(.*/)?bad\.c:3:[0-9]+: error:' "$LOG" &&
     [[ ! -e prog ]] &&
     tmp_is_empty; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_missing_source() {
  local name="a nonexistent source gives a clear error"
  new_dir missing
  if ! run "$CKPTCC" -c nowhere.c && grep -q '^ckptcc: error: .*nowhere\.c' "$LOG" && tmp_is_empty; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_no_input() {
  local name="no input files is an error"
  new_dir noinput
  if ! run "$CKPTCC" -O2 && grep -q '^ckptcc: error: no input files' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_missing_instrument() {
  local name="a missing ckpt-instrument is reported by ckptcc"
  new_dir noinstr
  mkdir -p prefix/bin
  cp "$CKPTCC" prefix/bin/ckptcc
  write_sources
  if ! run prefix/bin/ckptcc -c util.c && grep -q '^ckptcc: error: .*ckpt-instrument' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_symlink() {
  local name="ckptcc called through a symlink finds its prefix"
  new_dir symlink
  write_sources
  ln -s "$CKPTCC" mycc
  if run ./mycc -o prog main.c util.c && run timeout 60 ./prog && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_named_mpicc() {
  local name="ckptcc installed as mpicc first on PATH does not call itself"
  if ! command -v mpicc >/dev/null 2>&1; then pass "$name (skipped: no mpicc)"; return; fi
  new_dir named_mpicc
  write_sources
  mkdir fakebin
  ln -s "$CKPTCC" fakebin/mpicc
  if PATH=$PWD/fakebin:$PATH run timeout 120 mpicc -o prog main.c util.c && run timeout 60 ./prog &&
     grep -q 'sum=5' "$LOG" &&
     ! CKPT_CC=$CKPTCC run timeout 60 "$CKPTCC" -c util.c && grep -q '^ckptcc: error: .*runs ckptcc again' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_keep_temps() {
  local name="--ckpt-keep-temps and CKPT_KEEP_TEMPS=1 keep the instrumented sources"
  new_dir keep
  write_sources
  local dir ok=1
  run "$CKPTCC" --ckpt-keep-temps -c util.c || ok=0
  dir=$(sed -n 's/^ckptcc: instrumented sources kept in //p' "$LOG")
  [[ -n $dir && -d $dir ]] && grep -q 'aalc/ckpt\.h' "$(find "$dir" -name util.c)" || ok=0
  [[ -n $dir ]] && rm -rf -- "$dir"
  CKPT_KEEP_TEMPS=1 run "$CKPTCC" -o prog main.c util.c || ok=0
  dir=$(sed -n 's/^ckptcc: instrumented sources kept in //p' "$LOG")
  [[ -n $dir && -d $dir ]] && [[ $(find "$dir" -name '*.c' | wc -l) == 2 ]] || ok=0
  [[ -n $dir ]] && rm -rf -- "$dir"
  run "$CKPTCC" -c util.c
  tmp_is_empty || ok=0
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

# With bash's loadable builtins, a compile runs no mktemp, rm or readlink
# (commands that fail stand first in PATH); without them it runs them
# (commands that only leave a mark, then do the work, stand there instead).
check_helpers_forked() {
  local name ok=1 tool builtins=0 loadables=${CKPT_BASH_LOADABLES:-/usr/lib/bash}
  new_dir helpers
  write_sources
  mkdir -p fakebin
  if [[ -f $loadables/mktemp && -f $loadables/rm && -f $loadables/realpath ]]; then
    builtins=1
    name="with bash's loadable builtins a compile forks no mktemp, rm or readlink"
    for tool in mktemp rm readlink; do
      printf '#!/bin/sh\necho "%s ran" >>"%s/ran"\nexit 1\n' "$tool" "$PWD" >"fakebin/$tool"
    done
  else
    name="without bash's loadable builtins a compile runs mktemp and rm"
    for tool in mktemp rm; do
      printf '#!/bin/sh\necho "%s ran" >>"%s/ran"\nexec %s "$@"\n' "$tool" "$PWD" "$(command -v "$tool")" \
        >"fakebin/$tool"
    done
  fi
  chmod +x fakebin/*
  # a relative path to ckptcc makes it resolve its own location
  ln -s "$CKPTCC" ckptcc-link
  PATH=$PWD/fakebin:$PATH run ./ckptcc-link -c util.c || ok=0
  [[ -f util.o ]] || ok=0
  if ((builtins)); then
    [[ ! -e ran ]] || ok=0
  else
    grep -q 'mktemp ran' ran && grep -q 'rm ran' ran || ok=0
  fi
  tmp_is_empty || ok=0
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

check_plain_cc() {
  local name="CKPT_CC=cc (no MPI wrapper) builds a serial program"
  new_dir plaincc
  write_sources
  if CKPT_CC=cc run "$CKPTCC" -show -c util.c && ! grep -q 'isystem' "$LOG" && grep -q '^cc ' "$LOG" &&
     CKPT_CC=cc run "$CKPTCC" -o prog main.c util.c && run timeout 60 ./prog && grep -q 'sum=5' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_mpi_includes() {
  local name="MPI include directories reach ckpt-instrument as -isystem"
  if ! command -v mpicc >/dev/null 2>&1; then pass "$name (skipped: no mpicc)"; return; fi
  new_dir mpiinc
  local dir
  dir=$(mpicc -show 2>/dev/null | tr ' ' '\n' | sed -n 's/^-I//p' | head -1)
  if [[ -z $dir ]]; then pass "$name (skipped: mpicc -show names no -I)"; return; fi
  write_sources
  if env -u CKPT_CC "$CKPTCC" -show -c util.c >"$LOG" 2>&1 &&
     grep -F -- "-isystem $dir" "$LOG" | grep -q 'ckpt-instrument'; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_direct_compile() {
  local name="sources are compiled with the MPI wrapper's own command, the wrapper kept where needed"
  if ! command -v mpicc >/dev/null 2>&1; then pass "$name (skipped: no mpicc)"; return; fi
  new_dir direct
  write_sources
  local compiler ok=1
  compiler=$(mpicc -show -c x.c 2>/dev/null | awk '{print $1}')
  [[ -n $compiler ]] || { pass "$name (skipped: mpicc -show prints nothing)"; return; }
  # the wrapper's compiler, the wrapper's include directory after the user's flags
  env -u CKPT_CC "$CKPTCC" -show -DUSER_FLAG -c util.c >"$LOG" 2>&1 || ok=0
  grep -v ckpt-instrument "$LOG" | grep -Eq "^$compiler .*-DUSER_FLAG.* -I[^ ]+ (-pipe )?-c " || ok=0
  # the wrapper's own options, and a launcher in front of it, keep the wrapper
  env -u CKPT_CC "$CKPTCC" -show -cc="$compiler" -c util.c >"$LOG" 2>&1 || ok=0
  grep -v ckpt-instrument "$LOG" | grep -q "^mpicc " || ok=0
  CKPT_CC="env mpicc" "$CKPTCC" -show -c util.c >"$LOG" 2>&1 || ok=0
  grep -v ckpt-instrument "$LOG" | grep -q '^env mpicc ' || ok=0
  # and the objects work
  env -u CKPT_CC "$CKPTCC" -c util.c main.c >"$LOG" 2>&1 && "$CKPTCC" -o prog main.o util.o >>"$LOG" 2>&1 &&
    timeout 60 ./prog >>"$LOG" 2>&1 && grep -q 'sum=5' "$LOG" || ok=0
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

check_pipe() {
  local name="the copy is compiled with -pipe by gcc, not under -save-temps"
  new_dir pipe
  write_sources
  local ok=1
  CKPT_CC=gcc run "$CKPTCC" -show -c util.c
  grep -v ckpt-instrument "$LOG" | grep -q '^gcc .* -pipe .*-c ' || ok=0
  CKPT_CC=gcc "$CKPTCC" -save-temps -c util.c -o kept.o >"$LOG" 2>&1 || ok=0
  grep -q -- '-pipe' "$LOG" && ok=0 # gcc: "'-pipe' ignored because '-save-temps' specified"
  CKPT_CC=gcc run "$CKPTCC" -show -save-temps -c util.c
  grep -q -- '-pipe' "$LOG" && ok=0
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

check_foreign_mpi() {
  local name="a compiler wrapper of an MPI without a coordination layer is refused, naming both"
  new_dir foreign_mpi
  write_sources
  # a wrapper of some other MPI, answering -show as MPICH's and Open MPI's do
  mkdir -p bin other-mpi/include
  cat >bin/mpicc-other <<'EOF'
#!/bin/sh
case "$1" in -show) shift; echo "cc $* -I$(dirname "$0")/../other-mpi/include"; exit 0 ;; esac
exec cc "$@" -I"$(dirname "$0")/../other-mpi/include"
EOF
  chmod +x bin/mpicc-other
  local ok=1 wrapper
  for wrapper in "$PWD/bin/mpicc-other"; do
    rm -f util.o prog
    if CKPT_CC=$wrapper run "$CKPTCC" -c util.c || [[ -e util.o ]] ||
       ! grep -q "^ckptcc: error: '$wrapper' compiles with the MPI whose headers are in .*, and this AALC has a coordination layer only for MPICH .*(mpi.h in " "$LOG"; then
      ok=0; echo "  $wrapper, compile: $(head -c 400 "$LOG")"
    fi
    if CKPT_CC=$wrapper run "$CKPTCC" -o prog main.c util.c || [[ -e prog ]] ||
       ! grep -q "coordination layer only for" "$LOG"; then
      ok=0; echo "  $wrapper, link: $(head -c 400 "$LOG")"
    fi
  done
  # without a layer to link (CKPT_MPI_LAYER=none), nothing to refuse
  CKPT_CC=$PWD/bin/mpicc-other CKPT_MPI_LAYER=none run "$CKPTCC" -c util.c && [[ -e util.o ]] || ok=0
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

check_mpi_program() {
  local name="an MPI program compiles and links with mpicc underneath"
  if ! command -v mpicc >/dev/null 2>&1; then pass "$name (skipped: no mpicc)"; return; fi
  new_dir mpiprog
  cat >hello.c <<'EOF'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("rank %d of %d\n", rank, size);
    MPI_Finalize();
    return 0;
}
EOF
  if env -u CKPT_CC "$CKPTCC" -o hello hello.c >"$LOG" 2>&1 && [[ -x hello ]]; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_mpi_layer_order() {
  local name="libckptmpi.a, when present, goes after the user's objects and libraries, before the runtime"
  new_dir mpilayer
  mkdir -p prefix/bin prefix/lib prefix/share/aalc prefix/include
  cp "$CKPTCC" prefix/bin/ckptcc
  : >prefix/bin/ckpt-instrument
  chmod +x prefix/bin/ckpt-instrument
  ar rcs prefix/lib/libckptmpi.a
  ar rcs prefix/lib/libckptrt.a
  cp "${CKPTCC%/bin/*}/share/aalc/mpi-layers" prefix/share/aalc/
  write_sources
  local p=$PWD/prefix
  if CKPT_CC=mpicc run prefix/bin/ckptcc -show -o prog main.c -lm util.o &&
     grep -q -- "main\.o -lm util\.o $p/lib/libckptmpi\.a $p/lib/libckptrt\.a" "$LOG" &&
     CKPT_CC=cc run prefix/bin/ckptcc -show -o prog main.c -lm util.o -lmpich &&
     grep -q -- "util\.o $p/lib/libckptmpi\.a -lmpich $p/lib/libckptrt\.a" "$LOG" &&
     CKPT_CC=cc run prefix/bin/ckptcc -show -o prog main.c && ! grep -q libckptmpi "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_layer_per_mpi() {
  local name="each MPI's compiler wrapper links that MPI's layer (and its p2p variant)"
  new_dir layer_per_mpi
  write_sources
  local lib=${CKPTCC%/bin/*}/lib ok=1 wrapper layer line
  # one line per layer the build made: name, mpi.h directory, library
  while IFS=$'\t' read -r _ _ layer; do
    line=$(grep -F "$layer" "${CKPTCC%/bin/*}/share/aalc/mpi-layers")
    case $layer in
      libckptmpi-openmpi.a) wrapper=mpicc.openmpi ;;
      libckptmpi-mpich.a) wrapper=mpicc.mpich ;;
      *) wrapper=mpicc ;;
    esac
    if ! CKPT_CC=$wrapper run "$CKPTCC" -show -o prog main.c util.c ||
       ! grep -q -- " $lib/$layer " "$LOG"; then
      ok=0; echo "  $wrapper ($line): $(grep -o 'libckptmpi[^ ]*' "$LOG" | head -1)"
    fi
    if ! CKPT_CC=$wrapper CKPT_MPI_LAYER=p2p run "$CKPTCC" -show -o prog main.c util.c ||
       ! grep -q -- " $lib/${layer/libckptmpi/libckptmpi_p2p} " "$LOG"; then
      ok=0; echo "  $wrapper, p2p: $(grep -o 'libckptmpi[^ ]*' "$LOG" | head -1)"
    fi
  done <"${CKPTCC%/bin/*}/share/aalc/mpi-layers"
  if ((ok)); then pass "$name"; else fail "$name"; fi
}

check_version_passthrough() {
  local name="--version and -v are passed through"
  new_dir version
  if run "$CKPTCC" --version && grep -q 'ckptcc (AALC)' "$LOG" && [[ $(wc -l <"$LOG") -gt 1 ]] &&
     run "$CKPTCC" -v && grep -qi 'version' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_feature_macros() {
  local name="feature-test macros defined at the top of a source still work (_GNU_SOURCE)"
  new_dir gnu
  cat >gnu.c <<'EOF'
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
int main(void)
{
    char *s;
    if (asprintf(&s, "%d", 42) < 0) return 1;
    printf("%s%s\n", s, strchrnul("", 'x'));
    return 0;
}
EOF
  if run "$CKPTCC" -Werror=implicit-function-declaration -o gnu gnu.c && run timeout 60 ./gnu &&
     grep -qx '42' "$LOG"; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_ckptcc_macro() {
  local name="__AALC_CKPTCC__ is defined for the precompiler's parse, the compile and -E"
  new_dir ckptcc_macro
  # The precompiler refuses an unknown directive: it sees the #if's inside.
  cat >which.c <<'EOF'
#include <stdio.h>
#ifdef __AALC_CKPTCC__
#define BUILT_BY "ckptcc"
#else
#pragma ckpt not-a-directive
#define BUILT_BY "cc"
#endif
int main(void)
{
    puts(BUILT_BY);
    return 0;
}
EOF
  if run "$CKPTCC" -o which which.c && run timeout 60 ./which && grep -qx 'ckptcc' "$LOG" &&
     run "$CKPTCC" -E which.c && grep -q '"ckptcc"' "$LOG" &&
     ! run "$CKPTCC" -U__AALC_CKPTCC__ -c which.c; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_launcher() {
  local name="--ckpt-cc CC (CMake's launcher call) compiles and links with CC"
  new_dir launcher
  write_sources
  if run "$CKPTCC" --ckpt-cc cc -show -c util.c && grep -q '^cc ' "$LOG" &&
     run "$CKPTCC" --ckpt-cc cc -o prog main.c util.c && run timeout 60 ./prog &&
     grep -q 'sum=5' "$LOG" && ! run "$CKPTCC" --ckpt-cc; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_checkpointing_program() {
  local name="a program with #pragma ckpt potential (two units, -c then link) checkpoints and recovers"
  new_dir pragma
  cat >loop.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include "step.h"
static long total;
int main(int argc, char **argv)
{
    long *acc = malloc(sizeof *acc);
    *acc = 0;
    for (int i = 0; i < 20; i++) {
#pragma ckpt potential
        step(acc, i);
        total += i;
    }
    printf("acc=%ld total=%ld argc=%d\n", *acc, total, argc);
    free(acc);
    (void)argv;
    return 0;
}
EOF
  printf 'void step(long *acc, int i);\n' >step.h
  printf '#include "step.h"\nvoid step(long *acc, int i) { *acc += (long)i * i; }\n' >step.c
  if ! run "$CKPTCC" -O2 -c loop.c step.c || ! run "$CKPTCC" -o loop loop.o step.o; then
    fail "$name" "build failed"; return
  fi
  # each run writes its own file: on recovery the runtime rewinds a regular-file stdout
  CKPT_EVERY=3 CKPT_KEEP_ON_EXIT=1 timeout 60 ./loop x >run.out 2>&1
  cp run.out "$LOG"
  if ! grep -qx 'acc=2470 total=190 argc=2' run.out ||
     [[ -z $(find loop.ckpt -mindepth 1 -maxdepth 1 2>/dev/null) ]]; then
    fail "$name" "checkpointing run"; return
  fi
  # other arguments than the checkpoint's are refused (issue 23), unless asked for
  if timeout 60 ./loop --recover >refused.out 2>&1 || ! grep -q 'belongs to another job' refused.out
  then
    cp refused.out "$LOG"
    fail "$name" "recovery with other arguments not refused"; return
  fi
  timeout 60 ./loop x --recover >recover.out 2>&1
  cp recover.out "$LOG"
  if grep -qx 'acc=2470 total=190 argc=2' recover.out; then
    pass "$name"
  else
    fail "$name" "recovery"
  fi
}

# The link step (ckpt-link): units compiled alone assume that no function of
# another unit reaches a checkpoint; the link instruments again those for which
# that is wrong.
write_reaching_units() {
  cat >solver.c <<'EOF'
#include "parts.h"
long solved;
void solve(long *acc, int i)
{
    for (int k = 0; k < 3; k++) {
#pragma ckpt potential
        *acc += (long)i * k;
    }
    solved++;
}
EOF
  cat >driver.c <<'EOF'
#include "parts.h"
void drive(long *acc, int rounds)
{
    for (int i = 0; i < rounds; i++)
        solve(acc, i);
}
EOF
  cat >main.c <<'EOF'
#include <stdio.h>
#include "parts.h"
int main(void)
{
    long acc = 0;
    drive(&acc, 40);
    printf("acc=%ld solved=%ld\n", acc, solved);
    return 0;
}
EOF
  printf 'extern long solved;\nvoid solve(long *acc, int i);\nvoid drive(long *acc, int rounds);\n' >parts.h
}

# a checkpointing run, then a recovery from a checkpoint of the middle
check_recovers() {
  local prog=$1 expected=$2
  rm -rf "$prog.ckpt"
  CKPT_EVERY=17 CKPT_KEEP_ON_EXIT=1 timeout 60 "./$prog" >run.out 2>&1 || return 1
  grep -qx "$expected" run.out || return 1
  [[ -n $(find "$prog.ckpt" -name 'ckpt-*' 2>/dev/null) ]] || return 1
  timeout 60 "./$prog" --recover >recover.out 2>&1 || return 1
  grep -qx "$expected" recover.out
}

check_link_step_objects() {
  local name="units compiled alone are instrumented again at link time where another unit reaches"
  new_dir link_objects
  write_reaching_units
  if run "$CKPTCC" -O2 -c main.c driver.c solver.c && run "$CKPTCC" -v -o prog main.o driver.o solver.o &&
     grep -q "ckpt-link: instrumenting driver.c again (from driver.o): 'solve' reaches" "$LOG" &&
     grep -q "ckpt-link: instrumenting main.c again (from main.o): 'drive' reaches" "$LOG" &&
     ! grep -q "instrumenting solver.c" "$LOG" &&
     check_recovers prog 'acc=2340 solved=40'; then
    pass "$name"
  else
    fail "$name"
  fi
}

check_link_step_archives() {
  local name="archive members (a file or -l) are instrumented again in a copy of the archive"
  new_dir link_archives
  write_reaching_units
  if run "$CKPTCC" -O2 -c main.c driver.c solver.c && run ar rcs libdrive.a driver.o &&
     cp libdrive.a before.a && run "$CKPTCC" -v -o prog main.o libdrive.a solver.o &&
     grep -q "again (from libdrive.a(driver.o))" "$LOG" && cmp -s libdrive.a before.a &&
     check_recovers prog 'acc=2340 solved=40' &&
     run "$CKPTCC" -v -o prog2 main.o -L. -ldrive solver.o &&
     grep -q "again (from ./libdrive.a(driver.o))" "$LOG" && check_recovers prog2 'acc=2340 solved=40'
  then
    pass "$name"
  else
    fail "$name"
  fi
}

check_link_step_refusals() {
  local name="the link step refuses a changed source, a call it cannot restore, a wrong noreach"
  new_dir link_refusals
  write_reaching_units
  run "$CKPTCC" -c main.c driver.c solver.c || { fail "$name" "build"; return; }
  # the source changed since driver.o was compiled from it
  printf '/* edited */\n' >>driver.c
  if run "$CKPTCC" -o prog main.o driver.o solver.o || [[ -e prog ]] ||
     ! grep -q "driver.c: error: this file or a header it includes changed since" "$LOG"; then
    fail "$name" "changed source"; return
  fi
  # a call where none can be restored (the condition of a do-while loop
  # whose body has a 'continue' written by a macro), reaching through
  # another unit
  write_reaching_units
  cat >driver.c <<'EOF'
#include "parts.h"
#define SKIP_IF(c) if (c) continue
void drive(long *acc, int rounds)
{
    int i = 0;
    do {
        SKIP_IF(++i % 7 == 3);
        *acc += 1;
    } while (i < rounds && (solve(acc, i), 1));
}
EOF
  if ! run "$CKPTCC" -c driver.c || run "$CKPTCC" -o prog main.o driver.o solver.o || [[ -e prog ]] ||
     ! grep -q "^driver.c:9:[0-9]*: error: the call to 'solve' may reach a potential checkpoint" "$LOG" ||
     ! grep -q "ckpt-link: error: driver.o must be instrumented again because 'solve' reaches" "$LOG"; then
    fail "$name" "call in an expression"; return
  fi
  # a noreach hint that the whole program contradicts
  write_reaching_units
  sed -i '1i #pragma ckpt noreach(solve)' driver.c
  if ! run "$CKPTCC" -c driver.c || run "$CKPTCC" -o prog main.o driver.o solver.o || [[ -e prog ]] ||
     ! grep -q "^driver.c:1:1: error: '#pragma ckpt noreach(solve)' is wrong" "$LOG"; then
    fail "$name" "noreach"; return
  fi
  pass "$name"
}

check_startup_check() {
  local name="a program linked without the link step refuses to start on a wrong assumption"
  new_dir startup_check
  write_reaching_units
  run "$CKPTCC" -c main.c driver.c solver.c || { fail "$name" "build"; return; }
  # the link command ckptcc would run, without its ckpt-link step
  local link_line
  link_line=$("$CKPTCC" -show -o prog main.o driver.o solver.o | grep -v ckpt-link | tail -n 1)
  if ! run bash -c "$link_line" || run timeout 60 ./prog ||
     ! grep -Eq "(main|driver).c was compiled assuming that '(drive|solve)' never reaches" "$LOG"; then
    fail "$name"; return
  fi
  pass "$name"
}

# Instrumented code in a shared library (ckptcc -shared): ckpt-link never
# reads it, so the start-up check must see the library's summaries and the
# executable's together.
write_library_units() {
  # lib.c calls hook(), a function of the program: compiled alone, it assumes
  # that hook never reaches a checkpoint
  cat >lib.c <<'EOF'
void hook(long *acc, int i);
long lib_sum(long *acc, int n)
{
    for (int i = 0; i < n; i++)
        hook(acc, i);
    return *acc;
}
EOF
  # step.c: a library function that does reach one
  cat >step.c <<'EOF'
void lib_step(long *acc, int i)
{
    for (int k = 0; k < 3; k++) {
#pragma ckpt potential
        *acc += (long)i * k;
    }
}
EOF
}

check_shared_library_startup() {
  local name="instrumented shared libraries: wrong assumptions refused at start-up, both ways"
  new_dir shared_startup
  write_library_units
  cat >hook_reaches.c <<'EOF'
#include <stdio.h>
long lib_sum(long *acc, int n);
void hook(long *acc, int i)
{
#pragma ckpt potential
    *acc += i;
}
int main(void)
{
    long acc = 0;
    printf("sum=%ld\n", lib_sum(&acc, 10));
    return 0;
}
EOF
  cat >calls_step.c <<'EOF'
#include <stdio.h>
void lib_step(long *acc, int i);
int main(void)
{
    long acc = 0;
    for (int i = 0; i < 10; i++)
        lib_step(&acc, i);
    printf("acc=%ld\n", acc);
    return 0;
}
EOF
  if ! run "$CKPTCC" -fPIC -shared -o libx.so lib.c || ! run "$CKPTCC" -fPIC -shared -o libstep.so step.c ||
     ! run "$CKPTCC" -o hook_reaches hook_reaches.c -L. -lx -Wl,-rpath,"$PWD" ||
     ! run "$CKPTCC" -o calls_step calls_step.c -L. -lstep; then
    fail "$name" "build"; return
  fi
  # the library's unit assumed that the program's hook never reaches (and
  # the program's, that lib_sum, which calls hook, never does)
  if run timeout 60 ./hook_reaches || grep -q '^sum=' "$LOG" ||
     ! grep -q "lib.c (in $PWD/libx.so) was compiled assuming that 'hook' never reaches" "$LOG" ||
     ! grep -q "hook_reaches.c was compiled assuming that 'lib_sum' never reaches" "$LOG" ||
     ! grep -q "2 wrong assumptions about reaching a potential checkpoint: the program cannot start" "$LOG"
  then
    fail "$name" "the library's assumption"; return
  fi
  # the program's unit assumed that the library's lib_step never reaches
  if LD_LIBRARY_PATH=$PWD run timeout 60 ./calls_step || grep -q '^acc=' "$LOG" ||
     ! grep -q "calls_step.c was compiled assuming that 'lib_step' never reaches" "$LOG" ||
     ! grep -q "the function reaches through a shared library" "$LOG" ||
     grep -q "step.c (in" "$LOG"; then
    fail "$name" "the program's assumption"; return
  fi
  # the same program linked with step.c's object: ckpt-link instruments it again
  if ! run "$CKPTCC" -c step.c || ! run "$CKPTCC" -o calls_step_obj calls_step.c step.o ||
     ! run timeout 60 ./calls_step_obj || ! grep -qx 'acc=135' "$LOG"; then
    fail "$name" "linked from the object"; return
  fi
  pass "$name"
}

check_shared_library_runs() {
  local name="a program and an instrumented shared library that agree start, checkpoint and recover"
  new_dir shared_runs
  write_library_units
  cat >main.c <<'EOF'
#include <stdio.h>
long lib_sum(long *acc, int n);
long rounds;
void hook(long *acc, int i) { *acc += (long)i * i; }
int main(void)
{
    long total = 0;
    for (int round = 0; round < 60; round++) {
#pragma ckpt potential
        long acc = round;
        total += lib_sum(&acc, 5);
        rounds++;
    }
    printf("total=%ld rounds=%ld\n", total, rounds);
    return 0;
}
EOF
  local expected='total=3570 rounds=60'
  # -rpath, then LD_LIBRARY_PATH, as a user would
  if ! run "$CKPTCC" -fPIC -shared -o libx.so lib.c ||
     ! run "$CKPTCC" -o prog_rpath main.c -L. -lx -Wl,-rpath,"$PWD" ||
     ! run "$CKPTCC" -o prog_env main.c -L. -lx; then
    fail "$name" "build"; return
  fi
  if ! run timeout 60 ./prog_rpath || ! grep -qx "$expected" "$LOG" ||
     ! check_recovers prog_rpath "$expected"; then
    fail "$name" "-rpath"; return
  fi
  if ! LD_LIBRARY_PATH=$PWD check_recovers prog_env "$expected"; then
    cat run.out recover.out >"$LOG" 2>/dev/null
    fail "$name" "LD_LIBRARY_PATH"; return
  fi
  pass "$name"
}

check_shared_library_dlopen() {
  local name="a library loaded with dlopen whose assumption is wrong stops the program"
  new_dir shared_dlopen
  write_library_units
  cat >main.c <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
void hook(long *acc, int i)
{
#pragma ckpt potential
    *acc += i;
}
int main(void)
{
    printf("before dlopen\n");
    fflush(stdout);
    void *lib = dlopen("./libx.so", RTLD_NOW);
    if (!lib) {
        printf("dlopen: %s\n", dlerror());
        return 1;
    }
    printf("loaded\n");
    return 0;
}
EOF
  # -rdynamic: the library calls the program's hook
  if ! run "$CKPTCC" -fPIC -shared -o libx.so lib.c || ! run "$CKPTCC" -rdynamic -o prog main.c -ldl; then
    fail "$name" "build"; return
  fi
  if run timeout 60 ./prog || ! grep -qx 'before dlopen' "$LOG" || grep -q '^loaded' "$LOG" ||
     ! grep -q "lib.c (in ./libx.so) was compiled assuming that 'hook' never reaches" "$LOG" ||
     ! grep -q "1 wrong assumption about reaching a potential checkpoint: the program stops" "$LOG"; then
    fail "$name"; return
  fi
  pass "$name"
}

# ---------------------------------------------------------------------------

check_show
check_show_compile_only
check_link_several_sources
check_linked_with_runtime
check_compile_then_link
check_output_names
check_multiple_o_error
check_defines_includes
check_include_option
check_response_file
check_spaces_in_paths
check_quote_include_next_to_source
check_archive_and_libs
check_x_c
check_assembly
check_preprocess
check_depfile
check_depfile_space
check_make
check_cmake
check_compile_error_location
check_warning_location
check_instrument_error
check_missing_source
check_no_input
check_missing_instrument
check_symlink
check_named_mpicc
check_keep_temps
check_helpers_forked
check_plain_cc
check_mpi_includes
check_direct_compile
check_pipe
check_foreign_mpi
check_layer_per_mpi
check_mpi_program
check_mpi_layer_order
check_version_passthrough
check_checkpointing_program
check_feature_macros
check_ckptcc_macro
check_launcher
check_link_step_objects
check_link_step_archives
check_link_step_refusals
check_startup_check
check_shared_library_startup
check_shared_library_runs
check_shared_library_dlopen

echo "ckptcc: $passed passed, $failed failed"
((failed == 0))
