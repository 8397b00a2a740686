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

  /// The text itself, byte for byte (older readers read it): lines in the UIDs' order, `\\`, tab,
  /// line feed and CR escaped in every field, `\\N` for an absent value, `1` for a flag set.
  func testTheStatusTextIsWrittenAsDocumented() {
    var status = SyncStatus(vdir: "/v\tw")
    var b = SyncFields(title: "Pay\\rent\n")
    b.deadline = Date(timeIntervalSince1970: 1_795_000_000)
    b.cancelled = true
    b.repeatRule = "FREQ=DAILY"
    b.warn = 600
    b.icalExtra = "X:1\r\n"
    status.items["b\tuid"] = SyncEntry(href: "b.ics", etag: "1;2.3;4", digest: "00ff", base: b)
    status.items["a"] = SyncEntry(href: "a.ics", etag: "1", digest: "00", base: SyncFields(title: "A"))
    // The early warning is an alert now (issue 36): its own column stays empty, the alerts' last one holds it.
    let rest = String(repeating: "\t\\N", count: SyncStatus.columns.count - 8)
    XCTAssertEqual(SyncStatus.columns.last?.name, "alerts")
    let expected =
      "todo-tui sync status 1\t/v\\tw\n"
      + "a\ta.ics\t1\t00\tA\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N" + rest + "\t\\N\n"
      + "b\\tuid\tb.ics\t1;2.3;4\t00ff\tPay\\\\rent\\n\t1795000000\t\\N\t1\tFREQ=DAILY\t\\N\tX:1\\r\\n" + rest
      + "\t[\"TRIGGER;RELATED=END:-PT10M\"]\n"
    XCTAssertEqual(String(decoding: status.encoded(), as: UTF8.self), expected)
  }

  /// A status of many items is written in two halves (the second on another thread):
  /// the same text, every line once, in the UIDs' order across the join, read back as written.
  func testAStatusOfManyItemsIsWrittenInOneOrderAndReadsBack() throws {
    var status = SyncStatus(vdir: "/v")
    for n in 0..<20_001 {
      let uid = String(format: "u%06d", (n * 7_919) % 20_001)
      status.items[uid] = SyncEntry(
        href: uid + ".ics", etag: "\(n)", digest: "d", base: SyncFields(title: "t\t\(n)"))
    }
    let text = String(decoding: status.encoded(), as: UTF8.self)
    let uids = text.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "\t" }) }
    XCTAssertEqual(uids, (0..<20_001).map { String(format: "u%06d", $0) })
    XCTAssertEqual(try SyncStatus.decode(Data(text.utf8)), status)
  }

  func testAStatusThatDoesNotParseIsAnError() {
    for text in [
      "", "not a status", "todo-tui sync status 1\t/v\nonly\tthree\tfields\n", "todo-tui sync status x\t/v\n",
    ] {
      XCTAssertThrowsError(try SyncStatus.decode(Data(text.utf8)), text)
    }
  }
}
