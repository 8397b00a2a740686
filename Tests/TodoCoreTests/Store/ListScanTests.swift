import Foundation
import XCTest

@testable import TodoCore

/// `list`'s reader (ListScan) against Foundation's parser: on files as our
/// writer writes them it hands over exactly the items Foundation reads, in
/// deadline order; on mutated files it either declines or still agrees.
final class ListScanTests: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-listscan-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  struct Row: Equatable {
    var id: UUID
    var deadline: Date?
    var completed: Bool
    var cancelled: Bool
    var title: String
  }

  /// What ListScan hands over, or nil when it declines.
  func scanned(_ bytes: [UInt8]) throws -> [Row]? {
    let file = dir + "/todos.plist"
    FileManager.default.createFile(atPath: file, contents: Data(bytes))
    var rows: [Row] = []
    let ok = try ListScan.scan(Store(path: file)) { r in
      rows.append(
        Row(
          id: r.id, deadline: r.deadline, completed: r.completed, cancelled: r.cancelled,
          title: String(decoding: r.title, as: UTF8.self)))
    }
    return ok ? rows : nil
  }

  /// What Foundation reads, in the order `list` shows, or nil when it refuses the file.
  func foundation(_ bytes: [UInt8]) -> [Row]? {
    guard let doc = try? PlistCodec.decodeWithFoundation(Data(bytes)), doc.warnings.isEmpty else {
      return nil
    }
    return doc.items.sorted(by: TodoItem.byDeadline).map {
      Row(
        id: $0.id, deadline: $0.deadline, completed: $0.completed != nil, cancelled: $0.cancelled,
        title: $0.title)
    }
  }

  static let pieces = ["a", "Pay", " ", "&", "<", ">", "&amp;", "é", "生日", "🎂", "\"", "'", "/", "Zoë", "x"]

  func items(_ n: Int, seed: UInt64, plainKeysOnly: Bool = true) -> [TodoItem] {
    var rng = SplitMix(seed: seed)
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    return (0..<n).map { _ in
      let r = rng.next()
      var title = ""
      for _ in 0...(r % 6) { title += Self.pieces[Int(rng.next() % UInt64(Self.pieces.count))] }
      if title.allSatisfy({ $0 == " " }) { title += "t" }
      // Few distinct deadlines, so that ties (ordered by UUID) are common.
      let deadline: Date? = r % 9 == 0 ? nil : t0.addingTimeInterval(Double((r >> 8) % 50) * 3600)
      let when = t0.addingTimeInterval(Double((r >> 16) % 1000))
      return TodoItem(
        id: UUID(), title: title, deadline: deadline, created: when, modified: r % 3 == 0 ? when : nil,
        completed: r % 5 == 0 ? when : nil, reminder: r % 4 == 0 ? when : nil,
        repeatRule: plainKeysOnly || r % 2 == 0 ? nil : "FREQ=DAILY", cancelled: r % 7 == 0,
        notifiedDeadline: r % 6 == 0 ? deadline : nil, notifiedReminder: r % 8 == 0 ? when : nil,
        notifiedWarning: r % 10 == 0 ? deadline : nil)
    }
  }

  func testFilesAsWrittenGiveFoundationsItemsInOrder() throws {
    for (seed, n) in [(1, 0), (2, 1), (3, 2), (4, 50), (5, 700)] {
      let bytes = PlistCodec.encode(items(n, seed: UInt64(seed)))
      let got = try scanned(bytes)
      XCTAssertNotNil(got, "declined a file as written, \(n) items")
      XCTAssertEqual(got, foundation(bytes), "\(n) items")
    }
  }

  func testKeysItDoesNotReadSendTheFileTheGeneralWay() throws {
    let list = items(40, seed: 6, plainKeysOnly: false)
    XCTAssertTrue(list.contains { $0.repeatRule != nil })
    XCTAssertNil(try scanned(PlistCodec.encode(list)))
    XCTAssertNil(
      try scanned(PlistCodec.encode(items(3, seed: 7), otherRootKeys: ["x": "<string>y</string>"])))
  }

  func testNoFileIsAnEmptyList() throws {
    var called = false
    XCTAssertTrue(try ListScan.scan(Store(path: dir + "/missing.plist")) { _ in called = true })
    XCTAssertFalse(called)
  }

  /// Mutated files: flipped, deleted and inserted bytes, lines swapped,
  /// duplicated or dropped. Whatever it takes, Foundation reads the same.
  func testMutatedFilesAreDeclinedOrAgree() throws {
    var rng = SplitMix(seed: 42)
    let base = PlistCodec.encode(items(30, seed: 8))
    let lines = base.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    var accepted = 0
    let alphabet = Array("<>/&;#0123456789-:TZabcdefkeyintgrsAEFLUID \t\n".utf8)
    for round in 0..<1500 {
      var b = base
      switch round % 5 {
      case 0:
        let at = Int(rng.next() % UInt64(b.count))
        b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
      case 1:
        let at = Int(rng.next() % UInt64(b.count))
        b.removeSubrange(at..<min(b.count, at + 1 + Int(rng.next() % 8)))
      case 2:
        let at = Int(rng.next() % UInt64(b.count))
        b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
      case 3:
        var l = lines
        let i = Int(rng.next() % UInt64(l.count))
        let j = Int(rng.next() % UInt64(l.count))
        l.swapAt(i, j)
        b = Array(l.joined(separator: [10]))
      default:
        var l = lines
        let i = Int(rng.next() % UInt64(l.count))
        if rng.next() % 2 == 0 { l.insert(l[i], at: i) } else { l.remove(at: i) }
        b = Array(l.joined(separator: [10]))
      }
      guard let got = try scanned(b) else { continue }
      accepted += 1
      XCTAssertEqual(got, foundation(b), "round \(round): taken, but Foundation reads otherwise")
    }
    XCTAssertGreaterThan(accepted, 50)  // title and date changes are still files it reads
  }

  func testTheFixturesOfTheStoreTests() throws {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Fixtures")
    for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
      let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
      if let got = try scanned(bytes) { XCTAssertEqual(got, foundation(bytes), name) }
    }
  }
}
