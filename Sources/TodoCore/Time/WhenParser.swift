import Foundation

/// Reads the `WHEN` of SPEC 3 ("tomorrow 9am", "fri 17:00", "dec 3", "in 1h30m",
/// ISO 8601…) and the relative `DURATION` forms, against an injected clock and
/// calendar. The grammar is the table ``forms``: the parser, the error message
/// and the help text all read it.
public struct WhenParser: Sendable {
  public var calendar: Calendar
  public var now: Date
  /// What `+1d` and `-2h` count from: the deadline being changed (`edit`); nil: now.
  public var base: Date?

  /// - Parameter calendar: its time zone reads wall-clock times; its locale
  ///   orders numeric dates (`3/12` is March 12 in en_US, 3 December in en_GB).
  public init(now: Date, calendar: Calendar, base: Date? = nil) {
    self.now = now
    self.calendar = calendar
    self.base = base
  }

  /// The forms listed in `--help`, the app's `?` screen and the error for a
  /// `WHEN` that does not parse; built from the grammar table.
  public static let acceptedForms: String = {
    func list(_ role: WhenForm.Role) -> String {
      forms.filter { $0.role == role && !$0.needsDay }.flatMap(\.examples).joined(separator: ", ")
    }
    return "\(list(.whole)); a day, a time, or both in either order ("
      + "tomorrow 9am, 9am tomorrow, tomorrow at 9, tomorrow evening, fri 17:00, monday 9, "
      + "next monday 9:00, Dec 3 5pm, 3 December 2027 14:30, 2026-11-23 14:00). "
      + "Days: \(list(.day)) (numeric dates in the locale's day/month order). "
      + "Times: \(list(.time)) (tonight: 21:00). "
      + "A day alone means 9:00 (eod, eow, eom, eoy: 17:00); a time alone is today's, or tomorrow's once past, "
      + "and so are eod and tonight. A bare hour 1-6 beside a day is the afternoon (fri 5: 17:00; 5am for "
      + "the morning); 17h and 9h30 are times (9h alone: in 9 hours); next friday is the Friday of next week; "
      + "weekend is Saturday 9:00; +1d, +2h, -1w count from the current deadline (edit) or now"
  }()

  /// The few forms the error for a bad `WHEN` names: one short line.
  public static let someForms =
    "now, in 2h, 17:00, tomorrow 9am, fri 17:00, next monday, dec 3, 2026-11-23 14:00"

  /// The instant `text` names, in whole seconds.
  /// - Throws: ``TodoError/badWhen(_:)`` listing the accepted forms.
  public func parse(_ text: String) throws -> Date {
    guard let d = instant(text) else { throw TodoError.badWhen(text) }
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

  // MARK: - Reading the table

  /// Lower-case words; a trailing comma dropped; `5 pm` and `5 p.m.` joined into `5pm`.
  static func words(_ text: String) -> [Substring] {
    var out: [Substring] = []
    for var w in text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      while w.hasSuffix(",") { w = w.dropLast() }
      if w == "a.m." || w == "p.m." { w = w.prefix(1) + "m" }
      if (w == "am" || w == "pm"), let last = out.last, last.last?.isNumber == true {
        out[out.count - 1] = Substring(last + w)
        continue
      }
      if !w.isEmpty { out.append(w) }
    }
    return out
  }

  private func instant(_ text: String) -> Date? {
    let tokens = Self.words(text)
    guard !tokens.isEmpty else { return nil }
    let parts = calendar.dateComponents([.year, .month, .day], from: now)
    guard let y = parts.year, let m = parts.month, let d = parts.day else { return nil }
    let ctx = WhenContext(
      now: now, today: CivilDay(year: y, month: m, day: d), calendar: calendar, parser: self)
    // The longest form at each position (the first of the table on a tie).
    var found: [(WhenForm, WhenPart)] = []
    var i = 0
    while i < tokens.count {
      var best: (form: WhenForm, values: [WhenValue], length: Int)? = nil
      for form in Self.forms {
        var values: [WhenValue] = []
        var j = i
        for slot in form.slots {
          guard let (v, n) = slot.match(tokens, j, ctx) else { break }
          values.append(v)
          j += n
        }
        guard values.count == form.slots.count, j - i > (best?.length ?? 0) else { continue }
        best = (form, values, j - i)
      }
      guard let b = best, let part = b.form.build(b.values, ctx) else { return nil }
      found.append((b.form, part))
      i += b.length
    }
    return resolve(found, ctx)
  }

  /// One instant from the parts: a whole form alone, or at most one day and one time.
  private func resolve(_ found: [(WhenForm, WhenPart)], _ ctx: WhenContext) -> Date? {
    var day: (CivilDay, ClockTime)? = nil
    var time: ClockTime? = nil
    for (_, part) in found {
      switch part {
      case .instant(let d): return found.count == 1 ? d : nil
      case .day(let d, let t):
        guard day == nil else { return nil }
        day = (d, t)
      case .time(let t):
        guard time == nil else { return nil }
        time = t
      case .dayTime(let d, let t):
        guard day == nil, time == nil else { return nil }
        (day, time) = ((d, t), t)
      }
    }
    if let (d, dayTime) = day {
      guard let instant = at(time ?? dayTime, on: d) else { return nil }
      if instant <= now, found.contains(where: { $0.0.weekLater }) {
        return at(time ?? dayTime, on: d.adding(days: 7))
      }
      return instant
    }
    // A bare hour ("9" in "monday 9") is an hour only beside a day.
    guard !found.contains(where: { $0.0.needsDay }), let t = time, let today = at(t, on: ctx.today) else {
      return nil
    }
    return today > now ? today : at(t, on: ctx.today.adding(days: 1))
  }

  /// `time` local time on `day` in the calendar's zone (see ``WallClock/instant(_:_:in:)``).
  func at(_ time: ClockTime, on day: CivilDay) -> Date? {
    WallClock.instant(day, time, in: calendar.timeZone)
  }
}
