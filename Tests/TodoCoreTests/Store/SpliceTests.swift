import Foundation
import XCTest

@testable import TodoCore

/// The splicing writer (``Store/commit(wait:env:whileLocked:_:)``) against the full writer: on
/// random files and random changes both leave the same bytes, the same answer
/// and the same badge; on files that are not exactly the writer's own, the
/// splice is not taken (or still gives the same bytes). Seeded, so that a
/// failure repeats.
final class SpliceTests: XCTestCase {
  var dir: String!
  let utc = TimeZone(identifier: "UTC")!
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-splice-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  var samples: SpliceSamples { SpliceSamples(now: now) }
  func item(_ r: inout SplitMix) -> TodoItem { samples.item(&r) }
  func date(_ r: inout SplitMix) -> Date { samples.date(&r) }
  func document(_ r: inout SplitMix) throws -> [UInt8] { try samples.document(&r) }
  static let rules = SpliceSamples.rules

  // MARK: - Running one change both ways

  final class Seeded: @unchecked Sendable {
    var r: SplitMix
    init(_ seed: UInt64) { r = SplitMix(seed: seed) }
    func next() -> UUID {
      var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &bytes) { b in
        for k in 0..<16 { b[k] = UInt8.random(in: 0...255, using: &r) }
      }
      return UUID(uuid: bytes)
    }
  }

  enum Op {
    case add(deadline: Date?, rule: String?, warn: Int?)
    case complete([String])
    case edit(UUID, TodoItem?)  // a stale writer's change: before as the test read it, after
    case retitle(String, title: String, deadline: Date?)  // `edit`
    case reopen([String])
    case delete([String])
    case remind(String, at: Date)
  }

  struct Outcome: Equatable {
    var answer: String
    var bytes: [UInt8]
    var badge: Int
    var spliced: Bool
  }

  func run(_ op: Op, on file: [UInt8], splicing: Bool, seed: UInt64, name: String) throws -> Outcome {
    try FileManager.default.createDirectory(atPath: dir + "/" + name, withIntermediateDirectories: true)
    let path = dir + "/" + name + "/todos.plist"
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: BadgeIndex.path(for: path))
    try Data(file).write(to: URL(fileURLWithPath: path))
    let store = Store(path: path)
    store.splices = splicing
    let ids = Seeded(seed)
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = utc
    let t = now
    let env = TodoEnvironment(now: { t }, uuid: { ids.next() }, calendar: cal)
    let answer: String
    do {
      let change = try store.commit(env: env) { items -> TodoOperation in
        switch op {
        case .add(let deadline, let rule, let warn):
          return .add(title: "New & <one>", deadline: deadline, repeatRule: rule, warn: warn)
        case .complete(let texts):
          return .complete(try texts.map(items.resolve))
        case .edit(let id, let after):
          return .sync(Change(before: [id: items.item(id)], after: [id: after], summary: "edit"))
        case .retitle(let text, let title, let deadline):
          return .edit(try items.resolve(text), title: title, deadline: .some(deadline))
        case .reopen(let texts):
          return .reopen(try texts.map(items.resolve))
        case .delete(let texts):
          return .delete(try texts.map(items.resolve))
        case .remind(let text, let at):
          return .remind(try items.resolve(text), at: at)
        }
      }
      answer = change.summary + " " + change.after.keys.map(\.uuidString).sorted().joined(separator: ",")
    } catch {
      answer = "error: \(error)"
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let badge = (try? BadgeIndex.badge(store: store, now: now)) ?? -1
    return Outcome(answer: answer, bytes: bytes, badge: badge, spliced: store.lastWriteSpliced)
  }

  func randomOp(_ file: [UInt8], _ r: inout SplitMix) throws -> Op {
    let items = try PlistCodec.decode(Data(file)).items
    var texts: [String] = []
    for _ in 0..<Int.random(in: 1...2, using: &r) where !items.isEmpty {
      let id = items.randomElement(using: &r)!.id.uuidString
      texts.append(
        Bool.random(using: &r) ? id.lowercased() : String(id.prefix(Int.random(in: 4...8, using: &r))))
    }
    switch Int.random(in: 0..<7, using: &r) {
    case 0 where !items.isEmpty:
      return .complete(texts)
    case 3 where !items.isEmpty:
      let d: Date? = [nil, now.addingTimeInterval(7200), date(&r)].randomElement(using: &r)!
      return .retitle(
        texts[0], title: Bool.random(using: &r) ? "Edited <title>" : items[0].title, deadline: d)
    case 4 where !items.isEmpty:
      return .reopen(texts)
    case 5 where !items.isEmpty:
      return .delete(texts)
    case 6 where !items.isEmpty:
      return .remind(
        texts[0], at: [now.addingTimeInterval(1800), now.addingTimeInterval(-60)].randomElement(using: &r)!)
    case 1 where !items.isEmpty:
      // A change made from a stale read: the test's own idea of the item, some fields changed.
      var before = items.randomElement(using: &r)!
      before.title = Bool.random(using: &r) ? before.title : "Stale title"
      if Int.random(in: 0..<4, using: &r) == 0 { return .edit(before.id, nil) }
      var after = before
      after.deadline = Bool.random(using: &r) ? date(&r) : nil
      after.title = Bool.random(using: &r) ? "Renamed" : before.title
      after.modified = now
      return .edit(before.id, after)
    default:
      let d: Date? = [nil, now.addingTimeInterval(-3600), now.addingTimeInterval(7200), date(&r)]
        .randomElement(
          using: &r)!
      return .add(
        deadline: d, rule: Bool.random(using: &r) ? nil : Self.rules.randomElement(using: &r),
        warn: Bool.random(using: &r) ? nil : 900)
    }
  }

  /// Random writer-made files, random changes: the splice gives the full writer's bytes.
  /// A change made against a loaded list meets the same item on the splice path.
  /// `Store.load` moves kept text into the fields of SPEC 8 (here a kept
  /// PRIORITY); the scan read the entry as written, so a sync's deletion of such
  /// an item was taken for an edit made meanwhile and the item was kept (e2e
  /// test-sync-basics, whose item then also counted a VALARM's DESCRIPTION as adoptable).
  func testTheSpliceReadsAnItemAsLoadDoes() throws {
    let path = dir + "/adopt/todos.plist"
    try FileManager.default.createDirectory(atPath: dir + "/adopt", withIntermediateDirectories: true)
    let store = Store(path: path)
    let item = TodoItem(
      id: UUID(), title: "Buy milk", deadline: now.addingTimeInterval(3600), created: now, warn: 900,
      icalExtra:
        "PRIORITY:1\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Buy milk\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM\n"
    )
    try store.write([item])
    let loaded = try XCTUnwrap(store.load().items.first { $0.id == item.id })
    var scanned: TodoItem?
    let t = now
    let env = TodoEnvironment(now: { t }, uuid: { UUID() }, calendar: Calendar(identifier: .gregorian))
    _ = try store.commit(env: env) { items -> TodoOperation in
      scanned = items.item(item.id)
      return .delete([item.id])
    }
    XCTAssertTrue(store.lastWriteSpliced, "the splice path was taken")
    XCTAssertEqual(scanned, loaded, "the scan gives the item as load does")
  }

  func testSpliceWritesWhatTheFullWriterWrites() throws {
    var spliced = 0
    var writes = 0
    for seed in 0..<300 as Range<UInt64> {
      var r = SplitMix(seed: seed)
      let file = try document(&r)
      let op = try randomOp(file, &r)
      let full = try run(op, on: file, splicing: false, seed: seed, name: "full")
      let fast = try run(op, on: file, splicing: true, seed: seed, name: "fast")
      XCTAssertEqual(fast.answer, full.answer, "seed \(seed)")
      XCTAssertEqual(fast.badge, full.badge, "seed \(seed)")
      XCTAssertFalse(full.spliced)
      if fast.bytes != full.bytes {
        XCTFail(
          "seed \(seed): \(op)\n--- full\n\(String(decoding: full.bytes, as: UTF8.self))\n--- spliced\n\(String(decoding: fast.bytes, as: UTF8.self))"
        )
        return
      }
      if full.bytes != file {
        writes += 1
        if fast.spliced { spliced += 1 }
        XCTAssertTrue(fast.spliced, "seed \(seed): a file of the writer's own was not spliced")
      }
    }
    XCTAssertGreaterThan(writes, 200)
    XCTAssertEqual(spliced, writes)
  }

  /// Files that are not byte for byte the writer's (edited by hand, other
  /// programs, older versions): the splice must not be taken, or give the same bytes.
  func testOtherFilesFallBackToTheFullWriter() throws {
    let edits: [(String, ([UInt8]) -> [UInt8]?)] = [
      ("empty string", { self.replacing($0, "<string></string>", "<string/>") }),
      (
        "lowercase key",
        { f in
          guard let k = self.range(of: "\t\t<key>", in: f) else { return nil }
          var g = f
          for j in (k + 7)..<(k + 43) where g[j] >= 65 && g[j] <= 70 { g[j] += 32 }
          return g
        }
      ),
      ("blank line", { self.replacing($0, "</dict>\n\t\t<key>", "</dict>\n\n\t\t<key>") }),
      ("version 0", { self.replacing($0, "<integer>1</integer>", "<integer>0</integer>") }),
      (
        "false flag",
        { f in
          // where the writer would put a true one
          let at = [
            "<key>uid</key>", "<key>sequence</key>", "<key>icalExtra</key>", "<key>notifiedDeadline</key>",
          ]
          .compactMap { self.range(of: $0, in: f) }.min()
          guard let k = at else { return nil }
          var g = f
          g.insert(contentsOf: Array("<key>cancelled</key><false/>".utf8), at: k)
          return g
        }
      ),
      (
        "fields reordered",
        { f in
          // created before deadline
          guard let a = self.range(of: "<key>deadline</key><date>", in: f) else { return nil }
          let end = a + 25 + 27
          let created = self.range(of: "<key>created</key><date>", in: f)!
          guard created == end else { return nil }
          var g = f
          let d = Array(f[a..<end])
          let c = Array(f[created..<(created + 24 + 27)])
          g.replaceSubrange(a..<(created + 24 + 27), with: c + d)
          return g
        }
      ),
      ("other entity", { self.replacing($0, "&amp;", "&#38;") }),
      ("quote entity", { self.replacing($0, "'", "&apos;") }),
      (
        "order",
        { f in
          // the first two entries swapped
          guard let a = self.range(of: "\t\t<key>", in: f) else { return nil }
          guard let b = self.range(of: "\t\t<key>", in: f, from: a + 1) else { return nil }
          let c =
            self.range(of: "\t\t<key>", in: f, from: b + 1) ?? self.range(of: "\t</dict>\n</dict>", in: f)!
          var g = f
          g.replaceSubrange(a..<c, with: Array(f[b..<c]) + Array(f[a..<b]))
          return g
        }
      ),
      (
        "duplicate UUID",
        { f in
          // the second entry takes the first one's UUID (key and field)
          guard let a = self.range(of: "\t\t<key>", in: f),
            let b = self.range(of: "\t\t<key>", in: f, from: a + 1)
          else { return nil }
          let first = Array(f[(a + 7)..<(a + 43)])
          let second = String(decoding: f[(b + 7)..<(b + 43)], as: UTF8.self)
          var g = f
          g.replaceSubrange((b + 7)..<(b + 43), with: first)
          guard let c = self.range(of: second, in: g, from: b) else { return nil }
          g.replaceSubrange(c..<(c + 36), with: first)
          return g
        }
      ),
      ("leading zero", { self.replacing($0, "<integer>", "<integer>0") }),
      ("fraction", { self.replacing($0, "Z</date>", ".5Z</date>") }),
      (
        "no created",
        { f in
          guard let a = self.range(of: "<key>created</key><date>", in: f) else { return nil }
          var g = f
          g.removeSubrange(a..<(a + 24 + 27))
          return g
        }
      ),
      (
        "root key after items",
        {
          self.replacing(
            $0, "\t</dict>\n</dict>\n</plist>", "\t</dict>\n\t<key>late</key>\n\t<true/>\n</dict>\n</plist>")
        }
      ),
      (
        "DOCTYPE missing",
        { f in
          guard let a = self.range(of: "<!DOCTYPE", in: f), let b = self.range(of: "<plist", in: f) else {
            return nil
          }
          var g = f
          g.removeSubrange(a..<b)
          return g
        }
      ),
    ]
    var tried = 0
    for seed in 0..<400 as Range<UInt64> {
      var r = SplitMix(seed: seed &+ 10_000)
      let file = try document(&r)
      let (name, edit) = edits[Int(seed) % edits.count]
      guard let edited = edit(file), edited != file else { continue }
      // A file the full writer refuses: both refuse it the same way and leave it as it is.
      let readable = (try? PlistCodec.decode(Data(edited))) != nil
      let op = readable ? try randomOp(edited, &r) : .add(deadline: nil, rule: nil, warn: nil)
      let full = try run(op, on: edited, splicing: false, seed: seed, name: "full")
      let fast = try run(op, on: edited, splicing: true, seed: seed, name: "fast")
      XCTAssertEqual(
        fast.answer.replacingOccurrences(of: "/fast/", with: "/full/"), full.answer, "\(name), seed \(seed)")
      XCTAssertEqual(fast.bytes, full.bytes, "\(name), seed \(seed): \(op)")
      if full.bytes != edited { XCTAssertFalse(fast.spliced, "\(name), seed \(seed)") }
      tried += 1
    }
    XCTAssertGreaterThan(tried, 150)
  }

  func range(of s: String, in f: [UInt8], from: Int = 0) -> Int? {
    let m = Array(s.utf8)
    guard f.count >= m.count, from <= f.count - m.count else { return nil }
    return (from...(f.count - m.count)).first { f[$0..<($0 + m.count)].elementsEqual(m) }
  }

  func replacing(_ f: [UInt8], _ a: String, _ b: String) -> [UInt8]? {
    guard let k = range(of: a, in: f) else { return nil }
    var g = f
    g.replaceSubrange(k..<(k + a.utf8.count), with: Array(b.utf8))
    return g
  }
}

