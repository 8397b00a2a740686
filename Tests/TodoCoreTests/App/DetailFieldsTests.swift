import Foundation
import XCTest

@testable import TodoCore

/// The detail's rows of the table's fields come from their text forms (``TextForm``).
final class DetailFieldsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  /// Every field of the table with a text form has its row, labelled by its form.
  func testEveryFieldWithATextFormHasARowLabelledByItsForm() {
    let rows = Detail.fields.compactMap { Detail.field($0)?.name }
    XCTAssertEqual(Set(rows), Set(ItemField.typed.map(\.name)))
    XCTAssertEqual(rows.count, Set(rows).count, "one row each")
    for f in Detail.fields {
      guard let field = Detail.field(f) else { continue }
      XCTAssertEqual(Detail.label(f), field.text?.detailLabel)
    }
    // The rows where they were, then one for each other field edited as a line, in the table's order.
    let lines = ItemField.typed.filter { f in
      f.text?.edit != nil && !["tags", "progress"].contains(f.name)
    }
    XCTAssertEqual(
      Detail.fields.map(Detail.label),
      [
        "Title", "Deadline", "Start", "Repeat", "Warning", "Priority", "Progress", "Tags", "List", "Parent",
        "Note",
      ] + lines.map { $0.text!.detailLabel })
  }

  /// A field edited as a line starts as its form writes the value, and saves what its form reads back.
  func testALineFieldStartsAsItsFormWritesAndSavesWhatItReads() {
    var item = TodoItem(id: UUID(), title: "Pay", deadline: nil, created: t0)
    item.progress = 40
    item.tags = ["home", "money"]
    var d = Detail(item)
    XCTAssertEqual(d.lines["progress"]?.text, "40%")
    XCTAssertEqual(d.lines["tags"]?.text, "home, money")
    XCTAssertEqual(try d.edits(now: t0, calendar: .current).get(), [], "nothing touched")
    d.lines["progress"] = TextField("100")
    d.lines["tags"] = TextField("money bills")
    XCTAssertEqual(
      try d.edits(now: t0, calendar: .current).get(),
      [
        FieldChange("progress", .set(.integer(100))), FieldChange("tags", .remove("home")),
        FieldChange("tags", .add("bills")),
      ])
    d.lines["progress"] = TextField("lots")
    XCTAssertEqual(
      d.edits(now: t0, calendar: .current),
      .failure(Detail.FieldFailure(field: .line(ItemField.named("progress")!))))
    // Another process changed the tags: the untouched line follows, the touched one stays.
    item.tags = ["work"]
    item.progress = 10
    d.follow(item)
    XCTAssertEqual(d.lines["tags"]?.text, "money bills")
    XCTAssertEqual(d.lines["progress"]?.text, "lots")
    d = Detail(TodoItem(id: item.id, title: "Pay", deadline: nil, created: t0))
    d.follow(item)
    XCTAssertEqual(d.lines["tags"]?.text, "work")
    XCTAssertEqual(d.lines["progress"]?.text, "10%")
  }
  /// A value of a field's kind that a line of text may hold.
  func sample(_ field: ItemField) -> FieldValue {
    switch field.kind {
    case .integer: return .integer(40)
    case .texts: return .texts(["alpha", "beta gamma"])
    default: return .text("Room 4, 2nd floor")
    }
  }

  /// Every field of the table edited as a line of text (``TextForm/edit``, as
  /// `TextForm.line` gives a new text field) has its row, found by Tab, labelled
  /// and read under it by its form; typed in through the keys, it is saved. A
  /// field added to the table with a line form is covered here with no edit of the app.
  func testEveryLineFieldOfTheTableHasARowThatEditsAndSaves() throws {
    let env = TodoEnvironment.fixed(appNow)
    let lineFields = ItemField.typed.filter { $0.text?.edit != nil }
    XCTAssertTrue(lineFields.contains { $0.name == "progress" })
    for field in lineFields {
      let edit = try XCTUnwrap(field.text?.edit)
      let value = sample(field)
      var list = TodoList(appThree)
      var s = appState(appThree)
      _ = pressKeys(&s, [.enter], env: env)
      for _ in 0..<40 where openForm(s).flatMap({ Detail.field($0.focus) }) !== field {
        _ = pressKeys(&s, [.tab], env: env)
      }
      let focus = try XCTUnwrap(openForm(s)?.focus)
      XCTAssertTrue(Detail.field(focus) === field, "\(field.name): a row Tab reaches")
      XCTAssertEqual(Detail.fields.filter { Detail.field($0) === field }.count, 1, field.name)
      _ = pressKeys(&s, [.ctrl("u")] + edit.text(value).map(Key.char), env: env)
      let screen = render(s, size: s.size).lines
      let row = try XCTUnwrap(screen.first { $0.contains(" " + field.text!.detailLabel + " ") }, field.name)
      XCTAssertTrue(row.contains(edit.text(value)), "\(field.name): \(row)")
      XCTAssertTrue(screen.contains { $0.contains(edit.reading(value)) }, "\(field.name): its reading")
      let fx = pressKeys(&s, [.ctrl("s")], env: env)
      XCTAssertEqual(fx.count, 1, field.name)
      carryOut(fx, on: &list, &s, env: env)
      XCTAssertEqual(s.mode, .list, field.name)
      XCTAssertEqual(list[appID(1)].map(field.get), value, field.name)
    }
  }
}
