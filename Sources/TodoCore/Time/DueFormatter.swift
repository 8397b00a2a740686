import Foundation

/// Formats instants in local time the way the app shows them: "Due Nov 23 at 9:00 AM",
/// "Mon Nov 23 at 9:00 AM". It does the calendar arithmetic itself and caches the
/// time zone's offset between transitions, so that formatting 100,000 deadlines
/// costs no more than a few milliseconds. `DateFormatter` is the reference it is tested against.
public final class DueFormatter {
  /// The zone; for a formatter of one fixed offset, made when asked.
  public var timeZone: TimeZone { zone ?? TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")! }
  /// Nil: one fixed offset (`offset`) at every instant.
  private let zone: TimeZone?
  /// The clock of ``phrase(_:)``: "17:00" or "5:00 PM".
  public let hourCycle: HourCycle
  private(set) var currentYear: Int
  /// The local day number (days since 1970-01-01) of `now`.
  public private(set) var today = 0
  private var offsetFrom = Date.distantFuture
  private var offsetUntil = Date.distantPast
  private var offset = 0
  /// ``appendPhrase(_:to:)``'s last local day and its text.
  private var phraseDay = Int.min
  private var phraseDayText: [UInt8] = []

  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// - Parameters:
  ///   - now: the year of `now` is left out of dates in the same year, and
  ///     ``phrase(_:)`` names days near it ("today", "tomorrow", "Fri").
  ///   - hourCycle: the clock of ``phrase(_:)``.
  public init(timeZone: TimeZone, now: Date, hourCycle: HourCycle = .h12) {
    zone = timeZone
    self.hourCycle = hourCycle
    currentYear = 0
    currentYear = fields(now).year
    today = dayNumber(now)
  }

  /// A formatter for a zone of one offset at every instant (seconds east of
  /// UTC; UTC is 0), without Foundation's time-zone set-up, which was a tenth
  /// of `list` at 1,000 items.
  public init(fixedOffset: Int, now: Date, hourCycle: HourCycle = .h12) {
    zone = nil
    offset = fixedOffset
    self.hourCycle = hourCycle
    currentYear = 0
    currentYear = fields(now).year
    today = dayNumber(now)
  }

  /// The local day number of an instant: days since 1970-01-01 in this time zone.
  public func dayNumber(_ date: Date) -> Int {
    let t = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds(date)
    return t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
  }

  /// Local days from `now`'s day to `date`'s: 0 today, 1 tomorrow, -1 yesterday.
  public func daysFromToday(_ date: Date) -> Int { dayNumber(date) - today }

  /// Local civil fields of an instant.
  public struct Fields: Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
  }

  /// The local offset at `date`, cached for the span with no transition.
  func offsetSeconds(_ date: Date) -> Int {
    guard let timeZone = zone else { return offset }
    if date >= offsetFrom && date < offsetUntil { return offset }
    offset = timeZone.secondsFromGMT(for: date)
    offsetFrom = date
    offsetUntil =
      timeZone.nextDaylightSavingTimeTransition(after: date)
      ?? date.addingTimeInterval(366 * 86_400)
    return offset
  }

  /// The local year, month, day, hour, minute, second and weekday (1 = Sunday).
  public func fields(_ date: Date) -> Fields {
    let t = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds(date)
    var days = t / 86_400
    var secs = t % 86_400
    if secs < 0 {
      secs += 86_400
      days -= 1
    }
    let weekday = ((days % 7 + 11) % 7) + 1  // 1970-01-01 was a Thursday (5)
    let (y, m, d) = CivilDays.civil(days)
    return Fields(
      year: y, month: m, day: d, hour: secs / 3600, minute: (secs % 3600) / 60,
      second: secs % 60, weekday: weekday)
  }

