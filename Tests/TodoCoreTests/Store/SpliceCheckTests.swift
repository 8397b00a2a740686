import Foundation
import XCTest

@testable import TodoCore

/// ``CanonicalEntry``, the fast check of an entry, never accepts bytes that do
/// not read back (by the lean reader, as the full writer reads them) as an item
/// the writer spells the same; and the splicing writer keeps the rules every
/// writer keeps: the 64 slots, merging a stale change, the badge index.
final class SpliceCheckTests: XCTestCase {
  var dir: String!
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-splicecheck-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  func check(_ bytes: [UInt8]) -> CanonicalEntry.Outcome {
    bytes.withUnsafeBufferPointer { CanonicalEntry.check($0.baseAddress!, count: $0.count) }
  }

  /// Every entry the writer writes, in its common shape, is accepted whole, with
  /// the facts of the item; mutated bytes are accepted only when they are
  /// canonical, and then with the facts of what they read as.
  func testFastCheckIsSoundUnderMutation() {
    let random = SpliceSamples(now: now)
    var accepted = 0
    var mutatedAccepted = 0
    let alphabet =
      Array("<>&;/ \t\n\r-:TZ0123456789ABCDEFabcdef#x".utf8) + [0x7F, 0xC2, 0x85, 0xEF, 0xBF, 0xBE]
    for seed in 0..<3000 as Range<UInt64> {
      var r = SplitMix(seed: seed)
      var item = random.item(&r)
      item.otherKeys = [:]
      let entry = PlistCodec.entry(item)
      guard let read = SpliceScan.read(entry), PlistCodec.entry(read) == entry else { continue }
      if case .entry(let facts, let n) = check(entry) {
        accepted += 1
        XCTAssertEqual(n, entry.count)
        XCTAssertEqual(facts.id, read.id)
        XCTAssertEqual(facts.sortKey, EntryFacts(read).sortKey)
        XCTAssertEqual(facts.pendingDeadline.bitPattern, EntryFacts(read).pendingDeadline.bitPattern)
      }
      // Cut short: never accepted.
      let cut = Array(entry.prefix(Int.random(in: 0..<entry.count, using: &r)))
      if case .entry = check(cut) { XCTFail("seed \(seed): a cut entry was accepted") }
      // One to three bytes changed, put in or taken out.
      var m = entry
      for _ in 0..<Int.random(in: 1...3, using: &r) {
        let at = Int.random(in: 0..<m.count, using: &r)
        switch Int.random(in: 0..<3, using: &r) {
        case 0: m[at] = alphabet.randomElement(using: &r)!
        case 1: m.insert(alphabet.randomElement(using: &r)!, at: at)
        default: if m.count > 1 { m.remove(at: at) }
        }
      }
      guard case .entry(let facts, let n) = check(m) else { continue }
      let whole = Array(m.prefix(n))
      guard let back = SpliceScan.read(whole), PlistCodec.entry(back) == whole else {
        XCTFail(
          "seed \(seed): accepted bytes the writer would spell otherwise: \(String(decoding: whole, as: UTF8.self))"
        )
        continue
      }
      XCTAssertEqual(facts.id, back.id)
      XCTAssertEqual(facts.sortKey, EntryFacts(back).sortKey)
      XCTAssertEqual(facts.pendingDeadline.bitPattern, EntryFacts(back).pendingDeadline.bitPattern)
      XCTAssertEqual(facts.fires.0.bitPattern, EntryFacts(back).fires.0.bitPattern)
      XCTAssertEqual(facts.fires.1.bitPattern, EntryFacts(back).fires.1.bitPattern)
      XCTAssertEqual(facts.fires.2.bitPattern, EntryFacts(back).fires.2.bitPattern)
      mutatedAccepted += 1
    }
    XCTAssertGreaterThan(accepted, 2000)
    XCTAssertGreaterThan(mutatedAccepted, 20)  // changed titles and the like: still canonical
  }

  func store(_ items: [TodoItem]) throws -> Store {
    let path = dir + "/todos-\(UUID().uuidString).plist"
    try Data(PlistCodec.encode(items)).write(to: URL(fileURLWithPath: path))
    return Store(path: path)
  }

  func env(_ uuid: String = "FFFFFFFF-0000-4000-8000-000000000001") -> TodoEnvironment {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    let t = now
    let id = UUID(uuidString: uuid)!
    return TodoEnvironment(now: { t }, uuid: { id }, calendar: cal)
  }

