import Foundation
import XCTest

@testable import TodoCore

/// The "tried" list of issue 13: deadlines typed the way Taskwarrior, remind and
/// phone apps accept them, each refused or misread before the table-driven parser.
final class WhenTriedTests: XCTestCase {
  func calendar(_ tz: String, locale: String = "en_US") -> Calendar {
    var c = Calendar(identifier: .gregorian)
    c.timeZone = TimeZone(identifier: tz)!
    c.locale = Locale(identifier: locale)
    return c
  }

  func civil(_ d: Date, _ cal: Calendar) -> [Int] {
    let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: d)
    return [c.year!, c.month!, c.day!, c.hour!, c.minute!]
  }

  func local(_ cal: Calendar, _ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int) -> Date {
    cal.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi))!
  }

  /// Refused before: `dec 3`, `Dec 3 5pm`, `3 December 2027 14:30`, `3/12`, `eod`,
  /// `tomorrow morning`, `tomorrow evening`, `next week`, `9am tomorrow`, `tomorrow at 9`, `monday 9`.
  func testFormsThatWereRefused() throws {
    let cal = calendar("America/New_York")
    // Sunday 22 November 2026, 14:30 local.
    let now = local(cal, 2026, 11, 22, 14, 30)
    let p = WhenParser(now: now, calendar: cal)
    let table: [(String, [Int])] = [
      ("dec 3", [2026, 12, 3, 9, 0]),
      ("Dec 3 5pm", [2026, 12, 3, 17, 0]),
      ("3 December 2027 14:30", [2027, 12, 3, 14, 30]),
      ("3/12", [2027, 3, 12, 9, 0]),  // en_US: month first; March 12 2026 has passed
      ("eod", [2026, 11, 22, 17, 0]),
      ("tomorrow morning", [2026, 11, 23, 9, 0]),
      ("tomorrow evening", [2026, 11, 23, 19, 0]),
      ("next week", [2026, 11, 23, 9, 0]),  // Monday 9:00 of next week
      ("9am tomorrow", [2026, 11, 23, 9, 0]),
      ("tomorrow at 9", [2026, 11, 23, 9, 0]),
      ("monday 9", [2026, 11, 23, 9, 0]),
    ]
    for (text, want) in table {
      XCTAssertEqual(try civil(p.parse(text), cal), want, text)
    }
  }

  /// `3/12` is the 3rd of December where the locale puts the day first (en_GB, de_DE).
  func testNumericDateFollowsTheLocale() throws {
    for locale in ["en_GB", "de_DE"] {
      let cal = calendar("Europe/Berlin", locale: locale)
      let now = local(cal, 2026, 11, 22, 14, 30)
      XCTAssertEqual(
        try civil(WhenParser(now: now, calendar: cal).parse("3/12"), cal), [2026, 12, 3, 9, 0], locale)
    }
  }

  /// `tonight` typed in the afternoon was today 09:00: overdue at once, silently.
  func testTonightIsNinePMToday() throws {
    let cal = calendar("America/New_York")
    let now = local(cal, 2026, 11, 22, 15, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("tonight")
    XCTAssertEqual(civil(d, cal), [2026, 11, 22, 21, 0])
    XCTAssertGreaterThan(d, now)
  }
}
