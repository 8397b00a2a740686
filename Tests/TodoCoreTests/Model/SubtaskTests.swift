import Foundation
import XCTest

@testable import TodoCore

/// Subtasks (SPEC 9): the tree, the rows of a list, what a deletion does to
/// the subtasks, cycles refused here and broken when they come from elsewhere.
final class SubtaskTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  var env: TodoEnvironment { .at(now, in: TimeZone(identifier: "UTC")!) }

  func item(_ title: String, _ due: TimeInterval?, parent: TodoItem? = nil, uid: String? = nil) -> TodoItem {
    var i = TodoItem(
      id: uid.map(TodoItem.id(forUID:)) ?? UUID(), title: title, deadline: due.map { now + $0 }, created: now,
      modified: now)
    i.uid = uid
    i.parent = parent?.icalUID
    return i
  }

  func testRowsPutChildrenUnderTheirParentWithTheDoneCount() {
    let trip = item("Plan trip", 3000)
    let hotel = item("Book hotel", 100, parent: trip)
    var pack = item("Pack", 200, parent: trip)
    pack.completed = now
    let socks = item("Buy socks", 50, parent: hotel)
    let orphan = item("Orphan", 10, parent: item("Not here", nil))
    let other = item("Other", 1000)
    let items = [socks, orphan, hotel, pack, other, trip]  // by deadline
    let tree = SubtaskTree(items)
    let rows = SubtaskRows(items, tree: tree, where: \.isPending)
    XCTAssertEqual(
      rows.rows.map { "\(String(repeating: " ", count: $0.depth))\(items[$0.index].title)" },
      ["Orphan", "Other", "Plan trip", " Book hotel", "  Buy socks"])
    XCTAssertTrue(rows.doneCount[trip.id]! == (1, 2))
    XCTAssertTrue(rows.doneCount[hotel.id]! == (0, 1))
    XCTAssertNil(rows.doneCount[other.id])
    // Hidden parent (completed, pending view): its open child comes up to the nearest shown ancestor.
    let under = item("Under pack", 5, parent: pack)
    let more = SubtaskRows(items + [under], tree: SubtaskTree(items + [under]), where: \.isPending)
    XCTAssertEqual(more.rows.first { (items + [under])[$0.index].id == under.id }?.depth, 1)
    XCTAssertEqual(tree.descendants(of: trip.id), [hotel.id, socks.id, pack.id])
    XCTAssertEqual(tree.depth(of: socks.id), 2)
  }

  func testDeletingAParentMovesItsSubtasksUpOrTakesThem() throws {
    let top = item("Top", 10)
    let mid = item("Mid", 20, parent: top)
    let leaf1 = item("Leaf 1", 30, parent: mid)
    let leaf2 = item("Leaf 2", 40, parent: mid)
    var list = TodoList([top, mid, leaf1, leaf2])
    var moved = list
    let change = try moved.commit(.delete([mid.id]), env: env)
    XCTAssertNil(moved[mid.id])
    XCTAssertEqual(moved[leaf1.id]?.parent, top.icalUID, "up to the deleted item's parent")
    XCTAssertEqual(moved[leaf2.id]?.parent, top.icalUID)
    XCTAssertEqual(moved[leaf1.id]?.sequence, 1, "a new revision")
    // Undo puts them back under it.
    try moved.commit(.undo(change), env: env)
    XCTAssertEqual(moved[leaf1.id]?.parent, mid.icalUID)
    XCTAssertNotNil(moved[mid.id])
    // Deleting the top and the middle at once: the leaves go to the top level.
    try list.commit(.delete([top.id, mid.id]), env: env)
    XCTAssertNil(list[leaf1.id]?.parent)
    XCTAssertEqual(list.items.count, 2)
  }

  func testACycleIsRefusedAndNothingChanges() throws {
    let a = item("A", 10)
    let b = item("B", 20, parent: a)
    let c = item("C", 30, parent: b)
    var list = TodoList([a, b, c])
    let before = list
    for (target, parent) in [(a, c), (a, b), (a, a)] {
      XCTAssertThrowsError(
        try list.commit(.edit(target.id, changes: [.set("parent", text: parent.icalUID)]), env: env)
      ) { XCTAssertEqual($0 as? TodoError, .cycle("A")) }
    }
    XCTAssertEqual(list, before)
    // Moving C under A is no cycle; making B top level neither.
    try list.commit(.edit(c.id, changes: [.set("parent", text: a.icalUID)]), env: env)
    try list.commit(.edit(b.id, changes: [.set("parent", text: nil)]), env: env)
    XCTAssertEqual(list[c.id]?.parent, a.icalUID)
    XCTAssertNil(list[b.id]?.parent)
  }

  func testACycleFromASyncIsBrokenWhereItWasClosed() throws {
    // Here: B under A. The sync brings A under B (the phone closed the cycle).
    let a = item("A", 10, uid: "a-uid")
    let b = item("B", 20, parent: a, uid: "b-uid")
    var list = TodoList([a, b])
    var phoneA = a
    phoneA.parent = "b-uid"
    phoneA.modified = now + 60
    let change = try list.commit(
      .sync(Change(before: [a.id: a], after: [a.id: phoneA], summary: "")), env: env)
    XCTAssertNil(list[a.id]?.parent, "the link that closed it is dropped")
    XCTAssertEqual(list[b.id]?.parent, "a-uid", "the one that was here stays")
    XCTAssertEqual(change.warnings.count, 1)
    XCTAssertTrue(
      change.warnings[0].contains("“A”") && change.warnings[0].contains("“B”"), change.warnings[0])
    // Imported as a pair that closes a cycle between them: one link is cut, the latest changed.
    var x = item("X", 1, uid: "x")
    var y = item("Y", 2, uid: "y")
    (x.parent, y.parent) = ("y", "x")
    y.modified = now + 5
    var other = TodoList([])
    let imported = try other.commit(.importing(ImportFormats.Imported(items: [x, y])), env: env)
    XCTAssertEqual(other[x.id]?.parent, "y")
    XCTAssertNil(other[y.id]?.parent)
    XCTAssertEqual(imported.warnings.count, 1)
  }

  /// The splicing writer sees the subtasks too: an entry with a parent is built by its slow check.
  func testTheFileSplicedAndWrittenWholeGiveTheSameSubtaskChanges() throws {
    let dir = NSTemporaryDirectory() + "todo-subtasks-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let top = item("Top", 10, uid: "top&<1>@example.org")  // escaped in the file: found by its bytes
    let mid = item("Mid", 20, parent: top)
    let leaf = item("Leaf", 30, parent: mid)
    let plain = (0..<50).map { item("Plain \($0)", Double($0) * 100) }
    var results: [[UUID: TodoItem]] = []
    for splices in [true, false] {
      let store = Store(path: dir + "/\(splices).plist")
      store.splices = splices
      try store.write([top, mid, leaf] + plain)
      try store.commit(.delete([mid.id]), env: env)
      XCTAssertThrowsError(
        try store.commit(.edit(top.id, changes: [.set("parent", text: leaf.icalUID)]), env: env))
      let doc = try store.load()
      results.append(Dictionary(uniqueKeysWithValues: doc.items.map { ($0.id, $0) }))
    }
    XCTAssertEqual(results[0], results[1])
    XCTAssertEqual(results[0][leaf.id]?.parent, top.icalUID)
    XCTAssertEqual(results[0][top.id]?.parent, nil, "the cycle was refused")
    // The splice check takes an entry with a parent (no item built) and keeps the parent's bytes.
    let entry = PlistCodec.entry(leaf)
    let outcome = entry.withUnsafeBufferPointer { CanonicalEntry.check($0.baseAddress!, count: $0.count) }
    guard case .entry(let facts, _) = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(facts.parent, EntryFacts.spelled(mid.icalUID))
    var odd = leaf
    odd.parent = top.icalUID
    let oddEntry = PlistCodec.entry(odd)
    let oddOutcome = oddEntry.withUnsafeBufferPointer {
      CanonicalEntry.check($0.baseAddress!, count: $0.count)
    }
    guard case .entry(let oddFacts, _) = oddOutcome else { return XCTFail("\(oddOutcome)") }
    XCTAssertEqual(oddFacts.parent, Array("top&amp;&lt;1&gt;@example.org".utf8))
  }

  /// A data file from before SPEC 9 keeps a synced RELATED-TO in its kept text:
  /// the splicing writer and `list` see that parent as the loaded list does.
  func testAParentStillInTheKeptTextOfAnOlderFileCounts() throws {
    let dir = NSTemporaryDirectory() + "todo-subtasks-old-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let trip = item("Trip", 100, uid: "trip@phone")
    var old = item("Passport", 50, uid: "passport@phone")
    old.icalExtra = "X-APPLE-SORT-ORDER:1\nRELATED-TO:trip@phone\n"
    var child = item("Child link only", 60, uid: "c@phone")
    child.icalExtra = "RELATED-TO;RELTYPE=CHILD:passport@phone\n"
    let store = Store(path: dir + "/old.plist")
    try store.write([trip, old, child] + (0..<30).map { item("Plain \($0)", 200 + Double($0)) })
    XCTAssertTrue(old.keepsAdoptableProperties)
    XCTAssertFalse(
      Array(child.icalExtra!.utf8).withUnsafeBufferPointer(TodoItem.keepsParent), "a CHILD link is no parent")
    // The splice path finds it among the trip's children.
    var seen: [TodoItem] = []
    try store.commit(env: env) { source in
      seen = source.children(ofUID: "trip@phone")
      return .edit(trip.id, title: "Trip!")
    }
    XCTAssertEqual(seen.map(\.title), ["Passport"])
    XCTAssertEqual(seen.first?.parent, "trip@phone")
    // list: the row under its parent, from the scan (the general path) as from the loaded items.
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let f = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: now, hourCycle: .h24)
    let data = try Data(contentsOf: URL(fileURLWithPath: store.path))
    let scan = try XCTUnwrap(data.withUnsafeBytes { PlistScan.scan(bytes: $0) })
    XCTAssertTrue(
      scan.entries.contains(where: \.keepsAdoptable),
      "the list's fast path hands it over (FastPath: keepsAdoptable)")
    var out: [UInt8] = []
    let items = try store.load().items
    ListOutput.write(items, where: \.isPending, now: now, formatter: f, scheduled: [], colour: false) {
      out.append(contentsOf: $0)
    }
    let text = String(decoding: out, as: UTF8.self)
    XCTAssertTrue(text.contains("Trip! [0/1]\n"), text)
    XCTAssertTrue(text.contains("    Passport\n"), text)
  }

  /// A parent is the item whose UID a subtask names exactly: the same UUID in
  /// lower case names no item made here (its UID is upper case), even when a
  /// sibling names it right (the tree once took the last name seen for both).
  func testEachSubtaskNamesItsParentExactly() {
    let p = item("Parent", 10)
    let right = item("Right", 20, parent: p)
    var lower = item("Lower", 30)
    lower.parent = p.id.uuidString.lowercased()
    for order in [[p, right, lower], [p, lower, right]] {
      let tree = SubtaskTree(order)
      XCTAssertEqual(tree.children(of: p.id), [right.id], "\(order.map(\.title))")
      XCTAssertNil(tree.parentOf[lower.id])
    }
  }
}
