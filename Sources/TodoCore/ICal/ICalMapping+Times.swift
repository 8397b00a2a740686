import Foundation

// The instants of iCalendar's times, and back (SPEC 7: DATE-only is 09:00 local, floating is local;
// the change times are UTC, SPEC 8).
extension ICalMapping {
  /// The instant of a DATE or DATE-TIME: a DATE is 09:00 local, a floating time is local.
  static func instant(_ t: ICalTime, calendar: Calendar) -> Date {
    switch t {
    case .utc(let d), .zoned(let d, _): return d.wholeSeconds
    case .floating(let w): return local(w, calendar: calendar)
    case .date(var w):
      w.hour = 9
      w.minute = 0
      w.second = 0
      return local(w, calendar: calendar)
    }
  }

  /// The instant of a wall clock in UTC.
  static func utc(_ w: ICalWall) -> Date {
    let days = CivilDays.days(w.year, w.month, w.day)
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + w.hour * 3600 + w.minute * 60 + w.second))
  }

  static func local(_ w: ICalWall, calendar: Calendar) -> Date {
    let dc = DateComponents(
      timeZone: calendar.timeZone, year: w.year, month: w.month, day: w.day, hour: w.hour, minute: w.minute,
      second: w.second)
    return (calendar.date(from: dc) ?? Date(timeIntervalSince1970: Instants.validRange.upperBound + 1))
      .wholeSeconds
  }

  static func wall(_ d: Date, calendar: Calendar) -> ICalWall {
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    return ICalWall(
      year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1, hour: c.hour ?? 0, minute: c.minute ?? 0,
      second: c.second ?? 0)
  }
}
