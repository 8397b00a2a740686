import Foundation
import XCTest

@testable import TodoCore

/// ItemJSON writes, byte for byte, what JSONEncoder writes for the items of
/// `list --json` (the Encodable below is the document's definition, as the
/// command had it before the byte writer).
final class ItemJSONTests: XCTestCase {
  struct Item: Encodable {
    var id: String
    var uid: String
    var title: String
    var deadline: String?
    var overdue: Bool
    var completed: String?
    var reminder: String?
    var `repeat`: String?
    var warn: Int?
    var cancelled: Bool
    var scheduled: Bool
    var created: String
    var note: String?
    var priority: Int?
    var tags: [String]?
    var start: String?
    var progress: Int?
    var list: String?
    var parent: String?
    var listName: String
    var alerts: [AlertJSON]?

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(id, forKey: .id)
      try c.encode(uid, forKey: .uid)
      try c.encode(title, forKey: .title)
      try c.encode(deadline, forKey: .deadline)  // null, not absent
      try c.encode(overdue, forKey: .overdue)
      try c.encode(completed, forKey: .completed)
      try c.encode(reminder, forKey: .reminder)
      try c.encode(`repeat`, forKey: .repeat)
      try c.encode(warn, forKey: .warn)
      try c.encode(cancelled, forKey: .cancelled)
      try c.encode(scheduled, forKey: .scheduled)
      try c.encode(created, forKey: .created)
      try c.encode(note, forKey: .note)
      try c.encode(priority, forKey: .priority)
      try c.encode(tags, forKey: .tags)
      try c.encode(start, forKey: .start)
      try c.encode(progress, forKey: .progress)
      try c.encode(list, forKey: .list)
      try c.encode(parent, forKey: .parent)
      try c.encode(listName, forKey: .listName)
      try c.encode(alerts, forKey: .alerts)
    }
    enum CodingKeys: String, CodingKey {
      case id, uid, title, deadline, overdue, completed, reminder, `repeat`, warn, cancelled, scheduled,
        created, note, priority, tags, start, progress, list, parent, listName, alerts
    }
  }

  func reference(_ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter) -> String {
    if items.isEmpty { return "[]\n" }  // the command's choice: JSONEncoder prints "[", a blank line, "]"
    let doc = items.map { i in
      Item(
        id: i.id.uuidString, uid: i.icalUID, title: i.title,
        deadline: i.deadline.map { ISOTime.string($0, formatter: f) },
        overdue: i.isOverdue(at: now), completed: i.completed.map { ISOTime.string($0, formatter: f) },
        reminder: i.reminder.map { ISOTime.string($0, formatter: f) }, repeat: i.repeatRule, warn: i.warn,
        cancelled: i.cancelled, scheduled: scheduled.contains(i.id),
        created: ISOTime.string(i.created, formatter: f), note: i.note, priority: i.priority,
        tags: i.tags.isEmpty ? nil : i.tags,
        start: i.start.map { ISOTime.string($0, formatter: f) }, progress: i.progress, list: i.list,
        parent: i.parent, listName: "Tasks",
        alerts: i.alerts.isEmpty ? nil : i.alerts.map { AlertJSON($0, f) })
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
      return TodoItem(
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