  /// SPEC 5: with 64 future notifications, an add that needs a slot is not
  /// refused: it is spliced in and waits for a slot, said once; one that
  /// needs none (a past deadline) is spliced in without a word.
  func testAnAddPastTheSlotLimitWaitsWhenSpliced() throws {
    let items = (0..<64).map { k in
      TodoItem(
        id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", k))!, title: "Item \(k)",
        deadline: now.addingTimeInterval(TimeInterval(3600 * (k + 1))), created: now)
    }
    let s = try store(items)
    let later = try s.commit(
      .add(title: "One more", deadline: self.now.addingTimeInterval(3600 * 65)), env: self.env())
    XCTAssertTrue(s.lastWriteSpliced)
    XCTAssertEqual(later.note, Scheduler.waitNote)
    let past = try s.commit(
      .add(title: "Past", deadline: self.now.addingTimeInterval(-60)),
      env: self.env("FFFFFFFF-0000-4000-8000-000000000002"))
    XCTAssertTrue(s.lastWriteSpliced)
    XCTAssertNil(past.note)
    let doc = try s.load()
    XCTAssertEqual(doc.items.count, 66)
    XCTAssertEqual(doc.items.first?.title, "Past")
    let plan = Scheduler.plan(doc.items, now: now)
    XCTAssertEqual(plan.notifications.count, Scheduler.limit, "never more than 64 scheduled")
    XCTAssertEqual(plan.unscheduled, 1)
  }

  /// A change made from a stale read still merges when spliced: a field another
  /// writer changed meanwhile keeps their value (SPEC 6).
  func testStaleChangeMergesWhenSpliced() throws {
    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
    let read = TodoItem(id: id, title: "Pay rent", deadline: now.addingTimeInterval(3600), created: now)
    var meanwhile = read
    meanwhile.title = "Pay the rent"  // another writer, after our read
    let s = try store([meanwhile])
    var mine = read
    mine.deadline = now.addingTimeInterval(7200)
    mine.modified = now
    try s.commit(.sync(Change(before: [id: read], after: [id: mine], summary: "moved")), env: env())
    XCTAssertTrue(s.lastWriteSpliced)
    let got = try s.load().items
    XCTAssertEqual(got.map(\.title), ["Pay the rent"])
    XCTAssertEqual(got.first?.deadline, mine.deadline)
  }

  /// The badge index a splice writes is the one a fresh read of the file gives.
  func testBadgeIndexAfterSpliceMatchesTheFile() throws {
    var r = SplitMix(seed: 7)
    let random = SpliceSamples(now: now)
    let items = (0..<40).map { _ in random.item(&r) }
    let s = try store(try PlistCodec.decode(Data(PlistCodec.encode(items))).items)
    for k in 0..<5 {
      try s.commit(
        .add(title: "Added \(k)", deadline: self.now.addingTimeInterval(TimeInterval(-600 * k))),
        env: self.env(String(format: "ABCDEF00-0000-4000-8000-%012d", k)))
      XCTAssertTrue(s.lastWriteSpliced)
      let real = try s.resolvedPath()
      var st = stat()
      XCTAssertEqual(stat(real, &st), 0)
      let indexed = BadgeIndex.read(BadgeIndex.path(for: real), matching: FileSignature(stat: st))
      XCTAssertNotNil(indexed)
      XCTAssertEqual(indexed?.sorted(), BadgeIndex.pendingDeadlines(try s.load().items).sorted())
    }
  }

  /// No file yet, or one that is not the writer's: the full path, with its answers.
  func testMissingAndUnreadableFilesGoTheFullWay() throws {
    let missing = Store(path: dir + "/new/todos.plist")
    try missing.commit(.add(title: "First", deadline: nil), env: self.env())
    XCTAssertFalse(missing.lastWriteSpliced)
    XCTAssertEqual(try missing.load().items.map(\.title), ["First"])
    for bytes in [
      "", "not a plist",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><array/></plist>\n",
    ] {
      let path = dir + "/bad-\(bytes.count).plist"
      try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
      let s = Store(path: path)
      var spliced: String? = nil
      var full: String? = nil
      do { try s.commit(.add(title: "x", deadline: nil), env: self.env()) } catch {
        spliced = "\(error)"
      }
      s.splices = false
      do { try s.commit(.add(title: "x", deadline: nil), env: self.env()) } catch {
        full = "\(error)"
      }
      XCTAssertNotNil(spliced)
      XCTAssertEqual(spliced, full)
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(bytes.utf8))
    }
  }
}
