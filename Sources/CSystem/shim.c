#define _GNU_SOURCE
#include "CSystem.h"

#include <unistd.h>


#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

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

int csystem_renameat_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
  return renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE);
}

int csystem_open_tmpfile(int dirfd) { return openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600); }

int csystem_link_tmpfile(int fd, int dirfd, const char *name) {
  // The descriptor itself (Linux 6.10 lets its opener; before, CAP_DAC_READ_SEARCH), else by /proc.
  if (linkat(fd, "", dirfd, name, AT_EMPTY_PATH) == 0) return 0;
  if (errno != ENOENT && errno != EPERM && errno != EINVAL) return -1;
  char path[40];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return linkat(AT_FDCWD, path, dirfd, name, AT_SYMLINK_FOLLOW);
}

int csystem_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

int csystem_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }

static void close_pair(int p[2]) {
  if (p[0] >= 0) close(p[0]);
  if (p[1] >= 0) close(p[1]);
}

// A pseudo-terminal in raw mode (no \r added, no echo) as out[0] (master, to
// read) and out[1] (the terminal, for the child's stdout), both close-on-exec.
static int raw_pty(int out[2]) {
  int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (m < 0) return -1;
  char name[128];
  if (grantpt(m) != 0 || unlockpt(m) != 0 || ptsname_r(m, name, sizeof name) != 0) {
    close(m);
    return -1;
  }
  int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (s < 0) {
    close(m);
    return -1;
  }
  struct termios t;
  if (tcgetattr(s, &t) == 0) {
    cfmakeraw(&t);
    tcsetattr(s, TCSANOW, &t);
  }
  out[0] = m;
  out[1] = s;
  return 0;
}

int csystem_spawn(const char *path, char *const argv[], char *const envp[],
                  pid_t *pid, int *out_fd, int *err_fd, int *pidfd) {
  return csystem_spawn_in(path, argv, envp, "/dev/null", pid, out_fd, err_fd, pidfd);
}

int csystem_spawn_in(const char *path, char *const argv[], char *const envp[], const char *in_path,
                     pid_t *pid, int *out_fd, int *err_fd, int *pidfd) {
  int out[2] = {-1, -1}, err[2] = {-1, -1};
  int rc = 0;
  // stdout is a terminal when one can be had, so that a command using stdio
  // (notify-send) writes each line at once instead of at its end; else a pipe.
  // O_CLOEXEC from the start: no other thread's spawn can inherit them.
  if ((raw_pty(out) != 0 && pipe2(out, O_CLOEXEC) != 0) || pipe2(err, O_CLOEXEC) != 0) {
    rc = errno;
    close_pair(out);
    close_pair(err);
    return rc;
  }
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t attr;
  if ((rc = posix_spawn_file_actions_init(&fa)) != 0) {
    close_pair(out);
    close_pair(err);
    return rc;
  }
  if ((rc = posix_spawnattr_init(&attr)) != 0) {
    posix_spawn_file_actions_destroy(&fa);
    close_pair(out);
    close_pair(err);
    return rc;
  }
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  // dup2 clears FD_CLOEXEC on 1 and 2; closefrom(3) then drops everything else.
  if ((rc = posix_spawn_file_actions_addopen(&fa, 0, in_path, O_RDONLY, 0)) == 0 &&
      (rc = posix_spawn_file_actions_adddup2(&fa, out[1], 1)) == 0 &&
      (rc = posix_spawn_file_actions_adddup2(&fa, err[1], 2)) == 0 &&
      (rc = posix_spawn_file_actions_addclosefrom_np(&fa, 3)) == 0 &&
      (rc = posix_spawnattr_setsigmask(&attr, &none)) == 0 &&
      (rc = posix_spawnattr_setsigdefault(&attr, &all)) == 0 &&
      (rc = posix_spawnattr_setpgroup(&attr, 0)) == 0 &&
      (rc = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                                POSIX_SPAWN_SETPGROUP)) == 0) {
    rc = posix_spawn(pid, path, &fa, &attr, argv, envp);
  }
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(out[1]);
  close(err[1]);
  if (rc != 0) {
    close(out[0]);
    close(err[0]);
    return rc;
  }
  fcntl(out[0], F_SETFL, O_NONBLOCK);
  fcntl(err[0], F_SETFL, O_NONBLOCK);
  *out_fd = out[0];
  *err_fd = err[0];
  *pidfd = csystem_pidfd_open(*pid);
  return 0;
}
