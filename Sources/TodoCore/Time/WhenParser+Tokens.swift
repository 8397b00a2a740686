import Foundation

/// The single tokens of the `WHEN` grammar: times of day, numbers, durations,
/// ISO 8601 and numeric dates.
extension WhenParser {
  /// "17:00", "5pm", "5:30pm", "9am", "12am", "noon", "midnight".
  static func timeOfDay(_ s: Substring) -> ClockTime? {
    if s == "noon" { return ClockTime(hour: 12, minute: 0) }
    if s == "midnight" { return ClockTime(hour: 0, minute: 0) }
    var body = s
    var meridiem: Character? = nil
    if body.hasSuffix("am") || body.hasSuffix("pm") {
      meridiem = body.dropLast().last
      body = body.dropLast(2)
    }
    // `0900`, `1730`: the four digits of a 24-hour clock.
    if meridiem == nil, body.count == 4, let n = Self.number(body, maxDigits: 4), n / 100 < 24, n % 100 < 60 {
      return ClockTime(hour: n / 100, minute: n % 100)
    }
    // `17.30`, `5.30pm`: a dot between hours and minutes, as many write them.
    let separator: Character = body.contains(".") ? "." : ":"
    let parts = body.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2 else { return nil }
    guard let h = Self.number(parts[0], maxDigits: 2) else { return nil }
    var m = 0
    if parts.count == 2 {
      guard parts[1].count == 2, let mm = Self.number(parts[1], maxDigits: 2) else { return nil }
      m = mm
    } else if meridiem == nil {
      return nil  // a bare "17" is a duration or nothing, not a time
    }
    guard m < 60 else { return nil }
    if let mer = meridiem {
      guard (1...12).contains(h) else { return nil }
      return ClockTime(hour: (h % 12) + (mer == "p" ? 12 : 0), minute: m)
    }
    guard h < 24 else { return nil }
    return ClockTime(hour: h, minute: m)
  }

  static func number(_ s: Substring, maxDigits: Int) -> Int? {
    guard !s.isEmpty, s.count <= maxDigits, s.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Int(s)
  }

  // MARK: - Relative

  /// `17h`, `9h30`, `17h30` (the French and German clock): `NhMM` always; `Nh` when it
  /// cannot be a duration, that is from 13h on, or beside a day (`tomorrow 9h`); `9h`
  /// alone stays 9 hours from now (SPEC 3's `2h`).
  static func frenchClock(_ tokens: [Substring], _ i: Int) -> ClockTime? {
    let w = tokens[i]
    guard let h = w.firstIndex(of: "h"), let hour = number(w[..<h], maxDigits: 2), hour < 24 else {
      return nil
    }
    let minutes = w[w.index(after: h)...]
    if minutes.isEmpty {
      let besideDay = tokens.count > 1 && (i == 0 || tokens[i - 1] != "in")
      guard hour >= 13 || besideDay else { return nil }
      return ClockTime(hour: hour, minute: 0)
    }
    guard minutes.count == 2, let m = number(minutes, maxDigits: 2), m < 60 else { return nil }
    return ClockTime(hour: hour, minute: m)
  }

