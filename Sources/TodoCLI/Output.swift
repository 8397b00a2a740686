import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

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
  static func list(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter, lists: ListBook
  ) -> String {
    ItemJSON.list(items, now: now, scheduled: scheduled, formatter: f, lists: lists)
  }

  /// The items' JSON written to `fd` in pieces (`list --json` at 100,000 items is 40 MB).
  static func write(
    _ items: [TodoItem], now: Date, scheduled: Set<UUID>, formatter f: DueFormatter, lists: ListBook,
    to fd: Int32 = 1
  ) {
    ItemJSON.write(items, now: now, scheduled: scheduled, formatter: f, lists: lists) {
      ListOutput.writeAll(fd, $0)
    }
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
