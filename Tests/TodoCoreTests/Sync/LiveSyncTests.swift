import Foundation
import XCTest

@testable import TodoCore

/// The daemon's live sync runs beside its loop, never in it: the loop that
/// fires notifications must not wait for a sync (issue 24.6: a 15 MB file
/// dropped into the vdir made a due notification 14.5 s late).
final class LiveSyncTests: OneVdirTestCase {
  func testASlowSyncDoesNotHoldUpTheCallerAndAChangeMeanwhileIsSyncedAfterIt() throws {
    let store = Store(path: dir + "/todos.plist")
    let first = TodoItem(id: UUID(), title: "first", deadline: t0, created: t0, modified: t0)
    try store.mutate { $0.apply(Change(before: [:], after: [first.id: first], summary: "")) }
    // No file is written until the gate opens (10 s at most): a sync as slow as a big file's.
    // runNow must come back while it is shut; no bound in seconds, which a loaded machine
    // (an fsync behind another job's writes) could pass.
    let gate = Gate()
    let codec = VdirCodec(
      parse: { data, _ in [try TestCodec.decode(data)] },
      render: { item, _ in
        gate.pass()
        return TestCodec.encode(item)
      })
    let lines = Lines()
    let live = try LiveSync(
      sync: VdirSync(store: store, vdirPath: dir + "/vdir", codec: codec, env: .fixed(t0)), report: lines.add)
    live.runNow()
    XCTAssertEqual(gate.passed, 0, "runNow returns while the sync runs")
    // A change while the sync runs: synced by a second round, after the first.
    let second = TodoItem(id: UUID(), title: "second", deadline: t0, created: t0, modified: t0)
    try store.mutate { $0.apply(Change(before: [:], after: [second.id: second], summary: "")) }
    live.runNow()
    XCTAssertEqual(gate.passed, 0, "and again while it still runs")
    gate.open()
    let names = [first, second].map { dir + "/vdir/" + $0.id.uuidString + ".ics" }
    let end = Date() + 10
    while Date() < end && !names.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { usleep(20_000) }
    XCTAssertTrue(names.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(lines.all)")
    XCTAssertTrue(live.waitUntilIdle(timeout: 5))
    XCTAssertEqual(lines.all.filter { $0.contains("failed") }, [])
  }
}

/// Holds each caller of ``pass()`` until ``open()`` (or for 10 s), and counts those that passed.
final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false
  private var count = 0
  func pass() {
    condition.lock()
    let end = Date() + 10
    while !isOpen && condition.wait(until: end) {}
    count += 1
    condition.unlock()
  }
  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }
  var passed: Int {
    condition.lock()
    defer { condition.unlock() }
    return count
  }
}

/// Lines reported from any thread.
final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func add(_ s: String) { lock.withLock { lines.append(s) } }
  var all: [String] { lock.withLock { lines } }
}
