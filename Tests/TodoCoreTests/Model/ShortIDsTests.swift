import Foundation
import XCTest

@testable import TodoCore

/// Issue 25, point 2: items whose UUIDs share their first 8 digits (UIDs a
/// client makes with a common prefix) got the same short id in `list`, the
/// completions and `pending`; now each is as long as tells it apart, as git
/// abbreviates. Any command's ID may also be the item's iCalendar UID.
final class ShortIDsTests: XCTestCase {
  /// UUIDs made as some clients make UIDs: a fixed head and a counter.
  static let shared = [
    "1F0C9A2E-0000-4000-8000-000000000001", "1F0C9A2E-0000-4000-8000-000000000002",
    "1F0C9A2E-0000-4000-8000-000000000103", "1F0C9A2E-7000-4000-8000-000000000001",
    "7B3D0E41-1111-4000-8000-000000000001",
  ].map { UUID(uuidString: $0)! }

  static func list(_ items: [TodoItem]) -> TodoList {
    TodoList(items: Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) }))
  }

  func testEachIdIsTheShortestUniqueStartOfAtLeastEightDigits() {
    let ids = ShortIDs(Self.shared)
    XCTAssertEqual(
      Self.shared.map(ids.text),
      [
        "1f0c9a2e-0000-4000-8000-000000000001", "1f0c9a2e-0000-4000-8000-000000000002",
        "1f0c9a2e-0000-4000-8000-0000000001", "1f0c9a2e-7", "7b3d0e41",
      ])
    XCTAssertEqual(ids.width, 36)
    // Every id names its item and only it.
    let list = Self.list(Self.shared.map { TodoItem(id: $0, title: "x", deadline: nil, created: appNow) })
    for id in Self.shared { XCTAssertEqual(try list.resolve(ids.text(id)), id) }
    // Without shared heads: the first 8, as before.
    let plain = ShortIDs([appID(1), UUID(uuidString: "7B3D0E41-1111-4000-8000-000000000001")!])
    XCTAssertEqual(plain.width, 8)
    XCTAssertEqual(plain.text(appID(1)), "00000000")
  }

  /// Against the definition, over random lists where some heads are shared (by 4 to 32 digits).
  func testAgreesWithTheDefinition() {
    var r = SplitMix(seed: 25)
    for round in 0..<40 {
      var keys: [ShortIDs.Key] = []
      for _ in 0..<Int.random(in: 0...3000, using: &r) {
        var k = ShortIDs.Key(
          hi: UInt64.random(in: 0...UInt64.max, using: &r), lo: UInt64.random(in: 0...UInt64.max, using: &r))
        if let other = keys.randomElement(using: &r), Int.random(in: 0..<8, using: &r) == 0 {
          // The first `digits` hex digits of `other`, the rest of k's own.
          let digits = Int.random(in: 4...32, using: &r)
          func keep(_ a: UInt64, _ b: UInt64, _ bits: Int) -> UInt64 {
            if bits <= 0 { return b }
            if bits >= 64 { return a }
            let mask = UInt64.max << UInt64(64 - bits)
            return (a & mask) | (b & ~mask)
          }
          k.hi = keep(other.hi, k.hi, 4 * digits)
          k.lo = keep(other.lo, k.lo, 4 * digits - 64)
        }
        keys.append(k)
      }
      let ids = ShortIDs(keys)
      var sorted = keys
      sorted.sort { ($0.hi, $0.lo) < ($1.hi, $1.lo) }
      var width = 8
      for (i, k) in sorted.enumerated() {
        var common = 0
        if i > 0 { common = ShortIDs.commonDigits(sorted[i - 1], k) }
        if i + 1 < sorted.count { common = max(common, ShortIDs.commonDigits(k, sorted[i + 1])) }
        let want = ShortIDs.characters(digits: min(32, common + 1))
        width = max(width, want)
        XCTAssertEqual(ids.length(k), want, "round \(round)")
      }
      XCTAssertEqual(ids.width, width, "round \(round)")
    }
  }

  func testAnAmbiguousPrefixListsTheUniqueIds() {
    let list = Self.list(Self.shared.map { TodoItem(id: $0, title: "x", deadline: nil, created: appNow) })
    XCTAssertThrowsError(try list.resolve("1f0c9a2e-0000")) { error in
      guard case .ambiguousID(_, let ids) = error as? TodoError else { return XCTFail("\(error)") }
      XCTAssertEqual(ids.count, 3)
      XCTAssertEqual(Set(ids).count, 3, "ids that tell the items apart: \(ids)")
    }
  }

  func testAnItemIsNamedByItsICalendarUID() throws {
    let uid = "20261125T101500Z-4711@phone.example.com"
    let imported = TodoItem(
      id: UUID.derived(from: uid), title: "Dentist", deadline: nil, created: appNow, uid: uid)
    let list = Self.list([imported, appItem(2, "Other", minutes: 60)])
    XCTAssertEqual(try list.resolve(uid), imported.id)
    XCTAssertThrowsError(try list.resolve(uid.uppercased()), "exact: a UID is case-sensitive")
    XCTAssertThrowsError(try list.resolve("20261125T101500Z"), "not a prefix of a UID")
    // The same through the file read only as far as a change needs.
    let path = NSTemporaryDirectory() + "shortids-\(getpid()).plist"
    defer { unlink(path) }
    let store = Store(path: path)
    try store.mutate { $0 = list }
    let change = try store.commit(env: .at(Date())) { items in .delete([try items.resolve(uid)]) }
    XCTAssertEqual(change.summary, "Deleted “Dentist”")
  }
}

extension ListFastPathTests {
  /// Both writers of `list` (the scan's and the items') give each item its own id, in one column.
  func testListShowsUniqueIdsOnBothPaths() throws {
    var items = ShortIDsTests.shared.enumerated().map { k, id in
      TodoItem(
        id: id, title: "Item \(k)", deadline: appNow.addingTimeInterval(Double(k) * 3600), created: appNow)
    }
    items.append(TodoItem(id: appID(9), title: "Someday", deadline: nil, created: appNow))
    let data = Data(PlistCodec.encode(items.sorted(by: TodoItem.byDeadline)))
    let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) })
    let general = try general(
      data, json: false, shown: .all, now: appNow, zone: .gmt, clock: .h24, colour: false)
    let fast = fast(scan, json: false, shown: .all, now: appNow, zone: .gmt, clock: .h24, colour: false)
    XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: general, as: UTF8.self))
    let lines = String(decoding: fast, as: UTF8.self).split(separator: "\n")
    let shown = lines.map { String($0.prefix { $0 != " " }) }
    XCTAssertEqual(Set(shown).count, items.count, "\(shown)")
    XCTAssertEqual(
      Set(lines.map { $0.dropFirst(36).prefix(2) }), ["  "], "one column:\n\(lines.joined(separator: "\n"))")
  }
}
