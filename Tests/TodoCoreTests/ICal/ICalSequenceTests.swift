import Foundation
import XCTest

@testable import TodoCore

/// SPEC 7: SEQUENCE is kept current. A local change of a field the mapping
/// writes (SUMMARY, DUE, STATUS/COMPLETED, RRULE, the warning) makes the next
/// export's SEQUENCE one higher (RFC 5545 3.8.7.4); other changes and merging
/// what a file says do not.
final class ICalSequenceTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func sequence(of item: TodoItem?) throws -> Int? {
    let item = try XCTUnwrap(item)
    let text = ICalMapping.ics(for: [item], now: now, calendar: ICalFixtureTests.calendar())
    let back = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "x", now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(back.count, 1)
    return back.first?.sequence
  }

  /// The Apple Reminders fixture's items, as a list.
  func appleList() throws -> TodoList {
    TodoList(
      try ICalMapping.items(
        fromICS: ICalFixtureTests.fixture("apple-reminders.ics"), path: "a", now: now,
        calendar: ICalFixtureTests.calendar()))
  }

  func testAnEditOfAMappedFieldIncrementsTheSequenceOnTheNextExport() throws {
    var list = try appleList()
    let id = try XCTUnwrap(list.items.keys.first)
    let start = try XCTUnwrap(list[id]?.sequence, "the fixture has a SEQUENCE")
    XCTAssertEqual(try sequence(of: list[id]), start)
    let later = now.addingTimeInterval(60)
    try list.edit(id, title: "Renamed", now: later)
    XCTAssertEqual(try sequence(of: list[id]), start + 1)
    try list.edit(id, now: later) { $0.deadline = later.addingTimeInterval(3600) }
    XCTAssertEqual(try sequence(of: list[id]), start + 2)
    try list.edit(id, now: later) { $0.repeatRule = "FREQ=DAILY" }
    XCTAssertEqual(try sequence(of: list[id]), start + 3)
    try list.complete([id], now: later)  // repeating: the DUE moves
    XCTAssertEqual(try sequence(of: list[id]), start + 4)
  }

  func testAnItemMadeHereGetsASequenceWhenEditedAfterItWasWrittenOut() throws {
    let env = TodoEnvironment.fixed(now)
    var list = TodoList()
    try list.add(title: "Made here", deadline: now.addingTimeInterval(3600), env: env)
    let id = try XCTUnwrap(list.items.keys.first)
    XCTAssertNil(try sequence(of: list[id]), "a new item: SEQUENCE 0, not written")
    try list.edit(id, now: now.addingTimeInterval(60)) { $0.warn = 900 }
    XCTAssertEqual(try sequence(of: list[id]), 1)
    try list.complete([id], now: now.addingTimeInterval(120))
    XCTAssertEqual(try sequence(of: list[id]), 2)
    try list.edit(id, now: now.addingTimeInterval(180)) { $0.completed = nil }  // reopen
    XCTAssertEqual(try sequence(of: list[id]), 3)
  }

  func testAChangeTheMappingDoesNotWriteAndAMergeLeaveTheSequence() throws {
    let items = try ICalMapping.items(
      fromICS: ICalFixtureTests.fixture("apple-reminders.ics"), path: "a", now: now,
      calendar: ICalFixtureTests.calendar())
    var list = TodoList(items)
    let id = try XCTUnwrap(list.items.keys.first)
    let start = list[id]?.sequence
    try list.remind(id, at: now.addingTimeInterval(600), now: now)
    XCTAssertEqual(list[id]?.sequence, start, "a reminder is not in the VTODO")
    list.merge(items)
    list.merge(items)
    XCTAssertEqual(list[id]?.sequence, start, "merging what the file says takes its SEQUENCE")
  }

  /// An undo is a new revision too: SEQUENCE goes up, never back (it went back
  /// with the title before).
  func testAnUndoRaisesTheSequenceToo() throws {
    var list = try appleList()
    let id = try XCTUnwrap(list.items.keys.first)
    let start = try XCTUnwrap(list[id]?.sequence)
    let later = now.addingTimeInterval(60)
    let title = list[id]?.title
    let rename = try list.edit(id, title: "Renamed", now: later)
    XCTAssertEqual(list[id]?.sequence, start + 1)
    let undo = rename.inverse(at: later.addingTimeInterval(60))
    list.apply(undo, mode: .revert)
    XCTAssertEqual(list[id]?.title, title, "the undo put the title back")
    XCTAssertEqual(try sequence(of: list[id]), start + 2, "and counted as a revision")
    list.apply(undo.inverse(at: later.addingTimeInterval(120)), mode: .revert)  // redo
    XCTAssertEqual(list[id]?.title, "Renamed")
    XCTAssertEqual(try sequence(of: list[id]), start + 3)
  }
}
