/* The floor of `todo-tui list`: a plain C program that reads the same data
 * file and prints the same lines (short id, overdue mark, "Due Nov 23 at 9:00
 * AM", title) for the pending items, in the file's order (the writer keeps
 * items by deadline). It knows only what the benchmark needs: the layout our
 * writer produces (one item a line), UTC (the benchmark runs with TZ=UTC), no
 * colour, titles without control characters. bench.py checks that its output
 * equals `todo-tui list`'s byte for byte, then counts its instructions as the
 * physical limit of the job.
 *
 * Usage: floor FILE [NOW_EPOCH_SECONDS]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char out[1 << 16];
static size_t used;

static void flush(void) {
  size_t done = 0;
  while (done < used) {
    ssize_t n = write(1, out + done, used - done);
    if (n <= 0) exit(1);
    done += (size_t)n;
  }
  used = 0;
}

static void put(const char *s, size_t n) {
  if (used + n > sizeof out) flush();
  memcpy(out + used, s, n);
  used += n;
}

static void put_dec(long v) {
  char b[24];
  int k = 0;
  do { b[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k) put(&b[--k], 1);
}

/* days since 1970-01-01 from a civil date, and back (H. Hinnant's algorithms). */
static long days_from_civil(long y, long m, long d) {
  y -= m <= 2;
  long era = (y >= 0 ? y : y - 399) / 400;
  long yoe = y - era * 400;
  long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

static void civil_from_days(long z, long *y, long *m, long *d) {
  z += 719468;
  long era = (z >= 0 ? z : z - 146096) / 146097;
  long doe = z - era * 146097;
  long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = yoe + era * 400 + (*m <= 2);
}

static long num(const char *p, int n) {
  long v = 0;
  for (int i = 0; i < n; i++) v = v * 10 + (p[i] - '0');
  return v;
}

static const char *find(const char *p, const char *end, const char *needle) {
  return memmem(p, (size_t)(end - p), needle, strlen(needle));
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs("usage: floor FILE [NOW]\n", stderr);
    return 2;
  }
  int fd = open(argv[1], O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) return 1;
  char *buf = malloc((size_t)st.st_size + 1);
  size_t got = 0;
  while (got < (size_t)st.st_size) {
    ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
    if (n <= 0) return 1;
    got += (size_t)n;
  }
  long now = argc > 2 ? atol(argv[2]) : (long)time(NULL);
  long y0, m0, d0;
  civil_from_days(now / 86400, &y0, &m0, &d0);
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  const char *p = buf, *end = buf + got;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    /* \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string> */
    if (eol - p > 147 && p[0] == '\t' && p[1] == '\t' && memcmp(p + 2, "<key>", 5) == 0) {
      const char *u = p + 7, *t = p + 147;
      const char *te = memchr(t, '<', (size_t)(eol - t));
      if (!te || memcmp(p + 43, "</key><dict><key>UUID</key><string>", 35) != 0 ||
          memcmp(p + 114, "</string><key>title</key><string>", 33) != 0 ||
          memcmp(te, "</string><key>deadline</key><date>", 34) != 0)
        return 1;
      const char *dl = te + 34;
      /* pending: nothing but `created` after the deadline (a completed or cancelled item has more) */
      const char *rest = dl + 27 + 51;
      if (memcmp(rest, "</dict>", 7) != 0 && (find(rest, eol, "<key>completed</key>") ||
                                              find(rest, eol, "<key>cancelled</key><true/>"))) {
        p = eol + 1;
        continue;
      }
      /* 2026-11-23T09:00:00Z */
      long day = days_from_civil(num(dl, 4), num(dl + 5, 2), num(dl + 8, 2));
      long secs = num(dl + 11, 2) * 3600 + num(dl + 14, 2) * 60 + num(dl + 17, 2);
      long when = day * 86400 + secs;
      char id[8];
      for (int k = 0; k < 8; k++) {
        char c = u[k];
        id[k] = (c >= 'A' && c <= 'F') ? (char)(c + 32) : c;
      }
      put(id, 8);
      put(when <= now ? "  ! " : "    ", 4);
      put("Due ", 4);
      long y, m, d;
      civil_from_days(day, &y, &m, &d);
      put(months + 3 * (m - 1), 3);
      put(" ", 1);
      put_dec(d);
      if (y != y0) {
        put(", ", 2);
        put_dec(y);
      }
      put(" at ", 4);
      long h = secs / 3600, mi = secs % 3600 / 60;
      put_dec(h % 12 == 0 ? 12 : h % 12);
      put(":", 1);
      if (mi < 10) put("0", 1);
      put_dec(mi);
      put(h < 12 ? " AM  " : " PM  ", 5);
      for (const char *c = t; c < te;) {
        if (*c == '&') {
          if (!memcmp(c, "&amp;", 5)) { put("&", 1); c += 5; continue; }
          if (!memcmp(c, "&lt;", 4)) { put("<", 1); c += 4; continue; }
          if (!memcmp(c, "&gt;", 4)) { put(">", 1); c += 4; continue; }
        }
        const char *run = c;
        while (c < te && *c != '&') c++;
        if (c == run) c++;
        put(run, (size_t)(c - run));
      }
      put("\n", 1);
    }
    p = eol + 1;
  }
  flush();
  return 0;
}
