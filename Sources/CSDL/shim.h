// CSDL: SDL2 and SDL2_ttf plus helpers for macros Swift cannot import.
#ifndef CSDL_SHIM_H
#define CSDL_SHIM_H

#define SDL_MAIN_HANDLED 1
// Through the SDL2/ directory rather than sdl2.pc's -I/usr/include/SDL2 (see Package.swift);
// SDL's own headers include each other with quotes, so they resolve next to these.
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>

/// SDL_WINDOWPOS_CENTERED (a macro expression).
static inline int csdl_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
/// SDL_WINDOWPOS_CENTERED_DISPLAY(display): centred on that display (a macro expression).
static inline int csdl_windowpos_centered_display(int display) { return SDL_WINDOWPOS_CENTERED_DISPLAY(display); }
/// SDL_WINDOWPOS_UNDEFINED (a macro expression).
static inline int csdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
/// The linked SDL version as major*10000 + minor*100 + patch.
static inline int csdl_linked_version(void) {
    SDL_version v;
    SDL_GetVersion(&v);
    return v.major * 10000 + v.minor * 100 + v.patch;
}

#endif
