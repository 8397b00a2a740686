import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The C library as the reference for time zones: `TZ` set for the duration of
/// a call, then restored (the tests run one at a time).
enum GlibcTZ {
  /// Runs `body` with `TZ` set to `value` (unset when nil) and `tzset` called.
  static func with<T>(_ value: String?, _ body: () -> T) -> T {
    let saved = getenv("TZ").map { String(cString: $0) }
    if let value { setenv("TZ", value, 1) } else { unsetenv("TZ") }
    tzset()
    defer {
      if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
      tzset()
    }
    return body()
  }

  /// Seconds east of UTC at `t` (`localtime_r`'s `tm_gmtoff`), for the current `TZ`.
  static func offset(_ t: Int) -> Int {
    var tt = time_t(t)
    var out = tm()
    localtime_r(&tt, &out)
    return Int(out.tm_gmtoff)
  }

  /// `mktime` of a local wall time with `tm_isdst = -1`, for the current `TZ`.
  static func mktime(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int) -> Int {
    var t = tm()
    t.tm_year = Int32(y - 1900)
    t.tm_mon = Int32(mo - 1)
    t.tm_mday = Int32(d)
    t.tm_hour = Int32(h)
    t.tm_min = Int32(mi)
    t.tm_isdst = -1
    return Int(Glibc.mktime(&t))
  }
}
