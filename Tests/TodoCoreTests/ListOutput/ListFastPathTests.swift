import Foundation
import XCTest

@testable import TodoCore

/// `list` and `list --json` from the scan's records (``ScanOutput``, the fast
/// path) against the general path (the items of ``Store/load(tolerant:opened:)``'s
/// reader, ``Scheduler/plan(_:now:)``, ``ListOutput`` and ``ItemJSON``), byte
/// for byte: random documents, random instants, time zones (UTC, Europe/Berlin
/// across its changes, a POSIX TZ string, a half-hour zone), both clocks, colour
/// on and off, pending, completed and all items.
final class ListFastPathTests: XCTestCase {
  typealias Rng = SplitMix

  static let zones: [(String, TimeZone)] = [
    ("UTC", SystemTimeZone.zone(forTZ: "UTC")),
    ("Europe/Berlin", TimeZone(identifier: "Europe/Berlin")!),
    ("CET-1CEST,M3.5.0,M10.5.0/3", SystemTimeZone.zone(forTZ: "CET-1CEST,M3.5.0,M10.5.0/3")),
    ("<+0530>-5:30", SystemTimeZone.zone(forTZ: "<+0530>-5:30")),
    ("America/St_Johns", TimeZone(identifier: "America/St_Johns")!),
  ]

  /// Items around `base` (many in the next days, so that more than 64 want a
  /// slot), with reminders, warnings, repeats, completed and cancelled ones.
  static func document(_ n: Int, base: Int64, _ r: inout Rng) -> [TodoItem] {
    var items = PlistScanTests.randomItems(n, &r, plain: true)
    for k in items.indices {
      func near() -> Date {
        let spread: Int64 = [3_600, 86_400, 8 * 86_400, 400 * 86_400].randomElement(using: &r)!
        return Date(timeIntervalSince1970: TimeInterval(base + Int64.random(in: -spread...spread, using: &r)))
      }
      if items[k].deadline != nil && Int.random(in: 0..<4, using: &r) > 0 { items[k].deadline = near() }
      if items[k].reminder != nil || Int.random(in: 0..<6, using: &r) == 0 { items[k].reminder = near() }
      if Int.random(in: 0..<3, using: &r) == 0 { items[k].notifiedReminder = nil }
      if Int.random(in: 0..<2, using: &r) == 0 { items[k].completed = nil }
      if Int.random(in: 0..<3, using: &r) > 0 { items[k].notifiedDeadline = nil }
      // A start (SPEC 8): a row not started yet is dimmed when `list` writes colour.
      if Int.random(in: 0..<4, using: &r) == 0 { items[k].start = near() }
    }
    return items
  }

  func general(
    _ data: Data, json: Bool, shown: ScanOutput.Shown, now: Date, zone: TimeZone, clock: HourCycle,
    colour: Bool
  ) throws -> [UInt8] {
    let doc = try PlistCodec.decode(data)
    let f = DueFormatter(timeZone: zone, now: now, hourCycle: clock)
    let plan = Scheduler.plan(doc.items, now: now)
    let shows: (TodoItem) -> Bool = {
      switch shown {
      case .all: return true
      case .completed: return $0.completed != nil
      case .pending: return $0.isPending
      }
    }
    var out: [UInt8] = []
    if json {
      ItemJSON.write(
        doc.items.filter(shows), now: now, scheduled: plan.scheduledIDs, formatter: f, lists: doc.lists
      ) {
        out.append(contentsOf: $0)
      }
    } else {
      ListOutput.write(
        doc.items, where: shows, now: now, formatter: f, scheduled: plan.scheduledIDs, colour: colour
      ) { out.append(contentsOf: $0) }
    }
    return out
  }

  func fast(
    _ scan: PlistScan, json: Bool, shown: ScanOutput.Shown, now: Date, zone: TimeZone, clock: HourCycle,
    colour: Bool
  ) -> [UInt8] {
    let f = DueFormatter(timeZone: zone, now: now, hourCycle: clock)
    var out: [UInt8] = []
    if json {
      ScanOutput.json(scan, shown: shown, now: now, formatter: f) { out.append(contentsOf: $0) }
    } else {
      ScanOutput.lines(scan, shown: shown, now: now, formatter: f, colour: colour) {
        out.append(contentsOf: $0)
      }
    }
    return out
  }

