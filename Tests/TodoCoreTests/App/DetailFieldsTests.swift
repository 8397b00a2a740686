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
    XCTAssertEqual(
      Detail.fields.map(Detail.label),
      [
        "Title", "Deadline", "Start", "Repeat", "Warning", "Priority", "Progress", "Tags", "List", "Parent",
        "Note",
      ])
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
    XCTAssertEqual(d.edits(now: t0, calendar: .current), .failure(Detail.FieldFailure(field: .progress)))
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
}
