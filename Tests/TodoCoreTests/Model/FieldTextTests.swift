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
}
