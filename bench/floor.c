/* The floor of `todo-tui list`: a plain C program that reads the same data
 * file and prints the same lines for the pending items (SPEC 2): short id,
 * state glyph, the no-slot mark (the 64 soonest future deadlines hold the
 * notification slots), the deadline phrase in an aligned column ("today 17:00",
 * "Wed 9:05", "Dec 24 18:00"), the title with the marks of SPEC 8 (priority
 * `!!!`/`!!`/`!` before it; after it each `#tag`, `✎` for a note and the
 * progress `40%`: bench.py's fields variant puts them on half the items). It
 * knows only what the benchmark
 * needs: the layout our writer produces (one item a line, by deadline), UTC
 * (the benchmark runs with TZ=UTC), the 24-hour clock (LC_ALL=C.UTF-8), no
 * colour, no reminders or repeats (it exits 3 on one), titles without control
 * characters. bench.py checks that its output equals `todo-tui list`'s byte
 * for byte, then counts its instructions as the physical limit of the job.
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

static int dec(char *b, long v) {
  char t[24];
  int k = 0, n = 0;
  do { t[k++] = (char)('0' + v % 10); v /= 10; } while (v);
  while (k) b[n++] = t[--k];
  return n;
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

/* A UUID as two halves, first digits high, and the entry it belongs to. */
struct key {
  unsigned long long hi, lo;
  size_t entry;
};

static unsigned long long hex16(const char *p) {
  unsigned long long v = 0;
  for (int i = 0, k = 0; k < 16; i++) {
    char c = p[i];
    if (c == '-') continue;
    v = v << 4 | (unsigned long long)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
    k++;
  }
  return v;
}

static int by_key(const void *a, const void *b) {
  const struct key *x = a, *y = b;
  if (x->hi != y->hi) return x->hi < y->hi ? -1 : 1;
  if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
  return 0;
}

/* Hex digits two keys begin with alike. */
static int common(const struct key *a, const struct key *b) {
  if (a->hi != b->hi) return __builtin_clzll(a->hi ^ b->hi) / 4;
  return 16 + (a->lo == b->lo ? 16 : __builtin_clzll(a->lo ^ b->lo) / 4);
}

/* Text as the writer escapes it (&amp; &lt; &gt;), unescaped. */
static void put_text(const char *c, const char *e) {
  while (c < e) {
    if (*c == '&') {
      if (!memcmp(c, "&amp;", 5)) { put("&", 1); c += 5; continue; }
      if (!memcmp(c, "&lt;", 4)) { put("<", 1); c += 4; continue; }
      if (!memcmp(c, "&gt;", 4)) { put(">", 1); c += 4; continue; }
    }
    const char *run = c;
    while (c < e && *c != '&') c++;
    if (c == run) c++;
    put(run, (size_t)(c - run));
  }
}

/* The integer after `key` in the entry's rest, or -1 when there is none. */
static long int_field(const char *rest, const char *eol, const char *key) {
  const char *k = find(rest, eol, key);
  if (!k) return -1;
  k += strlen(key) + 9; /* <integer> */
  long v = 0;
  while (*k >= '0' && *k <= '9') v = v * 10 + (*k++ - '0');
  return v;
}

