import Foundation

/// The fields of SPEC 8 as a person types and reads them, the same for the
/// command line (`--priority`, `--progress`, `--tag`) and the app's detail.
public enum FieldText {
  /// A text that is not a value of the field; the message names the forms it takes.
  public struct Problem: Error, Equatable, Sendable {
    public var message: String
  }

  /// A priority as its iCalendar value (0 for none), or nil when `text` is not one. high is 1, medium 5, low 9
  /// (as Apple Reminders, Thunderbird and Tasks.org write them), or 0-9 as given.
  public static func priority(_ text: String) -> Int? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "none", "0": return 0
    case "high", "h", "!!!": return 1
    case "medium", "med", "m", "!!": return 5
    case "low", "l", "!": return 9
    case let s:
      guard let n = Int(s), (0...9).contains(n) else { return nil }
      return n
    }
  }

  /// high (1-4), medium (5), low (6-9), none.
  public static func priorityName(_ p: Int?) -> String {
    guard let p, p > 0 else { return "none" }
    return p < 5 ? "high" : p == 5 ? "medium" : "low"
  }

  /// The row's mark: `!!!` high, `!!` medium, `!` low, empty for none.
  public static func priorityMark(_ p: Int?) -> String {
    guard let p, p > 0 else { return "" }
    return String(repeating: "!", count: p < 5 ? 3 : p == 5 ? 2 : 1)
  }

  /// A percentage, `40%` or `40` (0-100); `none` or blank: nil. Throws when it is neither.
  public static func progress(_ text: String) throws -> Int? {
    var s = text.trimmingCharacters(in: .whitespaces).lowercased()
    if s == "none" || s.isEmpty { return nil }
    if s.hasSuffix("%") { s.removeLast() }
    guard let n = Int(s.trimmingCharacters(in: .whitespaces)), (0...100).contains(n) else {
      throw Problem(message: "not a percentage: try 40%, 100%, none")
    }
    return n
  }

  /// Whether `tag` may be a tag: a word or words, no comma, no control character.
  public static func isTag(_ tag: String) -> Bool { Title.isClean(tag) && !tag.contains(",") }

  /// The tags of a text as the app's tag field takes them: separated by
  /// commas (a tag may then hold spaces), or else by spaces; a leading `#` is
  /// dropped; each tag once, in order. Throws for a tag that cannot be one.
  public static func tags(_ text: String) throws -> [String] {
    let pieces =
      text.contains(",")
      ? text.split(separator: ",").map(String.init)
      : text.split(whereSeparator: { $0 == " " }).map(String.init)
    var out: [String] = []
    for piece in pieces {
      var t = piece.trimmingCharacters(in: .whitespaces)
      while t.hasPrefix("#") { t.removeFirst() }
      if t.isEmpty { continue }
      guard isTag(t) else { throw Problem(message: "“\(t)” is not a tag: words, without control characters") }
      if !out.contains(t) { out.append(t) }
    }
    return out
  }

  /// The text of a tag field for `tags`, which ``tags(_:)`` reads back to them:
  /// comma-separated (a lone tag with a space in it keeps a comma after it).
  public static func tagsText(_ tags: [String]) -> String {
    let text = tags.joined(separator: ", ")
    return tags.count == 1 && text.contains(" ") ? text + "," : text
  }

  /// The item's status as `show` writes it: `pending`, the completion field's
  /// name and its date, or the name of the flag that stops it (the two fields
  /// of the table that travel as STATUS, ``ItemField/ICal/status``).
  public static func status(of item: TodoItem, dateText: (Date) -> String) -> String {
    for f in ItemField.all where f.ical == .status {
      switch f.get(item) {
      case .date(let d): return f.name + " " + dateText(d)
      case .flag: return f.name
      default: continue
      }
    }
    return "pending"
  }
}
