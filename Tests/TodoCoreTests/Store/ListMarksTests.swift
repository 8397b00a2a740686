import Foundation
import XCTest

@testable import TodoCore

/// The marks of SPEC 8 in `list`'s rows: priority before the title, tags, a
/// note mark and the progress after it; the scan hands such rows to the general writer.
final class ListMarksTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  func lines(_ items: [TodoItem]) -> [String] {
    var out: [UInt8] = []
    let fmt = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0)
    ListOutput.write(items, where: \.isPending, now: t0, formatter: fmt, scheduled: [], colour: false) {
      out.append(contentsOf: $0)
    }
    return String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func testPriorityTagsNoteAndProgress() throws {
    func item(_ n: Int, _ title: String, _ set: (inout TodoItem) -> Void) -> TodoItem {
      var i = TodoItem(
        id: UUID.derived(from: "marks-\(n)"), title: title, deadline: t0.addingTimeInterval(Double(n) * 3600),
        created: t0)
      set(&i)
      return i
    }
    let items = [
      item(1, "High", { $0.priority = 2 }), item(2, "Medium", { $0.priority = 5 }),
      item(3, "Low", { $0.priority = 9 }), item(4, "Tagged", { $0.tags = ["home", "日本"] }),
      item(5, "Noted", { $0.note = "x\ny" }), item(6, "Going", { $0.progress = 40 }),
      item(7, "Plain", { _ in }),
    ]
    let l = lines(items)
    XCTAssertEqual(l.count, 7, "\(l)")
    guard l.count == 7 else { return }
    XCTAssertTrue(l[0].hasSuffix("  !!! High"), l[0])
    XCTAssertTrue(l[1].hasSuffix("  !! Medium"), l[1])
    XCTAssertTrue(l[2].hasSuffix("  ! Low"), l[2])
    XCTAssertTrue(l[3].hasSuffix("  Tagged #home #日本"), l[3])
    XCTAssertTrue(l[4].hasSuffix("  Noted ✎"), l[4])
    XCTAssertTrue(l[5].hasSuffix("  Going 40%"), l[5])
    XCTAssertTrue(l[6].hasSuffix("  Plain"), l[6])
    // The scan marks the entries whose rows carry marks (the fast path leaves them to ListOutput).
    let bytes = PlistCodec.encode(items.filter { $0.tags.isEmpty })
    let scan = try XCTUnwrap(bytes.withUnsafeBytes { PlistScan.scan(bytes: $0) })
    XCTAssertEqual(
      scan.entries.filter(\.hasRowMarks).count, 5, "priority ×3, note, progress; not the plain one")
  }
}
