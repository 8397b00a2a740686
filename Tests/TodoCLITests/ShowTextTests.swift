import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// `show`'s rows of the fields with a text form come from the table's forms.
final class ShowTextTests: XCTestCase {
  func testRowsOfTheTextFormsInShowsOrderAndTheNoteWholeLast() {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    var item = TodoItem(id: UUID(), title: "Pay", deadline: nil, created: t0)
    item.priority = 5
    item.tags = ["money", "home"]
    item.start = t0
    item.progress = 40
    item.note = "IBAN\nsecond line"
    let f = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0, hourCycle: .h24)
    let rows = Show.rows(of: item, formatter: f)
    XCTAssertEqual(rows.map { $0.0 }, ["start", "priority", "tags", "progress"])
    XCTAssertEqual(rows[1].1, "medium (5)")
    XCTAssertEqual(rows[2].1, "#money #home")
    XCTAssertEqual(rows[3].1, "40%")
    let text = Show.text(item, formatter: f, shortID: "abcd")
    XCTAssertTrue(text.hasSuffix("note:\n  IBAN\n  second line\n"), text)
    XCTAssertTrue(text.contains("\ntags:      #money #home\nprogress:  40%\nstatus:    pending\n"), text)
    item.tags = []
    item.progress = nil
    XCTAssertEqual(Show.rows(of: item, formatter: f).map { $0.0 }, ["start", "priority"])
  }
}
