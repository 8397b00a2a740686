import Foundation
import XCTest

@testable import TodoCore

/// The grammar table of ``WhenParser``: every example it advertises parses,
/// the forms beyond the tried list, and what is refused.
final class WhenGrammarTests: XCTestCase {
  /// Every example of every form, alone, and the combined examples of the message, parse.
  func testEveryAdvertisedExampleParses() throws {
    let cal = TimeTest.calendar()
    let p = WhenParser(now: TimeTest.local(cal, 2026, 11, 22, 14, 30), calendar: cal)
    var n = 0
    for form in WhenParser.forms where !form.needsDay {
      for example in form.examples {
        XCTAssertNoThrow(try p.parse(example), example)
        XCTAssertTrue(WhenParser.acceptedForms.contains(example), "the message lists \(example)")
        n += 1
      }
    }
    XCTAssertGreaterThan(n, 35)
    for combined in [
      "tomorrow 9am", "9am tomorrow", "tomorrow at 9", "tomorrow evening", "fri 17:00", "monday 9",
      "next monday 9:00", "Dec 3 5pm", "3 December 2027 14:30", "2026-11-23 14:00",
    ] {
      XCTAssertNoThrow(try p.parse(combined), combined)
      XCTAssertTrue(WhenParser.acceptedForms.contains(combined), combined)
    }
  }

  func testMoreForms() throws {
    let cal = TimeTest.calendar()
    // Wednesday 30 December 2026, 20:15.
    let now = TimeTest.local(cal, 2026, 12, 30, 20, 15)
    let p = WhenParser(now: now, calendar: cal)
    let table: [(String, [Int])] = [
      ("eod", [2026, 12, 31, 17, 0]),  // past today: tomorrow's (issue 25)
      ("eow", [2027, 1, 1, 17, 0]),  // Friday
      ("eom", [2026, 12, 31, 17, 0]),
      ("eoy", [2026, 12, 31, 17, 0]),
      ("next week", [2027, 1, 4, 9, 0]),
      ("tonight", [2026, 12, 30, 21, 0]),
      ("this afternoon", [2026, 12, 30, 15, 0]),
      ("morning", [2026, 12, 31, 9, 0]),  // a time alone, past today: tomorrow
      ("evening", [2026, 12, 31, 19, 0]),
      ("jan 2", [2027, 1, 2, 9, 0]),  // the next such date
      ("dec 30", [2026, 12, 30, 9, 0]),  // today counts
      ("December 3, 2027", [2027, 12, 3, 9, 0]),
      ("3rd dec 2028 5:30 pm", [2028, 12, 3, 17, 30]),
      ("feb 29", [2028, 2, 29, 9, 0]),  // the next leap year
      ("12/01/2026", [2026, 12, 1, 9, 0]),
      ("2027/01/05", [2027, 1, 5, 9, 0]),
      ("this wednesday", [2026, 12, 30, 9, 0]),
      ("wednesday", [2027, 1, 6, 9, 0]),
      ("thurs 8 p.m.", [2026, 12, 31, 20, 0]),
      ("at noon tomorrow", [2026, 12, 31, 12, 0]),
      ("tomorrow midnight", [2026, 12, 31, 0, 0]),
      ("Sept 9", [2027, 9, 9, 9, 0]),
    ]
    for (text, want) in table {
      XCTAssertEqual(try TimeTest.civil(p.parse(text), cal), want, text)
    }
    // Sunday: eow is the coming Friday.
    let sunday = WhenParser(now: TimeTest.local(cal, 2026, 11, 22, 10, 0), calendar: cal)
    XCTAssertEqual(try TimeTest.civil(sunday.parse("eow"), cal), [2026, 11, 27, 17, 0])
    let gb = TimeTest.calendar(locale: "en_GB")
    XCTAssertEqual(
      try TimeTest.civil(WhenParser(now: now, calendar: gb).parse("12/01/2027"), gb), [2027, 1, 12, 9, 0])
    XCTAssertEqual(
      try TimeTest.civil(WhenParser(now: now, calendar: gb).parse("3.1.2027"), gb), [2027, 1, 3, 9, 0])
  }

  func testRefused() {
    let p = WhenParser(now: Date(timeIntervalSince1970: 1_795_000_000), calendar: TimeTest.calendar())
    for bad in [
      "9", "at", "tonight 10pm", "tomorrow fri", "dec", "dec 32", "feb 30 2027", "31/31", "13/13/2026",
      "3 December 2027 14:30 5pm", "in 2h tomorrow", "now now", "tomorrow 24", "next", "this", "monday 9 10",
      "2026-11-23 2026-11-24", "0/12", "3/12/26",
    ] {
      XCTAssertThrowsError(try p.parse(bad), bad) { e in XCTAssertEqual(e as? TodoError, .badWhen(bad)) }
    }
  }

  func testDayOrderOfLocales() {
    XCTAssertFalse(WhenParser.dayFirst(Locale(identifier: "en_US")))
    XCTAssertFalse(WhenParser.dayFirst(Locale(identifier: "en_US_POSIX")))
    XCTAssertTrue(WhenParser.dayFirst(Locale(identifier: "en_GB")))
    XCTAssertTrue(WhenParser.dayFirst(Locale(identifier: "de_DE")))
    XCTAssertTrue(WhenParser.dayFirst(Locale(identifier: "fr_FR")))
    XCTAssertFalse(WhenParser.dayFirst(nil))
  }
}
