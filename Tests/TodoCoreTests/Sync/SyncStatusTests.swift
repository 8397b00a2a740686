import Foundation
import XCTest

@testable import TodoCore

final class SyncStatusTests: XCTestCase {
  func testTheStatusTextReadsBackWhatWasWrittenWhateverTheStrings() throws {
    var status = SyncStatus(vdir: "/home/me/my\ttasks\\n")
    let hostile = ["", "\\", "\\N", "a\tb", "x\ny\r\n", "é生🎂", "\\t", "end\\"]
    for (n, s) in hostile.enumerated() {
      var base = SyncFields(title: s)
      base.deadline = n % 2 == 0 ? Date(timeIntervalSince1970: 1_795_000_000 + Double(n)) : nil
      base.completed = n == 3 ? Date(timeIntervalSince1970: -12.5) : nil
      base.cancelled = n == 4
      base.repeatRule = n == 5 ? nil : s
      base.warn = n == 6 ? nil : n * 60
      base.icalExtra = n == 7 ? nil : "PRIORITY:1\r\n" + s
      status.items["uid " + s + "\(n)"] = SyncEntry(
        href: s + ".ics", etag: "1;2.3;4", digest: "00ff", base: base)
    }
    let back = try SyncStatus.decode(status.encoded())
    XCTAssertEqual(back, status)
  }

  func testAStatusThatDoesNotParseIsAnError() {
    for text in [
      "", "not a status", "todo-tui sync status 1\t/v\nonly\tthree\tfields\n", "todo-tui sync status x\t/v\n",
    ] {
      XCTAssertThrowsError(try SyncStatus.decode(Data(text.utf8)), text)
    }
  }
}
