import Foundation
import XCTest

@testable import TodoCore

/// The lean JSON reader gives what `JSONDecoder` gives, on random exports with
/// every field (escapes, surrogate pairs, control characters, nulls, arrays,
/// notes of several lines, keys in any order, any white space), and gives up
/// (so that `JSONDecoder` reads it and says what is wrong) on what it does not
/// expect; on damaged exports it never reads what `JSONDecoder` refuses.
final class JSONLeanReaderTests: XCTestCase {
  typealias Item = JSONExchange.Item

  /// The items as bytes (a `String`'s `==` holds canonically equivalent texts equal).
  func fingerprint(_ items: [Item]) -> [[[UInt8]]] {
    items.map { item in
      var out: [[UInt8]] = item.decoded.map { v -> [UInt8] in
        switch v {
        case nil: return [0]
        case .text(let s)?: return [1] + Array(s.utf8)
        case .integer(let n)?: return [2] + Array(String(n).utf8)
        case .bool(let b)?: return [3, b ? 1 : 0]
        case .texts(let a)?: return [4] + a.flatMap { Array($0.utf8) + [0xFF] }
        case .alerts?: return [5]  // only written: read back as the stored texts
        }
      }
      let other = (item.otherKeys ?? [:]).map { Array($0.key.utf8) + [0xFF] + Array($0.value.utf8) }
      out.append([item.otherKeys == nil ? 0 : 1] + other.sorted { $0.lexicographicallyPrecedes($1) }.joined())
      out.append(item.listName.map { [1] + Array($0.utf8) } ?? [0])
      out.append(item.listColor.map { [1] + Array($0.utf8) } ?? [0])
      return out
    }
  }

  func foundation(_ data: Data) -> [Item]? { try? JSONDecoder().decode([Item].self, from: data) }

  /// A random JSON export (as another writer might spell it: any escapes, order and white space).
  struct Writer {
    var rng: SplitMix
    /// Characters of every kind a string may hold.
    static let pool: [Character] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é",
      "e\u{301}",
      "生", "🎂", "\u{FEFF}", "\u{2028}", "\u{10FFFF}", "😀", "&", "<", "}", "[", ",", ":",
    ]

    mutating func ws() -> String { rng.pick(["", "", " ", "\n  ", "\t", "\r\n", "  "]) }

    mutating func string(_ text: String) -> String {
      var s = "\""
      for u in text.unicodeScalars {
        let v = u.value
        let short: [UInt32: String] = [
          0x22: "\\\"", 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x2F: "\\/",
        ]
        let must = v < 0x20 || v == 0x22 || v == 0x5C
        if !must && !rng.chance(4) {
          s.unicodeScalars.append(u)
        } else if let e = short[v], rng.chance(2) {
          s += e
        } else if v >= 0x10000 {
          let w = v - 0x10000
          s += String(
            format: rng.chance(2) ? "\\u%04X\\u%04X" : "\\u%04x\\u%04x", 0xD800 + (w >> 10),
            0xDC00 + (w & 0x3FF))
        } else {
          s += String(format: rng.chance(2) ? "\\u%04X" : "\\u%04x", v)
        }
      }
      return s + "\""
    }

    mutating func text() -> String {
      String((0..<Int(rng.next() % 12)).map { _ in rng.pick(Self.pool) })
    }

    mutating func value(_ kind: ItemField.Kind) -> String {
      switch kind {
      case .text, .lines, .date, .uuid: return string(text())
      case .integer: return String(rng.pick([0, -1, 1, 42, -900, Int.max, Int.min, Int(rng.next() >> 1)]))
      case .flag: return rng.chance(2) ? "true" : "false"
      case .texts:
        return "[" + ws()
          + (0..<Int(rng.next() % 4)).map { _ in string(text()) }.joined(separator: "," + ws()) + "]"
      }
    }

