/* The floor of `todo-tui import` for iCalendar: libical alone reading the same
 * input (one .ics file, or every file of a vdir) into its components and
 * freeing them, on one core, with nothing mapped or written. bench/ical-bench.sh
 * times it beside our import, as the part of the job no mapping can remove.
 *
 * Usage: ical-floor FILE|DIR
 */
#include <dirent.h>
#include <fcntl.h>
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int parse(const char *path) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) return 1;
  char *b = malloc(st.st_size + 1);
  ssize_t n = read(fd, b, st.st_size);
  close(fd);
  if (n != st.st_size) return 1;
  b[n] = 0;
  icalcomponent *c = icalparser_parse_string(b);
  free(b);
  if (!c) return 1;
  icalcomponent_free(c);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  DIR *d = opendir(argv[1]);
  if (!d) return parse(argv[1]);
  struct dirent *e;
  char p[4096];
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    snprintf(p, sizeof p, "%s/%s", argv[1], e->d_name);
    if (parse(p)) return 1;
  }
  closedir(d);
  return 0;
}