  /// "Nov 23 at 9:00 AM" or "Nov 23 at 9:00", as the hour cycle says (with
  /// ", 2027" after the day when not this year).
  public func dateText(_ date: Date, weekday: Bool = false) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(32)
    appendDateText(date, weekday: weekday, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// "Due Nov 23 at 9:00 AM".
  public func due(_ date: Date) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(32)
    appendDue(date, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends "Due Nov 23 at 9:00 AM" as UTF-8: `list` writes 100,000 of them.
  public func appendDue(_ date: Date, to out: inout [UInt8]) {
    out.append(contentsOf: [68, 117, 101, 32])  // "Due "
    appendDateText(date, weekday: false, to: &out)
  }

  /// Appends ``dateText(_:weekday:)`` as UTF-8.
  public func appendDateText(_ date: Date, weekday: Bool, to out: inout [UInt8]) {
    let f = fields(date)
    if weekday {
      out.append(contentsOf: Self.weekdayBytes[f.weekday - 1])
      out.append(32)
    }
    out.append(contentsOf: Self.monthBytes[f.month - 1])
    out.append(32)
    Self.appendDecimal(f.day, to: &out)
    if f.year != currentYear {
      out.append(contentsOf: [44, 32])  // ", "
      Self.appendDecimal(f.year, to: &out)
    }
    out.append(contentsOf: [32, 97, 116, 32])  // " at "
    appendClock(hour: f.hour, minute: f.minute, to: &out)
  }

  /// The deadline as people say it near now (SPEC 2): "today 17:00",
  /// "tomorrow 9:00", "yesterday 17:00", "Fri 17:00" (within the coming
  /// week), "Dec 3 9:00", "Dec 3 2027 9:00" (another year); with a 12-hour
  /// clock "today 5:00 PM". `list` and the app show deadlines with it.
  public func phrase(_ date: Date) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(24)
    appendPhrase(date, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends ``phrase(_:)`` as UTF-8 (ASCII only: its length is its width).
  /// The day's part ("today ", "Dec 3 ") is kept for the last local day
  /// asked: `list` asks for 100,000 deadlines in order, most sharing a day.
  public func appendPhrase(_ date: Date, to out: inout [UInt8]) {
    let t = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds(date)
    let day = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
    let secs = t - day * 86_400
    if day != phraseDay {
      phraseDay = day
      phraseDayText.removeAll(keepingCapacity: true)
      appendDay(day, to: &phraseDayText)
    }
    out.append(contentsOf: phraseDayText)
    appendClock(hour: secs / 3600, minute: secs % 3600 / 60, to: &out)
  }

  /// The day's part of ``phrase(_:)`` for local day `day` (days since 1970), with its blank.
  func appendDay(_ day: Int, to out: inout [UInt8]) {
    switch day - today {
    case 0: out.append(contentsOf: Self.todayBytes)
    case 1: out.append(contentsOf: Self.tomorrowBytes)
    case -1: out.append(contentsOf: Self.yesterdayBytes)
    case 2...6: out.append(contentsOf: Self.weekdayBytes[((day % 7 + 11) % 7)])
    default:
      let (y, m, d) = CivilDays.civil(day)
      out.append(contentsOf: Self.monthBytes[m - 1])
      out.append(32)
      Self.appendDecimal(d, to: &out)
      if y != currentYear {
        out.append(32)
        Self.appendDecimal(y, to: &out)
      }
    }
    out.append(32)
  }

  /// "17:05" or "5:05 PM", as the hour cycle says.
  public func clock(_ date: Date) -> String {
    let f = fields(date)
    var out: [UInt8] = []
    appendClock(hour: f.hour, minute: f.minute, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  func appendClock(hour: Int, minute: Int, to out: inout [UInt8]) {
    Self.appendDecimal(hourCycle == .h24 ? hour : (hour % 12 == 0 ? 12 : hour % 12), to: &out)
    out.append(58)  // ":"
    if minute < 10 { out.append(48) }
    Self.appendDecimal(minute, to: &out)
    if hourCycle == .h12 { out.append(contentsOf: hour < 12 ? [32, 65, 77] : [32, 80, 77]) }  // " AM" / " PM"
  }

  static let todayBytes = Array("today".utf8)
  static let tomorrowBytes = Array("tomorrow".utf8)
  static let yesterdayBytes = Array("yesterday".utf8)
  static let monthBytes = months.map { Array($0.utf8) }
  static let weekdayBytes = weekdays.map { Array($0.utf8) }

  /// Appends a decimal number (a year may be negative) as ASCII digits.
  static func appendDecimal(_ v: Int, to out: inout [UInt8]) {
    if v < 0 {
      out.append(45)
      appendDecimal(-v, to: &out)
      return
    }
    if v >= 10 { appendDecimal(v / 10, to: &out) }
    out.append(UInt8(48 + v % 10))
  }
}

/// The marks `list` (and the app) show beside an item's deadline (SPEC 2):
/// its state (overdue, completed, cancelled) and whether a reminder is
/// pending, it repeats, or it could not be scheduled (over the 64-slot limit).
/// Every glyph is one cell wide in any locale.
public struct ItemMarks: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A reminder, or an alert (``TodoItem/alerts``), still to ring: ◷, a clock face, as
  /// both ring at a time (△ stays the early warning's, which the deadline's row explains).
  public static let reminder = ItemMarks(rawValue: 1)
  public static let repeats = ItemMarks(rawValue: 2)
  public static let noSlot = ItemMarks(rawValue: 4)
  /// An early warning (`--warn`) or another alert (`--alert`, issue 36) still to come.
  public static let warning = ItemMarks(rawValue: 8)

  /// The marks in the order they are shown, with their glyphs.
  public static let glyphs: [(ItemMarks, String)] = [
    (.reminder, "◷"), (.warning, "△"), (.repeats, "↻"), (.noSlot, "⊘"),
  ]
  /// The state glyphs.
  public static let overdueGlyph = "!"
  public static let completedGlyph = "✓"
  public static let cancelledGlyph = "✗"

  /// The marks of `item`; `scheduled` holds the items that have a slot
  /// (`Plan.scheduledIDs`).
  public init(_ item: TodoItem, now: Date, scheduled: Set<UUID>) {
    var m: ItemMarks = []
    // ◷: something rings at its time still: the reminder, or one of the item's alerts (issue 36).
    if item.isPending, item.undeliveredReminder != nil || !item.undeliveredAlerts.isEmpty {
      m.insert(.reminder)
    }
    if item.undeliveredWarning != nil { m.insert(.warning) }
    if item.repeatRule != nil { m.insert(.repeats) }
    if item.isPending, !scheduled.contains(item.id),
      Scheduler.futureCount(CollectionOfOne(item), now: now) > 0
    {
      m.insert(.noSlot)
    }
    self = m
  }

  /// The state glyph of `item` at `now`, or nil for a pending item not yet due.
  public static func stateGlyph(_ item: TodoItem, now: Date) -> String? {
    if item.cancelled { return cancelledGlyph }
    if item.completed != nil { return completedGlyph }
    return item.isOverdue(at: now) ? overdueGlyph : nil
  }
}

/// A 12- or 24-hour clock, as the user's locale has it.
public enum HourCycle: Sendable, Equatable {
  /// "5:00 PM"
  case h12
  /// "17:00"
  case h24

  /// The clock of the locale the environment names for times (the first of
  /// `LC_ALL`, `LC_TIME`, `LANG` that is set: ``Locale/timeLocale(_:)``).
  /// `C`, `POSIX` or none: 24-hour. Otherwise the locale's own preference,
  /// from its CLDR data (en_US 12-hour; en_GB, de_DE 24-hour).
  /// Every date text of a program follows it (``current``): `list`, `pending`,
  /// the confirmations, the app's rows, form, banner and the bubbles.
  /// The clock of this process's environment.
  public static let current = from(environment: ProcessInfo.processInfo.environment)

  public static func from(environment env: [String: String]) -> HourCycle {
    let locale = Locale.timeLocale(env)
    if locale.identifier == "en_US_POSIX" { return .h24 }
    switch locale.hourCycle {
    case .oneToTwelve, .zeroToEleven: return .h12
    default: return .h24
    }
  }
}

/// ISO 8601 text for JSON and the notify hook: "2026-11-23T09:00:00+01:00" in
/// local time, or "…Z" in UTC.
public enum ISOTime {
  public static func string(_ date: Date, formatter: DueFormatter) -> String {
    let f = formatter.fields(date)
    let off = formatter.offsetSeconds(date)
    var s = pad(f.year, 4) + "-" + pad(f.month, 2) + "-" + pad(f.day, 2)
    s += "T" + pad(f.hour, 2) + ":" + pad(f.minute, 2) + ":" + pad(f.second, 2)
    if off == 0 { return s + "Z" }
    let a = abs(off) / 60
    return s + (off < 0 ? "-" : "+") + pad(a / 60, 2) + ":" + pad(a % 60, 2)
  }

  static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(v)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
