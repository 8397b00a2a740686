#define _GNU_SOURCE
#include "CSystem.h"

#include <unistd.h>

#include <string.h>

int csystem_timerfd_create_realtime(void) {
  return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK);
}

// Fires at the wall-clock instant; also wakes when the clock is set
// (TFD_TIMER_CANCEL_ON_SET), so that a notifier can look at the clock again.
int csystem_timerfd_arm_absolute(int fd, int64_t sec, int64_t nsec) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  spec.it_value.tv_sec = (time_t)sec;
  spec.it_value.tv_nsec = (long)nsec;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int csystem_timerfd_disarm(int fd) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  return timerfd_settime(fd, 0, &spec, NULL);
}

int csystem_syncfs(int fd) { return syncfs(fd); }
