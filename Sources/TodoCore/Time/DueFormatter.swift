import Foundation

/// Formats instants in local time the way the app shows them: "Due Nov 23 at 9:00 AM",
/// "Mon Nov 23 at 9:00 AM". It does the calendar arithmetic itself and caches the
/// time zone's offset between transitions, so that formatting 100,000 deadlines
/// costs no more than a few milliseconds. `DateFormatter` is the reference it is tested against.
public final class DueFormatter {
  public let timeZone: TimeZone
  private var currentYear: Int
  private var offsetFrom = Date.distantFuture
  private var offsetUntil = Date.distantPast
  private var offset = 0

  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// - Parameter now: the year of `now` is left out of dates in the same year.
  public init(timeZone: TimeZone, now: Date) {
    self.timeZone = timeZone
    currentYear = 0
    currentYear = fields(now).year
  }

  /// Local civil fields of an instant.
  public struct Fields: Equatable {
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
  }

  /// The local offset at `date`, cached for the span with no transition.
  func offsetSeconds(_ date: Date) -> Int {
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
    let (y, m, d) = PlistCodec.civil(days)
    return Fields(
      year: y, month: m, day: d, hour: secs / 3600, minute: (secs % 3600) / 60,
      second: secs % 60, weekday: weekday)
  }

  /// "Nov 23 at 9:00 AM" (with ", 2027" after the day when not this year).
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
    Self.appendDecimal(f.hour % 12 == 0 ? 12 : f.hour % 12, to: &out)
    out.append(58)  // ":"
    if f.minute < 10 { out.append(48) }
    Self.appendDecimal(f.minute, to: &out)
    out.append(contentsOf: f.hour < 12 ? [32, 65, 77] : [32, 80, 77])  // " AM" / " PM"
  }

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