struct row {
  const char *id;
  size_t entry;
  const char *title, *title_end; /* escaped */
  const char *tags, *tags_end;   /* <string>…</string>… (escaped), or NULL */
  long priority, progress;       /* -1: none */
  int note;
  long when;
  int has_deadline, noslot;
  char phrase[32];
  int phrase_len;
};

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
  long today = now / 86400, y0, m0, d0;
  civil_from_days(today, &y0, &m0, &d0);
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  static const char weekdays[] = "SunMonTueWedThuFriSat";
  size_t cap = 1024, n = 0;
  struct row *rows = malloc(cap * sizeof *rows);
  int slots = 64, any_noslot = 0, width = 0;
  /* Every entry's UUID (completed ones too): the short ids are unique in the file. */
  size_t kcap = 1024, nk = 0;
  struct key *keys = malloc(kcap * sizeof *keys);
  const char *p = buf, *end = buf + got;
  while (p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    /* \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string> */
    if (eol - p > 147 && p[0] == '\t' && p[1] == '\t' && memcmp(p + 2, "<key>", 5) == 0) {
      const char *t = p + 147;
      const char *te = memchr(t, '<', (size_t)(eol - t));
      if (!te || memcmp(p + 43, "</key><dict><key>UUID</key><string>", 35) != 0 ||
          memcmp(p + 114, "</string><key>title</key><string>", 33) != 0 || memcmp(te, "</string>", 9) != 0)
        return 1;
      const char *rest = te + 9;
      if (nk == kcap) keys = realloc(keys, (kcap *= 2) * sizeof *keys);
      keys[nk].hi = hex16(p + 7);
      keys[nk].lo = hex16(p + 7 + 19);
      keys[nk].entry = nk;
      nk++;
      if (find(rest, eol, "<key>completed</key>") || find(rest, eol, "<key>cancelled</key><true/>")) {
        p = eol + 1;
        continue;
      }
      if (find(rest, eol, "<key>reminder</key>") || find(rest, eol, "<key>notified") ||
          find(rest, eol, "<key>warn</key>") || find(rest, eol, "<key>repeat</key>"))
        return 3;
      if (n == cap) rows = realloc(rows, (cap *= 2) * sizeof *rows);
      struct row *r = &rows[n++];
      r->id = p + 7;
      r->entry = nk - 1;
      r->title = t;
      r->title_end = te;
      r->note = find(rest, eol, "<key>note</key>") != NULL;
      r->priority = int_field(rest, eol, "<key>priority</key>");
      r->progress = int_field(rest, eol, "<key>progress</key>");
      r->tags = find(rest, eol, "<key>tags</key><array>");
      if (r->tags) {
        r->tags += 22;
        r->tags_end = find(r->tags, eol, "</array>");
        if (!r->tags_end) return 1;
      }
      r->has_deadline = memcmp(rest, "<key>deadline</key><date>", 25) == 0;
      r->noslot = 0;
      r->phrase_len = 0;
      if (!r->has_deadline) continue;
      const char *dl = rest + 25; /* 2026-11-23T09:00:00Z */
      long day = days_from_civil(num(dl, 4), num(dl + 5, 2), num(dl + 8, 2));
      long secs = num(dl + 11, 2) * 3600 + num(dl + 14, 2) * 60 + num(dl + 17, 2);
      r->when = day * 86400 + secs;
      /* the 64 soonest future deadlines hold a slot (file order: by deadline, then UUID) */
      if (r->when > now) {
        if (slots > 0) slots--;
        else r->noslot = any_noslot = 1;
      }
      char *ph = r->phrase;
      int k = 0;
      long diff = day - today;
      if (diff == 0) { memcpy(ph, "today", 5); k = 5; }
      else if (diff == 1) { memcpy(ph, "tomorrow", 8); k = 8; }
      else if (diff == -1) { memcpy(ph, "yesterday", 9); k = 9; }
      else if (diff >= 2 && diff <= 6) {
        memcpy(ph, weekdays + 3 * (((day % 7) + 11) % 7), 3);
        k = 3;
      } else {
        long y, m, d;
        civil_from_days(day, &y, &m, &d);
        memcpy(ph, months + 3 * (m - 1), 3);
        k = 3;
        ph[k++] = ' ';
        k += dec(ph + k, d);
        if (y != y0) {
          ph[k++] = ' ';
          k += dec(ph + k, y);
        }
      }
      ph[k++] = ' ';
      k += dec(ph + k, secs / 3600);
      ph[k++] = ':';
      long mi = secs % 3600 / 60;
      if (mi < 10) ph[k++] = '0';
      k += dec(ph + k, mi);
      r->phrase_len = k;
      if (k > width) width = k;
    }
    p = eol + 1;
  }
  /* The short ids, as git abbreviates: 8 hex digits, or one more than any
     other UUID of the file shares; in characters of the UUID text (with dashes). */
  unsigned char *idlen = malloc(nk ? nk : 1);
  int idwidth = 8;
  qsort(keys, nk, sizeof *keys, by_key);
  for (size_t i = 0; i < nk; i++) {
    int c = 0;
    if (i > 0) c = common(&keys[i - 1], &keys[i]);
    if (i + 1 < nk && common(&keys[i], &keys[i + 1]) > c) c = common(&keys[i], &keys[i + 1]);
    int d = c >= 8 ? (c + 1 < 32 ? c + 1 : 32) : 8;
    int chars = d + (d > 8) + (d > 12) + (d > 16) + (d > 20);
    idlen[keys[i].entry] = (unsigned char)chars;
    if (chars > idwidth) idwidth = chars;
  }
  static const char spaces[] = "                                          ";
  for (size_t i = 0; i < n; i++) {
    struct row *r = &rows[i];
    char id[36];
    int len = idlen[r->entry];
    for (int k = 0; k < len; k++) {
      char c = r->id[k];
      id[k] = (c >= 'A' && c <= 'F') ? (char)(c + 32) : c;
    }
    put(id, (size_t)len);
    put(spaces, (size_t)(idwidth - len));
    put(r->has_deadline && r->when <= now ? "  !" : "   ", 3);
    if (any_noslot) {
      if (r->noslot) put("\xe2\x8a\x98", 3); /* ⊘ */
      else put(" ", 1);
    }
    put(" ", 1);
    put(r->phrase, (size_t)r->phrase_len);
    put(spaces, (size_t)(width - r->phrase_len));
    put("  ", 2);
    if (r->priority > 0) put(r->priority < 5 ? "!!! " : r->priority == 5 ? "!! " : "! ", r->priority < 5 ? 4 : r->priority == 5 ? 3 : 2);
    put_text(r->title, r->title_end);
    for (const char *c = r->tags; c && c < r->tags_end;) { /* <string>TAG</string> */
      const char *e = memchr(c + 8, '<', (size_t)(r->tags_end - c - 8));
      put(" #", 2);
      put_text(c + 8, e);
      c = e + 9;
    }
    if (r->note) put(" \xe2\x9c\x8e", 4); /* ✎ */
    if (r->progress >= 0) {
      char b[24];
      int k = dec(b + 1, r->progress) + 1;
      b[0] = ' ';
      b[k++] = '%';
      put(b, (size_t)k);
    }
    /* no trailing blanks (titles here never end in one; a line flushed midway keeps them) */
    while (used > 0 && out[used - 1] == ' ') used--;
    put("\n", 1);
  }
  flush();
  return 0;
}
