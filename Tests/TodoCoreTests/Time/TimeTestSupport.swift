import Foundation

/// Helpers of the time tests: a calendar for a zone and locale, local civil
/// fields of an instant, and the instant of local civil fields.
enum TimeTest {
  static func calendar(_ tz: String = "America/New_York", locale: String = "en_US") -> Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: tz)!
    c.locale = Locale(identifier: locale)
    return c
  }

  /// Year, month, day, hour, minute of `d` in `cal`'s zone.
  static func civil(_ d: Date, _ cal: Calendar) -> [Int] {
    let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: d)
    return [c.year!, c.month!, c.day!, c.hour!, c.minute!]
  }

  static func local(_ cal: Calendar, _ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int) -> Date {
    cal.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi))!
  }
}
