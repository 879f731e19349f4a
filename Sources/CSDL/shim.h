// CSDL: SDL2 and SDL2_ttf plus helpers for macros Swift cannot import.
#ifndef CSDL_SHIM_H
#define CSDL_SHIM_H

#define SDL_MAIN_HANDLED 1
// Through the SDL2/ directory rather than sdl2.pc's -I/usr/include/SDL2 (see Package.swift);
// SDL's own headers include each other with quotes, so they resolve next to these.
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>

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

/// Set by csdl_x11_record_error: an X request of ours failed (a window id that is not one).
static int csdl_x11_failed = 0;
static inline int csdl_x11_record_error(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    csdl_x11_failed = 1;
    return 0;
}

/// The X11 display and window of an SDL window; 0 when it is not on X11.
static inline int csdl_x11_handles(SDL_Window *window, Display **display, Window *xid) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xid = info.info.x11.window;
    return 1;
}

/// The size of X11 window `target` (any client's), asked on `window`'s display; 0 when there
/// is no such window (the X error is caught, never the default handler's exit).
static inline int csdl_x11_window_size(SDL_Window *window, unsigned long target, int *width, int *height) {
    Display *display;
    Window own;
    if (!csdl_x11_handles(window, &display, &own)) return 0;
    XSync(display, False);
    csdl_x11_failed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(csdl_x11_record_error);
    XWindowAttributes attributes;
    Status status = XGetWindowAttributes(display, (Window)target, &attributes);
    XSync(display, False);
    XSetErrorHandler(previous);
    if (!status || csdl_x11_failed) return 0;
    *width = attributes.width;
    *height = attributes.height;
    return 1;
}

/// Makes `window` a child of X11 window `parent` at its top-left corner (how players embed in
/// another application's window, as mpv's --wid); 0 when it cannot.
static inline int csdl_x11_embed(SDL_Window *window, unsigned long parent) {
    Display *display;
    Window own;
    if (!csdl_x11_handles(window, &display, &own)) return 0;
    XSync(display, False);
    csdl_x11_failed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(csdl_x11_record_error);
    XReparentWindow(display, own, (Window)parent, 0, 0);
    XSync(display, False);
    XSetErrorHandler(previous);
    return !csdl_x11_failed;
}

/// Whether `window`'s X server offers direct rendering (the DRI3 or DRI2 extension): 1 if so,
/// 0 if not, -1 when the window is not on X11. Without it Mesa's GLX can only draw with a
/// CPU rasteriser (llvmpipe): Xvfb, VNC servers, Xorg without a GPU driver. Asked of the X
/// server, so no OpenGL library is loaded to find out.
static inline int csdl_x11_has_direct_rendering(SDL_Window *window) {
    Display *display;
    Window own;
    if (!csdl_x11_handles(window, &display, &own)) return -1;
    int opcode, event, error;
    return XQueryExtension(display, "DRI3", &opcode, &event, &error)
        || XQueryExtension(display, "DRI2", &opcode, &event, &error);
}

#endif
