import Foundation
import XCTest

@testable import TodoCore

/// The lean reader against the reference, Foundation's property-list parser,
/// over random files and fuzzed (mutated) ones: both give the same items, or
/// both refuse the file. Seeded, so that a failure repeats.
final class CodecDifferentialTests: XCTestCase {
  typealias SeededRandom = SplitMix  // ReliabilityCodecTests.swift

  static let titlePieces = [
    "Pay rent", "Call Zoë", "José", "Müller", "a & b", "<key>", "</string>", "x > y", "&amp;", "日本語",
    "😀", "e\u{301}", " ", "\t", "\u{7}", "\u{85}", "\u{202E}", "\u{FFFE}", "]]>", "\"quoted\" 'single'",
    "#1234", "%d %s", "\\", "\u{10FFFF}",
  ]

  func randomDate(_ r: inout SeededRandom) -> Date {
    // Whole seconds from year 1 to 9999, and often near now.
    let t: Int64 =
      Bool.random(using: &r)
      ? Int64.random(in: 1_700_000_000...1_900_000_000, using: &r)
      : Int64.random(in: -62_135_596_800...253_402_300_799, using: &r)
    return Date(timeIntervalSince1970: TimeInterval(t))
  }

  func randomItems(_ n: Int, _ r: inout SeededRandom) -> [TodoItem] {
    (0..<n).map { _ in
      var title = ""
      for _ in 0..<Int.random(in: 1...4, using: &r) { title += Self.titlePieces.randomElement(using: &r)! }
      func maybe() -> Date? { Int.random(in: 0..<3, using: &r) == 0 ? randomDate(&r) : nil }
      var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &bytes) { b in
        for k in 0..<16 { b[k] = UInt8.random(in: 0...255, using: &r) }
      }
      return TodoItem(
        id: UUID(uuid: bytes), title: title, deadline: randomDate(&r), created: randomDate(&r),
        completed: maybe(), reminder: maybe(), notifiedDeadline: maybe(), notifiedReminder: maybe())
    }
  }

  enum Outcome: Equatable {
    case items(version: Int, items: [TodoItem], warnings: [String])
    case refused(String)

    init(_ body: () throws -> TodoDocument) {
      do {
        let doc = try body()
        self = .items(version: doc.formatVersion, items: doc.items, warnings: doc.warnings.sorted())
      } catch {
        self = .refused("\(error)")
      }
    }

    var refused: Bool { if case .refused = self { return true } else { return false } }
  }

  /// Where the lean reader is stricter than Foundation on purpose: Foundation
  /// rolls an invalid calendar date over into another date, and keeps one of
  /// two entries with the same key. The lean reader refuses both.
  func isDocumentedDivergence(lean: Outcome, foundation: Outcome) -> Bool {
    guard case .refused(let why) = lean, !foundation.refused else { return false }
    return why.contains("is not a valid date") || why.contains("appears twice")
  }

  /// Decodes with the lean reader alone and with Foundation alone, both ways
  /// (strict and tolerant), and checks that they agree.
  func assertAgree(
    _ data: Data, _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
  )
    -> Bool
  {
    var leanReadIt = false
    for tolerant in [false, true] {
      let foundation = Outcome { try PlistCodec.decodeWithFoundation(data, tolerant: tolerant) }
      var unsupported = false
      let lean = Outcome {
        guard let doc = try LeanPlistReader.read(data, tolerant: tolerant) else {
          unsupported = true
          throw CocoaError(.featureUnsupported)
        }
        return doc
      }
      let viaDecode = Outcome { try PlistCodec.decode(data, tolerant: tolerant) }
      if unsupported {
        // Foundation reads it: the public reader's answer is Foundation's.
        if foundation.refused != viaDecode.refused || (!foundation.refused && foundation != viaDecode) {
          XCTFail("decode differs from Foundation on a fallback: \(what())", file: file, line: line)
        }
        continue
      }
      leanReadIt = true
      if isDocumentedDivergence(lean: lean, foundation: foundation) { continue }
      if lean.refused != foundation.refused {
        XCTFail(
          "tolerant=\(tolerant): lean \(lean) but Foundation \(foundation): \(what())", file: file, line: line
        )
        return leanReadIt
      }
      if !lean.refused && lean != foundation {
        XCTFail("tolerant=\(tolerant): the readers give different items: \(what())", file: file, line: line)
      }
    }
    return leanReadIt
  }

  func testRandomFilesWrittenByTheLeanWriterReadTheSameBothWays() throws {
    var r = SeededRandom(seed: 20_261_122)
    for round in 0..<150 {
      let items = randomItems(Int.random(in: 0...25, using: &r), &r)
      let data = Data(PlistCodec.encode(items))
      XCTAssert(assertAgree(data, "round \(round)"), "the lean reader gave up on its own writer's file")
      // And the lean-encoded file decodes, through Foundation, to the items written
      // (with what XML cannot hold replaced, as the writer documents).
      let doc = try PlistCodec.decodeWithFoundation(data)
      let expected = items.map { item -> TodoItem in
        var i = item
        let written = String(
          String.UnicodeScalarView(i.title.unicodeScalars.map { Title.isAllowed($0) ? $0 : "\u{FFFD}" }))
        // A blank title reads back as "(untitled)", as both readers do.
        i.title = Title.isClean(written) ? written : Title.sanitize(written, cuttingAt: .max)
        return i
      }.sorted(by: TodoItem.byDeadline)
      XCTAssertEqual(doc.items, expected, "round \(round)")
    }
  }

  func testFilesWrittenByFoundationReadTheSameBothWays() throws {
    var r = SeededRandom(seed: 7)
    for round in 0..<40 {
      let items = randomItems(Int.random(in: 0...15, using: &r), &r).map { item -> TodoItem in
        var i = item
        i.title = Title.sanitize(i.title, cuttingAt: .max)
        return i
      }
      let data = try PlistCodec.encodeWithFoundation(items)
      _ = assertAgree(data, "round \(round)")
      XCTAssertEqual(try PlistCodec.decode(data).items, items.sorted(by: TodoItem.byDeadline))
    }
  }

  static let tokens = [
    "<key>x</key>", "<string>", "</string>", "</dict>", "<dict>", "<dict/>", "&amp;", "&#65;", "&#x1F600;",
    "&bogus;", "&", "<true/>", "<!-- c -->", "<![CDATA[x]]>", "<integer>2</integer>", "\t", "\r\n",
    "<key>UUID</key>", "<key>title</key><string>t</string>", "<key>deadline</key>",
    "<date>2026-02-30T09:00:00Z</date>", "<date>0000-01-01T00:00:00Z</date>", "<array><string/></array>",
    "<real>1.5</real>", "<key>formatVersion</key><integer>9</integer>",
  ].map { Array($0.utf8) }
  static let bytes: [UInt8] = Array("<>/&;# \n09AFaf-TZ:\"'".utf8) + [0, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]

  func mutate(_ input: [UInt8], _ r: inout SeededRandom) -> [UInt8] {
    var b = input
    for _ in 0..<Int.random(in: 1...3, using: &r) where !b.isEmpty {
      let at = Int.random(in: 0..<b.count, using: &r)
      let len = min(Int.random(in: 1...24, using: &r), b.count - at)
      switch Int.random(in: 0..<5, using: &r) {
      case 0: b[at] = Self.bytes.randomElement(using: &r)!
      case 1: b.removeSubrange(at..<(at + len))
      case 2: b.insert(contentsOf: b[at..<(at + len)], at: Int.random(in: 0...b.count, using: &r))
      case 3: b.insert(contentsOf: Self.tokens.randomElement(using: &r)!, at: at)
      default:
        // Swap a digit or a letter for another of its kind: stays well-formed more often.
        let c = b[at]
        if (48...57).contains(c) { b[at] = UInt8.random(in: 48...57, using: &r) }
        if (65...70).contains(c) || (97...102).contains(c) { b[at] = c ^ 0x20 }
      }
    }
    return b
  }

  func testFuzzedFilesReadTheSameBothWaysOrAreRefusedByBoth() throws {
    // FUZZ_SEED explores other cases; a failure names its round, which repeats with the same seed.
    var r = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["FUZZ_SEED"] ?? "") ?? 42)
    var leanRead = 0
    let runs = ProcessInfo.processInfo.environment["STRESS"] == nil ? 3000 : 50_000
    for round in 0..<runs {
      let base = Data(PlistCodec.encode(randomItems(Int.random(in: 1...6, using: &r), &r)))
      let data = Data(mutate(Array(base), &r))
      if assertAgree(data, "round \(round): \(String(decoding: data, as: UTF8.self))") { leanRead += 1 }
    }
    // The mutations must leave enough files in the lean reader's subset to test it.
    XCTAssertGreaterThan(leanRead, runs / 10, "the fuzzer mostly tested the fallback")
  }

  func testTheLeanUUIDParserAgreesWithFoundation() {
    var r = SeededRandom(seed: 3)
    let alphabet = Array("0123456789abcdefABCDEF-gG+ x".utf8)
    var rejected = 0
    for _ in 0..<20_000 {
      var s = Array(UUID().uuidString.utf8)
      if Bool.random(using: &r) { s = Array(UUID().uuidString.lowercased().utf8) }
      for _ in 0..<Int.random(in: 0...2, using: &r) {
        s[Int.random(in: 0..<36, using: &r)] = alphabet.randomElement(using: &r)!
      }
      let text = String(decoding: s, as: UTF8.self)
      let lean = s.withUnsafeBufferPointer { LeanPlistReader.Cursor.parseUUID($0.baseAddress!) }
      // What the fast path accepts, Foundation reads the same; the rest goes Foundation's way.
      if let u = lean { XCTAssertEqual(u, UUID(uuidString: text), text) } else { rejected += 1 }
      let canonical = s.indices.allSatisfy { k in
        [8, 13, 18, 23].contains(k) ? s[k] == 45 : alphabet.prefix(22).contains(s[k])
      }
      if canonical { XCTAssertNotNil(lean, text) }
    }
    XCTAssertGreaterThan(rejected, 1000)
  }

  func testTheWriterPutsItemsByDeadlineAndSpellsUUIDsAsFoundationDoes() {
    var r = SeededRandom(seed: 11)
    var items = randomItems(300, &r)
    // Ties on the deadline are ordered by UUID.
    for k in stride(from: 0, to: 300, by: 3) { items[k].deadline = items[0].deadline }
    let text = String(decoding: PlistCodec.encode(items), as: UTF8.self)
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("\t\t<key>") }.map {
      $0.dropFirst(7).prefix(36)
    }
    XCTAssertEqual(keys.map(String.init), items.sorted(by: TodoItem.byDeadline).map(\.id.uuidString))
  }

  func testCanonicalPrefixAgreesWithUUIDString() {
    var r = SeededRandom(seed: 5)
    for _ in 0..<2000 {
      let id = UUID()
      let s = id.uuidString
      var prefix = String(s.prefix(Int.random(in: 0...37, using: &r)))
      if Bool.random(using: &r), !prefix.isEmpty {
        prefix = String(prefix.dropLast()) + ["0", "F", "-", "g", "é", "a"].randomElement(using: &r)!
      }
      XCTAssertEqual(id.hasCanonicalPrefix(prefix), s.hasPrefix(prefix), prefix)
    }
  }

  /// `Store.load` reads the file in pieces (about 512 KiB at a time); it must
  /// read what the whole-file reader reads, across piece boundaries, with a
  /// value larger than a piece, and fall back to Foundation late in the file.
  func testTheStoreReadsALargeFileInPiecesAsTheWholeFileReaderDoes() throws {
    var r = SeededRandom(seed: 99)
    let items = randomItems(6000, &r)
    let written = PlistCodec.encode(items)
    let text = String(decoding: written, as: UTF8.self)
    let firstEntry = try XCTUnwrap(text.range(of: "<key>title</key>"))
    let lastEnd = try XCTUnwrap(text.range(of: "\t</dict>\n</dict>", options: .backwards))
    let cases: [(String, String)] = [
      ("as written", text),
      (
        "a 3 MB unknown value in the first entry",
        text.replacingCharacters(
          in: firstEntry,
          with: "<key>note</key><string>" + String(repeating: "n", count: 3 << 20)
            + "</string><key>title</key>")
      ),
      (
        "a comment at the end (Foundation's)",
        text.replacingCharacters(in: lastEnd, with: "<!-- c -->\t</dict>\n</dict>")
      ),
      ("cut in the middle", String(text.prefix(text.utf8.count / 2))),
    ]
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lean-pieces-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    for (what, content) in cases {
      let path = dir.appendingPathComponent("todos.plist").path
      try Data(content.utf8).write(to: URL(fileURLWithPath: path))
      let whole = Outcome { try PlistCodec.decode(Data(content.utf8)) }
      let pieces = Outcome { try Store(path: path).load() }
      switch (whole, pieces) {
      case (.items, .items): XCTAssertEqual(whole, pieces, what)
      case (.refused, .refused): break
      default:
        XCTFail(
          "\(what): whole \(whole.refused ? "refused" : "read"), in pieces \(pieces.refused ? "refused" : "read")"
        )
      }
      if case .items(_, let read, _) = pieces, what == "as written" {
        XCTAssertEqual(read.count, items.count)
      }
    }
  }

  /// `mutate` hands the writer the items in the order read, changed, deleted
  /// and added ones included: the file is what the writer makes of the new list.
  func testMutateWritesTheNewListWhateverChanged() throws {
    var r = SeededRandom(seed: 17)
    let items = randomItems(400, &r).map { item -> TodoItem in
      var i = item
      i.title = Title.sanitize(i.title, cuttingAt: .max)
      return i
    }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mutate-order-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = Store(path: dir.appendingPathComponent("todos.plist").path)
    try store.write(items)
    let extra = randomItems(3, &r)
    let expected = try store.mutate { list -> TodoList in
      try list.delete([items[5].id, items[200].id])
      try list.complete([items[7].id], now: Date(timeIntervalSince1970: 1_800_000_000))
      try list.edit(
        items[9].id, deadline: Date(timeIntervalSince1970: 1_000), now: Date(timeIntervalSince1970: 0))
      list.merge(extra)
      return list
    }
    let onDisk = try Data(contentsOf: URL(fileURLWithPath: store.path))
    XCTAssertEqual(Array(onDisk), PlistCodec.encode(Array(expected.items.values)))
    XCTAssertEqual(try store.load().items.count, 401)
  }
}
