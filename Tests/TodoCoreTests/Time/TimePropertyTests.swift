import Foundation
import XCTest

@testable import TodoCore

/// Time as properties (issue 6 part 7): random instants in sixteen time zones,
/// and every DST transition of those zones from 2000 to 2040: a time in a gap
/// moves to the next valid time, a time in an overlap takes the first occurrence.
final class TimePropertyTests: XCTestCase {
  /// Whole-hour and half-hour DST, 45-minute offsets, DST at midnight, the
  /// southern hemisphere, a zone that skipped a whole day (Apia, 2011).
  static let zones = [
    "UTC", "America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin", "Australia/Sydney",
    "Australia/Lord_Howe", "Asia/Kathmandu", "Asia/Kolkata", "Pacific/Chatham", "America/Santiago",
    "America/St_Johns", "Pacific/Apia", "Asia/Tehran", "America/Havana", "Asia/Beirut",
  ]

  static func calendar(_ zone: String) -> Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: zone)!
    c.locale = Locale(identifier: "en_US_POSIX")
    return c
  }

  func testAtLeastTenZonesAreKnown() {
    XCTAssertGreaterThanOrEqual(Self.zones.compactMap(TimeZone.init(identifier:)).count, 10)
  }

  /// Random instants, whole seconds: from 1901 to 2100, or (`modern`) from 1972
  /// on, when every zone's offset is whole minutes (before, local mean time
  /// offsets such as +03:25:44 cannot be written in ISO 8601).
  func instants(_ n: Int, seed: UInt64, modern: Bool = false) -> [Date] {
    var rng = SplitMix(seed: seed)
    let start: Double = modern ? 63_072_000 : -2_177_452_800
    return (0..<n).map { _ in
      Date(timeIntervalSince1970: start + Double(rng.next() % UInt64(4_102_444_800 - start)))
    }
  }

  func testDueFormatterFieldsAgreeWithCalendar() {
    for (z, zone) in Self.zones.enumerated() {
      let cal = Self.calendar(zone)
      let fmt = DueFormatter(timeZone: cal.timeZone, now: Date(timeIntervalSince1970: 1_795_000_000))
      for t in instants(2000, seed: UInt64(z)) {
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: t)
        let f = fmt.fields(t)
        XCTAssertEqual(
          [f.year, f.month, f.day, f.hour, f.minute, f.second, f.weekday],
          [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, c.weekday!], "\(zone) \(t)")
      }
    }
  }

  func testDueFormatterTextAgreesWithDateFormatter() {
    for (z, zone) in Self.zones.enumerated() {
      let cal = Self.calendar(zone)
      let now = Date(timeIntervalSince1970: 1_795_000_000)
      let fmt = DueFormatter(timeZone: cal.timeZone, now: now)
      let thisYear = DateFormatter()
      thisYear.locale = Locale(identifier: "en_US_POSIX")
      thisYear.timeZone = cal.timeZone
      thisYear.dateFormat = "EEE MMM d 'at' h:mm a"
      let otherYear = DateFormatter()
      otherYear.locale = thisYear.locale
      otherYear.timeZone = cal.timeZone
      otherYear.dateFormat = "EEE MMM d, yyyy 'at' h:mm a"
      let year = cal.component(.year, from: now)
      for t in instants(1000, seed: 100 + UInt64(z))
        + instants(200, seed: 200 + UInt64(z)).map({
          now.addingTimeInterval($0.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400 * 400))
        })
      {
        let reference = cal.component(.year, from: t) == year ? thisYear : otherYear
        XCTAssertEqual(fmt.dateText(t, weekday: true), reference.string(from: t), "\(zone) \(t)")
      }
    }
  }

  func testISOTimeReadsBackToTheSameInstant() throws {
    for (z, zone) in Self.zones.enumerated() {
      let cal = Self.calendar(zone)
      let fmt = DueFormatter(timeZone: cal.timeZone, now: Date())
      for t in instants(1000, seed: 300 + UInt64(z), modern: true) {
        let text = ISOTime.string(t, formatter: fmt)
        let back = try WhenParser(now: t, calendar: Self.calendar(Self.zones[(z + 5) % Self.zones.count]))
          .parse(text)
        XCTAssertEqual(back, t, "\(zone): \(text)")
      }
    }
  }

  /// "YYYY-MM-DD HH:MM" of a random instant's local time reads back to that
  /// instant, or, when the wall time happens twice, to its first occurrence.
  func testLocalDateAndTimeRoundTrips() throws {
    for (z, zone) in Self.zones.enumerated() {
      let cal = Self.calendar(zone)
      for raw in instants(1000, seed: 400 + UInt64(z), modern: true) {
        let t = Date(timeIntervalSince1970: (raw.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: t)
        let text = String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        let now = t.addingTimeInterval(-86_400 * 3)
        let back = try WhenParser(now: now, calendar: cal).parse(text)
        let b = cal.dateComponents([.year, .month, .day, .hour, .minute], from: back)
        XCTAssertEqual(b, c, "\(zone): \(text) read as \(back), not \(t)")
        XCTAssertLessThanOrEqual(back, t, "\(zone): \(text): not the first occurrence")
        if back != t {
          // Only an overlap allows two instants with the same wall time.
          XCTAssertNotEqual(
            cal.timeZone.secondsFromGMT(for: back), cal.timeZone.secondsFromGMT(for: t), "\(zone): \(text)")
        }
      }
    }
  }

  func testRelativeFormsAreExactInEveryZone() throws {
    for (z, zone) in Self.zones.enumerated() {
      let cal = Self.calendar(zone)
      for now in instants(300, seed: 500 + UInt64(z)) {
        let p = WhenParser(now: now, calendar: cal)
        XCTAssertEqual(try p.parse("in 90m"), now.addingTimeInterval(5400))
        XCTAssertEqual(try p.parse("in 1h30m"), now.addingTimeInterval(5400))
        XCTAssertEqual(try p.add(duration: "45s", to: now), now.addingTimeInterval(45))
        // "tomorrow 9am" is 9:00 local on the next calendar day (9:00 exists on every such day here).
        let d = try p.parse("tomorrow 9am")
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: d)
        let next = cal.date(byAdding: .day, value: 1, to: cal.startOfDay(for: now))!
        let n = cal.dateComponents([.year, .month, .day], from: next)
        XCTAssertEqual(
          [c.year, c.month, c.day, c.hour, c.minute], [n.year, n.month, n.day, 9, 0], "\(zone) \(now)")
      }
    }
  }

  /// Every transition from 2000 to 2040 of every zone with DST.
  func transitions(_ tz: TimeZone) -> [(at: Date, before: Int, after: Int)] {
    var out: [(Date, Int, Int)] = []
    var t = Date(timeIntervalSince1970: 946_684_800)
    let end = Date(timeIntervalSince1970: 2_208_988_800)
    while let next = tz.nextDaylightSavingTimeTransition(after: t), next < end {
      let before = tz.secondsFromGMT(for: next.addingTimeInterval(-1))
      let after = tz.secondsFromGMT(for: next)
      if before != after { out.append((next, before, after)) }
      t = next
    }
    return out
  }

  /// The local wall time of an instant when the offset is `offset`.
  func wall(_ t: Date, offset: Int) -> DateComponents {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(identifier: "UTC")!
    return utc.dateComponents(
      [.year, .month, .day, .hour, .minute], from: t.addingTimeInterval(Double(offset)))
  }

  func text(_ c: DateComponents) -> String {
    String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
  }

  /// SPEC 3: a time in a gap moves forward by the gap (02:30 → 03:30), as glibc's `mktime` does.
  func testDSTGapsMoveForwardByTheGap() throws {
    var checked = 0
    for zone in Self.zones {
      let cal = Self.calendar(zone)
      for tr in transitions(cal.timeZone) where tr.after > tr.before {
        let gap = tr.after - tr.before
        guard gap < 86_400 else { continue }  // Apia 2011 skipped a whole day: no wall time in it to type
        // Wall times at the start, in the middle and at the end of the gap.
        for into in Set([0, gap / 2 / 60 * 60, gap - 60]) {
          let w = wall(tr.at.addingTimeInterval(Double(into)), offset: tr.before)
          let now = tr.at.addingTimeInterval(-3 * 86_400)
          let got = try WhenParser(now: now, calendar: cal).parse(text(w))
          let expected = tr.at.addingTimeInterval(Double(into))
          XCTAssertEqual(
            got, expected, "\(zone): \(text(w)) is in a gap; expected it moved by the gap, \(expected)")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 500)
  }

  /// Cases where `Calendar.nextDate(…, .nextTime, .first)` on Linux was wrong.
  func testGapsOffTheHourAndAtMidnight() throws {
    let cases: [(String, String, String, TimeInterval)] = [
      // Santiago skips 00:00–01:00: 01:00 is the start of that day, not the next day's 01:00;
      // 00:30 moves forward by the gap to 01:30.
      ("America/Santiago", "2026-09-03 12:00", "2026-09-06 01:00", 1_788_667_200),
      ("America/Santiago", "2026-09-03 12:00", "2026-09-06 00:30", 1_788_667_200 + 1800),
      ("America/Santiago", "2026-09-03 12:00", "2026-09-06", 1_788_696_000),
      // Lord Howe skips 02:00–02:30 (half-hour DST): 02:15 → 02:45; Chatham skips 02:45–03:45: 03:00 → 04:00.
      ("Australia/Lord_Howe", "2026-10-01 12:00", "2026-10-04 02:15", 1_791_041_400 + 900),
      ("Pacific/Chatham", "2026-09-24 12:00", "2026-09-27 03:00", 1_790_431_200 + 900),
    ]
    for (zone, now, when, expected) in cases {
      let cal = Self.calendar(zone)
      let start = try WhenParser(now: Date(timeIntervalSince1970: 0), calendar: cal).parse(now)
      XCTAssertEqual(
        try WhenParser(now: start, calendar: cal).parse(when), Date(timeIntervalSince1970: expected),
        "\(zone) \(when)")
    }
  }

  func testDSTOverlapsTakeTheFirstOccurrence() throws {
    var checked = 0
    for zone in Self.zones {
      let cal = Self.calendar(zone)
      for tr in transitions(cal.timeZone) where tr.after < tr.before {
        let overlap = tr.before - tr.after
        guard overlap < 86_400 else { continue }
        for into in Set([0, overlap / 2 / 60 * 60, overlap - 60]) {
          // The second occurrence is tr.at + into; the first is `overlap` seconds earlier.
          let second = tr.at.addingTimeInterval(Double(into))
          let first = second.addingTimeInterval(Double(-overlap))
          let w = wall(second, offset: tr.after)
          XCTAssertEqual(w, wall(first, offset: tr.before))
          let now = tr.at.addingTimeInterval(-3 * 86_400)
          let got = try WhenParser(now: now, calendar: cal).parse(text(w))
          XCTAssertEqual(got, first, "\(zone): \(text(w)) happens twice; expected the first, \(first)")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 500)
  }
}
