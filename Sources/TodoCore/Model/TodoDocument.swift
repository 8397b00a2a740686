import Foundation

/// The contents of a data file: its format version and its items.
public struct TodoDocument: Equatable, Sendable {
  /// The format this program writes. 0 is the tutorial app's own layout (no version key).
  public static let currentVersion = 1

  public var formatVersion: Int
  public var items: [TodoItem]
  /// Problems that a tolerant read got past, one line each (shown as warnings).
  public var warnings: [String]

  public init(formatVersion: Int = TodoDocument.currentVersion, items: [TodoItem], warnings: [String] = []) {
    self.formatVersion = formatVersion
    self.items = items
    self.warnings = warnings
  }
}

/// The fields of one entry of `todoItems` as read, before they are checked.
/// Both readers (the lean one and Foundation's) fill this, so that both check
/// an entry by the same rules and give the same messages.
struct RawItem {
  var key: String
  var uuid: String?
  var title: String?
  var deadline: Date?
  var created: Date?
  var completed: Date?
  var reminder: Date?
  var notifiedDeadline: Date?
  var notifiedReminder: Date?
  /// Keys that were present with a value of the wrong type.
  var wrongType: [String] = []

  static let dateKeys = [
    "deadline", "created", "completed", "reminder", "notifiedDeadline", "notifiedReminder",
  ]

  /// The item, or a message that says what is wrong with the entry.
  func item(tolerant: Bool, warnings: inout [String]) throws -> TodoItem? {
    func fail(_ why: String) throws -> TodoItem? {
      if tolerant {
        warnings.append("entry \(key): \(why); skipped")
        return nil
      }
      throw CodecError("entry '\(key.prefix(64))': \(why)")
    }
    if let bad = wrongType.first { return try fail("'\(bad)' has the wrong type") }
    guard let u = uuid else { return try fail("no UUID") }
    guard let id = UUID(uuidString: u) else { return try fail("UUID '\(u.prefix(64))' is not a UUID") }
    guard u == key || u.uppercased() == key.uppercased() else {
      return try fail("its key differs from its UUID field '\(u)'")
    }
    guard let title = title else { return try fail("no title") }
    guard let deadline = deadline else { return try fail("no deadline") }
    for d in [deadline, created, completed, reminder, notifiedDeadline, notifiedReminder] {
      if let d = d, !(RawItem.validRange ~= d.timeIntervalSince1970) {
        return try fail("a date is out of range (\(d.timeIntervalSince1970))")
      }
    }
    // A long title is kept whole: the limit is for what is typed, and cutting here
    // would lose text at the next write. Only what XML cannot hold is replaced.
    let clean = Title.isClean(title) ? title : Title.sanitize(title, cuttingAt: .max)
    if clean != title { warnings.append("entry \(key): title contained characters that were replaced") }
    return TodoItem(
      id: id, title: clean, deadline: deadline.wholeSeconds,
      created: (created ?? deadline).wholeSeconds, completed: completed?.wholeSeconds,
      reminder: reminder?.wholeSeconds, notifiedDeadline: notifiedDeadline?.wholeSeconds,
      notifiedReminder: notifiedReminder?.wholeSeconds)
  }

  /// Years 1 to 9999.
  static let validRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799
}

/// A reader's complaint, with the detail the user sees.
struct CodecError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}
