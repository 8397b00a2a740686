import Foundation
import XCTest

@testable import TodoCore

/// SPEC 3 `RULE`: the shorthand forms and RRULEs, as libical writes them back;
/// what is refused; and the next occurrence in wall-clock time.
final class RepeatRuleTests: XCTestCase {
  func testFormsReadAsRRULEs() throws {
    let table: [(String, String)] = [
      ("daily", "FREQ=DAILY"),
      ("Weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
      ("weekly", "FREQ=WEEKLY"),
      ("monthly", "FREQ=MONTHLY"),
      ("yearly", "FREQ=YEARLY"),
      ("every day", "FREQ=DAILY"),
      ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
      ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
      ("every 1 month", "FREQ=MONTHLY"),
      ("every 6 months", "FREQ=MONTHLY;INTERVAL=6"),
      ("every 2 years", "FREQ=YEARLY;INTERVAL=2"),
      ("every mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
      ("every thursday and monday", "FREQ=WEEKLY;BYDAY=MO,TH"),
      ("every sun, sat", "FREQ=WEEKLY;BYDAY=SA,SU"),
      ("FREQ=MONTHLY;BYMONTHDAY=-1", "FREQ=MONTHLY;BYMONTHDAY=-1"),
      ("RRULE:FREQ=WEEKLY;BYDAY=MO", "FREQ=WEEKLY;BYDAY=MO"),
      ("freq=monthly;byday=2tu", "FREQ=MONTHLY;BYDAY=2TU"),
      ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;COUNT=5", "FREQ=YEARLY;COUNT=5;BYDAY=-1SU;BYMONTH=3"),
      ("FREQ=HOURLY;INTERVAL=4", "FREQ=HOURLY;INTERVAL=4"),
    ]
    for (text, want) in table {
      XCTAssertEqual(try RepeatRule.parse(text), want, text)
      XCTAssertEqual(try RepeatRule.parse(want), want, "canonical is a fixed point: \(want)")
    }
  }

  func testBadRulesListTheAcceptedForms() {
    for bad in [
      "", "sometimes", "every", "every 0 days", "every -1 days", "every 2 fortnights", "every mon,mon",
      "every blah",
      "FREQ=FOO", "FREQ=DAILY;INTERVAL=0", "BYDAY=MO", "FREQ=MINUTELY", "FREQ=SECONDLY;INTERVAL=30",
      "FREQ=DAILY;BYDAY=XX", "FREQ=DAILY\n", "every 2",
    ] {
      XCTAssertThrowsError(try RepeatRule.parse(bad), bad) { e in
        XCTAssertEqual(e as? TodoError, .badRule(bad))
        for form in [
          "daily", "weekdays", "every N days|weeks|months|years", "every mon,thu",
          "FREQ=MONTHLY;BYMONTHDAY=-1",
        ] {
          XCTAssertTrue("\(e)".contains(form), "\(bad): \(e)")
        }
      }
    }
  }

  func testNextOccurrenceInWallClockTime() throws {
    let cal = TimeTest.calendar("America/New_York")
    let zone = cal.timeZone
    func next(_ rule: String, _ deadline: Date, _ now: Date) -> [Int]? {
      Recurrence.next(try! RepeatRule.parse(rule), deadline: deadline, now: now, in: zone).map {
        TimeTest.civil($0, cal)
      }
    }
    // A daily 9:00 stays 9:00 across the change of 8 March 2026.
    let sat9 = TimeTest.local(cal, 2026, 3, 7, 9, 0)
    XCTAssertEqual(next("daily", sat9, sat9), [2026, 3, 8, 9, 0])
    XCTAssertEqual(
      next("daily", sat9, sat9.addingTimeInterval(86_400)), [2026, 3, 9, 9, 0], "after now, too")
    // Completed late: the first occurrence after now, not the one after the deadline.
    XCTAssertEqual(next("weekly", sat9, TimeTest.local(cal, 2026, 3, 30, 12, 0)), [2026, 4, 4, 9, 0])
    // Rent on the last day of the month.
    let jan31 = TimeTest.local(cal, 2026, 1, 31, 18, 0)
    XCTAssertEqual(next("FREQ=MONTHLY;BYMONTHDAY=-1", jan31, jan31), [2026, 2, 28, 18, 0])
    // Water the plants every Monday and Thursday.
    XCTAssertEqual(next("every mon,thu", sat9, sat9), [2026, 3, 9, 9, 0])
    XCTAssertEqual(next("every mon,thu", TimeTest.local(cal, 2026, 3, 9, 9, 0), sat9), [2026, 3, 12, 9, 0])
    XCTAssertEqual(next("weekdays", TimeTest.local(cal, 2026, 3, 6, 9, 0), sat9), [2026, 3, 9, 9, 0])
    // A 2:30 daily lands in the gap of 8 March: moved forward by the gap, and back to 2:30 after.
    let sat230 = TimeTest.local(cal, 2026, 3, 7, 2, 30)
    XCTAssertEqual(next("daily", sat230, sat230), [2026, 3, 8, 3, 30])
    XCTAssertEqual(next("daily", sat230, TimeTest.local(cal, 2026, 3, 8, 4, 0)), [2026, 3, 9, 2, 30])
    // A rule that has ended has no next occurrence.
    XCTAssertNil(next("FREQ=DAILY;COUNT=3", sat9, TimeTest.local(cal, 2026, 3, 20, 0, 0)))
    XCTAssertEqual(next("FREQ=DAILY;COUNT=3", sat9, sat9), [2026, 3, 8, 9, 0])
    // Years of missed occurrences are skipped quickly.
    XCTAssertEqual(
      next("FREQ=HOURLY;INTERVAL=5", sat9, TimeTest.local(cal, 2036, 3, 7, 9, 30)).map { $0[0] }, 2036)
  }
}

extension RepeatRuleTests {
  /// A rule that never occurs ends the search 20 years on (libical alone scans for
  /// tens of seconds); an occurrence further than that counts as none.
  func testARuleThatNeverOccursEnds() throws {
    let zone = TimeZone(identifier: "UTC")!
    let t = Date(timeIntervalSince1970: 1_790_000_000)
    for rule in ["FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31;COUNT=3"] {
      XCTAssertNil(Recurrence.next(try RepeatRule.parse(rule), deadline: t, now: t, in: zone), rule)
    }
    XCTAssertNotNil(Recurrence.next("FREQ=YEARLY;INTERVAL=19", deadline: t, now: t, in: zone))
    XCTAssertNil(Recurrence.next("FREQ=YEARLY;INTERVAL=21", deadline: t, now: t, in: zone))
  }

  /// Issue 37 points 5 and 8: every other week; the first occurrence is one of the rule's; show's words.
  func testEveryOtherWeekTheFirstOccurrenceAndTheWords() throws {
    XCTAssertEqual(try RepeatRule.parse("every other week"), "FREQ=WEEKLY;INTERVAL=2")
    XCTAssertEqual(try RepeatRule.parse("biweekly"), "FREQ=WEEKLY;INTERVAL=2")
    let zone = TimeZone(identifier: "UTC")!
    let sunday = Date(timeIntervalSince1970: 1_795_944_600)  // Sun 2026-11-29 09:30 UTC
    let weekdays = try RepeatRule.parse("weekdays")
    XCTAssertEqual(
      Recurrence.first(weekdays, from: sunday, in: zone), sunday.addingTimeInterval(86_400), "Monday")
    let monday = sunday.addingTimeInterval(86_400)
    XCTAssertEqual(Recurrence.first(weekdays, from: monday, in: zone), monday, "already one")
    XCTAssertEqual(Recurrence.first("FREQ=DAILY", from: sunday, in: zone), sunday)
    XCTAssertEqual(RepeatRule.words(for: weekdays), "weekdays")
    XCTAssertEqual(RepeatRule.words(for: "FREQ=WEEKLY;INTERVAL=3"), "every 3 weeks")
    XCTAssertEqual(RepeatRule.words(for: try RepeatRule.parse("every mon,thu")), "every mon,thu")
    XCTAssertEqual(RepeatRule.words(for: "FREQ=WEEKLY;UNTIL=20270301T080000Z"), "weekly until 2027-03-01")
    XCTAssertEqual(RepeatRule.words(for: "FREQ=MONTHLY;BYMONTHDAY=-1"), "FREQ=MONTHLY;BYMONTHDAY=-1")
  }
}
