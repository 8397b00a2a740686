import CLibical
import Foundation

/// The occurrences of a repeat rule, expanded by libical's recurrence iterator
/// in local wall-clock time: DTSTART is the deadline as a floating local time,
/// so a daily 9:00 stays 9:00 across DST; each occurrence is read back through
/// the zone (``WallClock``: a time in a gap moves forward by the gap).
public enum Recurrence {
  /// The first occurrence of `rule` after both `deadline` and `now`; nil when the
  /// rule has ended (COUNT, UNTIL), has no occurrence in the 20 years after, or does not read.
  /// - Complexity: O(n) in the occurrences between the deadline and `now`.
  public static func next(_ rule: String, deadline: Date, now: Date, in zone: TimeZone) -> Date? {
    var recur = icalrecurrencetype_from_string(rule)
    guard recur.freq != ICAL_NO_RECURRENCE else {
      cl_icalerrno_clear()
      return nil
    }
    let threshold = max(deadline, now)
    let (tDay, tTime) = WallClock.fields(threshold, in: zone)
    // libical scans to its own end of time for a rule that never occurs
    // (FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30: 40 s): stop 20 years after the threshold.
    if icaltime_is_null_time(recur.until) != 0 {
      recur.until = icaltime_null_time()
      (recur.until.year, recur.until.month, recur.until.day) = (Int32(min(tDay.year + 20, 9999)), 1, 1)
    }
    let (day, time) = WallClock.fields(deadline, in: zone)
    var start = icaltime_null_time()
    (start.year, start.month, start.day) = (Int32(day.year), Int32(day.month), Int32(day.day))
    (start.hour, start.minute, start.second) = (Int32(time.hour), Int32(time.minute), Int32(time.second))
    guard let iterator = icalrecur_iterator_new(recur, start) else {
      cl_icalerrno_clear()
      return nil
    }
    defer { icalrecur_iterator_free(iterator) }
    // Occurrences more than two days of wall time before the threshold cannot be after it.
    let skipBelow = tDay.days * 86_400 + tTime.hour * 3600 + tTime.minute * 60 - 2 * 86_400
    for _ in 0..<2_000_000 {
      let o = icalrecur_iterator_next(iterator)
      guard icaltime_is_null_time(o) == 0,
        let d = CivilDay.valid(Int(o.year), Int(o.month), Int(o.day))
      else { return nil }
      let t = ClockTime(hour: Int(o.hour), minute: Int(o.minute), second: Int(o.second))
      if d.days * 86_400 + t.hour * 3600 + t.minute * 60 < skipBelow { continue }
      if let instant = WallClock.instant(d, t, in: zone), instant > threshold { return instant }
    }
    return nil
  }
}
