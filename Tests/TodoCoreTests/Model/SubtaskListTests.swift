import Foundation
import XCTest

@testable import TodoCore

/// A subtask lives in its parent's list (SPEC 9; issue 33 point 8): `add --parent`
/// in the default list, a parent chosen in the detail, a parent moved, a subtask
/// that arrives from elsewhere in another list, a subtask moved alone.
final class SubtaskListTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment { .at(now, in: TimeZone(identifier: "UTC")!) }

  /// Lists Tasks, Work and Home; "Report" in Work, with "Draft" under it and "Outline" under that.
  func file() throws -> (TodoList, report: TodoItem, draft: TodoItem, outline: TodoItem) {
    var list = TodoList()
    try list.commit(.addList(name: "Work"), env: env)
    try list.commit(.addList(name: "Home"), env: env)
    let r = try list.commit(
      .add(title: "Report", deadline: nil, changes: [.set("list", text: "work")]), env: env)
    let report = try XCTUnwrap(r.after.values.first ?? nil)
    let d = try list.commit(
      .add(
        title: "Draft", deadline: nil,
        changes: [.set("list", text: "work"), .set("parent", text: report.icalUID)]),
      env: env)
    let draft = try XCTUnwrap(d.after.values.first ?? nil)
    let o = try list.commit(
      .add(
        title: "Outline", deadline: nil,
        changes: [.set("list", text: "work"), .set("parent", text: draft.icalUID)]
      ),
      env: env)
    return (list, report, draft, try XCTUnwrap(o.after.values.first ?? nil))
  }

  func listID(_ list: TodoList, _ id: UUID) -> String { list.lists.listID(of: list[id]!) }

  func testAddWithAParentGoesToTheParentsList() throws {
    var (list, report, _, _) = try file()
    // `add --parent ID` without --list names the default list (the CLI's field), as the form does.
    let c = try list.commit(
      .add(
        title: "Figures", deadline: nil,
        changes: [.set("list", text: nil), .set("parent", text: report.icalUID)]),
      env: env)
    let figures = try XCTUnwrap(c.after.keys.first)
    XCTAssertEqual(listID(list, figures), "work")
    XCTAssertTrue(c.warnings.isEmpty, "the user's own add: no warning")
  }

  func testChoosingAParentMovesTheItemToItsList() throws {
    var (list, report, _, _) = try file()
    let c = try list.commit(
      .add(title: "Call Anna", deadline: nil, changes: [.set("list", text: "home")]), env: env)
    let call = try XCTUnwrap(c.after.keys.first)
    try list.commit(.edit(call, changes: [.set("parent", text: report.icalUID)]), env: env)
    XCTAssertEqual(listID(list, call), "work")
  }

  func testMovingAParentMovesItsSubtasksAllTheWayDown() throws {
    var (list, report, draft, outline) = try file()
    let c = try list.commit(.edit(report.id, changes: [.set("list", text: "home")]), env: env)
    XCTAssertEqual(
      [report, draft, outline].map { listID(list, $0.id) }, ["home", "home", "home"])
    XCTAssertEqual(Set(c.after.keys), [report.id, draft.id, outline.id], "one change: undo takes all back")
  }

  func testASubtaskMovedAloneIsRefused() throws {
    var (list, _, draft, _) = try file()
    let before = list.items
    XCTAssertThrowsError(try list.commit(.edit(draft.id, changes: [.set("list", text: "home")]), env: env)) {
      XCTAssertEqual(
        "\($0)",
        "“Draft” is a subtask of “Report” and lives in its list, “Work”: move its parent (its subtasks go with it), or make it a top-level item first (--parent none)"
      )
    }
    XCTAssertEqual(list.items, before)
    // Made a top-level item first, it moves.
    try list.commit(
      .edit(draft.id, changes: [.set("list", text: "home"), .set("parent", text: nil)]), env: env)
    XCTAssertEqual(listID(list, draft.id), "home")
  }

  /// The detail's list and parent saved together (or `edit --list --parent`): the parent's list wins.
  func testAListAndAParentChosenTogetherFollowTheParent() throws {
    var (list, report, _, _) = try file()
    let c = try list.commit(
      .add(title: "Call Anna", deadline: nil, changes: [.set("list", text: "home")]), env: env)
    let call = try XCTUnwrap(c.after.keys.first)
    try list.commit(
      .edit(call, changes: [.set("list", text: nil), .set("parent", text: report.icalUID)]), env: env)
    XCTAssertEqual(listID(list, call), "work")
  }

  func testASubtaskImportedInAnotherListIsMovedWithAWarning() throws {
    var (list, report, _, _) = try file()
    var stray = TodoItem(id: UUID(), title: "Proofread", deadline: nil, created: now, modified: now)
    stray.parent = report.icalUID
    stray.list = "home"
    let c = try list.commit(.importing(ImportFormats.Imported(items: [stray])), env: env)
    XCTAssertEqual(listID(list, stray.id), "work")
    XCTAssertEqual(
      c.warnings,
      [
        "“Proofread” came in list “Home”, its parent “Report” in “Work”: moved to its parent's list (a subtask lives there)"
      ])
  }
}
