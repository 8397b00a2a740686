import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The data file's bounds: no write makes a file that no reader opens, no lock
/// file is made beside a device, and a command that waits for the lock says
/// for whom and gives up.
final class StoreBoundsTests: XCTestCase {
  var dir: String!
  var store: Store!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "bounds-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func item(_ n: Int, _ title: String) -> TodoItem {
    TodoItem(
      id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))!, title: title,
      deadline: nil, created: Date(timeIntervalSince1970: 1_700_000_000))
  }

  func add(_ items: [TodoItem]) throws {
    let after = Dictionary(uniqueKeysWithValues: items.map { ($0.id, TodoItem?.some($0)) })
    try store.mutate { list in list.apply(Change(before: [:], after: after, summary: "")) }
  }

  func testAWriteThatWouldPassTheReadableSizeIsRefusedAndChangesNothing() throws {
    try add([item(1, "small")])
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
    store.writeLimit = 64 << 10
    // Spliced (one item added) and written whole (many): both refused.
    for batch in [[item(2, String(repeating: "x", count: 70_000))], (3..<400).map { item($0, "item \($0)") }]
    {
      XCTAssertThrowsError(try add(batch)) { error in
        XCTAssertEqual(
          "\(error)",
          "\(TodoError.io(path: store.path, detail: "the file would be larger than 65536 bytes, the size no command can open; nothing was changed"))"
        )
      }
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), before, "the file is as it was")
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }, [],
        "no temporary left")
    }
    store.writeLimit = Store.sizeLimit
    XCTAssertNoThrow(try add([item(2, "fits")]))
  }

  func testADeviceAsTheDataFileLeavesNoLockFileBeside() throws {
    let dev = Store(path: "/dev/zero")
    XCTAssertThrowsError(try dev.mutate { _ in }) { error in
      XCTAssertEqual(error as? TodoError, .io(path: "/dev/zero", detail: "is not a regular file"))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/zero.lock"))
    let folder = Store(path: dir)
    XCTAssertThrowsError(try folder.mutate { _ in })
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + ".lock"))
  }

  func testACommandWaitingForTheLockSaysForWhomAfterASecondAndGivesUp() throws {
    try add([item(1, "held")])
    let fd = open(store.path + ".lock", O_RDWR)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    XCTAssertEqual(flock(fd, LOCK_EX), 0)  // another open file description: as another process
    let said = Said()
    store.patience = LockPatience(notice: 0.3, limit: 0.8) { said.add($0) }
    let start = Date()
    var ran = false
    XCTAssertThrowsError(try store.mutate { _ in ran = true }) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("the lock is held by process \(getpid())"), text)
      XCTAssertTrue(text.contains("gave up after 0.8 s (--wait SECONDS waits longer)"), text)
    }
    let waited = Date().timeIntervalSince(start)
    XCTAssertFalse(ran)
    XCTAssertGreaterThanOrEqual(waited, 0.8)
    XCTAssertLessThan(waited, 3)
    XCTAssertEqual(said.lines.count, 1, "said once")
    XCTAssertTrue(
      said.lines.first?.hasPrefix("Waiting for the file's lock, held by process \(getpid())") ?? false)
    // Freed while it waits: it goes on, without a word before the notice.
    let quiet = Said()
    store.patience = LockPatience(notice: 5, limit: 10) { quiet.add($0) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { flock(fd, LOCK_UN) }
    XCTAssertNoThrow(try store.mutate { _ in ran = true })
    XCTAssertTrue(ran)
    XCTAssertEqual(quiet.lines, [])
  }
}

final class Said: @unchecked Sendable {
  private let lock = NSLock()
  private var all: [String] = []
  func add(_ s: String) { lock.withLock { all.append(s) } }
  var lines: [String] { lock.withLock { all } }
}
