import Foundation
import XCTest

@testable import TodoCore

/// SPEC 8 through the sync: the fields merge each on its own, so a phone
/// changing PRIORITY in the vdir and this machine changing the note meanwhile
/// both survive (they were one block of kept text before, and one was lost).
final class SyncFieldsTests: OneVdirTestCase {
  /// The phone's file: as Apple Reminders writes it, PRIORITY as given.
  func phone(priority: Int, modified: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Apple Inc.//iOS 17.4//EN\r
    BEGIN:VTODO\r
    UID:PHONE-1\r
    DTSTAMP:\(modified)\r
    LAST-MODIFIED:\(modified)\r
    CREATED:20261101T120000Z\r
    SUMMARY:Renew passport\r
    DUE:20261130T090000Z\r
    DESCRIPTION:Photos first\r
    PRIORITY:\(priority)\r
    CATEGORIES:papers\r
    X-APPLE-SORT-ORDER:42\r
    END:VTODO\r
    END:VCALENDAR\r

    """
  }

  func testThePhoneChangesPriorityThisMachineTheNoteBothKept() throws {
    let path = dir + "/vdir/phone-1.ics"
    try Data(phone(priority: 9, modified: "20261118T100000Z").utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(try machine(at: 0).run().count(.list, .created), 1)
    let id = try XCTUnwrap(try machine(at: 0).store.load().items.first).id
    // Here: the note. On the phone, meanwhile: the priority (the file rewritten).
    try machine(at: 10).store.mutate { list in
      _ = try list.edit(id, now: t0 + 10) { $0.note = "Photos first\nthen the form" }
    }
    try Data(phone(priority: 1, modified: "20261118T110700Z").utf8).write(to: URL(fileURLWithPath: path))
    _ = try machine(at: 20).run()
    let item = try XCTUnwrap(try machine(at: 20).store.load().items.first)
    XCTAssertEqual(item.priority, 1, "the phone's change")
    XCTAssertEqual(item.note, "Photos first\nthen the form", "this machine's change")
    XCTAssertEqual(item.tags, ["papers"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(
      text.contains("PRIORITY:1\r\n") && text.contains("DESCRIPTION:Photos first\\nthen the form\r\n"), text)
    XCTAssertTrue(text.contains("X-APPLE-SORT-ORDER:42\r\n"), "what we do not map is kept")
    XCTAssertFalse(try machine(at: 30).run().wrote, "settled")
  }
}