    /// One item: every field (some null or left out; the id and the title always there).
    mutating func item() -> String {
      var pairs: [(String, String)] = []
      for (k, f) in ItemField.all.enumerated() {
        let required = k == ItemField.id.index || k == ItemField.title.index
        if !required && rng.chance(5) { continue }
        pairs.append((f.name, !required && rng.chance(4) ? "null" : value(f.kind)))
      }
      pairs.append(("overdue", rng.chance(2) ? "true" : "false"))
      pairs.append(("scheduled", rng.pick(["true", "false", "null", "0", "-1.5e+3", "\"x\""])))
      if rng.chance(2) {
        let o = (0..<Int(rng.next() % 3)).map { n in string("k\(n)" + text()) + ":" + ws() + string(text()) }
        pairs.append(("otherKeys", "{" + ws() + o.joined(separator: "," + ws()) + ws() + "}"))
      } else if rng.chance(2) {
        pairs.append(("otherKeys", "null"))
      }
      if rng.chance(2) { pairs.append(("listName", string(text()))) }
      if rng.chance(2) { pairs.append(("listColor", rng.chance(3) ? "null" : string(text()))) }
      if rng.chance(4) { pairs.append(("another", rng.pick(["12.5", "0", "\"x\"", "null", "true"]))) }
      if !rng.chance(3) { pairs.shuffle(using: &rng) }
      let fields = pairs.map { key, v in
        // Keys sometimes escaped too (`ti\u0074le` is `title`).
        let k = rng.chance(8) ? string(key) : "\"" + key + "\""
        return ws() + k + ws() + ":" + ws() + v
      }
      return "{" + fields.joined(separator: ",") + ws() + "}"
    }

