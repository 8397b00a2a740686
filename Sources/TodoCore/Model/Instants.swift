import Foundation

/// The instants an item may hold: years 1 to 9999 in UTC, what an XML
/// property list and iCalendar can write and read back (SPEC 3). Every input
/// (the command line in any time zone, a plist or iCalendar import, sync)
/// is checked here before anything is written.
public enum Instants {
  /// Seconds since 1970 of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.
  public static let validRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

  /// Whether `date` can be stored.
  @inlinable public static func isValid(_ date: Date) -> Bool {
    validRange ~= date.timeIntervalSince1970
  }

  /// Throws ``TodoError/outOfRange(_:)`` naming the first field of `item` that cannot be stored.
  public static func check(_ item: TodoItem) throws {
    let fields: [(String, Date?)] = [
      ("the deadline", item.deadline), ("the creation time", item.created),
      ("the completion time", item.completed),
      ("the reminder", item.reminder), ("the modification time", item.modified),
      ("the warning", item.undeliveredWarning),
    ]
    for (name, value) in fields {
      if let d = value, !isValid(d) { throw TodoError.outOfRange("\(name) of “\(item.title.prefix(40))”") }
    }
  }
}
