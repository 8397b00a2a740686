#ifndef TODO_TUI_CNCURSES_SHIM_H
#define TODO_TUI_CNCURSES_SHIM_H
// What ncursesw's pkg-config cflags would give (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600,
// flags SwiftPM refuses), reduced to what curses.h asks for: its wide-character API.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline int cn_lines(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int cn_cols(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline unsigned int cn_a_bold(void) { return A_BOLD; }
static inline unsigned int cn_a_reverse(void) { return A_REVERSE; }
static inline unsigned int cn_a_underline(void) { return A_UNDERLINE; }
static inline unsigned int cn_a_dim(void) { return A_DIM; }
static inline unsigned int cn_color_pair(int n) { return COLOR_PAIR(n); }
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
#endif
