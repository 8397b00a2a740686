/* The floor of a first sync: the files of a vdir written into an empty folder
 * as plainly as a program can (read each, create it under its name, write it,
 * close; one syncfs at the end, as the sync flushes), with no iCalendar and no
 * temporary names. bench/sync-scale.py times it beside our first sync, on the
 * same file system: what no sync engine can go below there.
 *
 * Usage: sync-floor FROM-DIR TO-DIR (TO-DIR exists and is empty)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc != 3) return 2;
  DIR *from = opendir(argv[1]);
  int to = open(argv[2], O_RDONLY | O_DIRECTORY);
  if (!from || to < 0) return 1;
  int src = dirfd(from);
  char buf[1 << 16];
  struct dirent *e;
  long n = 0;
  while ((e = readdir(from))) {
    size_t len = strlen(e->d_name);
    if (e->d_name[0] == '.' || len < 4 || strcmp(e->d_name + len - 4, ".ics")) continue;
    int in = openat(src, e->d_name, O_RDONLY);
    ssize_t got = in < 0 ? -1 : read(in, buf, sizeof buf);
    if (in >= 0) close(in);
    int out = openat(to, e->d_name, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (got < 0 || out < 0 || write(out, buf, got) != got) return 1;
    close(out);
    n++;
  }
  syncfs(to);
  printf("%ld\n", n);
  return 0;
}