/// Random items and data files for the splice tests: every field the writer
/// writes, kept keys, titles that need escaping or replacing, tied deadlines.
struct SpliceSamples {
  let now: Date

  static let titlePieces = [
    "Pay rent", "Call Zoë", "a & b", "<key>", "x > y", "&amp;", "日本語", "😀", " ", "\t", "\u{7}",
    "\u{85}", "\u{FFFE}", "\"q\" 'a'", "e\u{301}", "\u{3000}",
  ]
  static let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;INTERVAL=2", "FREQ=YEARLY"]
  static let extras = ["X-A:1", "X-B;P=v:line\r\n with\ttab & <x>", "BEGIN:VALARM\nEND:VALARM"]
  static let kept = [
    "<string>kept &amp; sound</string>", "<integer>-3</integer>", "<true/>",
    "<date>2020-01-01T00:00:00Z</date>",
    "<dict><key>a</key><array><string>x</string><false/></array></dict>", "<array/>", "<real>1.5</real>",
  ]

  func uuid(_ r: inout SplitMix) -> UUID {
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &bytes) { b in
      for k in 0..<16 { b[k] = UInt8.random(in: 0...255, using: &r) }
    }
    return UUID(uuid: bytes)
  }

  /// Whole seconds, often one of a few instants (ties sort by UUID), near now or far.
  func date(_ r: inout SplitMix) -> Date {
    switch Int.random(in: 0..<4, using: &r) {
    case 0: return now.addingTimeInterval(TimeInterval(Int.random(in: -2...2, using: &r) * 3600))
    case 1:
      return Date(
        timeIntervalSince1970: TimeInterval(Int64.random(in: -62_135_596_800...253_402_300_799, using: &r)))
    default:
      return now.addingTimeInterval(TimeInterval(Int.random(in: -86_400 * 30...86_400 * 30, using: &r)))
    }
  }

  func item(_ r: inout SplitMix) -> TodoItem {
    func maybe<T>(_ v: @autoclosure () -> T) -> T? { Int.random(in: 0..<3, using: &r) == 0 ? v() : nil }
    var title = ""
    for _ in 0..<Int.random(in: 1...3, using: &r) { title += Self.titlePieces.randomElement(using: &r)! }
    if Int.random(in: 0..<20, using: &r) == 0 { title = String(repeating: "long ", count: 50) }
    let deadline = Int.random(in: 0..<5, using: &r) == 0 ? nil : date(&r)
    var it = TodoItem(id: uuid(&r), title: title, deadline: deadline, created: date(&r))
    it.modified = maybe(self.date(&r))
    it.completed = maybe(self.date(&r))
    it.reminder = maybe(self.date(&r))
    it.repeatRule = maybe(Self.rules.randomElement(using: &r)!)
    it.warn = maybe(Int.random(in: 0...7200, using: &r))
    it.cancelled = Int.random(in: 0..<10, using: &r) == 0
    it.uid = maybe("uid-\(Int.random(in: 0...99, using: &r))@example.org & co")
    it.sequence = maybe(Int.random(in: -2...5, using: &r))
    it.icalExtra = maybe(Self.extras.randomElement(using: &r)!)
    // Delivery records that match the deadline or reminder (or not).
    it.notifiedDeadline = Bool.random(using: &r) ? it.deadline : maybe(self.date(&r))
    it.notifiedReminder = Bool.random(using: &r) ? it.reminder : nil
    it.notifiedWarning = maybe(it.deadline ?? self.now)
    // The fields of SPEC 8 (tags: the list the splice check reads as an array).
    it.note = maybe(PlistScanTests.notes.randomElement(using: &r)!)
    it.priority = maybe([0, 1, 5, 9].randomElement(using: &r)!)
    it.tags = maybe(PlistScanTests.tagLists.randomElement(using: &r)!) ?? []
    it.start = maybe(self.date(&r))
    it.progress = maybe(Int.random(in: 0...100, using: &r))
    if Int.random(in: 0..<6, using: &r) == 0 {
      it.otherKeys = ["zExtra": Self.kept.randomElement(using: &r)!, "aNote": "<string>n</string>"]
    }
    return it
  }

  /// A data file as the writer writes it, read back (so titles and the like are as stored).
  func document(_ r: inout SplitMix) throws -> [UInt8] {
    let items = (0..<Int.random(in: 0...25, using: &r)).map { _ in item(&r) }
    var root: [String: String] = [:]
    if Int.random(in: 0..<5, using: &r) == 0 {
      root = ["appVersion": "<string>2.0</string>", "zz": "<integer>1</integer>"]
    }
    let bytes = PlistCodec.encode(items, otherRootKeys: root)
    let doc = try PlistCodec.decode(Data(bytes))
    return PlistCodec.encode(doc.items, otherRootKeys: doc.otherRootKeys)
  }
}
