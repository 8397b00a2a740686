import Foundation
import XCTest

@testable import TodoCore

/// Hostile and corrupt input to the codec (issue 6, parts 4 and 5): never a
/// crash, a clear error or a tolerant read with a warning, and what is written
/// is always XML that a strict parser reads back.
final class ReliabilityCodecTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  func item(_ title: String, _ n: Int = 1) -> TodoItem {
    TodoItem(
      id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))!, title: title,
      deadline: t0, created: t0)
  }

  /// Titles that must survive storage: terminal escapes, bidi, zero-width, combining, long.
  static let hostileTitles: [String] = [
    "\u{1B}]0;pwned\u{07}title set", "\u{1B}[2J\u{1B}[Hscreen cleared", "bell\u{07}\u{08}\u{7F}",
    "\u{202E}gnp.exe\u{202C} bidi", "\u{2066}isolate\u{2069}", "zero\u{200B}width\u{200D}\u{FEFF}",
    "e\u{301}\u{302}\u{303}\u{304}\u{305} combining", String(repeating: "Z\u{335}\u{336}", count: 50),
    String(repeating: "x", count: 10_000), "--title starts with dashes", "<![CDATA[ ]]> & &amp; <key>",
    "\u{85}\u{9B}31m C1 controls", "nul\u{0}inside", "\u{FFFE}\u{FFFF} non-characters", "\r\n\t lines",
    "\u{1F600}\u{1F1EF}\u{1F1F5} emoji", "\u{D7FF}\u{E000}\u{10FFFF} edges",
  ]

  func testHostileTitlesWriteValidXMLAndReadBack() throws {
    let items = Self.hostileTitles.enumerated().map { item($0.element, $0.offset + 1) }
    let bytes = PlistCodec.encode(items)
    // Foundation's strict parser reads it, so no raw control character was written.
    let viaFoundation = try PlistCodec.decodeWithFoundation(Data(bytes))
    let viaLean = try XCTUnwrap(try LeanPlistReader.read(Data(bytes), tolerant: false))
    XCTAssertEqual(viaFoundation.items, viaLean.items)
    for (original, read) in zip(items, viaLean.items.sorted { $0.id.uuidString < $1.id.uuidString }) {
      XCTAssertEqual(read.id, original.id)
      // What XML 1.0 can hold is kept exactly; what it cannot becomes U+FFFD, one for one.
      let expected = String(
        String.UnicodeScalarView(original.title.unicodeScalars.map { Title.isAllowed($0) ? $0 : "\u{FFFD}" }))
      XCTAssertEqual(read.title, expected)
      XCTAssertFalse(read.title.unicodeScalars.contains { !Title.isAllowed($0) })
    }
    for b in bytes where b < 0x20 { XCTAssert(b == 0x0A || b == 0x09, "raw control byte \(b) written") }
  }

  func testTitlesShownAreFreeOfTerminalControls() {
    for t in Self.hostileTitles {
      let shown = Title.displaySafe(t)
      XCTAssertFalse(shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, t)
      XCTAssertFalse(shown.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, t)
      XCTAssertFalse(shown.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }, t)
    }
  }

  func testHostileTitlesTypedAreRefusedOrKeptExactly() {
    for t in Self.hostileTitles {
      if let kept = try? Title.validate(t) {
        XCTAssertEqual(kept, t)
        XCTAssert(kept.unicodeScalars.allSatisfy(Title.isAllowed))
      }
    }
    XCTAssertThrowsError(try Title.validate("\u{1B}]0;x\u{07}"))
    XCTAssertThrowsError(try Title.validate(String(repeating: "x", count: 10_000)))
  }

  func testALongTitleInTheFileIsKeptWhole() throws {
    let long = String(repeating: "long title ", count: 100)
    let doc = try PlistCodec.decode(Data(PlistCodec.encode([item(long)])))
    XCTAssertEqual(doc.items.first?.title, long)
    XCTAssertEqual(doc.warnings, [])
  }

  // MARK: - Corrupt files

  func assertError(_ data: Data, _ detail: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try PlistCodec.decode(data), file: file, line: line) { e in
      XCTAssert("\(e)".contains(detail), "\(e) does not mention \(detail)", file: file, line: line)
    }
  }

  func wrap(_ body: String) -> Data {
    Data(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict><key>formatVersion</key>"
        + "<integer>1</integer><key>todoItems</key><dict/>" + body + "</dict>\n</plist>\n").utf8)
  }

  func testDeepNestingIsAnErrorNotAStackOverflow() {
    for depth in [10_000, 200_000] {
      assertError(
        wrap(
          "<key>x</key>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth)),
        "nested")
      assertError(
        wrap(
          "<key>x</key>" + String(repeating: "<dict><key>k</key>", count: depth) + "<true/>"
            + String(repeating: "</dict>", count: depth)), "nested")
    }
    // Moderate nesting of unknown keys is read: by the lean reader, and past its
    // depth limit by Foundation.
    for depth in [100, 300] {
      XCTAssertNoThrow(
        try PlistCodec.decode(
          wrap(
            "<key>x</key>" + String(repeating: "<array>", count: depth)
              + String(repeating: "</array>", count: depth))))
    }
  }

  func entry(date: String) -> Data {
    let u = "00000000-0000-4000-8000-000000000001"
    return Data(
      ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict><key>formatVersion</key>"
        + "<integer>1</integer><key>todoItems</key><dict><key>\(u)</key><dict><key>UUID</key><string>\(u)</string>"
        + "<key>title</key><string>t</string><key>deadline</key><date>\(date)</date></dict></dict></dict>\n</plist>\n")
        .utf8)
  }

  func testInvalidCalendarDatesAreErrorsNotRolledOver() throws {
    for bad in [
      "2020-13-45T29:61:61Z", "2021-02-29T09:00:00Z", "2020-04-31T09:00:00Z", "2020-00-10T09:00:00Z",
    ] {
      assertError(entry(date: bad), "not a valid date")
    }
    XCTAssertEqual(
      try PlistCodec.decode(entry(date: "2024-02-29T09:00:00Z")).items.first?.deadline,
      Date(timeIntervalSince1970: 1_709_197_200))
  }

  func testDatesOutOfRangeAreErrors() {
    assertError(entry(date: "0000-01-01T00:00:00Z"), "out of range")
    XCTAssertThrowsError(try PlistCodec.decode(entry(date: "99999-01-01T00:00:00Z")))
    XCTAssertThrowsError(try PlistCodec.decode(entry(date: "-4000-01-01T00:00:00Z")))
  }

  func testTruncatedAtEveryByteIsAnErrorOrTheWholeFile() throws {
    let full = Data(PlistCodec.encode([item("a & b", 1), item("c < d", 2)]))
    for n in 0..<full.count {
      if let doc = try? PlistCodec.decode(full.prefix(n)) {
        // Only the trailing newline may go.
        XCTAssertEqual(doc.items.count, 2, "a prefix of \(n) bytes read as \(doc.items.count) items")
      }
    }
  }

  func testRandomByteFlipsNeverCrash() {
    var rng = SplitMix(seed: 6)
    let full = Data(PlistCodec.encode((1...5).map { item("title \($0) & <x>", $0) }))
    for _ in 0..<3000 {
      var d = full
      for _ in 0..<Int(rng.next() % 4 + 1) {
        d[Int(rng.next() % UInt64(d.count))] = UInt8(truncatingIfNeeded: rng.next())
      }
      if let doc = try? PlistCodec.decode(d) {
        // Whatever was read can be written and read back the same.
        XCTAssertEqual(try? PlistCodec.decode(Data(PlistCodec.encode(doc.items))).items, doc.items)
      }
    }
  }

  func testDuplicateUUIDsAreAnErrorOnEveryPath() throws {
    let a = item("first", 1)
    let plain = String(decoding: PlistCodec.encode([a, item("second", 2)]), as: UTF8.self)
    let dup = plain.replacingOccurrences(of: item("", 2).id.uuidString, with: a.id.uuidString)
    assertError(Data(dup.utf8), "twice")
    let lower = plain.replacingOccurrences(of: item("", 2).id.uuidString, with: a.id.uuidString.lowercased())
    assertError(Data(lower.utf8), "twice")
    // Through Foundation's parser (a comment makes the lean reader hand over).
    assertError(Data(dup.replacingOccurrences(of: "<dict>", with: "<dict><!-- x -->").utf8), "twice")
    assertError(Data(lower.replacingOccurrences(of: "<dict>", with: "<dict><!-- x -->").utf8), "twice")
    XCTAssertEqual(
      try PlistCodec.decode(Data(plain.replacingOccurrences(of: "<dict>", with: "<dict><!-- x -->").utf8))
        .items.count,
      2)
  }

  /// Found by fuzzing: a binary plist keeps keys that differ only in case as two
  /// entries of one UUID; the next write would have lost one.
  func testABinaryPlistWithOneUUIDInTwoCasesIsAnError() throws {
    let u = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
    func entry(_ id: String, _ title: String) -> [String: Any] {
      ["UUID": id, "title": title, "deadline": t0]
    }
    let root: [String: Any] = [
      "todoItems": [u: entry(u, "upper"), u.lowercased(): entry(u.lowercased(), "lower")]
    ]
    let binary = try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
    assertError(binary, "twice")
    let tolerant = try PlistCodec.decode(binary, tolerant: true)
    XCTAssertEqual(tolerant.items.count, 1)
    XCTAssertEqual(tolerant.warnings.count, 1)
  }

  /// Found by fuzzing: a binary plist whose root dictionary marker became a set
  /// (0xD5 → 0xC5) crashed Foundation's parser on Linux.
  func testABinaryPlistHoldingASetIsAnErrorNotACrash() throws {
    var d = StoreTests.fixture("tutorial-export.binary.plist")
    XCTAssertEqual(d[8], 0xD5)
    d[8] = 0xC5
    assertError(d, "holds a set")
    XCTAssertThrowsError(try ImportFormats.decode(d, path: "x.plist"))
    // A damaged trailer or offset table is an error too, whatever the bytes.
    let good = StoreTests.fixture("tutorial-export.binary.plist")
    XCTAssertNoThrow(try PlistCodec.decode(good))
    var rng = SplitMix(seed: 9)
    for _ in 0..<2000 {
      var bad = good
      let at = good.count - 1 - Int(rng.next() % 40)
      bad[at] = UInt8(truncatingIfNeeded: rng.next())
      _ = try? PlistCodec.decode(bad)
    }
  }

  func testAHundredMegabyteFileIsAClearErrorOrRead() throws {
    var big = Data(count: 100 << 20)
    big.withUnsafeMutableBytes { for i in stride(from: 0, to: $0.count, by: 7) { $0[i] = UInt8(i & 0xFF) } }
    XCTAssertThrowsError(try PlistCodec.decode(big))
  }
}

/// A small deterministic generator for property tests.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix {
  /// One of `xs`.
  mutating func pick<T>(_ xs: [T]) -> T { xs[Int(next() % UInt64(xs.count))] }

  /// True once in `n` times.
  mutating func chance(_ n: UInt64) -> Bool { next() % n == 0 }

  /// An instant in years 1 to 9999, whole seconds.
  mutating func instant() -> Date {
    let lo = Int64(Instants.validRange.lowerBound)
    let hi = Int64(Instants.validRange.upperBound)
    return Date(timeIntervalSince1970: TimeInterval(lo + Int64(next() % UInt64(hi - lo))))
  }
}
