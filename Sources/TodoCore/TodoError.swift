import Foundation

/// Everything that can go wrong in the core, each with the one line the user sees.
public enum TodoError: Error, Equatable, CustomStringConvertible {
  case badWhen(String)
  case badDuration(String)
  case badRule(String)
  case badTitle(String)
  case noSuchItem(String)
  case ambiguousID(String, [String])
  case shortID(String)
  case corruptFile(path: String, detail: String)
  case newerFormat(path: String, version: Int, known: Int)
  case io(path: String, detail: String)
  case badFile(path: String, detail: String)
  case outOfRange(String)
  /// A parent that is the item itself or one of its subtasks (SPEC 9).
  case cycle(String)
  /// A parent whose subtasks stand in the way (SPEC 9): the whole message.
  case subtasks(String)

  public var description: String {
    switch self {
    case .badWhen(let s):
      if let why = WhenParser.noSuchDay(s) { return "cannot read '\(s)' as a time: \(why)" }
      // One short line: a few forms (--help and the app's ? screen list them all).
      let gregorian = Calendar(identifier: .gregorian)
      let fix = WhenParser(now: Date(), calendar: gregorian).suggestion(for: s).map {
        " did you mean '\($0)'?"
      }
      return
        "cannot read '\(s)' as a time;\(fix ?? "") Try: \(WhenParser.someForms) (--help lists every form)"
    case .badDuration(let s):
      return
        "cannot read '\(s)' as a duration; accepted forms: 10m, 2h, 1h30m, 3d, 1w (optionally after 'in')"
    case .badRule(let s):
      return "cannot read '\(s)' as a repeat rule; accepted forms: \(RepeatRule.acceptedForms)"
    case .badTitle(let s): return s
    case .subtasks(let s): return s
    case .cycle(let title):
      return "“\(title)” cannot be a subtask of itself or of one of its own subtasks; nothing changed"
    case .noSuchItem(let s): return "no item matches '\(s)'"
    case .ambiguousID(let s, let ids):
      return
        "'\(s)' matches \(ids.count) items (\(ids.prefix(5).joined(separator: ", "))); give more characters"
    case .shortID(let s): return "'\(s)' is too short: give at least 4 characters of the id"
    case .corruptFile(let path, let detail):
      return "\(path) is not a readable to-do file (\(detail)); it was left untouched"
    case .newerFormat(let path, let version, let known):
      return
        "\(path) has format version \(version), newer than this program knows (\(known)); it is open read-only"
    case .io(let path, let detail): return "\(path): \(detail)"
    case .badFile(let path, let detail): return "\(path): \(detail)"
    case .outOfRange(let what): return "\(what) is outside the years 1–9999; nothing was changed"
    }
  }
}
