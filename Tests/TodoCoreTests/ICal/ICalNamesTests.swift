import Foundation
import XCTest

@testable import TodoCore

/// Names and parameter names go to upper case before libical reads them; values,
/// quoted parameter values and folded continuation lines stay as they are.
final class ICalNamesTests: XCTestCase {
  func upper(_ s: String) -> String {
    var b = Array(s.utf8)
    ICalNames.uppercase(&b)
    return String(decoding: b, as: UTF8.self)
  }

  func testNamesAndParameterNamesOnly() {
    XCTAssertEqual(upper("begin:vtodo\r\n"), "BEGIN:vtodo\r\n")
    XCTAssertEqual(
      upper("x-moz-thing;x-param=\"a;b:c\";tzid=Europe/Berlin:value; with: colons\r\n"),
      "X-MOZ-THING;X-PARAM=\"a;b:c\";TZID=Europe/Berlin:value; with: colons\r\n")
    XCTAssertEqual(
      upper("description:first part\r\n second: part;x=y\r\nsummary:zoë\n"),
      "DESCRIPTION:first part\r\n second: part;x=y\r\nSUMMARY:zoë\n")
    XCTAssertEqual(upper("due:20261123"), "DUE:20261123", "no line end at the end")
    XCTAssertEqual(upper("x-no-colon-at-all\nuid:a\n"), "X-NO-COLON-AT-ALL\nUID:a\n")
    XCTAssertEqual(upper(""), "")
  }
}
