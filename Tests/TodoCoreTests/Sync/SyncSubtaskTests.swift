import Foundation
import XCTest

@testable import TodoCore

/// Subtasks through the vdir sync (SPEC 9): a cycle that arrives from the
/// vdir (two phones' files naming each other as parent) is broken here with a
/// warning, the cut reaches the vdir at the next sync, and then all is settled.
final class SyncSubtaskTests: OneVdirTestCase {
  func file(_ uid: String, _ title: String, parent: String, modified: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Nextcloud Tasks v0.16.0\r
    BEGIN:VTODO\r
    UID:\(uid)\r
    DTSTAMP:\(modified)\r
    LAST-MODIFIED:\(modified)\r
    SUMMARY:\(title)\r
    RELATED-TO:\(parent)\r
    END:VTODO\r
    END:VCALENDAR\r

    """
  }

  func testACycleFromTheVdirIsBrokenHereAndThere() throws {
    try Data(file("a@phone", "Alpha", parent: "b@phone", modified: "20261118T100000Z").utf8)
      .write(to: URL(fileURLWithPath: dir + "/vdir/a.ics"))
    try Data(file("b@phone", "Bravo", parent: "a@phone", modified: "20261118T110000Z").utf8)
      .write(to: URL(fileURLWithPath: dir + "/vdir/b.ics"))
    let first = try machine(at: 0).run()
    XCTAssertEqual(first.warnings.filter { $0.contains("cycle") }.count, 1, "\(first.warnings)")
    XCTAssertTrue(
      first.warnings.contains { $0.contains("“Bravo” is no longer a subtask") }, "the later link is cut")
    let items = try machine(at: 0).store.load().items
    XCTAssertEqual(items.first { $0.title == "Alpha" }?.parent, "b@phone")
    XCTAssertNil(items.first { $0.title == "Bravo" }?.parent)
    // The next sync writes the cut to the vdir; the one after has nothing to do.
    _ = try machine(at: 10).run()
    let b = try String(contentsOfFile: dir + "/vdir/b.ics", encoding: .utf8)
    XCTAssertFalse(b.contains("RELATED-TO"), b)
    let third = try machine(at: 20).run()
    XCTAssertFalse(third.wrote, "settled")
    XCTAssertTrue(third.warnings.isEmpty, "\(third.warnings)")
  }
}
