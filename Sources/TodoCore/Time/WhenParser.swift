import Foundation

/// Reads the `WHEN` of SPEC 3 ("tomorrow 9am", "fri 17:00", "in 1h30m", ISO 8601…)
/// and the relative `DURATION` forms, against an injected clock and calendar.
public struct WhenParser: Sendable {
  public var calendar: Calendar
  public var now: Date

  public init(now: Date, calendar: Calendar) {
    self.now = now
    self.calendar = calendar
  }

  /// The forms listed in the error for a `WHEN` that does not parse.
  public static let acceptedForms =
    "now, in 30m, in 2h, in 1h30m, in 3d (or without 'in'), 17:00, 5pm, 5:30pm, noon, "
    + "today 17:00, tomorrow 9am, fri 17:00, next monday 9:00, 2026-11-23, "
    + "2026-11-23 14:00, 2026-11-23T14:00, 2026-11-23T14:00:00+01:00"

  /// The instant `text` names, in whole seconds.
  /// - Throws: ``TodoError/badWhen(_:)`` listing the accepted forms.
  public func parse(_ text: String) throws -> Date {
    guard let d = try? instant(text) else { throw TodoError.badWhen(text) }
    return d.wholeSeconds
  }

  /// A relative duration such as `10m`, `1h30m`, `2d` (optionally after `in`),
  /// applied to `base`.
  public func add(duration text: String, to base: Date) throws -> Date {
    var words = Self.words(text)
    if words.first == "in" { words.removeFirst() }
    guard let d = offset(words, from: base) else { throw TodoError.badDuration(text) }
    return d.wholeSeconds
  }

  // MARK: - Grammar

  static func words(_ text: String) -> [Substring] {
    text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
  }

  private func instant(_ text: String) throws -> Date? {
    var words = Self.words(text)
    guard !words.isEmpty else { return nil }
    if words == ["now"] { return now }
    if words.first == "in" {
      words.removeFirst()
      return offset(words, from: now)
    }
    if let d = offset(words, from: now) { return d }
    if words.count == 1, let d = isoDateTime(String(words[0])) { return d }

    // [day] [time]
    var day: Date? = nil  // start of the named day
    var i = 0
    let today = calendar.startOfDay(for: now)
    if i < words.count {
      let w = words[i]
      if w == "today" || w == "tonight" {
        day = today
        i += 1
      } else if w == "tomorrow" || w == "tmr" {
        day = calendar.date(byAdding: .day, value: 1, to: today)
        i += 1
      } else if let d = isoDate(String(w)) {
        day = d
        i += 1
      } else {
        var j = i
        if w == "next" || w == "this" { j += 1 }
        if j < words.count, let wd = Self.weekday(words[j]) {
          day = nextWeekday(wd, after: today)
          i = j + 1
        }
      }
    }
    var time: (Int, Int)? = nil
    if i < words.count {
      // "5 pm", "5:30 pm", "at 5pm"
      if words[i] == "at" { i += 1 }
      var rest = words[i...].joined()
      if rest.isEmpty { return nil }
      if rest.hasPrefix("at") && day != nil { rest.removeFirst(2) }
      guard let t = Self.timeOfDay(rest) else { return nil }
      time = t
      i = words.count
    }
    guard i == words.count else { return nil }
    switch (day, time) {
    case (nil, nil): return nil
    case (let d?, nil): return at(9, 0, on: d)
    case (let d?, let (h, m)?): return at(h, m, on: d)
    case (nil, let (h, m)?):
      guard let t = at(h, m, on: today) else { return nil }
      if t > now { return t }
      return calendar.date(byAdding: .day, value: 1, to: today).flatMap { at(h, m, on: $0) }
    }
  }

