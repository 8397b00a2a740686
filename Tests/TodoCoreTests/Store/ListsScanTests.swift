import Foundation
import XCTest

@testable import TodoCore

/// A file with lists (SPEC 9) stays on the fast paths: the zero-copy scan of
/// `list`, the badge and the notifier takes its header, the splice too; a
/// header it cannot vouch for goes the general way.
final class ListsScanTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  func items() -> [TodoItem] {
    (1...50).map { (n: Int) -> TodoItem in
      let id = UUID(uuidString: String(format: "A0000000-0000-0000-0000-%012X", n))!
      let due: Date? = n % 7 == 0 ? nil : t0 + Double(n * 3600)
      return TodoItem(
        id: id, title: "Item \(n) & <co>", deadline: due, created: t0, list: n % 3 == 0 ? "work" : nil)
    }
  }

  func file(_ lists: ListBook) -> [UInt8] {
    var doc = TodoDocument(items: items())
    doc.lists = lists
    return PlistCodec.encode(doc.items, otherRootKeys: doc.otherRootKeys)
  }

  func scan(_ bytes: [UInt8]) -> PlistScan? { bytes.withUnsafeBytes { PlistScan.scan(bytes: $0) } }

  func testAFileWithListsScansAsOneWithout() throws {
    let book = ListBook([
      NamedList(id: "tasks", name: "Tasks"), NamedList(id: "work", name: "Wörk & <co>", color: "#336699"),
    ])
    let plain = try XCTUnwrap(scan(file(.implicit)))
    let with = try XCTUnwrap(scan(file(book)), "the header with lists is taken")
    XCTAssertEqual(with.entries.count, plain.entries.count)
    let shift = file(book).count - file(.implicit).count
    XCTAssertEqual(with.itemsStart, plain.itemsStart + shift)
    for k in plain.entries.indices {
      XCTAssertEqual(with.item(with.entries[k]), plain.item(plain.entries[k]))
      XCTAssertEqual(with.entries[k].start, plain.entries[k].start + shift)
    }
    // The items the scan gives are the general reader's.
    let general = try PlistCodec.decodeWithFoundation(Data(file(book)))
    XCTAssertEqual(with.entries.map { with.item($0) }, general.items)
  }

  func testAHeaderItCannotVouchForGoesTheGeneralWay() throws {
    let good = String(decoding: file(ListBook([NamedList(id: "a", name: "A")])), as: UTF8.self)
    for (from, to) in [
      ("<key>id</key>", "<key>ID</key>"),  // not a list the reader takes
      ("<array><dict>", "<array> <dict>"),  // not the writer's spelling
      ("<key>todoLists</key>", "<key>todoLists2</key>"),  // another key
    ] {
      let bad = Array(good.replacingOccurrences(of: from, with: to).utf8)
      XCTAssertNotEqual(bad, Array(good.utf8))
      XCTAssertNil(scan(bad), "\(from) → \(to)")
    }
  }

  func testTheStoreSplicesAndListsAFileWithLists() throws {
    let dir = NSTemporaryDirectory() + "lists-scan-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = Store(path: dir + "/todos.plist")
    try store.write(items())
    try store.commit(.addList(name: "Work"), env: .fixed(t0))
    XCTAssertNotNil(try PlistScan.scan(store: store), "list's fast path after lists add")
    try store.commit(
      .add(title: "New", deadline: t0, changes: [.set("list", text: "work")]), env: .fixed(t0))
    XCTAssertTrue(store.lastWriteSpliced)
    let scanned = try XCTUnwrap(try PlistScan.scan(store: store))
    XCTAssertEqual(scanned.entries.count, 51)
    XCTAssertEqual(try store.load().items.filter { $0.list == "work" }.count, 17)
  }

  /// Issue 33 point 10: `list --json` names each item's list (`listName`, as the JSON
  /// export), the default one too; the scan's writer and the general one alike.
  func testListJSONNamesEachItemsList() throws {
    let dir = NSTemporaryDirectory() + "lists-json-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = Store(path: dir + "/todos.plist")
    try store.write(items())
    try store.commit(.addList(name: "Work & play"), env: .fixed(t0))
    let id = try store.load().lists.named("Work & play").id
    try store.commit(.add(title: "New", deadline: t0, changes: [.set("list", text: id)]), env: .fixed(t0))
    let doc = try store.load()
    let f = DueFormatter(fixedOffset: 0, now: t0, hourCycle: .h24)
    let general = ItemJSON.list(
      doc.items, now: t0, scheduled: Scheduler.plan(doc.items, now: t0).scheduledIDs, formatter: f,
      lists: doc.lists)
    let objects = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(general.utf8)) as? [[String: Any]])
    let named = Dictionary(grouping: objects) { $0["listName"] as? String ?? "(null)" }.mapValues(\.count)
    XCTAssertEqual(named, ["Tasks": 50, "Work & play": 1], "\(named)")
    let scan = try XCTUnwrap(try PlistScan.scan(store: store))
    var got: [UInt8] = []
    ScanOutput.json(scan, shown: .all, now: t0, formatter: f) { got.append(contentsOf: $0) }
    XCTAssertEqual(String(decoding: got, as: UTF8.self), general)
  }

  func testMoreListsThanTheScanNumbersAreKeptAsText() throws {
    // 300 lists, each on two items: the first 255 by number, the rest as text (PlistScan+Lists.swift);
    // each entry reads as the general reader reads it, and `list --json` writes the same bytes.
    let items = (0..<600).map { (n: Int) -> TodoItem in
      TodoItem(
        id: UUID(uuidString: String(format: "B0000000-0000-0000-0000-%012X", n))!, title: "Item \(n)",
        deadline: t0 + Double(n * 60), created: t0, list: "list-\(n % 300)&")
    }
    let data = Data(PlistCodec.encode(items))
    let s = try XCTUnwrap(scan(Array(data)))
    XCTAssertEqual(s.lists.count, 255)
    XCTAssertEqual(s.entries.map { s.item($0) }, try PlistCodec.decodeWithFoundation(data).items)
    XCTAssertEqual(Set(s.entries.map(\.list)).count, 256, "255 numbers and none")
    let f = DueFormatter(fixedOffset: 0, now: t0, hourCycle: .h24)
    var want: [UInt8] = []
    let general = try PlistCodec.decode(data).items
    ItemJSON.write(general, now: t0, scheduled: Scheduler.plan(general, now: t0).scheduledIDs, formatter: f) {
      want.append(contentsOf: $0)
    }
    var got: [UInt8] = []
    ScanOutput.json(s, shown: .all, now: t0, formatter: f) { got.append(contentsOf: $0) }
    XCTAssertEqual(String(decoding: got, as: UTF8.self), String(decoding: want, as: UTF8.self))
  }

  func testPlainListsAreTakenByTheirBytesAsTheReaderTakesThem() throws {
    // PlistScan.plainLists takes a header without the reader only where the reader vouches for it.
    var r = SplitMix(seed: 2709)
    let texts = [
      "tasks", "work", "Wörk", "a & b", "<x>", " ", "", "Groceries list", "#336699", "id", "x\ty", "work",
    ]
    var plain = 0
    for round in 0..<400 {
      let lists = (0..<Int.random(in: 1...5, using: &r)).map { _ in
        NamedList(
          id: texts.randomElement(using: &r)!, name: texts.randomElement(using: &r)!,
          color: Bool.random(using: &r) ? texts.randomElement(using: &r)! : nil)
      }
      let bytes = file(ListBook(lists))
      let start = PlistScan.versionPart.count + PlistScan.listsPart.count
      guard Array(bytes[PlistScan.versionPart.count..<start]) == PlistScan.listsPart,
        let nl = bytes[start...].firstIndex(of: 10)
      else { continue }
      let head = Array(bytes[..<(nl + 1 + PlistScan.itemsPart.count)])
      let vouched = PlistScan.vouched(head)
      if bytes.withUnsafeBufferPointer({ PlistScan.plainLists($0.baseAddress! + start, nl - start) }) {
        plain += 1
        XCTAssertTrue(vouched, "round \(round): \(lists)")
      }
      XCTAssertEqual(scan(bytes) != nil, vouched, "round \(round): \(lists)")
    }
    XCTAssertGreaterThan(plain, 20, "headers of plain lists are taken by their bytes")
    // As `lists add` writes them.
    let book = ListBook([
      NamedList(id: "tasks", name: "Tasks"), NamedList(id: "work", name: "Work", color: "#336699"),
      NamedList(id: "personal", name: "Personal"),
    ])
    let bytes = file(book)
    let start = PlistScan.versionPart.count + PlistScan.listsPart.count
    let nl = try XCTUnwrap(bytes[start...].firstIndex(of: 10))
    XCTAssertTrue(bytes.withUnsafeBufferPointer { PlistScan.plainLists($0.baseAddress! + start, nl - start) })
  }
}
