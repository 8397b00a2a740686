import Foundation
import XCTest

@testable import TodoCore

/// The watcher follows its file when the folder is deleted and made again.
final class FileWatcherFollowTests: XCTestCase {
  func testFollowsTheFolderDeletedAndMadeAgain() throws {
    let root = NSTemporaryDirectory() + "follow-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/a/b"
    let file = folder + "/todos.plist"
    let w = try FileWatcher(path: file)
    func write() throws { try Data("x".utf8).write(to: URL(fileURLWithPath: file)) }
    try write()
    XCTAssertTrue(w.wait(until: Date() + 5))
    // A file held open in the folder (as the notifier's lock is) keeps the
    // folder's own IN_DELETE_SELF from coming: the parent's watch must tell.
    let held = open(folder + "/held", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    defer { close(held) }
    for round in 1...3 {
      try FileManager.default.removeItem(atPath: root + "/a")
      _ = w.wait(until: Date() + 0.2)
      try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: false)
      _ = w.wait(until: Date() + 0.2)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      _ = w.wait(until: Date() + 0.2)
      try write()
      XCTAssertTrue(w.wait(until: Date() + 5), "round \(round): the new file is seen")
    }
    // Made again all at once, with the file: seen too.
    try FileManager.default.removeItem(atPath: root + "/a")
    _ = w.wait(until: Date() + 0.2)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try write()
    var seen = false
    let end = Date() + 5
    while !seen && Date() < end { seen = w.wait(until: end) }
    XCTAssertTrue(seen)
  }

  func testWritesBesideTheFolderWakeNothing() throws {
    let root = NSTemporaryDirectory() + "beside-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let w = try FileWatcher(path: root + "/data/todos.plist")
    try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/data/todos.plist"))
    XCTAssertTrue(w.wait(until: Date() + 5))
    // Other programs write, rename and delete files beside the folder (~/.local/share).
    for i in 0..<5 {
      try Data("y".utf8).write(to: URL(fileURLWithPath: root + "/other-\(i)"), options: .atomic)
      try FileManager.default.removeItem(atPath: root + "/other-\(i)")
    }
    var p = pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)
    XCTAssertEqual(poll(&p, 1, 200), 0, "no wakeup for what happens beside the folder")
  }
}
