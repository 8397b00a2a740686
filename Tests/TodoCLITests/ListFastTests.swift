import Foundation
import TodoCore
import XCTest

@testable import TodoCLI

/// `list`'s fast path (``ListFast``) leaves to the general path what the scan's records
/// would not list as `Store.load` reads it: kept text of before SPEC 8 that load moves into fields.
final class ListFastTests: XCTestCase {
  func testAFileWhoseKeptTextLoadAdoptsIsTheGeneralPaths() throws {
    let dir = NSTemporaryDirectory() + "listfast-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var item = TodoItem(
      id: UUID(uuidString: "0A000000-0000-4000-8000-000000000001")!, title: "Old",
      deadline: Date(timeIntervalSince1970: 1_900_000_000),
      created: Date(timeIntervalSince1970: 1_700_000_000))
    item.icalExtra = "PRIORITY:1\n"
    let path = dir + "/todos.plist"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(PlistCodec.encode([item]))))
    XCTAssertNotNil(try PlistScan.scan(store: Store(path: path)), "the scan reads the file")
    XCTAssertFalse(ListFast.run(file: path, json: false, shown: .pending), "but the fast path leaves it")
    XCTAssertFalse(ListFast.run(file: path, json: true, shown: .all))
  }
}
