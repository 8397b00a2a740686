import Foundation
import XCTest

@testable import TodoCore

/// Every verb behaves the same from every front end: what the command line
/// writes through the store and what the app's key does through its runtime.
final class FrontEndParityTests: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-parity-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  /// A to-do cancelled on the phone (STATUS:CANCELLED, no completion time), due in an hour.
  var cancelled: TodoItem {
    var item = appItem(7, "Cancelled on the phone", minutes: 60)
    item.cancelled = true
    item.sequence = 3
    item.modified = appNow.addingTimeInterval(-3600)
    return item
  }

  /// `todo-tui reopen ID`: the store's entry, as the command calls it.
  func reopenedByTheCommandLine(_ item: TodoItem) throws -> TodoItem? {
    let store = Store(path: dir + "/cli.plist")
    try store.mutate { list in list = TodoList([item]) }
    let env = TodoEnvironment.fixed(appNow)
    try store.commit(env: env) { items in .reopen([try items.resolve(String(item.id.uuidString.prefix(8)))]) }
    return try store.load().items.first
  }

  /// `x` on the item's row in the completed view, carried out as the runtime does.
  func reopenedByTheApp(_ item: TodoItem) throws -> TodoItem? {
    let env = TodoEnvironment.fixed(appNow)
    var state = appState([item])
    _ = reduce(&state, .switchView, env: env)  // pending → completed
    XCTAssertEqual(state.selectedItem?.id, item.id, "the cancelled item is in the completed view")
    guard let action = KeyMap.action(for: .char("x"), in: state) else {
      XCTFail("x does nothing on the cancelled item")
      return nil
    }
    let effects = reduce(&state, action, env: env)
    XCTAssertFalse(effects.isEmpty, "x asked for no change")
    let store = Store(path: dir + "/app.plist")
    try store.mutate { list in list = TodoList([item]) }
    for case .commit(let op) in effects { try store.commit(op, env: env) }
    return try store.load().items.first
  }

  func testReopeningACancelledItemIsTheSameFromTheCommandLineAndTheApp() throws {
    let cli = try reopenedByTheCommandLine(cancelled)
    let app = try reopenedByTheApp(cancelled)
    XCTAssertEqual(cli?.isPending, true, "the command line reopens it")
    XCTAssertEqual(app?.isPending, true, "the app reopens it")
    XCTAssertEqual(cli?.sequence, 4, "a reopening is a revision")
    XCTAssertEqual(cli, app)
  }
}