  func testTheFastPathWritesWhatTheGeneralPathWrites() throws {
    var r = Rng(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 17)
    var lines = 0
    for round in 0..<120 {
      let base = Int64.random(in: 1_700_000_000...1_900_000_000, using: &r)
      let items = Self.document(Int.random(in: 0...150, using: &r), base: base, &r)
      let data = Data(PlistCodec.encode(items))
      let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) }, "round \(round)")
      // `list`'s rows read the notes without keeping their text (only the mark shows).
      let rows = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0, notes: false) })
      // Now: often exactly at a deadline or a second before, else near the items.
      var t = Double(base + Int64.random(in: -86_400 * 3...86_400 * 3, using: &r))
      if let d = items.randomElement(using: &r)?.deadline, Bool.random(using: &r) {
        t = d.timeIntervalSince1970 - Double(Int.random(in: 0...1, using: &r))
      }
      t += [0, 0.25, 0.999].randomElement(using: &r)!
      let now = Date(timeIntervalSince1970: t)
      let (zoneName, zone) = Self.zones.randomElement(using: &r)!
      for json in [false, true] {
        for shown in [ScanOutput.Shown.pending, .completed, .all] {
          let clock: HourCycle = Bool.random(using: &r) ? .h24 : .h12
          let colour = Bool.random(using: &r)
          let want = try general(
            data, json: json, shown: shown, now: now, zone: zone, clock: clock, colour: colour)
          let got = fast(
            json ? scan : rows, json: json, shown: shown, now: now, zone: zone, clock: clock, colour: colour)
          if got != want {
            XCTFail(
              "round \(round) \(zoneName) json=\(json) \(shown) \(clock) colour=\(colour) now=\(t):\n"
                + String(decoding: got, as: UTF8.self) + "\n--- general:\n"
                + String(decoding: want, as: UTF8.self))
            return
          }
          lines += want.filter { $0 == 10 }.count
        }
      }
    }
    XCTAssertGreaterThan(lines, 10_000)
  }

  func testTheNoSlotMarkAndTheScheduledFlagFollowThePlan() throws {
    var r = Rng(seed: 99)
    for round in 0..<60 {
      let base = Int64(1_800_000_000)
      let items = Self.document(Int.random(in: 0...200, using: &r), base: base, &r)
      let data = Data(PlistCodec.encode(items))
      let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) })
      let now = Date(
        timeIntervalSince1970: TimeInterval(base + Int64.random(in: -86_400...86_400, using: &r)))
      try assertThePlanAndMarks(scan, data, now: now, "round \(round)")
    }
  }

  /// The scan's plan (``ScanPlan``) and marks are the scheduler's, on the items the file holds.
  func assertThePlanAndMarks(_ scan: PlistScan, _ data: Data, now: Date, _ what: String) throws {
    let sorted = try PlistCodec.decode(data).items
    let plan = Scheduler.plan(sorted, now: now)
    let compact = ScanPlan(scan, now: Int64(now.timeIntervalSince1970.rounded(.down)))
    XCTAssertEqual(compact.candidates, plan.candidates, what)
    XCTAssertEqual(
      Set(scan.entries.indices.filter { compact.scheduled[$0] }.map { scan.entries[$0].id }),
      plan.scheduledIDs, what)
    for (k, item) in sorted.enumerated() {
      XCTAssertEqual(compact.marks(scan, k), ItemMarks(item, now: now, scheduled: plan.scheduledIDs), what)
    }
  }

  func testTheUTCShortcutIsTheZoneTZNames() {
    var r = Rng(seed: 5)
    for tz in ["", "UTC", ":UTC"] {
      let env = ["TZ": tz]
      for _ in 0..<20 {
        let now = PlistScanTests.randomDate(&r)
        let fast = ScanOutput.formatter(now: now) { env[$0] }
        let general = DueFormatter(timeZone: SystemTimeZone.zone(forTZ: tz), now: now, hourCycle: .h24)
        XCTAssertEqual(fast.timeZone.secondsFromGMT(for: now), 0)
        for _ in 0..<200 {
          let d =
            Bool.random(using: &r)
            ? PlistScanTests.randomDate(&r)
            : now.addingTimeInterval(Double.random(in: -9e5...9e5, using: &r).rounded())
          XCTAssertEqual(fast.offsetSeconds(d), general.offsetSeconds(d), tz)
          XCTAssertEqual(fast.phrase(d), general.phrase(d), tz)
          XCTAssertEqual(fast.fields(d), general.fields(d), tz)
        }
      }
    }
    // TZDIR names another folder, or TZ another zone: the general way.
    let now = Date()
    XCTAssertEqual(
      ScanOutput.formatter(now: now) { ["TZ": "UTC", "TZDIR": "/nonexistent"][$0] }.timeZone,
      SystemTimeZone.current)
    XCTAssertEqual(
      ScanOutput.formatter(now: now) { ["TZ": "Europe/Berlin"][$0] }.timeZone, SystemTimeZone.current)
  }

  func testTheClockShortcutIsTheLocalesClock() {
    for value in ["C", "POSIX", "C.UTF-8", "C.utf8", "POSIX@x", "en_US.UTF-8", "en_GB", "de_DE.UTF-8", ""] {
      for key in ["LC_ALL", "LC_TIME", "LANG"] {
        let env = [key: value]
        XCTAssertEqual(ScanOutput.hourCycle { env[$0] }, HourCycle.from(environment: env), "\(key)=\(value)")
      }
    }
    let both = ["LC_ALL": "", "LC_TIME": "en_US.UTF-8", "LANG": "C"]
    XCTAssertEqual(ScanOutput.hourCycle { both[$0] }, HourCycle.from(environment: both))
  }
}