  /// "30m", "1h30m", "1h 30m", "2 hours", "3d", "1w", "a week", "1 month", "2y" added to
  /// `base` (taken away with `negative`); nil when it is not one. Days, weeks, months and
  /// years are calendar ones: the wall-clock time stays across DST.
  func offset(_ words: [Substring], from base: Date, negative: Bool = false) -> Date? {
    let text = words.map { $0 == "a" || $0 == "an" ? "1" : $0 }.joined()
    guard !text.isEmpty else { return nil }
    var seconds = 0
    var days = 0
    var months = 0
    var idx = text.startIndex
    var any = false
    while idx < text.endIndex {
      let numStart = idx
      while idx < text.endIndex, text[idx].isASCII, text[idx].isNumber { idx = text.index(after: idx) }
      guard numStart < idx, text.distance(from: numStart, to: idx) <= 6,
        let n = Int(text[numStart..<idx])
      else { return nil }
      // `1.5h`: a fraction of a minute, hour, day or week, to the second.
      var tenths = 0
      if idx < text.endIndex, text[idx] == "." {
        let after = text.index(after: idx)
        guard after < text.endIndex, text[after].isASCII, let digit = text[after].wholeNumberValue else {
          return nil
        }
        tenths = digit
        idx = text.index(after: after)
      }
      let unitStart = idx
      while idx < text.endIndex, text[idx].isLetter { idx = text.index(after: idx) }
      // Seconds a unit of a clock unit, or of a calendar unit's fraction (nil: none has one).
      var unit: Int? = 0
      switch text[unitStart..<idx] {
      case "s", "sec", "secs", "second", "seconds":
        guard tenths == 0 else { return nil }
        seconds += n
      case "m", "min", "mins", "minute", "minutes":
        seconds += n * 60
        unit = 60
      case "h", "hr", "hrs", "hour", "hours":
        seconds += n * 3600
        unit = 3600
      case "d", "day", "days":
        days += n
        unit = 86_400
      case "w", "wk", "wks", "week", "weeks":
        days += 7 * n
        unit = 7 * 86_400
      case "mo", "mos", "month", "months":
        months += n
        unit = nil
      case "y", "yr", "yrs", "year", "years":
        months += 12 * n
        unit = nil
      default: return nil
      }
      if tenths > 0 {
        guard let unit else { return nil }  // a fraction of a month or a year is no fixed time
        seconds += tenths * unit / 10
      }
      any = true
    }
    guard any, seconds + days + months > 0, days <= 36_600, months <= 1_200, seconds <= 36_600 * 86_400
    else { return nil }
    let sign = negative ? -1 : 1
    var d = base
    if months > 0 {
      guard let moved = calendar.date(byAdding: .month, value: sign * months, to: d) else { return nil }
      d = moved
    }
    if days > 0 {
      guard let moved = calendar.date(byAdding: .day, value: sign * days, to: d) else { return nil }
      d = moved
    }
    return d.addingTimeInterval(TimeInterval(sign * seconds))
  }

  // MARK: - Dates

  /// "2026-11-23".
  static func isoDate(_ s: Substring) -> CivilDay? {
    let p = s.split(separator: "-", omittingEmptySubsequences: false)
    guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
      let y = number(p[0], maxDigits: 4), let mo = number(p[1], maxDigits: 2),
      let d = number(p[2], maxDigits: 2)
    else { return nil }
    return CivilDay.valid(y, mo, d)
  }

  /// Whether the locale writes the day before the month in numeric dates (en_GB,
  /// de_DE), from ICU's pattern for month and day; the locale of a calendar that
  /// names none (and en_US, C, POSIX) puts the month first.
  static func dayFirst(_ locale: Locale?) -> Bool {
    guard let locale, let pattern = DateFormatter.dateFormat(fromTemplate: "Md", options: 0, locale: locale),
      let d = pattern.firstIndex(of: "d"), let m = pattern.firstIndex(of: "M")
    else { return false }
    return d < m
  }

  /// "3/12", "3.12.", "12/01/2026", "3.12.2026" in the locale's day/month order,
  /// or "2026/11/23"; without a year, the next such date.
  func numericDate(_ s: Substring, today: CivilDay) -> CivilDay? {
    guard let sep = s.first(where: { $0 == "/" || $0 == "." }) else { return nil }
    var body = s
    if sep == ".", body.hasSuffix(".") { body = body.dropLast() }
    let p = body.split(separator: sep, omittingEmptySubsequences: false)
    guard p.count == 2 || p.count == 3 else { return nil }
    if p.count == 3, p[0].count == 4 {  // year first
      guard let y = Self.number(p[0], maxDigits: 4), let m = Self.number(p[1], maxDigits: 2),
        let d = Self.number(p[2], maxDigits: 2)
      else { return nil }
      return CivilDay.valid(y, m, d)
    }
    guard let a = Self.number(p[0], maxDigits: 2), let b = Self.number(p[1], maxDigits: 2) else { return nil }
    // Dots say day first (`3.12.2026` is 3 December), whatever the locale; slashes follow it.
    let (day, month) = sep == "." || Self.dayFirst(calendar.locale) ? (a, b) : (b, a)
    guard p.count == 3 else {
      guard (1...12).contains(month), (1...31).contains(day) else { return nil }
      return Self.nextDate(month: month, day: day, from: today)
    }
    guard p[2].count == 4, let y = Self.number(p[2], maxDigits: 4) else { return nil }
    return CivilDay.valid(y, month, day)
  }

