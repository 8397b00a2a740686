// CSystem: the Linux system calls that Swift's Glibc module does not import
// (or imports only as macros), behind one small header, as swift-nio's
// CNIOLinux does. Swift code imports this module instead of looking symbols
// up at run time.
#ifndef TODO_TUI_CSYSTEM_H
#define TODO_TUI_CSYSTEM_H

#include <stdint.h>
#include <time.h>
#include <sys/timerfd.h>

// timerfd: a timer that is a readable descriptor.
int csystem_timerfd_create_realtime(void);
int csystem_timerfd_arm_absolute(int fd, int64_t sec, int64_t nsec);
int csystem_timerfd_disarm(int fd);

// syncfs: flush the whole file system of `fd` at once (one call for a batch
// of files instead of one fsync each).
int csystem_syncfs(int fd);

#endif
