/* Given to header_static_forced.c with '-include' (tests/serial/CMakeLists.txt):
 * static functions that reach a potential checkpoint through mix(), defined in
 * that file, which never includes this header itself. */
long mix(long x);

static long twist(long v);

static inline long spin(long v) { return twist(mix(v)) + 1; }

static long twist(long v) { return (v * 7 + mix(v ^ 0x5a5a)) % 1000003; }
