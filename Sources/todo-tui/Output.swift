import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The human lines of `list`: short id, a mark for overdue, the deadline, the title.
/// Built as UTF-8 bytes and written in 64 KiB pieces: at 100,000 items, string
/// appends and a whole-output buffer were most of the command's time and memory.
enum ListOutput {
  /// Writes the lines of `items` (in their order) to `fd`.
  static func write(
    _ items: [TodoItem], includeCompleted: Bool, now: Date, formatter: DueFormatter, colour: Bool,
    to fd: Int32 = 1
  ) {
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16 + 512)
    for item in items where includeCompleted || item.isPending {
      appendLine(item, now: now, formatter: formatter, colour: colour, to: &out)
      if out.count >= 1 << 16 {
        writeAll(fd, out)
        out.removeAll(keepingCapacity: true)
      }
    }
    writeAll(fd, out)
  }

  /// The lines as one string (tests, small lists).
  static func lines(_ items: [TodoItem], now: Date, formatter: DueFormatter, colour: Bool) -> String {
    var out: [UInt8] = []
    for item in items { appendLine(item, now: now, formatter: formatter, colour: colour, to: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  static let done = Array("  ✓ ".utf8)
  static let late = Array("  ! ".utf8)
  static let plain = Array("    ".utf8)
  static let red = Array("\u{1B}[31m".utf8)
  static let noColour = Array("\u{1B}[39m".utf8)
  static let hex = Array("0123456789abcdef".utf8)

  static func appendLine(
    _ item: TodoItem, now: Date, formatter: DueFormatter, colour: Bool, to out: inout [UInt8]
  ) {
    var title = item.title
    title.withUTF8 {
      appendLine(
        id: item.id, completed: item.completed != nil, overdue: item.isOverdue(at: now),
        deadline: item.deadline,
        title: $0, formatter: formatter, colour: colour, to: &out)
    }
  }

  static let someday = Array("someday".utf8)

  /// One line from its fields (an item's, or a ``ListRow``'s).
  static func appendLine(
    id: UUID, completed: Bool, overdue: Bool, deadline: Date?, title: UnsafeBufferPointer<UInt8>,
    formatter: DueFormatter, colour: Bool, to out: inout [UInt8]
  ) {
    // The short id: the first 4 bytes of the UUID in lowercase hex.
    withUnsafeBytes(of: id.uuid) { b in
      for k in 0..<4 {
        out.append(hex[Int(b[k] >> 4)])
        out.append(hex[Int(b[k] & 15)])
      }
    }
    out.append(contentsOf: completed ? done : overdue ? late : plain)
    if overdue && colour { out.append(contentsOf: red) }
    if let d = deadline {
      formatter.appendDue(d, to: &out)
    } else {
      out.append(contentsOf: someday)
    }
    if overdue && colour { out.append(contentsOf: noColour) }
    out.append(32)
    out.append(32)
    appendTitle(title, to: &out)
    out.append(10)
  }

  /// The title (UTF-8) as `Title.displaySafe` shows it; printable ASCII goes straight through.
  static func appendTitle(_ title: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    for b in title where b < 0x20 || b >= 0x7F {
      out.append(contentsOf: Title.displaySafe(String(decoding: title, as: UTF8.self)).utf8)
      return
    }
    out.append(contentsOf: title)
  }

  /// `list` through ``ListScan``, when it takes the file: the lines are built
  /// in memory and written once the whole file is read, so a file it does not
  /// take leaves nothing written. False: read the file the general way.
  static func writeScanned(
    _ store: Store, includeCompleted: Bool, now: Date, formatter: DueFormatter, colour: Bool, to fd: Int32 = 1
  ) throws -> Bool {
    var out: [UInt8] = []
    let ok = try ListScan.scan(store) { r in
      guard includeCompleted || r.isPending else { return }
      appendLine(
        id: r.id, completed: r.completed, overdue: r.isOverdue(at: now), deadline: r.deadline, title: r.title,
        formatter: formatter, colour: colour, to: &out)
    }
    if ok { writeAll(fd, out) }
    return ok
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
  }

  static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    var done = 0
    while done < bytes.count {
      let n = Glibc.write(fd, base + done, bytes.count - done)
      if n <= 0 {
        if errno == EINTR { continue }
        return
      }
      done += n
    }
  }
}

/// The JSON documents of `list --json`, `export --format json` and `pending --json`.
enum JSONOutput {
  struct Notification: Encodable {
    var fireDate: String
    var kind: String
    var id: String
    var title: String
    var badge: Int
  }

  struct PendingDoc: Encodable {
    var notifications: [Notification]
    var unscheduled: Int
  }

  static func encode<T: Encodable>(_ value: T) -> String {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! enc.encode(value), as: UTF8.self) + "\n"
  }

  /// The items' JSON (``ItemJSON``: bytes, tested against JSONEncoder), whole.
  static func list(_ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter) -> String
  {
    ItemJSON.list(items, now: now, scheduled: scheduled, formatter: f)
  }

  /// The items' JSON written to `fd` in pieces (`list --json` at 100,000 items is 40 MB).
  static func write(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter, to fd: Int32 = 1
  ) {
    ItemJSON.write(items, now: now, scheduled: scheduled, formatter: f) { ListOutput.writeAll(fd, $0) }
  }

  static func pending(_ plan: Plan, formatter f: DueFormatter) -> String {
    encode(
      PendingDoc(
        notifications: plan.notifications.map {
          Notification(
            fireDate: ISOTime.string($0.fireDate, formatter: f), kind: $0.kind.rawValue,
            id: $0.itemID.uuidString, title: $0.title, badge: $0.badge)
        }, unscheduled: plan.unscheduled))
  }
}