  /// hh:mm local time on the day that starts at `day`. A time in a DST gap moves
  /// to the next valid time (the instant the gap ends); a time in an overlap takes
  /// the first occurrence. Worked out from the zone's offsets: on Linux,
  /// `Calendar.nextDate(…, .nextTime, .first)` lands a quarter hour to a day off
  /// where a transition is not on the hour (Lord Howe, Chatham) or at midnight.
  func at(_ hour: Int, _ minute: Int, on day: Date) -> Date? {
    let c = calendar.dateComponents([.year, .month, .day], from: day)
    guard let y = c.year, let mo = c.month, let d = c.day else { return nil }
    // The wall time as seconds since 1970-01-01 00:00 local.
    let wall = PlistCodec.days(y, mo, d) * 86_400 + hour * 3600 + minute * 60
    let tz = calendar.timeZone
    func offset(_ t: Int) -> Int { tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))) }
    // Every offset in force within two days of it, and the transitions between them.
    var offsets = [offset(wall - 2 * 86_400)]
    var gaps: [(at: Int, from: Int, to: Int)] = []
    var t = Date(timeIntervalSince1970: Double(wall - 2 * 86_400))
    while let next = tz.nextDaylightSavingTimeTransition(after: t),
      next.timeIntervalSince1970 < Double(wall + 2 * 86_400)
    {
      let at = Int(next.timeIntervalSince1970)
      let (from, to) = (offset(at - 1), offset(at))
      offsets.append(to)
      if to > from { gaps.append((at, from, to)) }
      t = next
    }
    // The first instant that reads as this wall time…
    let readings = offsets.map { wall - $0 }.filter { wall == $0 + offset($0) }
    if let first = readings.min() { return Date(timeIntervalSince1970: Double(first)) }
    // …or, in a gap, the instant the gap ends.
    if let gap = gaps.first(where: { $0.at + $0.from <= wall && wall < $0.at + $0.to }) {
      return Date(timeIntervalSince1970: Double(gap.at))
    }
    return nil
  }

  private func nextWeekday(_ weekday: Int, after today: Date) -> Date? {
    let current = calendar.component(.weekday, from: today)
    var delta = (weekday - current + 7) % 7
    if delta == 0 { delta = 7 }
    return calendar.date(byAdding: .day, value: delta, to: today)
  }

  static func weekday(_ w: Substring) -> Int? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    for (i, n) in names.enumerated() {
      if w == n || (w.count >= 3 && n.hasPrefix(w)) { return i + 1 }
    }
    if w == "tues" { return 3 }
    if w == "thur" || w == "thurs" { return 5 }
    return nil
  }

  /// "17:00", "5pm", "5:30pm", "9am", "12am", "noon", "midnight".
  static func timeOfDay(_ s: String) -> (Int, Int)? {
    if s == "noon" { return (12, 0) }
    if s == "midnight" { return (0, 0) }
    var body = Substring(s)
    var meridiem: Character? = nil
    if body.hasSuffix("am") || body.hasSuffix("pm") {
      meridiem = body.dropLast().last
      body = body.dropLast(2)
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
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
      let h24 = (h % 12) + (mer == "p" ? 12 : 0)
      return (h24, m)
    }
    guard h < 24 else { return nil }
    return (h, m)
  }

  static func number(_ s: Substring, maxDigits: Int) -> Int? {
    guard !s.isEmpty, s.count <= maxDigits, s.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Int(s)
  }

  // MARK: - Relative

  /// "30m", "1h30m", "1h 30m", "2 hours", "3d", "1w" added to `base`; nil when it is not one.
  func offset(_ words: [Substring], from base: Date) -> Date? {
    let text = words.joined()
    guard !text.isEmpty else { return nil }
    var seconds = 0
    var days = 0
    var idx = text.startIndex
    var any = false
    while idx < text.endIndex {
      let numStart = idx
      while idx < text.endIndex, text[idx].isASCII, text[idx].isNumber { idx = text.index(after: idx) }
      guard numStart < idx, text.distance(from: numStart, to: idx) <= 6,
        let n = Int(text[numStart..<idx])
      else { return nil }
      let unitStart = idx
      while idx < text.endIndex, text[idx].isLetter { idx = text.index(after: idx) }
      switch text[unitStart..<idx] {
      case "s", "sec", "secs", "second", "seconds": seconds += n
      case "m", "min", "mins", "minute", "minutes": seconds += n * 60
      case "h", "hr", "hrs", "hour", "hours": seconds += n * 3600
      case "d", "day", "days": days += n
      case "w", "wk", "week", "weeks": days += 7 * n
      default: return nil
      }
      any = true
    }
    guard any, seconds + days > 0, days <= 36_600, seconds <= 36_600 * 86_400 else { return nil }
    var d = base
    if days > 0 {
      guard let moved = calendar.date(byAdding: .day, value: days, to: d) else { return nil }
      d = moved
    }
    return d.addingTimeInterval(TimeInterval(seconds))
  }

  // MARK: - ISO 8601

  /// "2026-11-23": the start of that local day.
  func isoDate(_ s: String) -> Date? {
    let p = s.split(separator: "-", omittingEmptySubsequences: false)
    guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
      let y = Self.number(p[0], maxDigits: 4), let mo = Self.number(p[1], maxDigits: 2),
      let d = Self.number(p[2], maxDigits: 2), y >= 1, (1...12).contains(mo), (1...31).contains(d)
    else { return nil }
    var c = DateComponents(year: y, month: mo, day: d, hour: 12)
    c.calendar = calendar
    guard let noon = calendar.date(from: c) else { return nil }
    let back = calendar.dateComponents([.year, .month, .day], from: noon)
    guard back.year == y, back.month == mo, back.day == d else { return nil }  // Feb 30
    return calendar.startOfDay(for: noon)
  }

  /// "2026-11-23T14:00", "2026-11-23T14:00:05", with an optional "Z" or ±hh:mm / ±hhmm offset.
  func isoDateTime(_ s: String) -> Date? {
    guard let t = s.firstIndex(of: "t") else { return nil }
    guard let day = isoDate(String(s[..<t])) else { return nil }
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
      guard let first = sp.first, first.count == 2, let s0 = Self.number(first, maxDigits: 2),
        s0 < 60
      else { return nil }
      if sp.count == 2, !sp[1].allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
      sec = s0
    }
    if let off = offset {
      // The civil fields are in a fixed offset: no time zone rules apply.
      var utc = Calendar(identifier: .gregorian)
      utc.timeZone = TimeZone(identifier: "UTC")!
      let local = calendar.dateComponents([.year, .month, .day], from: day)
      guard
        let base = utc.date(
          from: DateComponents(
            year: local.year, month: local.month, day: local.day, hour: h, minute: m, second: sec))
      else { return nil }
      return base.addingTimeInterval(TimeInterval(-off))
    }
    return at(h, m, on: day).map { $0.addingTimeInterval(TimeInterval(sec)) }
  }
}
