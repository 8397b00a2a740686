import Foundation
import XCTest

@testable import TodoCore

/// `list` of a file with subtasks (SPEC 9) from the scan (``ScanOutput/tree(_:shown:)``)
/// against the general path (``SubtaskTree``, ``SubtaskRows``, ``ListOutput``), byte
/// for byte: random parent links among random items, with UIDs that are not
/// UUIDs (and need escaping), parents that are not here, a UUID that is not the
/// UID of its item, cycles and an item that is its own parent, completed parents and subtasks, every view.
final class ListTreeTests: XCTestCase {
  func testTheFastPathShowsTheTreeAsTheGeneralPathDoes() throws {
    var r = SplitMix(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 27)
    var nested = 0
    for round in 0..<80 {
      let base = Int64.random(in: 1_700_000_000...1_900_000_000, using: &r)
      var items = ListFastPathTests.document(Int.random(in: 1...120, using: &r), base: base, &r)
      for k in items.indices where Int.random(in: 0..<3, using: &r) == 0 {
        items[k].uid = "uid-\(k)&<\(round)>@example.org"
      }
      for k in items.indices where Int.random(in: 0..<2, using: &r) == 0 {
        switch Int.random(in: 0..<10, using: &r) {
        case 0: items[k].parent = "not-here-\(k)"
        case 1: items[k].parent = items[k].icalUID  // its own parent
        case 2: items[k].parent = items[k].id.uuidString.lowercased()  // not its UID exactly
        case 3: items[k].parent = items.randomElement(using: &r)!.id.uuidString  // its UID only when it has no other
        default: items[k].parent = items.randomElement(using: &r)!.icalUID
        }
        if Bool.random(using: &r) { items[k].modified = Date(timeIntervalSince1970: TimeInterval(base)) }
      }
      let data = Data(PlistCodec.encode(items))
      let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) }, "round \(round)")
      let now = Date(timeIntervalSince1970: TimeInterval(base))
      let zone = TimeZone(identifier: "Europe/Berlin")!
      let f = DueFormatter(timeZone: zone, now: now, hourCycle: .h24)
      let sorted = try PlistCodec.decode(data).items
      let plan = Scheduler.plan(sorted, now: now)
      for shown in [ScanOutput.Shown.pending, .completed, .all] {
        let colour = Bool.random(using: &r)
        var want: [UInt8] = []
        ListOutput.write(
          sorted,
          where: {
            switch shown {
            case .all: return true
            case .completed: return $0.completed != nil
            case .pending: return $0.isPending
            }
          }, now: now, formatter: f, scheduled: plan.scheduledIDs, colour: colour
        ) { want.append(contentsOf: $0) }
        var got: [UInt8] = []
        ScanOutput.lines(scan, shown: shown, now: now, formatter: f, colour: colour) {
          got.append(contentsOf: $0)
        }
        if got != want {
          return XCTFail(
            "round \(round) \(shown):\n" + String(decoding: got, as: UTF8.self) + "\n--- general:\n"
              + String(decoding: want, as: UTF8.self))
        }
        // list --json: every item of the view, the parent among its fields (in the file's order).
        var wantJSON: [UInt8] = []
        ItemJSON.write(
          sorted.filter { shown == .all || (shown == .pending ? $0.isPending : $0.completed != nil) },
          now: now,
          scheduled: plan.scheduledIDs, formatter: f
        ) { wantJSON.append(contentsOf: $0) }
        var gotJSON: [UInt8] = []
        ScanOutput.json(scan, shown: shown, now: now, formatter: f) { gotJSON.append(contentsOf: $0) }
        XCTAssertEqual(String(decoding: gotJSON, as: UTF8.self), String(decoding: wantJSON, as: UTF8.self))
        nested +=
          String(decoding: want, as: UTF8.self).split(separator: "\n").filter {
            $0.range(of: #" \[\d+/\d+\]"#, options: .regularExpression) != nil
          }.count
      }
    }
    XCTAssertGreaterThan(nested, 100, "parents were shown with their counts")
  }
}
