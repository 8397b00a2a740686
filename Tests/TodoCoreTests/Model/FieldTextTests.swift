import Foundation
import XCTest

@testable import TodoCore

/// The fields as a person types and reads them (``FieldText``).
final class FieldTextTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func testShowsStatusIsTheTableFieldThatHoldsIt() {
    var item = TodoItem(id: UUID(), title: "Pay", deadline: nil, created: now)
    let text = { (d: Date) in "\(Int(d.timeIntervalSince1970))" }
    XCTAssertEqual(FieldText.status(of: item, dateText: text), "pending")
    item.cancelled = true
    XCTAssertEqual(FieldText.status(of: item, dateText: text), ItemField.named("cancelled")!.name)
    item.completed = now
    XCTAssertEqual(FieldText.status(of: item, dateText: text), "completed 1795000000")
  }

  /// The form of a one-line text field (what a new field such as a place takes).
  func testALineFormReadsTextOrNoneAndRefusesControlCharacters() throws {
    let form = TextForm.line(option: "place", valueName: "text", help: "Where.", detailLabel: "Place")
    let context = TextForm.Context(now: now, calendar: .current)
    let read = try XCTUnwrap(form.read)
    XCTAssertEqual(try read("  Room 4 ", context), [.set(.text("Room 4"))])
    XCTAssertEqual(try read("None", context), [.set(.absent)])
    XCTAssertThrowsError(try read("a\u{7}b", context))
    XCTAssertThrowsError(try read("  ", context))
    let edit = try XCTUnwrap(form.edit)
    XCTAssertEqual(edit.text(.text("Room 4")), "Room 4")
    XCTAssertEqual(try edit.read(" Room 5"), .text("Room 5"))
    XCTAssertEqual(try edit.read(""), .absent)
    let f = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: now, hourCycle: .h24)
    XCTAssertEqual(form.show?(.text("a\u{1b}b"), f), "a\u{FFFD}b")
    XCTAssertEqual(form.show?(.absent, f) ?? nil, nil)
  }
}
