import Foundation
import XCTest

@testable import TodoCore

/// `add` and `edit` take changes keyed by the field table (``FieldChange``):
/// applied in order, each to its field alone, so an edit writes only what it names.
final class FieldChangeTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment { .at(now, in: TimeZone(identifier: "UTC")!) }

  func testTagsAreAddedOnceRemovedWhateverTheirCaseAndClearedInOrder() {
    var item = TodoItem(id: UUID(), title: "Pay", deadline: nil, created: now)
    item.tags = ["Money"]
    [
      FieldChange("tags", .add("bills")), FieldChange("tags", .add("bills")),
      FieldChange("tags", .remove("money")),
    ]
    .apply(to: &item)
    XCTAssertEqual(item.tags, ["bills"])
    // `--tag none --tag home`: cleared, then one added.
    [.clear("tags"), FieldChange("tags", .add("home"))].apply(to: &item)
    XCTAssertEqual(item.tags, ["home"])
    [FieldChange("tags", .remove("HOME"))].apply(to: &item)
    XCTAssertEqual(item.tags, [])
  }

  func testADateIsKeptInWholeSecondsAndAClearClears() {
    var item = TodoItem(id: UUID(), title: "Pay", deadline: nil, created: now)
    [.set("start", date: now + 0.75), .set("priority", integer: 5)].apply(to: &item)
    XCTAssertEqual(item.start, now)
    XCTAssertEqual(item.priority, 5)
    [.set("start", date: nil), .clear("priority")].apply(to: &item)
    XCTAssertNil(item.start)
    XCTAssertNil(item.priority)
  }

  func testAnEditWritesOnlyTheFieldsItNames() throws {
    var list = TodoList([])
    let add = try list.commit(
      .add(title: "Pay", deadline: nil, changes: [.set("note", text: "IBAN"), .set("priority", integer: 1)]),
      env: env)
    let id = try XCTUnwrap(add.after.keys.first)
    let edit = try TodoOperation.edit(id, changes: [.set("progress", integer: 40)]).change(in: list, env: env)
    // Another process changes the note meanwhile: the edit's merge keeps it.
    try list.commit(.edit(id, changes: [.set("note", text: "new IBAN")]), env: env)
    try list.commit(.sync(edit), env: env)
    XCTAssertEqual(list[id]?.note, "new IBAN")
    XCTAssertEqual(list[id]?.progress, 40)
    XCTAssertEqual(list[id]?.priority, 1)
    XCTAssertEqual(edit.after[id]??.tags, [])
  }

  func testAChangeNamesItsField() {
    XCTAssertEqual(
      FieldChange.set("note", text: "x"), FieldChange(ItemField.named("note")!, .set(.text("x"))))
    XCTAssertNotEqual(FieldChange.set("note", text: "x"), FieldChange.set("uid", text: "x"))
  }
}
