// CSystem: the Linux system calls that Swift's Glibc module does not import
// (or imports only as macros), behind one small header, as swift-nio's
// CNIOLinux does. Swift code imports this module instead of looking symbols
// up at run time.
#ifndef TODO_TUI_CSYSTEM_H
#define TODO_TUI_CSYSTEM_H

#include <stdint.h>
#include <time.h>
#include <sys/types.h>
#include <sys/timerfd.h>

// timerfd: a timer that is a readable descriptor.
int csystem_timerfd_create_realtime(void);
int csystem_timerfd_arm_absolute(int fd, int64_t sec, int64_t nsec);
int csystem_timerfd_disarm(int fd);

// syncfs: flush the whole file system of `fd` at once (one call for a batch
// of files instead of one fsync each).
int csystem_syncfs(int fd);

// renameat2(RENAME_NOREPLACE): renames only when `newpath` does not exist
// (EEXIST otherwise), in one step; EINVAL where the file system cannot.
int csystem_renameat_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

// A file with no name in the folder `dirfd` (O_TMPFILE, 0600, write-only), gone
// if never linked; -1 (EOPNOTSUPP, EISDIR, EINVAL…) where the file system cannot.
int csystem_open_tmpfile(int dirfd);

// Gives the unnamed file `fd` the name `name` in `dirfd` (linkat of the descriptor,
// else through /proc/self/fd): EEXIST when `name` exists, never replaced.
int csystem_link_tmpfile(int fd, int dirfd, const char *name);

// posix_spawn for the notify command: `path` runs with `argv` and `envp`
// (NULL-terminated), stdin from /dev/null, stdout into a new pseudo-terminal
// in raw mode (so that stdio flushes each line: notify-send --print-id prints
// the bubble's id at once; a pipe where no pty can be had), stderr into a new
// pipe; the parent's ends come back in *out_fd and *err_fd (O_CLOEXEC,
// O_NONBLOCK). In the child every other descriptor is closed, the signal mask
// is empty and every signal has its default action, and the child leads a
// process group of its own (so that what it starts can be ended with it).
// *pidfd is a pidfd for the child (readable when it ends), or -1 where the
// kernel has none. Returns 0, or an errno value (nothing is left open then).
int csystem_spawn(const char *path, char *const argv[], char *const envp[],
                  pid_t *pid, int *out_fd, int *err_fd, int *pidfd);

// csystem_spawn with stdin read from the file `in_path` (answers to a
// command's questions: vdirsyncer discover asks before it makes a folder).
int csystem_spawn_in(const char *path, char *const argv[], char *const envp[], const char *in_path,
                     pid_t *pid, int *out_fd, int *err_fd, int *pidfd);

// pipe2(O_CLOEXEC | O_NONBLOCK): both ends close-on-exec from the start.
int csystem_pipe_cloexec(int fds[2]);

// A pidfd for a child (pidfd_open), or -1 with errno.
int csystem_pidfd_open(pid_t pid);

#endif