  /// "2026-11-23T14:00", "2026-11-23T14:00:05" (local wall time), or with a "Z"
  /// or ±hh:mm / ±hhmm / ±hh offset (one instant whatever the zone; fractions cut).
  func isoDateTime(_ s: Substring) -> WhenPart? {
    guard let t = s.firstIndex(of: "t"), let day = Self.isoDate(s[..<t]) else { return nil }
    var rest = s[s.index(after: t)...]
    var offset: Int? = nil
    if rest.hasSuffix("z") {
      offset = 0
      rest = rest.dropLast()
    } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let o = rest[rest.index(after: sign)...].replacingOccurrences(of: ":", with: "")
      guard o.count == 4 || o.count == 2, let v = Self.number(Substring(o), maxDigits: 4) else {
        return nil
      }
      let mins = o.count == 4 ? (v / 100) * 60 + v % 100 : v * 60
      guard mins <= 18 * 60 else { return nil }
      offset = (rest[sign] == "-" ? -1 : 1) * mins * 60
      rest = rest[..<sign]
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts[0].count == 2, let h = Self.number(parts[0], maxDigits: 2), h < 24,
      parts[1].count == 2, let m = Self.number(parts[1], maxDigits: 2), m < 60
    else { return nil }
    var sec = 0
    if parts.count == 3 {
      let sp = parts[2].split(separator: ".", maxSplits: 1)
      guard let first = sp.first, first.count == 2, let s0 = Self.number(first, maxDigits: 2), s0 < 60
      else { return nil }
      if sp.count == 2, !sp[1].allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
      sec = s0
    }
    let time = ClockTime(hour: h, minute: m, second: sec)
    guard let off = offset else { return .dayTime(day, time) }
    // The civil fields are in a fixed offset: no time zone rules apply.
    let utc = day.days * 86_400 + h * 3600 + m * 60 + sec - off
    return .instant(Date(timeIntervalSince1970: Double(utc)))
  }
}

extension WhenParser {
  /// What is wrong with a date that names a day its month does not have (`2027-02-30`,
  /// `30.2.2027`, `feb 30`): "February 2027 has 28 days"; nil for anything else.
  public static func noSuchDay(_ text: String) -> String? {
    let words = Self.words(text)
    func why(_ y: Int?, _ m: Int, _ d: Int) -> String? {
      guard (1...12).contains(m), d >= 1, d <= 99 else { return nil }
      let year = y ?? 2024  // no year: February may have 29 days
      let length = CivilDays.daysInMonth(year, m)
      guard d > length else { return nil }
      let name = WhenSlot.months[m - 1].capitalized
      return y.map { "\(name) \($0) has \(length) days" } ?? "\(name) has at most \(length) days"
    }
    for (k, w) in words.enumerated() {
      let date = w.split(separator: "t", maxSplits: 1).first ?? w
      let iso = date.split(separator: "-", omittingEmptySubsequences: false)
      if iso.count == 3, iso[0].count == 4, let y = number(iso[0], maxDigits: 4),
        let m = number(iso[1], maxDigits: 2), let d = number(iso[2], maxDigits: 2)
      {
        return why(y, m, d)
      }
      let dots = w.hasSuffix(".") ? w.dropLast() : w
      let dotted = dots.split(separator: ".", omittingEmptySubsequences: false)
      if dotted.count == 3, let d = number(dotted[0], maxDigits: 2), let m = number(dotted[1], maxDigits: 2),
        let y = number(dotted[2], maxDigits: 4)
      {
        return why(y, m, d)
      }
      if let m = WhenSlot.name(w, WhenSlot.months, extra: ["sept": 8]), k + 1 < words.count,
        let d = number(words[k + 1].prefix(while: \.isNumber), maxDigits: 2)
      {
        let y = k + 2 < words.count ? number(words[k + 2], maxDigits: 4) : nil
        return why(y, m + 1, d)
      }
      if let d = number(w.prefix(while: \.isNumber), maxDigits: 2), !w.isEmpty, k + 1 < words.count,
        let m = WhenSlot.name(words[k + 1], WhenSlot.months, extra: ["sept": 8])
      {
        let y = k + 2 < words.count ? number(words[k + 2], maxDigits: 4) : nil
        return why(y, m + 1, d)
      }
    }
    return nil
  }
}