extension ListFastPathTests {
  /// Kept text of a file from before SPEC 8 that `Store.load` moves into fields (PRIORITY,
  /// CATEGORIES): the scan's record is not the item as loaded, and the scan says so
  /// (`list`'s fast path then leaves the file to the general path). A DESCRIPTION inside
  /// an alarm (as Apple writes one in each) is not the note: that entry is the scan's.
  func testKeptTextThatLoadMovesIntoFieldsIsMarked() throws {
    func item(_ n: Int, _ extra: String?) -> TodoItem {
      var i = TodoItem(
        id: UUID.derived(from: "adopt-\(n)"), title: "Old \(n)",
        deadline: Date(timeIntervalSince1970: 1_800_000_000 + Double(n)),
        created: Date(timeIntervalSince1970: 1_700_000_000))
      i.icalExtra = extra
      return i
    }
    let items = [
      item(1, "PRIORITY:1\nCATEGORIES:a,b\n"), item(2, "BEGIN:VALARM\nDESCRIPTION:x\nEND:VALARM\n"),
      item(3, "X-A:1\n"), item(4, nil), item(5, "STATUS:IN-PROCESS\n"),
    ]
    let data = Data(PlistCodec.encode(items))
    let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) })
    XCTAssertEqual(scan.entries.map(\.keepsAdoptable), items.map(\.keepsAdoptableProperties))
    XCTAssertEqual(scan.entries.map(\.keepsAdoptable), [true, false, false, false, true])
    // Why: what the scan would list is not what the loaded items list.
    let dir = NSTemporaryDirectory() + "adopt-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/todos.plist", contents: data))
    let loaded = try Store(path: dir + "/todos.plist").load().items
    let now = Date(timeIntervalSince1970: 1_799_000_000)
    let f = DueFormatter(timeZone: SystemTimeZone.zone(forTZ: "UTC"), now: now)
    var general: [UInt8] = []
    ListOutput.write(loaded, where: \.isPending, now: now, formatter: f, scheduled: [], colour: false) {
      general.append(contentsOf: $0)
    }
    XCTAssertTrue(String(decoding: general, as: UTF8.self).contains("!!! Old 1 #a #b"))
    XCTAssertNotEqual(
      fast(scan, json: false, shown: .pending, now: now, zone: f.timeZone, clock: .h24, colour: false),
      general)
  }
}
