import Foundation
import XCTest

@testable import TodoCore

/// Every form of SPEC 3, in several time zones (one with a :45 offset) and across DST changes.
final class WhenParserTests: XCTestCase {
  /// The zones every form is checked in: UTC, a DST zone west, a :45 zone, a DST zone south.
  static let zones = ["UTC", "America/New_York", "Asia/Kathmandu", "Australia/Sydney", "Europe/Berlin"]

  func calendar(_ tz: String) -> Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: tz)!
    return c
  }

  /// Local civil time of `d` in `cal`.
  func civil(_ d: Date, _ cal: Calendar) -> [Int] {
    let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: d)
    return [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!]
  }

  /// The instant for a local civil time.
  func local(_ cal: Calendar, _ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> Date {
    cal.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi))!
  }

  func testEveryFormInEveryZone() throws {
    for tz in Self.zones {
      let cal = calendar(tz)
      // Sunday 22 November 2026, 14:30:20 local.
      let now = local(cal, 2026, 11, 22, 14, 30).addingTimeInterval(20)
      let p = WhenParser(now: now, calendar: cal)
      func at(_ text: String) throws -> [Int] { civil(try p.parse(text), cal) }
      let msg = "in \(tz)"

      XCTAssertEqual(try p.parse("now"), now, msg)
      XCTAssertEqual(try p.parse("in 30m"), now.addingTimeInterval(1800), msg)
      XCTAssertEqual(try p.parse("30m"), now.addingTimeInterval(1800), msg)
      XCTAssertEqual(try p.parse("in 2h"), now.addingTimeInterval(7200), msg)
      XCTAssertEqual(try p.parse("2h"), now.addingTimeInterval(7200), msg)
      XCTAssertEqual(try p.parse("in 1h30m"), now.addingTimeInterval(5400), msg)
      XCTAssertEqual(try p.parse("1h30m"), now.addingTimeInterval(5400), msg)
      XCTAssertEqual(try p.parse("in 1h 30m"), now.addingTimeInterval(5400), msg)
      XCTAssertEqual(try at("in 3d"), [2026, 11, 25, 14, 30, 20], msg)
      XCTAssertEqual(try at("3d"), [2026, 11, 25, 14, 30, 20], msg)

      // Times of day: today if still ahead, else tomorrow.
      XCTAssertEqual(try at("17:00"), [2026, 11, 22, 17, 0, 0], msg)
      XCTAssertEqual(try at("5pm"), [2026, 11, 22, 17, 0, 0], msg)
      XCTAssertEqual(try at("5:30pm"), [2026, 11, 22, 17, 30, 0], msg)
      XCTAssertEqual(try at("5:30 PM"), [2026, 11, 22, 17, 30, 0], msg)
      XCTAssertEqual(try at("noon"), [2026, 11, 23, 12, 0, 0], "noon has passed: tomorrow \(msg)")
      XCTAssertEqual(try at("9am"), [2026, 11, 23, 9, 0, 0], msg)
      XCTAssertEqual(try at("14:30"), [2026, 11, 23, 14, 30, 0], "14:30:00 is before now \(msg)")
      XCTAssertEqual(try at("12am"), [2026, 11, 23, 0, 0, 0], msg)
      XCTAssertEqual(try at("12pm"), [2026, 11, 23, 12, 0, 0], msg)

      XCTAssertEqual(try at("today 17:00"), [2026, 11, 22, 17, 0, 0], msg)
      XCTAssertEqual(try at("today"), [2026, 11, 22, 9, 0, 0], "a date with no time means 09:00 \(msg)")
      XCTAssertEqual(try at("tomorrow 9am"), [2026, 11, 23, 9, 0, 0], msg)
      XCTAssertEqual(try at("tomorrow"), [2026, 11, 23, 9, 0, 0], msg)

      // Weekdays: the next such day after today (today is a Sunday).
      XCTAssertEqual(try at("fri 17:00"), [2026, 11, 27, 17, 0, 0], msg)
      XCTAssertEqual(try at("friday 17:00"), [2026, 11, 27, 17, 0, 0], msg)
      XCTAssertEqual(try at("next monday 9:00"), [2026, 11, 23, 9, 0, 0], msg)
      XCTAssertEqual(try at("mon"), [2026, 11, 23, 9, 0, 0], msg)
      XCTAssertEqual(try at("sun 8am"), [2026, 11, 29, 8, 0, 0], "today's weekday means next week \(msg)")
      XCTAssertEqual(try at("Wed 5:30pm"), [2026, 11, 25, 17, 30, 0], msg)

      XCTAssertEqual(try at("2026-11-23"), [2026, 11, 23, 9, 0, 0], msg)
      XCTAssertEqual(try at("2026-11-23 14:00"), [2026, 11, 23, 14, 0, 0], msg)
      XCTAssertEqual(try at("2026-11-23T14:00"), [2026, 11, 23, 14, 0, 0], msg)
      XCTAssertEqual(try at("2026-11-23T14:00:05"), [2026, 11, 23, 14, 0, 5], msg)

      // Full ISO 8601 with an offset names one instant whatever the zone.
      let utc = Date(timeIntervalSince1970: 1_795_442_400)  // 2026-11-23T14:00:00Z
      XCTAssertEqual(try p.parse("2026-11-23T14:00:00Z"), utc, msg)
      XCTAssertEqual(try p.parse("2026-11-23T15:00:00+01:00"), utc, msg)
      XCTAssertEqual(try p.parse("2026-11-23T09:00:00-05:00"), utc, msg)
      XCTAssertEqual(try p.parse("2026-11-23T19:45:00+05:45"), utc, msg)
      XCTAssertEqual(try p.parse("2026-11-23T19:45+0545"), utc, msg)
      XCTAssertEqual(try p.parse("2026-11-23T14:00:00.750Z"), utc, "fractions cut to whole seconds \(msg)")
    }
  }

  func testKathmanduOffsetIsFortyFiveMinutes() throws {
    let cal = calendar("Asia/Kathmandu")
    let now = Date(timeIntervalSince1970: 1_795_400_000)
    let d = try WhenParser(now: now, calendar: cal).parse("2026-11-23 09:00")
    XCTAssertEqual(d, Date(timeIntervalSince1970: 1_795_442_400 - 5 * 3600 - 5 * 3600 - 45 * 60 + 0))
  }

  func testTomorrowNineIsNineLocalAcrossDSTEnd() throws {
    // New York leaves DST on 2026-11-01 at 02:00: Oct 31 → Nov 1 is a 25-hour day.
    let cal = calendar("America/New_York")
    let now = local(cal, 2026, 10, 31, 9, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("tomorrow 9am")
    XCTAssertEqual(civil(d, cal), [2026, 11, 1, 9, 0, 0])
    XCTAssertEqual(d.timeIntervalSince(now), 25 * 3600)
    let inDay = try WhenParser(now: now, calendar: cal).parse("in 1d")
    XCTAssertEqual(civil(inDay, cal), [2026, 11, 1, 9, 0, 0], "days are calendar days")
  }

  func testTomorrowNineIsNineLocalAcrossDSTStart() throws {
    // Berlin enters DST on 2026-03-29 at 02:00: a 23-hour day.
    let cal = calendar("Europe/Berlin")
    let now = local(cal, 2026, 3, 28, 9, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("tomorrow 9am")
    XCTAssertEqual(civil(d, cal), [2026, 3, 29, 9, 0, 0])
    XCTAssertEqual(d.timeIntervalSince(now), 23 * 3600)
  }

  func testTimeInDSTGapMovesForwardByTheGap() throws {
    let cal = calendar("Europe/Berlin")
    let now = local(cal, 2026, 3, 28, 9, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("2026-03-29 02:30")
    let c = civil(d, cal)
    XCTAssertEqual(c[0...2], [2026, 3, 29])
    XCTAssertEqual(c[3...4], [3, 30], "02:30 does not exist; it moves forward by the one-hour gap")
    XCTAssertEqual(d, local(cal, 2026, 3, 29, 3, 30))
  }

  func testTimeInDSTOverlapTakesFirstOccurrence() throws {
    let cal = calendar("America/New_York")
    let now = local(cal, 2026, 10, 30, 9, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("2026-11-01 01:30")
    // 01:30 happens twice; the first is EDT (UTC-4): 05:30Z.
    XCTAssertEqual(d, Date(timeIntervalSince1970: 1_793_511_000))
  }

  func testDurations() throws {
    let cal = calendar("UTC")
    let base = Date(timeIntervalSince1970: 1_795_000_000)
    let p = WhenParser(now: base, calendar: cal)
    XCTAssertEqual(try p.add(duration: "10m", to: base), base.addingTimeInterval(600))
    XCTAssertEqual(try p.add(duration: "1h30m", to: base), base.addingTimeInterval(5400))
    XCTAssertEqual(try p.add(duration: "in 2d", to: base), base.addingTimeInterval(2 * 86400))
    XCTAssertEqual(try p.add(duration: "1w", to: base), base.addingTimeInterval(7 * 86400))
    for bad in ["", "0m", "tomorrow", "10", "m10", "-5m", "99999999h", "1h 30"] {
      XCTAssertThrowsError(try p.add(duration: bad, to: base), bad) { e in
        XCTAssertEqual(e as? TodoError, .badDuration(bad))
      }
    }
  }

  /// Issue 37 point 5: a day the month does not have is said so, not "cannot read".
  func testADayTheMonthHasNotIsNamed() {
    let p = WhenParser(now: Date(timeIntervalSince1970: 1_795_000_000), calendar: calendar("UTC"))
    for (bad, why) in [
      ("2027-02-30", "February 2027 has 28 days"), ("2028-02-30 9:00", "February 2028 has 29 days"),
      ("31.04.2027", "April 2027 has 30 days"), ("feb 30", "February has at most 29 days"),
      ("31 june 2027", "June 2027 has 30 days"),
    ] {
      XCTAssertThrowsError(try p.parse(bad), bad) { e in
        XCTAssertEqual("\(e)", "cannot read '\(bad)' as a time: \(why)")
      }
    }
  }

  /// Issue 37 points 4 and 5: times and dates as people write them.
  func testTimesAndDatesAsWritten() throws {
    // Saturday 2026-11-28 08:08 UTC.
    let now = Date(timeIntervalSince1970: 1_795_853_280)
    let p = WhenParser(now: now, calendar: calendar("UTC"))
    func at(_ s: String) throws -> String { ISO8601DateFormatter().string(from: try p.parse(s)) }
    XCTAssertEqual(try at("17.30"), "2026-11-28T17:30:00Z")
    XCTAssertEqual(try at("5.30pm"), "2026-11-28T17:30:00Z")
    XCTAssertEqual(try at("0900"), "2026-11-28T09:00:00Z")
    XCTAssertEqual(try at("in 1.5h"), "2026-11-28T09:38:00Z")
    XCTAssertEqual(try at("2.5d"), "2026-11-30T20:08:00Z")
    XCTAssertEqual(try at("03.12.2026"), "2026-12-03T09:00:00Z", "dots: the day first")
    XCTAssertEqual(try at("sat 18"), "2026-11-28T18:00:00Z", "today, as today 18 and this saturday")
    XCTAssertEqual(try at("sat 8:00"), "2026-12-05T08:00:00Z", "past today: next Saturday")
    XCTAssertEqual(try at("fri"), "2026-12-04T09:00:00Z")
    XCTAssertThrowsError(try p.parse("in 1.5mo"), "a fraction of a month is no fixed time")
  }

  func testBadInputListsTheAcceptedForms() {
    let p = WhenParser(now: Date(timeIntervalSince1970: 1_795_000_000), calendar: calendar("UTC"))
    for bad in [
      "", "blah", "25:00", "13pm", "0am", "2026-13-01", "tomorrow tomorrow", "fri fri",
      "17", "5:7pm", "2026-11-23T25:00", "in", "next", "9am tomorrow extra", "2026-11-23T14:00+99:00",
    ] {
      XCTAssertThrowsError(try p.parse(bad), bad) { e in
        XCTAssertEqual(e as? TodoError, .badWhen(bad))
        let text = "\(e)"
        // One short line (issue 25: it was about a thousand characters); --help has them all.
        for form in ["now", "in 2h", "17:00", "tomorrow 9am", "fri 17:00", "2026-11-23 14:00", "--help"] {
          XCTAssertTrue(text.contains(form), "the message lists \(form): \(text)")
        }
        XCTAssertLessThan(text.count, 200 + bad.count, text)
      }
    }
  }

  func testResultsAreWholeSeconds() throws {
    let now = Date(timeIntervalSince1970: 1_795_000_000.75)
    let p = WhenParser(now: now, calendar: calendar("UTC"))
    XCTAssertEqual(try p.parse("now").timeIntervalSince1970, 1_795_000_000)
    XCTAssertEqual(try p.parse("in 10m").timeIntervalSince1970, 1_795_000_600)
  }
}
