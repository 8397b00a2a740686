import Foundation
import XCTest

@testable import TodoCore

final class FileWatcherTests: XCTestCase {
  func testCreatesMissingFoldersAndSeesAnAtomicReplace() throws {
    let root = NSTemporaryDirectory() + "todo-watch-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/a/b/todos.plist"
    let watcher = try FileWatcher(path: path)
    let mode = try FileManager.default.attributesOfItem(atPath: root + "/a/b")[.posixPermissions] as! NSNumber
    XCTAssertEqual(mode.intValue, 0o700)
    XCTAssertFalse(watcher.wait(until: Date().addingTimeInterval(0.05)), "nothing happened yet")
    let store = Store(path: path)
    try store.withLock { try store.write([]) }
    XCTAssertTrue(watcher.wait(until: Date().addingTimeInterval(2)), "the rename into place is seen")
    XCTAssertTrue(FileManager.default.createFile(atPath: root + "/a/b/other", contents: Data("x".utf8)))
    XCTAssertFalse(watcher.wait(until: Date().addingTimeInterval(0.1)), "other files in the folder are not")
  }
}