    mutating func document(_ n: Int) -> Data {
      Data((ws() + "[" + (0..<n).map { _ in ws() + item() }.joined(separator: ",") + ws() + "]" + ws()).utf8)
    }
  }

  func testRandomExportsReadAsJSONDecoderReadsThem() throws {
    var w = Writer(rng: SplitMix(seed: 28))
    for round in 0..<400 {
      let data = w.document(Int(w.rng.next() % 5))
      let expected = try XCTUnwrap(
        foundation(data), "round \(round): \(String(decoding: data, as: UTF8.self))")
      let lean = try XCTUnwrap(
        JSONExchange.LeanReader.items(data),
        "round \(round): gave up on \(String(decoding: data, as: UTF8.self))")
      XCTAssertEqual(fingerprint(lean), fingerprint(expected), "round \(round)")
    }
  }

  /// Damaged: cut, a byte left out, or one put in or changed. Whatever the lean reader reads,
  /// `JSONDecoder` reads the same; what `JSONDecoder` refuses, it gives up on.
  func testDamagedExportsAreNeverReadDifferently() {
    var w = Writer(rng: SplitMix(seed: 2028))
    let bytes: [UInt8] = [
      0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x7B, 0x3A, 0x01, 0xFF, 0xC3, 0x30, 0x2E, 0x65, 0x6E, 0x20,
    ]
    var refused = 0
    for round in 0..<3000 {
      var d = [UInt8](w.document(1 + Int(w.rng.next() % 2)))
      let at = Int(w.rng.next() % UInt64(d.count))
      switch w.rng.next() % 4 {
      case 0: d.removeSubrange(at...)
      case 1: d.remove(at: at)
      case 2: d.insert(w.rng.pick(bytes), at: at)
      default: d[at] = w.rng.pick(bytes)
      }
      let data = Data(d)
      let expected = foundation(data)
      if expected == nil { refused += 1 }
      if let lean = JSONExchange.LeanReader.items(data) {
        guard let expected else {
          let why = Result { try JSONDecoder().decode([Item].self, from: data) }
          XCTFail("round \(round): read what JSONDecoder refuses (\(why)): \(Array(data))")
          continue
        }
        XCTAssertEqual(fingerprint(lean), fingerprint(expected), "round \(round)")
      }
    }
    XCTAssertGreaterThan(refused, 1000)
  }

  /// What it gives up on: `JSONDecoder` reads it, with the same result or the same error.
  func testWhatItDoesNotExpectGoesToJSONDecoder() throws {
    let id = "\"id\": \"00000000-0000-0000-0000-000000000001\""
    let cases = [
      "[{\(id), \"title\": \"a\", \"title\": \"b\"}]",  // a key twice
      "[{\(id), \"title\": \"a\", \"warn\": 60.0}]",  // an integer written with a fraction
      "[{\(id), \"title\": \"a\", \"warn\": 6e1}]",
      "[{\(id), \"title\": \"a\", \"warn\": 9223372036854775808}]",  // past Int
      "[{\(id), \"title\": \"\\ud800\"}]",  // a lone surrogate
      "[{\(id), \"title\": \"\\udc00\\ud800\"}]",
      "\u{FEFF}[{\(id), \"title\": \"a\"}]",  // a byte-order mark
      "[{\(id), \"title\": \"a\", \"overdue\": [1, {}]}]",  // another shape
      "[{\(id), \"title\": null}]",
      "[{\(id)}]",
      "{\(id), \"title\": \"a\"}",
      "[{\(id), \"title\": \"a\"},]",
      "[{\(id), \"title\": \"a\"}] x",
      "[{\(id), \"title\": \"a\", \"tags\": [\"x\", null]}]",
      "[{\(id), \"title\": \"a\", \"cancelled\": 1}]",
      "[{\(id), \"title\": \"\u{1}\"}]",  // a control character unescaped
      "[{\(id), \"title\": \"\\x\"}]",
    ]
    for text in cases {
      let data = Data(text.utf8)
      XCTAssertNil(JSONExchange.LeanReader.items(data), text)
      let expected = Result { try JSONDecoder().decode([Item].self, from: data) }
      let got = Result { try JSONExchange.items(data, path: "in.json") }
      switch (expected, got) {
      case (.success(let a), .success(let b)): XCTAssertEqual(fingerprint(a), fingerprint(b), text)
      case (.failure(let e), .failure(let g)):
        XCTAssertEqual(
          "\(g)",
          "\(TodoError.badFile(path: "in.json", detail: "not a JSON export of ours (\(JSONExchange.describe(e))) nor Taskwarrior's; import reads \(ImportFormats.formatsRead); nothing was imported"))",
          text)
      default: XCTFail("\(text): JSONDecoder \(expected), ours \(got)")
      }
    }
    // A key it skips, twice: read only if JSONDecoder reads it, and then the same.
    for text in [
      "[{\(id), \"title\": \"a\", \"overdue\": true, \"overdue\": 1}]",
      "[{\(id), \"title\": \"a\", \"x\": \"1\", \"x\": null}]",
    ] {
      let data = Data(text.utf8)
      let expected = foundation(data)
      if let lean = JSONExchange.LeanReader.items(data) {
        XCTAssertEqual(fingerprint(lean), fingerprint(try XCTUnwrap(expected, text)), text)
      }
    }
    // And what it reads as JSONDecoder does: `-0`, null fields, an empty array.
    for text in ["[]", " [ ] ", "[{\(id), \"title\": \"a\", \"warn\": -0, \"note\": null, \"tags\": []}]"] {
      let data = Data(text.utf8)
      let lean = try XCTUnwrap(JSONExchange.LeanReader.items(data), text)
      XCTAssertEqual(fingerprint(lean), fingerprint(try XCTUnwrap(foundation(data))), text)
    }
  }

  /// Our own export of items with every field reads back by the lean reader (not by the fallback).
  func testOurExportIsReadByTheLeanReader() throws {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    let item = TodoItem(
      id: UUID(), title: "Zoë — 生日快乐 🎂 \"quoted\" \\ back", deadline: t0, created: t0, modified: t0,
      reminder: t0, repeatRule: "FREQ=DAILY", warn: 900, sequence: 3, icalExtra: "X-A:1\r\nX-B:2\n",
      note: "line one\nline two\ttab \u{1} ctl", priority: 5, tags: ["a", "b c"], start: t0, progress: 30)
    let text = JSONExchange.encode(
      [item], now: t0, scheduled: [], timeZone: TimeZone(identifier: "America/St_Johns")!)
    let lean = try XCTUnwrap(JSONExchange.LeanReader.items(Data(text.utf8)))
    XCTAssertEqual(fingerprint(lean), fingerprint(try XCTUnwrap(foundation(Data(text.utf8)))))
    XCTAssertEqual(try JSONExchange.decode(Data(text.utf8), path: "x"), [item])
  }
}
