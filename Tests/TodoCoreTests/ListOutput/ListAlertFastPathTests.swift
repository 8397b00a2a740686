import Foundation
import XCTest

@testable import TodoCore

/// Issue 36's fast path: the alerts read in place (``AlertBytes``) as libical reads them
/// (``ItemAlert/init(stored:)``), and `list`, `list --json`, the plan and the marks from the
/// scan's records of files with alerts the same as the general path's.
final class AlertBytesTests: XCTestCase {
  static let fx = ICalFieldsTests.Fixtures()

  /// Every alert of the clients' fixtures, as the data file stores it (whole VALARMs).
  static func clientAlerts() throws -> [String] {
    try [
      "thunderbird-alarms.ics", "tasks-org-alarms.ics", "apple-reminders-alarms.ics", "location-alarms.ics",
    ]
    .flatMap { try fx.read($0).flatMap { $0.alerts.map(\.stored) } }
  }

  /// Short TRIGGER lines: what the writer writes, and other spellings of RFC 5545's forms.
  static let shortForms: [String] =
    [-1_209_600, -90_061, -86_400, -5400, -900, -60, -1, 0, 1, 900, 3600, 93_784, 4_233_600].flatMap {
      [ItemAlert(.deadline($0)).stored, ItemAlert(.start($0)).stored]
    } + [
      ItemAlert(.at(Date(timeIntervalSince1970: 1_795_000_000))).stored,
      "TRIGGER;RELATED=END:+PT15M", "TRIGGER;VALUE=DURATION;RELATED=END:-P1W",
      "TRIGGER;RELATED=START;VALUE=DURATION:-P1DT2H3M4S", "TRIGGER:PT1H30M", "TRIGGER:-PT0S",
      "TRIGGER;RELATED=END:P2D", "TRIGGER:PT90M", "TRIGGER:-PT100000S",
    ]

  /// What it does not read is left to libical: parameters it does not know, lowercase, a zone,
  /// a date-time without Z, a duration out of RFC 5545's grammar, two TRIGGERs, a folded one.
  static let declined: [String] = [
    "TRIGGER;X-FOO=1:-PT5M", "trigger:-PT5M", "TRIGGER;RELATED=END;RELATED=START:-PT5M",
    "TRIGGER;VALUE=DURATION;VALUE=DATE-TIME:20261127T090000Z", "TRIGGER;related=end:-PT5M", "TRIGGER:PT",
    "TRIGGER:P",
    "TRIGGER:-P1W2D", "TRIGGER:PT15", "TRIGGER:P1H", "TRIGGER;VALUE=DATE-TIME:20261127T090000",
    "TRIGGER;VALUE=DATE-TIME;TZID=Europe/Berlin:20261127T090000", "TRIGGER:PT1M1H", "",
    "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT5M\nTRIGGER:-PT9M\nEND:VALARM\n",
    "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-P\n T5M\nEND:VALARM\n",
    "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:no trigger\nEND:VALARM\n",
  ]

  func anchor(_ s: String) -> ItemAlert.Anchor? {
    Array(s.utf8).withUnsafeBufferPointer { AlertBytes.anchor($0) }
  }

  func testItReadsTheFormsAsLibicalDoesAndLeavesTheRest() throws {
    let client = try Self.clientAlerts()
    XCTAssertGreaterThan(client.count, 10)
    for s in Self.shortForms + client {
      let fast = try XCTUnwrap(anchor(s), s)
      XCTAssertEqual(fast, ItemAlert(stored: s).anchor, s)
    }
    for s in Self.declined { XCTAssertNil(anchor(s), s) }
    // A location alarm is a place, whatever its placeholder time says (both forms).
    XCTAssertEqual(client.filter { anchor($0) == .place }.count, 3)
  }

  /// Random TRIGGER lines near RFC 5545's forms (signs, units in and out of order, parameters,
  /// digits, a stray character): whatever it reads, it reads as libical does (which holds the
  /// seconds in 32 bits: `P4936W` wrapped there, read whole here, until it was left to libical).
  func testRandomTriggersReadAsLibicalReadsThem() {
    var r = SplitMix(seed: 3636)
    let params = [
      "", ";RELATED=END", ";RELATED=START", ";VALUE=DURATION", ";VALUE=DURATION;RELATED=END", ";X-A=1",
    ]
    let units = ["W", "D", "H", "M", "S", "T", ""]
    var read = 0
    for _ in 0..<3000 {
      var v = ["", "-", "+"].randomElement(using: &r)! + "P"
      for _ in 0..<Int.random(in: 0...4, using: &r) {
        if Int.random(in: 0..<4, using: &r) == 0 { v += "T" }
        v += String(Int.random(in: 0...(Bool.random(using: &r) ? 99 : 9_999_999), using: &r))
        v += units.randomElement(using: &r)!
      }
      if Int.random(in: 0..<20, using: &r) == 0 { v.insert(" ", at: v.index(v.startIndex, offsetBy: 1)) }
      let line = "TRIGGER" + params.randomElement(using: &r)! + ":" + v
      let whole = Bool.random(using: &r)
      let text = whole ? "BEGIN:VALARM\nACTION:DISPLAY\n\(line)\nDESCRIPTION:x\nEND:VALARM\n" : line
      guard let fast = anchor(text) else { continue }
      read += 1
      XCTAssertEqual(fast, ItemAlert(stored: text).anchor, text)
    }
    XCTAssertGreaterThan(read, 50)
  }

