import Foundation
import XCTest

@testable import TodoCore

/// Issue 37 points 1 and 2: Taskwarrior's `recur` durations (its JSON format
/// RFC's list of units) and the todo.txt README's rules, its examples of what
/// is and is not a priority, a date, a done task.
final class MovingInTests: XCTestCase {
  func testTaskwarriorRecurUnits() {
    XCTAssertEqual(TaskwarriorFields.rule("weekly"), "FREQ=WEEKLY")
    XCTAssertEqual(TaskwarriorFields.rule("3wks"), "FREQ=WEEKLY;INTERVAL=3")
    XCTAssertEqual(TaskwarriorFields.rule("biweekly"), "FREQ=WEEKLY;INTERVAL=2")
    XCTAssertEqual(TaskwarriorFields.rule("2q"), "FREQ=MONTHLY;INTERVAL=6")
    XCTAssertEqual(TaskwarriorFields.rule("quarterly"), "FREQ=MONTHLY;INTERVAL=3")
    XCTAssertEqual(TaskwarriorFields.rule("annual"), "FREQ=YEARLY")
    XCTAssertEqual(TaskwarriorFields.rule("weekdays"), "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    XCTAssertEqual(TaskwarriorFields.rule("2d"), "FREQ=DAILY;INTERVAL=2")
    XCTAssertNil(TaskwarriorFields.rule("30min"), "more often than hourly has no home")
    XCTAssertNil(TaskwarriorFields.rule("often"))
  }

  func testTodoTxtLinesAsTheREADMEReadsThem() {
    let a = TodoTxt.Line("(A) 2011-03-02 Call Mom")
    XCTAssertEqual(a.priority, "A")
    XCTAssertEqual(a.created, CivilDay(year: 2011, month: 3, day: 2))
    for noPriority in [
      "Really gotta call Mom (A) @phone @someday", "(b) Get back to the boss", "(B)->Submit TPS report",
    ] {
      XCTAssertNil(TodoTxt.Line(noPriority).priority, noPriority)
    }
    XCTAssertNil(
      TodoTxt.Line("(A) Call Mom 2011-03-02").created, "a date at the end is not the creation date")
    let done = TodoTxt.Line("x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github")
    XCTAssertTrue(done.done)
    XCTAssertEqual(done.completedDay, CivilDay(year: 2011, month: 3, day: 2))
    XCTAssertEqual(done.created, CivilDay(year: 2011, month: 3, day: 1))
    for notDone in ["xylophone lesson", "X 2012-01-01 Make resolutions", "(A) x Find ticket prices"] {
      XCTAssertFalse(TodoTxt.Line(notDone).done, notDone)
    }
  }

  func testTodoTxtCancelledTagReadsAndWritesBack() throws {
    let utc = TodoEnvironment.at(Date(timeIntervalSince1970: 1_795_000_000), in: TimeZone(identifier: "UTC")!)
    let text = "Old plan status:cancelled\nNew plan status:pending\n"
    let r = try ImportFormats.imported(Data(text.utf8), path: "todo.txt", env: utc)
    XCTAssertEqual(r.items.map(\.title), ["Old plan", "New plan status:pending"])
    XCTAssertEqual(r.items.map(\.cancelled), [true, false])
    let out = TodoTxt.write(r.items, lists: .implicit, calendar: utc.calendar)
    XCTAssertTrue(out.contains(" Old plan status:cancelled uuid:"), out)
    XCTAssertFalse(out.contains("New plan status:pending status:cancelled"), out)
  }

  func testTodoTxtFieldsAndErrors() throws {
    let utc = TodoEnvironment.at(Date(timeIntervalSince1970: 1_795_000_000), in: TimeZone(identifier: "UTC")!)
    let text = "(B) Pay +Home @bank due:2026-12-03 t:2026-12-01 Learn 2+2 rec:1w\nEmail a@example.com\n"
    let r = try ImportFormats.imported(Data(text.utf8), path: "todo.txt", env: utc)
    XCTAssertEqual(r.items.map(\.title), ["Pay Learn 2+2 rec:1w", "Email a@example.com"])
    XCTAssertEqual(r.items[0].priority, 5)
    XCTAssertEqual(r.items[0].tags, ["bank"])
    XCTAssertEqual(r.items[0].list, "home")
    XCTAssertEqual(r.lists, [NamedList(id: "home", name: "Home")])
    XCTAssertEqual(ISO8601DateFormatter().string(from: r.items[0].deadline!), "2026-12-03T09:00:00Z")
    XCTAssertEqual(ISO8601DateFormatter().string(from: r.items[0].start!), "2026-12-01T09:00:00Z")
    XCTAssertEqual(r.items[1].tags, [], "an address is not a context")
    XCTAssertThrowsError(
      try ImportFormats.imported(Data("Pay due:2027-02-30\n".utf8), path: "todo.txt", env: utc)
    ) {
      XCTAssertEqual(
        "\($0)", "todo.txt: line 1: 'due:2027-02-30' is not a date (YYYY-MM-DD); nothing was imported")
    }
    XCTAssertThrowsError(try ImportFormats.imported(Data("words\n".utf8), path: "notes.md", env: utc)) {
      XCTAssertTrue("\($0)".hasPrefix("notes.md: not a format import reads ("), "\($0)")
    }
  }
}
