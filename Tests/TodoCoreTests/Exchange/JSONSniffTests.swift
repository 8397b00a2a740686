import Foundation
import XCTest

@testable import TodoCore

/// The first object of a JSON document, read as JSONSerialization reads the whole.
final class JSONSniffTests: XCTestCase {
  func first(_ s: String) -> NSDictionary? {
    JSONSniff.firstObject(of: Data(s.utf8)).map { $0 as NSDictionary }
  }

  func testTheFirstObjectIsTheOneJSONSerializationReads() throws {
    let docs = [
      #"[{"uuid":"a","description":"b {not a brace} \"q\" \\","tags":["x]"],"n":{"d":[1,{"e":2}]}},{"uuid":"z"}]"#,
      "{\"description\":\"one\",\"uuid\":\"u1\"}\n{\"description\":\"two\",\"uuid\":\"u2\"}\n",
      "  \n[ { \"id\" : \"é\\u00e9\" } ]",
    ]
    for d in docs {
      // One object a line: the first line is the first object.
      let lines = d.hasPrefix("{") ? String(d.prefix { $0 != "\n" }) : d
      let whole = try JSONSerialization.jsonObject(with: Data(lines.utf8))
      let expected = (whole as? [[String: Any]])?.first ?? (whole as? [String: Any])
      XCTAssertEqual(first(d), expected.map { $0 as NSDictionary }, d)
    }
    XCTAssertEqual(
      first("{\"description\":\"one\",\"uuid\":\"u1\"}\n{\"description\":\"two\"}"),
      ["description": "one", "uuid": "u1"] as NSDictionary)
  }

  func testNoObjectIsNil() {
    for d in ["[]", "", "[1, 2]", "{\"a\": ", "{\"a\": \"}\"", "[{\"a\" 1}]"] { XCTAssertNil(first(d), d) }
  }
}
