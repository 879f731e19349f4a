#include "pixel_blend.h"

#include <string.h>

// One overlay pixel as a word with R in the low byte, however the machine orders bytes.
static inline uint32_t load_rgba(const uint8_t *p) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t s;
    memcpy(&s, p, 4);
    return s;
#else
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
#endif
}

// One pixel, all in 32-bit lanes so the compiler vectorises the loop: red and blue share one
// word (the classic two-channels-per-multiply trick: each product is at most 255·255, which
// fits its 16-bit field), green the other. x/255 is (x + 128 + ((x + 128) >> 8)) >> 8, exact
// for x ≤ 255·255.
static inline uint32_t blend_pixel(uint32_t s, uint32_t d) {
    uint32_t a = s >> 24;
    uint32_t ia = 255 - a;
    uint32_t srb = ((s & 0xffu) << 16) | ((s >> 16) & 0xffu);
    uint32_t rb = srb * a + (d & 0x00ff00ffu) * ia + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t g = (s & 0xff00u) * a + (d & 0xff00u) * ia + 0x8000u;
    g = ((g + (g >> 8)) >> 8) & 0xff00u;
    return rb | g | 0xff000000u;
}

static inline void blend_run(const uint8_t *source, uint32_t *destination, long count) {
    for (long i = 0; i < count; i++) {
        uint32_t d;
        memcpy(&d, destination + i, 4);
        uint32_t out = blend_pixel(load_rgba(source + 4 * i), d);
        memcpy(destination + i, &out, 4);
    }
}

#if defined(__x86_64__) && defined(__clang__)
// x86-64's baseline (SSE2) has no 32-bit lane multiply, so the loop is also compiled for AVX2
// and picked at run time.
__attribute__((target("avx2"))) static void blend_avx2(const uint8_t *source, uint32_t *destination, long count) {
    blend_run(source, destination, count);
}
#endif

void pixel_blend_rgba_over_xrgb(const uint8_t *source, uint32_t *destination, long count) {
#if defined(__x86_64__) && defined(__clang__)
    if (__builtin_cpu_supports("avx2")) {
        blend_avx2(source, destination, count);
        return;
    }
#endif
    blend_run(source, destination, count);
}
