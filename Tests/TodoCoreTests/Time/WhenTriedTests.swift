import Foundation
import XCTest

@testable import TodoCore

/// The "tried" list of issue 13: deadlines typed the way Taskwarrior, remind and
/// phone apps accept them, each refused or misread before the table-driven parser.
final class WhenTriedTests: XCTestCase {
  /// Refused before: `dec 3`, `Dec 3 5pm`, `3 December 2027 14:30`, `3/12`, `eod`,
  /// `tomorrow morning`, `tomorrow evening`, `next week`, `9am tomorrow`, `tomorrow at 9`, `monday 9`.
  func testFormsThatWereRefused() throws {
    let cal = TimeTest.calendar("America/New_York")
    // Sunday 22 November 2026, 14:30 local.
    let now = TimeTest.local(cal, 2026, 11, 22, 14, 30)
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
      XCTAssertEqual(try TimeTest.civil(p.parse(text), cal), want, text)
    }
  }

  /// `3/12` is the 3rd of December where the locale puts the day first (en_GB, de_DE).
  func testNumericDateFollowsTheLocale() throws {
    for locale in ["en_GB", "de_DE"] {
      let cal = TimeTest.calendar("Europe/Berlin", locale: locale)
      let now = TimeTest.local(cal, 2026, 11, 22, 14, 30)
      XCTAssertEqual(
        try TimeTest.civil(WhenParser(now: now, calendar: cal).parse("3/12"), cal), [2026, 12, 3, 9, 0],
        locale)
    }
  }

  /// `tonight` typed in the afternoon was today 09:00: overdue at once, silently.
  func testTonightIsNinePMToday() throws {
    let cal = TimeTest.calendar("America/New_York")
    let now = TimeTest.local(cal, 2026, 11, 22, 15, 0)
    let d = try WhenParser(now: now, calendar: cal).parse("tonight")
    XCTAssertEqual(TimeTest.civil(d, cal), [2026, 11, 22, 21, 0])
    XCTAssertGreaterThan(d, now)
  }
}
