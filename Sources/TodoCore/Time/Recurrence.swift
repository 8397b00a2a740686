import CLibical
import Foundation

/// The occurrences of a repeat rule, expanded by libical's recurrence iterator
/// in local wall-clock time: DTSTART is the deadline as a floating local time,
/// so a daily 9:00 stays 9:00 across DST; each occurrence is read back through
/// the zone (``WallClock``: a time in a gap moves forward by the gap).
///
/// The deadline is the series' first occurrence still to do: a rule's COUNT
/// counts from it, so moving the deadline on takes the occurrences passed
/// over off the COUNT (``advance(_:deadline:now:in:)``), and the last one
/// ends the series.
public enum Recurrence {
  /// The first occurrence of `rule` after both `deadline` and `now`; nil when the
  /// rule has ended (COUNT, UNTIL), has no occurrence in the 20 years after, or does not read.
  /// - Complexity: O(n) in the occurrences between the deadline and `now`.
  public static func next(_ rule: String, deadline: Date, now: Date, in zone: TimeZone) -> Date? {
    advance(rule, deadline: deadline, now: now, in: zone)?.deadline
  }

  /// The next occurrence (as ``next(_:deadline:now:in:)``) and the rule from
  /// it on: its COUNT less the occurrences passed over (the deadline's among
  /// them). Nil when the series has ended: the item is done.
  public static func advance(_ rule: String, deadline: Date, now: Date, in zone: TimeZone) -> (
    deadline: Date, rule: String
  )? {
    guard var recur = parse(rule) else { return nil }
    let threshold = max(deadline, now)
    var found: (Date, Int)? = nil
    walk(&recur, from: deadline, past: threshold, in: zone, skipping: true) { instant, index in
      guard instant > threshold else { return true }
      found = (instant, index)
      return false
    }
    guard let (instant, passed) = found else { return nil }
    return (instant, counted(rule, by: -passed))
  }

  /// The occurrence before `deadline` (the one a completion moved on from) and
  /// the rule from it on (its COUNT one more); nil when none is found in the
  /// rule's periods before it.
  public static func previous(_ rule: String, deadline: Date, in zone: TimeZone) -> (
    deadline: Date, rule: String
  )? {
    guard var recur = parse(rule) else { return nil }
    recur.count = 0
    guard let plain = text(&recur) else { return nil }
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = zone
    let unit: Calendar.Component =
      switch recur.freq {
      case ICAL_HOURLY_RECURRENCE: .hour
      case ICAL_DAILY_RECURRENCE: .day
      case ICAL_WEEKLY_RECURRENCE: .weekOfYear
      case ICAL_MONTHLY_RECURRENCE: .month
      default: .year
      }
    for periods in [1, 2, 4, 8, 16] {
      let back = -periods * Int(max(recur.interval, 1))
      guard let start = cal.date(byAdding: unit, value: back, to: deadline), start < deadline else {
        continue
      }
      var last: Date? = nil
      var r = recur
      walk(&r, from: start, past: deadline, in: zone, skipping: false) { instant, _ in
        guard instant < deadline else { return false }
        last = instant
        return true
      }
      // The candidate must lead to the deadline again (a start that is no occurrence itself does not).
      if let last, next(plain, deadline: last, now: last, in: zone) == deadline {
        return (last, counted(rule, by: 1))
      }
    }
    return nil
  }

  /// The rule read by libical; nil when it does not read.
  static func parse(_ rule: String) -> icalrecurrencetype? {
    let recur = icalrecurrencetype_from_string(rule)
    guard recur.freq != ICAL_NO_RECURRENCE else {
      cl_icalerrno_clear()
      return nil
    }
    return recur
  }

  /// The rule as libical writes it.
  static func text(_ recur: inout icalrecurrencetype) -> String? {
    guard let t = icalrecurrencetype_as_string_r(&recur) else { return nil }
    defer { icalmemory_free_buffer(t) }
    return String(cString: t)
  }

  /// `rule` with its COUNT changed by `delta` (unchanged without a COUNT).
  static func counted(_ rule: String, by delta: Int) -> String {
    guard delta != 0, var recur = parse(rule), recur.count > 0 else { return rule }
    recur.count = Int32(max(1, Int(recur.count) + delta))
    return text(&recur) ?? rule
  }

  /// Calls `body` with each occurrence from `start` (its instant and how many
  /// came before it) while it returns true, up to 20 years after `threshold`;
  /// `skipping`: not those more than two days before `threshold`.
  static func walk(
    _ recur: inout icalrecurrencetype, from start: Date, past threshold: Date, in zone: TimeZone,
    skipping: Bool, _ body: (Date, Int) -> Bool
  ) {
    let (tDay, tTime) = WallClock.fields(threshold, in: zone)
    // libical scans to its own end of time for a rule that never occurs
    // (FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30: 40 s): stop 20 years after the threshold.
    if icaltime_is_null_time(recur.until) != 0 && recur.count == 0 {
      recur.until = icaltime_null_time()
      (recur.until.year, recur.until.month, recur.until.day) = (Int32(min(tDay.year + 20, 9999)), 1, 1)
    }
    let (day, time) = WallClock.fields(start, in: zone)
    var dtstart = icaltime_null_time()
    (dtstart.year, dtstart.month, dtstart.day) = (Int32(day.year), Int32(day.month), Int32(day.day))
    (dtstart.hour, dtstart.minute, dtstart.second) = (
      Int32(time.hour), Int32(time.minute), Int32(time.second)
    )
    guard let iterator = icalrecur_iterator_new(recur, dtstart) else {
      cl_icalerrno_clear()
      return
    }
    defer { icalrecur_iterator_free(iterator) }
    // Occurrences more than two days of wall time before the threshold cannot be after it.
    let skipBelow =
      skipping ? tDay.days * 86_400 + tTime.hour * 3600 + tTime.minute * 60 - 2 * 86_400 : Int.min
    let limit = (min(tDay.year + 20, 9999), 1, 1)
    for index in 0..<2_000_000 {
      let o = icalrecur_iterator_next(iterator)
      guard icaltime_is_null_time(o) == 0, (Int(o.year), Int(o.month), Int(o.day)) < limit,
        let d = CivilDay.valid(Int(o.year), Int(o.month), Int(o.day))
      else { return }
      let t = ClockTime(hour: Int(o.hour), minute: Int(o.minute), second: Int(o.second))
      if d.days * 86_400 + t.hour * 3600 + t.minute * 60 < skipBelow { continue }
      if let instant = WallClock.instant(d, t, in: zone), !body(instant, index) { return }
    }
  }
}

extension Recurrence {
  /// The first occurrence of `rule` at or after `deadline`: the deadline itself when the
  /// rule has it (as DTSTART is the series' first instance, even a Sunday for
  /// `weekdays`), else the next one (`--repeat weekdays --due "tomorrow 9:30"` on a
  /// Saturday is Monday 9:30, not the Sunday). The deadline when the rule does not read.
  public static func first(_ rule: String, from deadline: Date, in zone: TimeZone) -> Date {
    guard let after = next(rule, deadline: deadline, now: deadline, in: zone) else { return deadline }
    // The deadline is one of the rule's when the occurrence before the next one is it.
    if let before = previous(rule, deadline: after, in: zone), before.deadline == deadline { return deadline }
    return after
  }
}
