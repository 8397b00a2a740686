import Foundation
import XCTest

@testable import TodoCore

/// The full-screen app hands the engine what it read, so that the engine does
/// not decode the file a second time beside it.
final class NotifierAdoptTests: XCTestCase {
  func testAdoptedStateStandsUntilTheFileChanges() throws {
    let dir = NSTemporaryDirectory() + "todo-adopt-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    let store = Store(path: dir + "/todos.plist")
    let env = TodoEnvironment.fixed(t0)
    try store.mutate { list in try list.add(title: "a", deadline: t0 + 600, env: env) }
    let engine = Notifier(store: store, command: nil, clock: { t0 })

    // What the host says stands while the file is as it was: no read.
    let doc = try store.load()
    XCTAssertEqual(Notifier.firstUndelivered(doc.items), t0 + 600)
    engine.adopt(next: t0 + 300, signature: FileSignature(store))
    XCTAssertEqual(try engine.fireDue(now: t0), [])
    XCTAssertEqual(engine.nextWake(now: t0), t0 + 300, "the adopted time, not the file's")

    // A change of the file is read again.
    try store.mutate { list in try list.add(title: "b", deadline: t0 + 120, env: env) }
    XCTAssertEqual(try engine.fireDue(now: t0), [])
    XCTAssertEqual(engine.nextWake(now: t0), t0 + 120)
  }
}
