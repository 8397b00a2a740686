import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The badge index never disagrees with the data file: after our writes, and
/// after the file is changed behind its back (replaced, edited in place,
/// removed), with the truth counted by Foundation's own parser of the file.
final class BadgeIndexTests: XCTestCase {
  var dir: String!
  let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-badge-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  /// Items around t0: pending, completed, cancelled, someday.
  func items(_ n: Int, seed: UInt64) -> [TodoItem] {
    var rng = SplitMix(seed: seed)
    return (0..<n).map { k in
      let r = rng.next()
      let deadline: Date? = r % 7 == 0 ? nil : t0.addingTimeInterval(Double(Int(r >> 8 % 7200) - 3600))
      return TodoItem(
        id: UUID(), title: "Item \(k)", deadline: deadline, created: t0.addingTimeInterval(-86_400),
        completed: r % 5 == 1 ? t0 : nil, cancelled: r % 11 == 2)
    }
  }

  /// The badge at instants around deadlines of the file (and far away) agrees
  /// with what Foundation's parser reads from the file.
  func assertAgrees(_ store: Store, _ file: String, line: UInt = #line) throws {
    let items =
      try FileManager.default.contents(atPath: file).map { try PlistCodec.decodeWithFoundation($0).items }
      ?? []
    var nows = [t0.addingTimeInterval(-1e6), t0.addingTimeInterval(1e6)]
    for item in items.prefix(30) {
      if let d = item.deadline { nows += [d.addingTimeInterval(-0.5), d, d.addingTimeInterval(0.5)] }
    }
    for now in nows {
      XCTAssertEqual(
        try BadgeIndex.badge(store: store, now: now), items.filter { $0.isOverdue(at: now) }.count,
        "at \(now)",
        line: line)
    }
  }

  func signature(_ path: String) -> FileSignature {
    var st = stat()
    XCTAssertEqual(stat(path, &st), 0)
    return FileSignature(stat: st)
  }

  func testEveryWriteLeavesAnIndexThatAgrees() throws {
    let file = dir + "/todos.plist"
    let store = Store(path: file)
    try store.withLock { try store.write(items(300, seed: 1)) }
    XCTAssertNotNil(BadgeIndex.read(BadgeIndex.path(for: file), matching: signature(file)))
    try assertAgrees(store, file)
    try store.mutate { list in
      _ = try list.add(title: "Late", deadline: t0.addingTimeInterval(-10), env: .fixed(t0))
    }
    XCTAssertNotNil(BadgeIndex.read(BadgeIndex.path(for: file), matching: signature(file)))
    try assertAgrees(store, file)
  }

  func testFileReplacedBehindItsBack() throws {
    let file = dir + "/todos.plist"
    let store = Store(path: file)
    try store.withLock { try store.write(items(200, seed: 2)) }
    try assertAgrees(store, file)
    // Another program writes a different list (no index of its own) and renames it in.
    let other = items(150, seed: 3)
    XCTAssertTrue(
      FileManager.default.createFile(atPath: dir + "/other", contents: Data(PlistCodec.encode(other))))
    XCTAssertEqual(rename(dir + "/other", file), 0)
    XCTAssertNil(BadgeIndex.read(BadgeIndex.path(for: file), matching: signature(file)))
    try assertAgrees(store, file)
    // Rebuilt by the first badge after the change, for this file.
    XCTAssertNotNil(BadgeIndex.read(BadgeIndex.path(for: file), matching: signature(file)))
  }

  func testFileEditedInPlaceAtTheSameSize() throws {
    let file = dir + "/todos.plist"
    let store = Store(path: file)
    var list = items(50, seed: 4).filter { $0.isPending && $0.deadline != nil }
    list[0].deadline = t0.addingTimeInterval(3600)  // after t0
    list[0].title = "Marker"
    try store.withLock { try store.write(list) }
    let before = try BadgeIndex.badge(store: store, now: t0)
    // An editor changes the marker's deadline year in place: same size, same inode.
    var bytes = [UInt8](FileManager.default.contents(atPath: file)!)
    let text = String(decoding: bytes, as: UTF8.self)
    let marker = text.range(of: "<string>Marker</string><key>deadline</key><date>")!
    let at = text.utf8.distance(from: text.startIndex, to: marker.upperBound)
    bytes.replaceSubrange(at..<at + 4, with: Array("1999".utf8))
    let fd = open(file, O_WRONLY)
    XCTAssertEqual(pwrite(fd, bytes, bytes.count, 0), bytes.count)
    // A second later, as an edit by hand is: the modification time is what tells.
    var times = [timespec(tv_sec: Int(Date().timeIntervalSince1970) + 1, tv_nsec: 0)]
    times.append(times[0])
    XCTAssertEqual(futimens(fd, times), 0)
    close(fd)
    XCTAssertEqual(try BadgeIndex.badge(store: store, now: t0), before + 1)
    try assertAgrees(store, file)
  }

  func testFileRemovedOrIndexDamaged() throws {
    let file = dir + "/todos.plist"
    let store = Store(path: file)
    try store.withLock { try store.write(items(100, seed: 5)) }
    let index = BadgeIndex.path(for: file)
    for damage in [Data(), Data("TDBADGE1".utf8), Data(repeating: 7, count: 200)] {
      XCTAssertTrue(FileManager.default.createFile(atPath: index, contents: damage))
      try assertAgrees(store, file)
    }
    // An index cut short: its count no longer matches its size.
    let whole = FileManager.default.contents(atPath: index)!
    XCTAssertTrue(FileManager.default.createFile(atPath: index, contents: whole.prefix(whole.count - 8)))
    try assertAgrees(store, file)
    XCTAssertEqual(unlink(file), 0)
    XCTAssertEqual(try BadgeIndex.badge(store: store, now: t0.addingTimeInterval(1e6)), 0)
  }

  func testTheFixturesOfTheStoreTests() throws {
    let names = try StoreTests.fixtureNames()
    XCTAssertFalse(names.isEmpty)
    for name in names {
      let file = dir + "/" + name
      try FileManager.default.copyItem(atPath: StoreTests.fixtures.path + "/" + name, toPath: file)
      let store = Store(path: file)
      guard (try? PlistCodec.decodeWithFoundation(Data(contentsOf: URL(fileURLWithPath: file)))) != nil,
        (try? store.load()) != nil
      else { continue }  // files both refuse are the corrupt-file tests' business
      try assertAgrees(store, file)
      try assertAgrees(store, file)  // the second time from the index
    }
  }
}
