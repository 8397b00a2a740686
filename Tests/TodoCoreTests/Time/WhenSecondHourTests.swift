import Foundation
import XCTest

@testable import TodoCore

/// Issue 25 point 6: the forms a new user typed in the second hour, and the
/// ones that meant something else than they said.
final class WhenSecondHourTests: XCTestCase {
  let cal = TimeTest.calendar()

  func at(_ text: String, now: Date, base: Date? = nil) throws -> [Int] {
    TimeTest.civil(try WhenParser(now: now, calendar: cal, base: base).parse(text), cal)
  }

  /// Wednesday 25 November 2026.
  func wednesday(_ h: Int, _ m: Int = 0) -> Date { TimeTest.local(cal, 2026, 11, 25, h, m) }

  func testMissingForms() throws {
    let now = wednesday(14, 30)
    XCTAssertEqual(try at("in a week", now: now), [2026, 12, 2, 14, 30])
    XCTAssertEqual(try at("in an hour", now: now), [2026, 11, 25, 15, 30])
    XCTAssertEqual(try at("in 1 month", now: now), [2026, 12, 25, 14, 30])
    XCTAssertEqual(try at("in 2 months", now: now), [2027, 1, 25, 14, 30])
    XCTAssertEqual(try at("next month", now: now), [2026, 12, 1, 9, 0])
    XCTAssertEqual(try at("next year", now: now), [2027, 1, 1, 9, 0])
    XCTAssertEqual(try at("weekend", now: now), [2026, 11, 28, 9, 0])  // Saturday
    XCTAssertEqual(try at("this weekend", now: now), [2026, 11, 28, 9, 0])
    XCTAssertEqual(try at("next weekend", now: now), [2026, 12, 5, 9, 0])
    XCTAssertEqual(try at("yesterday", now: now), [2026, 11, 24, 9, 0])
    XCTAssertEqual(try at("yesterday 17:00", now: now), [2026, 11, 24, 17, 0])
    let dec = TimeTest.local(cal, 2026, 12, 20, 10, 0)
    XCTAssertEqual(try at("next month", now: dec), [2027, 1, 1, 9, 0])
    // On Saturday after 9:00 and on Sunday, the next Saturday.
    XCTAssertEqual(try at("weekend", now: TimeTest.local(cal, 2026, 11, 28, 8, 0)), [2026, 11, 28, 9, 0])
    XCTAssertEqual(try at("weekend", now: TimeTest.local(cal, 2026, 11, 28, 10, 0)), [2026, 12, 5, 9, 0])
    XCTAssertEqual(try at("weekend", now: TimeTest.local(cal, 2026, 11, 29, 10, 0)), [2026, 12, 5, 9, 0])
  }

  /// `+1d` postpones from the deadline being edited; without one, from now.
  func testShiftFromTheCurrentDeadline() throws {
    let now = wednesday(14, 30)
    let deadline = TimeTest.local(cal, 2026, 12, 1, 9, 0)
    XCTAssertEqual(try at("+1d", now: now, base: deadline), [2026, 12, 2, 9, 0])
    XCTAssertEqual(try at("+2h", now: now, base: deadline), [2026, 12, 1, 11, 0])
    XCTAssertEqual(try at("-1w", now: now, base: deadline), [2026, 11, 24, 9, 0])
    XCTAssertEqual(try at("+1 month", now: now, base: deadline), [2027, 1, 1, 9, 0])
    XCTAssertEqual(try at("+1d", now: now), [2026, 11, 26, 14, 30])
    XCTAssertThrowsError(try at("+", now: now))
    XCTAssertThrowsError(try at("+1d tomorrow", now: now))
  }

  /// `fri 5` was 5:00 while `monday 9` is 9:00: a bare hour 1–6 is the afternoon.
  func testABareHourReadsAsPeopleMeanIt() throws {
    let now = wednesday(14, 30)
    XCTAssertEqual(try at("fri 5", now: now), [2026, 11, 27, 17, 0])
    XCTAssertEqual(try at("monday 9", now: now), [2026, 11, 30, 9, 0])
    XCTAssertEqual(try at("tomorrow at 3", now: now), [2026, 11, 26, 15, 0])
    XCTAssertEqual(try at("fri 12", now: now), [2026, 11, 27, 12, 0])
    XCTAssertEqual(try at("fri 5am", now: now), [2026, 11, 27, 5, 0])
    XCTAssertEqual(try at("fri 05:00", now: now), [2026, 11, 27, 5, 0])
  }

  /// `17h` was in 17 hours; French and German users mean 17:00.
  func testHourWithH() throws {
    let now = wednesday(14, 30)
    XCTAssertEqual(try at("17h", now: now), [2026, 11, 25, 17, 0])
    XCTAssertEqual(try at("17h30", now: now), [2026, 11, 25, 17, 30])
    XCTAssertEqual(try at("9h30", now: now), [2026, 11, 26, 9, 30])  // past today: tomorrow
    XCTAssertEqual(try at("tomorrow 9h", now: now), [2026, 11, 26, 9, 0])
    XCTAssertEqual(try at("fri 17h", now: now), [2026, 11, 27, 17, 0])
    // Durations stay durations: `in 17h`, and `2h` alone (SPEC 3).
    XCTAssertEqual(try WhenParser(now: now, calendar: cal).parse("in 17h"), now.addingTimeInterval(17 * 3600))
    XCTAssertEqual(try WhenParser(now: now, calendar: cal).parse("2h"), now.addingTimeInterval(2 * 3600))
  }

  /// `eod` after 17:00 and `tonight` after 21:00 were already past.
  func testEodAndTonightAreNeverPast() throws {
    XCTAssertEqual(try at("eod", now: wednesday(16, 0)), [2026, 11, 25, 17, 0])
    XCTAssertEqual(try at("eod", now: wednesday(18, 0)), [2026, 11, 26, 17, 0])
    XCTAssertEqual(try at("tonight", now: wednesday(20, 0)), [2026, 11, 25, 21, 0])
    XCTAssertEqual(try at("tonight", now: wednesday(22, 0)), [2026, 11, 26, 21, 0])
  }

  /// `next friday` on a Wednesday is the Friday of next week, not this one.
  func testNextWeekdayIsInNextWeek() throws {
    let now = wednesday(10)
    XCTAssertEqual(try at("next friday", now: now), [2026, 12, 4, 9, 0])
    XCTAssertEqual(try at("friday", now: now), [2026, 11, 27, 9, 0])
    XCTAssertEqual(try at("this friday", now: now), [2026, 11, 27, 9, 0])
    XCTAssertEqual(try at("next monday", now: now), [2026, 11, 30, 9, 0])
    XCTAssertEqual(try at("next wednesday", now: now), [2026, 12, 2, 9, 0])
  }

  /// "Did you mean" for misspelt dates.
  func testSuggestions() {
    let p = WhenParser(now: wednesday(10), calendar: cal)
    XCTAssertEqual(p.suggestion(for: "tomorow"), "tomorrow")
    XCTAssertEqual(p.suggestion(for: "tommorrow 9am"), "tomorrow 9am")
    XCTAssertEqual(p.suggestion(for: "fridya 17:00"), "friday 17:00")
    XCTAssertEqual(p.suggestion(for: "nxt week"), "next week")
    XCTAssertNil(p.suggestion(for: "someday"))
    XCTAssertNil(p.suggestion(for: "tomorrow"), "nothing to fix")
    XCTAssertTrue(TodoError.badWhen("tomorow").description.contains("did you mean 'tomorrow'?"))
  }
}
