import Foundation
import XCTest

@testable import TodoCore

/// What a sync says about two files that hold one UID names the file it really ignores.
extension SyncEngineTests {
  func testTheDuplicateUIDWarningNamesTheFileThatIsIgnored() throws {
    try seed(item(1, "known"))
    _ = try sync()
    let known = id(1).uuidString + ".ics"
    var copy = item(1, "a copy made by another client")
    copy.modified = t0 + 5
    try writeFile("copy.ics", copy)
    let r = try sync(at: 10)
    XCTAssertEqual(r.warnings, ["\(known) and copy.ics hold the same UID; copy.ics is ignored"])
    XCTAssertEqual(try listItems()[id(1).uuidString]?.title, "known", "the file the status knows wins")
  }
}
