import Foundation

/// A POSIX `TZ` rule such as `UTC-3`, `<+05>-5`, `EST5EDT` or
/// `CET-1CEST,M3.5.0,M10.5.0/3`, read as glibc's `tzset` reads it: the offset
/// is west of UTC (`UTC-3` is three hours *east*), a missing DST offset is one
/// hour ahead of standard time, missing rules are the US ones
/// (`M3.2.0,M11.1.0`, what glibc takes from tzdata's `posixrules`), a missing
/// transition time is 02:00. Tested against glibc in `TZVariableTests`.
struct PosixTZ: Equatable, Sendable {
  /// A day of the year a change happens, and the local time it happens at.
  struct Rule: Equatable, Sendable {
    enum Day: Equatable, Sendable {
      /// `Jn`: 1…365, February 29 never counted.
      case julian(Int)
      /// `n`: 0…365, February 29 counted.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1…4, 5 = last) of month m.
      case monthWeek(Int, Int, Int)
    }
    var day: Day
    /// Seconds after local midnight (glibc allows −167…167 hours).
    var time = 7200

    /// Days since 1970-01-01 of the rule's day in `year`.
    func days(in year: Int) -> Int {
      let jan1 = CivilDays.days(year, 1, 1)
      switch day {
      case .julian(let n):
        let leap = CivilDays.daysInMonth(year, 2) == 29
        return jan1 + n - 1 + (leap && n >= 60 ? 1 : 0)
      case .zeroBased(let n): return jan1 + n
      case .monthWeek(let m, let w, let d):
        let first = CivilDays.days(year, m, 1)
        let firstWeekday = CivilDay(days: first).weekday
        var day = first + (d - firstWeekday + 7) % 7 + (w - 1) * 7
        while day >= first + CivilDays.daysInMonth(year, m) { day -= 7 }
        return day
      }
    }
  }

  /// Seconds east of UTC, the way `TimeZone(secondsFromGMT:)` counts.
  var standardOffset: Int
  var daylightOffset: Int? = nil
  var start = Rule(day: .monthWeek(3, 2, 0))
  var end = Rule(day: .monthWeek(11, 1, 0))

  /// Nil when `text` is not a POSIX TZ string (glibc then uses UTC).
  init?(_ text: String) {
    var s = Substring(text)
    guard Self.name(&s), let std = Self.offset(&s, maxHours: 24) else { return nil }
    standardOffset = -std
    guard !s.isEmpty else { return }
    guard Self.name(&s) else { return nil }
    daylightOffset = standardOffset + 3600
    if let first = s.first, first != "," {
      guard let dst = Self.offset(&s, maxHours: 24) else { return nil }
      daylightOffset = -dst
    }
    guard !s.isEmpty else { return }
    guard s.first == ",", let a = Self.rule(&s), s.first == ",", let b = Self.rule(&s), s.isEmpty else {
      return nil
    }
    (start, end) = (a, b)
  }

  /// Seconds east of UTC at `t` (seconds since 1970).
  func offset(at t: Int) -> Int {
    guard let dst = daylightOffset else { return standardOffset }
    let year = CivilDay(days: Self.floorDiv(t + standardOffset, 86_400)).year
    let (on, off) = transitions(in: year)
    let inDST = on < off ? (on <= t && t < off) : !(off <= t && t < on)
    return inDST ? dst : standardOffset
  }

  /// The instants (seconds since 1970) daylight time starts and ends in `year`.
  func transitions(in year: Int) -> (start: Int, end: Int) {
    let dst = daylightOffset ?? standardOffset
    return (
      start.days(in: year) * 86_400 + start.time - standardOffset,
      end.days(in: year) * 86_400 + end.time - dst
    )
  }

  static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

  // MARK: - Reading

  /// `EST` (three letters or more) or `<+05>` (three characters or more of A–Z, a–z, 0–9, +, -).
  private static func name(_ s: inout Substring) -> Bool {
    if s.first == "<" {
      guard let close = s.firstIndex(of: ">") else { return false }
      let inner = s[s.index(after: s.startIndex)..<close]
      guard inner.count >= 3,
        inner.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") })
      else { return false }
      s = s[s.index(after: close)...]
      return true
    }
    let letters = s.prefix(while: { $0.isASCII && $0.isLetter })
    guard letters.count >= 3 else { return false }
    s = s.dropFirst(letters.count)
    return true
  }

  /// `[+-]hh[:mm[:ss]]` in seconds (positive west of UTC, as POSIX writes it).
  private static func offset(_ s: inout Substring, maxHours: Int) -> Int? {
    var sign = 1
    if s.first == "+" || s.first == "-" {
      sign = s.first == "-" ? -1 : 1
      s = s.dropFirst()
    }
    var fields: [Int] = []
    while fields.count < 3 {
      let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= (fields.isEmpty ? 3 : 2), let v = Int(digits) else { return nil }
      fields.append(v)
      s = s.dropFirst(digits.count)
      guard s.first == ":" else { break }
      s = s.dropFirst()
    }
    guard fields[0] <= maxHours, fields.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
    let secs = fields[0] * 3600 + (fields.count > 1 ? fields[1] * 60 : 0) + (fields.count > 2 ? fields[2] : 0)
    return sign * secs
  }

  /// `,Jn[/time]`, `,n[/time]` or `,Mm.w.d[/time]`.
  private static func rule(_ s: inout Substring) -> Rule? {
    s = s.dropFirst()  // ","
    func int(_ max: Int) -> Int? {
      let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
      guard !digits.isEmpty, digits.count <= 3, let v = Int(digits), v <= max else { return nil }
      s = s.dropFirst(digits.count)
      return v
    }
    var rule: Rule
    if s.first == "J" {
      s = s.dropFirst()
      guard let n = int(365), n >= 1 else { return nil }
      rule = Rule(day: .julian(n))
    } else if s.first == "M" {
      s = s.dropFirst()
      guard let m = int(12), m >= 1, s.first == "." else { return nil }
      s = s.dropFirst()
      guard let w = int(5), w >= 1, s.first == "." else { return nil }
      s = s.dropFirst()
      guard let d = int(6) else { return nil }
      rule = Rule(day: .monthWeek(m, w, d))
    } else {
      guard let n = int(365) else { return nil }
      rule = Rule(day: .zeroBased(n))
    }
    if s.first == "/" {
      s = s.dropFirst()
      guard let t = offset(&s, maxHours: 167) else { return nil }
      rule.time = t
    }
    return rule
  }
}
