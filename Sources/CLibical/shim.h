#ifndef TODO_TUI_CLIBICAL_SHIM_H
#define TODO_TUI_CLIBICAL_SHIM_H
#include <libical/ical.h>
#endif
