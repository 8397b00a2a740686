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

  /// Item `n`, due `n` hours after `t0`, its id derived from `seed` and `n`.
  func item(_ n: Int, _ title: String, seed: String = "marks", _ set: (inout TodoItem) -> Void) -> TodoItem {
    var i = TodoItem(
      id: UUID.derived(from: "\(seed)-\(n)"), title: title, deadline: t0.addingTimeInterval(Double(n) * 3600),
      created: t0)
    set(&i)
    return i
  }

  func testPriorityTagsNoteAndProgress() throws {
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

  /// SPEC 8: an item not yet started is dimmed, not hidden, when `list` writes colour;
  /// the fast path (the scan) writes the same bytes as the general path.
  func testAnItemNotYetStartedIsDimmedWithColourOnBothPaths() throws {
    func item(_ n: Int, _ title: String, _ set: (inout TodoItem) -> Void) -> TodoItem {
      self.item(n, title, seed: "start", set)
    }
    let items = [
      item(1, "Later", { $0.start = self.t0.addingTimeInterval(60) }),
      item(2, "Begun", { $0.start = self.t0.addingTimeInterval(-60) }),
      item(
        3, "Tagged later",
        {
          $0.start = self.t0.addingTimeInterval(86_400)
          $0.tags = ["home"]
        }),
      item(4, "Tagged", { $0.tags = ["home"] }),
      item(5, "Now", { $0.start = self.t0 }),
    ]
    let fmt = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0)
    func general(colour: Bool) -> [UInt8] {
      var out: [UInt8] = []
      let plan = Scheduler.plan(items, now: t0)
      ListOutput.write(
        items, where: \.isPending, now: t0, formatter: fmt, scheduled: plan.scheduledIDs, colour: colour
      ) { out.append(contentsOf: $0) }
      return out
    }
    let bytes = PlistCodec.encode(items)
    let scan = try XCTUnwrap(bytes.withUnsafeBytes { PlistScan.scan(bytes: $0, notes: false) })
    var fast: [UInt8] = []
    ScanOutput.lines(scan, shown: .pending, now: t0, formatter: fmt, colour: true) {
      fast.append(contentsOf: $0)
    }
    let out = general(colour: true)
    XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: out, as: UTF8.self), "both paths")
    let l = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    guard l.count == 5 else { return XCTFail("\(l)") }
    let dim = "\u{1B}[2m"
    let reset = "\u{1B}[0m"
    func dimmedWhole(_ line: String) -> Bool {
      // The dim right after the short id, the reset at the end, none between.
      guard let at = line.range(of: dim), line.hasSuffix(reset) else { return false }
      return !line[at.upperBound...].dropLast(reset.count).contains("\u{1B}")
    }
    XCTAssertTrue(dimmedWhole(l[0]), "not started: \(l[0].debugDescription)")
    XCTAssertFalse(l[1].contains(dim), "started: \(l[1].debugDescription)")
    XCTAssertTrue(dimmedWhole(l[2]), "its tags do not end the dim: \(l[2].debugDescription)")
    XCTAssertTrue(l[3].hasSuffix(dim + " #home" + reset), "tags alone dimmed: \(l[3].debugDescription)")
    XCTAssertFalse(l[4].contains(dim), "starting now: \(l[4].debugDescription)")
    XCTAssertFalse(general(colour: false).contains(0x1B), "no colour: no dim")
  }
}

/// Issue 36: a row whose item has an alert still to come (beyond its warning and its
/// reminder: its other alerts) carries ◷, as one with a reminder to come does, in `list`
/// and in the app; once it has rung, not.
final class ListAlertMarkTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  static let afterDue = ItemAlert(
    stored: "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:PT15M\nDESCRIPTION:x\nEND:VALARM\n")

  var items: [TodoItem] {
    (1...3).map { n in
      var i = TodoItem(
        id: UUID.derived(from: "alert-mark-\(n)"), title: ["Alerted", "Rung", "Plain"][n - 1],
        deadline: t0.addingTimeInterval(Double(n) * 3600), created: t0)
      if n < 3 { i.alerts = [Self.afterDue] }
      if n == 2 { i.notifiedAlert = i.deadline!.addingTimeInterval(900) }
      return i
    }
  }

  func testAnAlertToComeMarksTheRowInListAndInTheApp() throws {
    var out: [UInt8] = []
    let fmt = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0)
    ListOutput.write(items, where: \.isPending, now: t0, formatter: fmt, scheduled: [], colour: false) {
      out.append(contentsOf: $0)
    }
    let l = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
    XCTAssertEqual(l.map { $0.contains("◷") }, [true, false, false], "\(l)")
    let size = Size(width: 80, height: 12)
    let screen = render(appState(items, size: size, at: t0), size: size).lines
    for (title, marked) in [("Alerted", true), ("Rung", false), ("Plain", false)] {
      let row = try XCTUnwrap(screen.first { $0.contains(title) }, "\(screen)")
      XCTAssertEqual(row.contains("◷"), marked, row)
    }
  }
}
