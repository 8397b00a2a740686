import Foundation
import XCTest

@testable import TodoCore

final class AppTextFieldTests: XCTestCase {
  func testTheTitleFieldIsConstrained() {
    var f = TextField("")
    XCTAssertFalse(f.apply(.insert(String(repeating: "é", count: 300))), "a long paste is cut")
    XCTAssertEqual(f.characters.count, 200)
    XCTAssertEqual(f.cursor, 200)
    f.apply(.killToStart)
    XCTAssertEqual(f.text, "")
    XCTAssertFalse(f.apply(.insert("a\u{1B}[31mb\u{7}c")))
    XCTAssertEqual(f.text, "a[31mbc", "control characters are left out")
    f.apply(.insert("line\nbreak\ttab"))
    XCTAssertEqual(f.text, "a[31mbcline break tab")
  }

  func testCursorMovementAndEditing() {
    var f = TextField("Buy milk")
    f.apply(.home)
    f.apply(.right)
    f.apply(.right)
    f.apply(.right)
    f.apply(.insert(" oat"))
    XCTAssertEqual(f.text, "Buy oat milk")
    f.apply(.backspace)
    f.apply(.backspace)
    XCTAssertEqual(f.text, "Buy o milk")
    f.apply(.deleteForward)
    XCTAssertEqual(f.text, "Buy omilk")
    f.apply(.killToStart)
    XCTAssertEqual(f.text, "milk")
    XCTAssertEqual(f.cursor, 0)
    f.apply(.end)
    f.apply(.left)
    f.apply(.killToEnd)
    XCTAssertEqual(f.text, "mil")
    f.apply(.home)
    f.apply(.left)
    f.apply(.backspace)
    XCTAssertEqual(f.text, "mil")
    XCTAssertEqual(f.cursor, 0)
  }
}
