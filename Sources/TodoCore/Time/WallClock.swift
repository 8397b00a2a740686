import Foundation

/// Local wall-clock time in a zone, both ways: the one conversion the parser,
/// recurrence and the tests share.
enum WallClock {
  /// The instant that reads `time` on `day` in `zone`. A time in a DST gap
  /// moves forward by the gap (02:30 → 03:30, as glibc's `mktime` does); a time
  /// in an overlap takes the first occurrence. Worked out from the zone's
  /// offsets: on Linux, `Calendar.nextDate(…, .nextTime, .first)` lands a
  /// quarter hour to a day off where a transition is not on the hour (Lord
  /// Howe, Chatham) or at midnight. Nil outside the years 1–9999.
  static func instant(_ day: CivilDay, _ time: ClockTime, in zone: TimeZone) -> Date? {
    guard (1...9999).contains(day.year) else { return nil }
    // The wall time as seconds since 1970-01-01 00:00 local.
    let wall = day.days * 86_400 + time.hour * 3600 + time.minute * 60 + time.second
    func offset(_ t: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))) }
    // Every offset in force within two days of it, and the transitions between them.
    var offsets = [offset(wall - 2 * 86_400)]
    var gaps: [(at: Int, from: Int, to: Int)] = []
    var t = Date(timeIntervalSince1970: Double(wall - 2 * 86_400))
    while let next = zone.nextDaylightSavingTimeTransition(after: t),
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
    // …or, in a gap, the wall time read with the offset before the gap.
    if let gap = gaps.first(where: { $0.at + $0.from <= wall && wall < $0.at + $0.to }) {
      return Date(timeIntervalSince1970: Double(wall - gap.from))
    }
    return nil
  }

  /// The local day and time of `date` in `zone` (whole seconds, rounded down).
  static func fields(_ date: Date, in zone: TimeZone) -> (CivilDay, ClockTime) {
    let t = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
    let days = PosixTZ.floorDiv(t, 86_400)
    let secs = t - days * 86_400
    return (CivilDay(days: days), ClockTime(hour: secs / 3600, minute: secs % 3600 / 60, second: secs % 60))
  }
}