  /// The early warning (the first alert not after the deadline) and the others' instants, as
  /// the item says them (``TodoItem/warn``, ``TodoItem/undeliveredAlerts``).
  func testTheFiresAreTheItems() {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    let s = Int64(t0.timeIntervalSince1970)
    var i = TodoItem(id: UUID(), title: "x", deadline: t0 + 7200, created: t0, start: t0)
    i.alerts = [
      .start(-600), .deadline(900), .deadline(-300), .deadline(-60), .at(t0 + 60), .place, .start(0),
    ]
    .map { ItemAlert($0) }
    for notified in [nil, t0, t0 + 7200 + 900] {
      i.notifiedAlert = notified
      let f = AlertBytes.fires(
        i.alerts.map(\.anchor), deadline: s + 7200, start: s,
        notified: notified.map { Int64($0.timeIntervalSince1970) } ?? PlistScan.none, pending: true)
      XCTAssertEqual(f.warn, Int64(i.warn!))
      XCTAssertEqual(f.alerts, i.undeliveredAlerts.map { Int64($0.timeIntervalSince1970) })
    }
  }
}

extension ListFastPathTests {
  /// Random documents (as `testTheFastPathWritesWhatTheGeneralPathWrites`) where a third of
  /// the items have 1 to 4 alerts of every form (short lines, the clients' VALARMs, `&` and
  /// `<` in their text), some delivered: the scan takes every file, and writes what the general
  /// path writes; its plan and marks are the scheduler's.
  func testAlertsFastPathWritesWhatTheGeneralPathWrites() throws {
    var r = Rng(seed: 36)
    let pool =
      AlertBytesTests.shortForms + (try AlertBytesTests.clientAlerts())
      + ["BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;RELATED=END:-PT5M\nX-A:a & <b> é\nEND:VALARM\n"]
    for round in 0..<60 {
      let base = Int64.random(in: 1_780_000_000...1_800_000_000, using: &r)
      var items = Self.document(Int.random(in: 0...120, using: &r), base: base, &r)
      for k in items.indices where Int.random(in: 0..<3, using: &r) == 0 {
        items[k].alerts = (0..<Int.random(in: 1...4, using: &r)).map { _ in
          if Bool.random(using: &r) {
            let s = Int.random(in: -4...4, using: &r) * 900
            return Bool.random(using: &r) ? ItemAlert(.deadline(s)) : ItemAlert(.start(s))
          }
          if Int.random(in: 0..<4, using: &r) == 0 {
            return ItemAlert(
              .at(Date(timeIntervalSince1970: TimeInterval(base + Int64.random(in: -9000...9000, using: &r))))
            )
          }
          return ItemAlert(stored: pool.randomElement(using: &r)!)
        }
        if Bool.random(using: &r) {
          items[k].notifiedAlert = Date(
            timeIntervalSince1970: TimeInterval(base + Int64.random(in: -3600...3600, using: &r)))
        }
      }
      let data = Data(PlistCodec.encode(items))
      let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) }, "round \(round): declined")
      let rows = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0, notes: false) })
      let now = Date(timeIntervalSince1970: Double(base + Int64.random(in: -7200...7200, using: &r)))
      let (zoneName, zone) = Self.zones.randomElement(using: &r)!
      for json in [false, true] {
        for shown in [ScanOutput.Shown.pending, .all] {
          let colour = Bool.random(using: &r)
          let want = try general(
            data, json: json, shown: shown, now: now, zone: zone, clock: .h24, colour: colour)
          let got = fast(
            json ? scan : rows, json: json, shown: shown, now: now, zone: zone, clock: .h24, colour: colour)
          if got != want {
            return XCTFail(
              "round \(round) \(zoneName) json=\(json) \(shown):\n" + String(decoding: got, as: UTF8.self)
                + "\n--- general:\n" + String(decoding: want, as: UTF8.self))
          }
        }
      }
      try assertThePlanAndMarks(scan, data, now: now, "round \(round)")
      // The splice's fast check: every entry taken, its alerts' fires the item's.
      for item in try PlistCodec.decode(data).items {
        let entry = PlistCodec.entry(item)
        guard
          case .entry(let facts, _) = entry.withUnsafeBufferPointer({
            CanonicalEntry.check($0.baseAddress!, count: $0.count)
          })
        else { return XCTFail("round \(round): the splice check left \(item.alerts) to the slow check") }
        XCTAssertEqual(facts.alertFires, EntryFacts(item).alertFires)
        XCTAssertTrue(
          facts.fires.1 == EntryFacts(item).fires.1 || facts.fires.1.isNaN && EntryFacts(item).fires.1.isNaN)
      }
    }
  }
}
