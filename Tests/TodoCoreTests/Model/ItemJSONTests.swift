import Foundation
import XCTest

@testable import TodoCore

/// ItemJSON writes, byte for byte, what JSONEncoder writes for the items of
/// `list --json`: each field of the table listed in JSON (``ItemField/JSON``)
/// under its name, by its kind, beside `overdue`, `scheduled` and `listName`
/// (the Encodable below is the document's definition; the schema is the table's).
final class ItemJSONTests: XCTestCase {
  /// One value of the document, as JSONEncoder writes it.
  enum Value: Encodable {
    case null, bool(Bool), int(Int), string(String), strings([String])
    /// The alerts (issue 36): objects, not their stored texts.
    case alerts([AlertJSON])

    func encode(to encoder: Encoder) throws {
      var c = encoder.singleValueContainer()
      switch self {
      case .null: try c.encodeNil()
      case .bool(let b): try c.encode(b)
      case .int(let n): try c.encode(n)
      case .string(let s): try c.encode(s)
      case .strings(let all): try c.encode(all)
      case .alerts(let all): try c.encode(all)
      }
    }
  }

  /// A field's value in the document: a time in ISO 8601, a flag as a boolean (false when absent).
  func value(_ v: FieldValue, _ kind: ItemField.Kind, _ f: DueFormatter) -> Value {
    switch v {
    case .absent: kind == .flag ? .bool(false) : .null
    case .text(let s): .string(s)
    case .integer(let n): .int(n)
    case .date(let d): .string(ISOTime.string(d, formatter: f))
    case .flag: .bool(true)
    case .texts(let all): .strings(all)
    case .uuid(let u): .string(u.uuidString)
    }
  }

  func reference(_ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter) -> String {
    if items.isEmpty { return "[]\n" }  // the command's choice: JSONEncoder prints "[", a blank line, "]"
    let doc = items.map { i in
      var object: [String: Value] = [
        "overdue": .bool(i.isOverdue(at: now)), "scheduled": .bool(scheduled.contains(i.id)),
        "listName": .string("Tasks"),
      ]
      for field in ItemField.all where field.json != .exported {
        var v = field.get(i)
        if v == .absent, field.json == .listedOrID { v = .uuid(i.id) }
        object[field.name] = value(v, field.kind, f)
      }
      // `warn` (SPEC 2): the first alert before the deadline; the table's entry only reads old files.
      object[ItemField.warn.name] = i.warn.map { .int($0) } ?? .null
      if !i.alerts.isEmpty { object[ItemField.alerts.name] = .alerts(i.alerts.map { AlertJSON($0, f) }) }
      return object
    }
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! enc.encode(doc), as: UTF8.self) + "\n"
  }

  /// Titles with every kind of character JSON treats apart.
  static let titles = [
    "Pay rent", "", "quote \" and backslash \\ and slash /", "tab\there", "Zoë — 生日快乐 🎂",
    "\u{7F} del, \u{2028} line separator, \u{FEFF} bom", "a\u{1}b\u{1F}c\u{8}\u{C}\n\r",
    "</string> & <key>",
  ]

  func items(_ n: Int, seed: UInt64, now: Date) -> [TodoItem] {
    var rng = SplitMix(seed: seed)
    return (0..<n).map { k in
      let r = rng.next()
      func date(_ bits: UInt64) -> Date? {
        bits % 4 == 0 ? nil : now.addingTimeInterval(Double(Int64(bitPattern: r >> 3) % 40_000_000_000))
      }
      var title = Self.titles[Int(r % UInt64(Self.titles.count))]
      if k % 3 == 0 {
        title += String(UnicodeScalar(UInt8(rng.next() % 128)))
      }
      var item = TodoItem(
        id: UUID(), title: title, deadline: date(r >> 1), created: now.addingTimeInterval(-Double(k) * 977),
        completed: date(r >> 5),
        reminder: date(r >> 7), repeatRule: r % 6 == 0 ? "FREQ=WEEKLY;BYDAY=MO,TH" : nil,
        warn: r % 5 == 0 ? Int(r % 100_000) - 500 : nil, cancelled: r % 9 == 0,
        uid: r % 7 == 0 ? "uid-\(k)@example.com \"x\"" : nil,
        note: r % 8 == 3 ? Self.titles[Int(r % UInt64(Self.titles.count))] + "\nline two" : nil,
        priority: r % 4 == 1 ? Int(r % 9) + 1 : nil, tags: r % 5 == 2 ? ["home", "Zoë \"q\""] : [],
        start: date(r >> 9), progress: r % 3 == 0 ? Int(r % 101) : nil, list: r % 4 == 2 ? "wörk \"q\"" : nil,
        parent: r % 4 == 2 ? "uid-\(k % 5)@example.com \"p\"" : nil,
        alerts: r % 7 == 1 ? Self.alerts(now) : [])
      // Every field a person edits as a line (a URL, a place): any text.
      for field in ItemField.typed where field.kind == .text && field.text?.edit != nil && (r >> 11) % 3 != 0
      {
        field.set(&item, .text(Self.titles[Int((r >> 13) % UInt64(Self.titles.count))]))
      }
      return item
    }
  }

  /// Alerts of every form (issue 36): objects in the array.
  static func alerts(_ now: Date) -> [ItemAlert] {
    [
      ItemAlert(.start(-3600)), ItemAlert(.at(now)), ItemAlert(.deadline(900)),
      ItemAlert(
        .place,
        text:
          "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:19760401T005545Z\nX-APPLE-PROXIMITY:ARRIVE\nEND:VALARM\n"
      ),
    ]
  }

  func testSameBytesAsJSONEncoder() throws {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    for zone in ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu"] {
      let f = DueFormatter(timeZone: TimeZone(identifier: zone)!, now: now)
      for (seed, n) in [(1, 0), (2, 1), (3, 50), (4, 400)] {
        let list = items(n, seed: UInt64(seed), now: now)
        let scheduled = Set(list.enumerated().filter { $0.offset % 2 == 0 }.map(\.element.id))
        let got = ItemJSON.list(list, now: now, scheduled: scheduled, formatter: f)
        XCTAssertEqual(
          got, reference(list, now: now, scheduled: scheduled, formatter: f), "\(zone), \(n) items")
      }
    }
  }

  func testPiecesMakeTheWhole() {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let f = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: now)
    let list = items(300, seed: 9, now: now)
    var pieces: [UInt8] = []
    var count = 0
    ItemJSON.write(list, now: now, scheduled: [], formatter: f, chunk: 1000) {
      pieces.append(contentsOf: $0)
      count += 1
    }
    XCTAssertGreaterThan(count, 10)
    XCTAssertEqual(
      String(decoding: pieces, as: UTF8.self), ItemJSON.list(list, now: now, scheduled: [], formatter: f))
  }
}
