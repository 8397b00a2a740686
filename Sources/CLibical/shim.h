#ifndef TODO_TUI_CLIBICAL_SHIM_H
#define TODO_TUI_CLIBICAL_SHIM_H
/* libical (Debian libical-dev, pkg-config libical) for Swift: the whole of
 * <libical/ical.h>, and the macros Swift cannot import as static inline functions. */
#include <libical/ical.h>

/* The error of the last libical call on this thread (the icalerrno macro). */
static inline icalerrorenum cl_icalerrno(void) { return icalerrno; }
/* Sets the error of this thread back to ICAL_NO_ERROR. */
static inline void cl_icalerrno_clear(void) { icalerror_clear_errno(); }
/* An empty recurrence rule (ICALRECURRENCETYPE_INITIALIZER). */
static inline struct icalrecurrencetype cl_icalrecurrencetype_empty(void) {
  struct icalrecurrencetype r = ICALRECURRENCETYPE_INITIALIZER;
  return r;
}
#endif
