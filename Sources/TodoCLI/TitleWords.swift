import Foundation
import TodoCore

/// The words of `add`'s title as people type them: Taskwarrior's `due:WHEN`
/// taken as the deadline, and a title whose last words read as a time
/// (`Buy milk due tomorrow`) kept but warned about.
struct TitleWords: Equatable {
  var title: [String]
  /// The WHEN of a `due:WHEN` word, if there was one.
  var due: String?

  /// Splits `words`: a word `due:WHEN` (any case) is the deadline, the rest the title.
  /// - Throws: ``CLIError`` (64) for two deadlines (`due:` twice, or with `--due`).
  init(_ words: [String], dueOption: String?) throws {
    title = []
    for word in words {
      if word.lowercased().hasPrefix("due:"), word.count > 4 {
        guard due == nil, dueOption == nil else {
          throw CLIError(message: "two deadlines: give either --due WHEN or due:WHEN, once", code: 64)
        }
        due = String(word.dropFirst(4))
      } else {
        title.append(word)
      }
    }
  }

  /// The warning for a title whose last words look like a deadline
  /// (`… due tomorrow`, `… by fri 17:00`, `… tomorrow`), or nil.
  static let nouns: Set<String> = ["now", "weekend", "morning", "afternoon", "evening", "noon", "midnight"]

  static func warning(_ title: [String], parser: WhenParser) -> String? {
    let words = title.flatMap { $0.split(separator: " ").map(String.init) }
    for n in stride(from: min(4, words.count - 1), through: 1, by: -1) {
      var tail = Array(words.suffix(n))
      var lead = ""
      if ["due", "by"].contains(tail[0].lowercased()) {
        lead = tail.removeFirst() + " "
        if tail.isEmpty { continue }
      } else if n > 3 || !tail.contains(where: { $0.contains(where: \.isLetter) })
        || tail.allSatisfy({ nouns.contains($0.lowercased()) })
      {
        continue  // "Buy 2", "Plan the weekend", "Call now": titles too
      }
      let when = tail.joined(separator: " ")
      guard (try? parser.parse(when)) != nil else { continue }
      return "the title ends with '\(lead)\(when)', which reads as a deadline; it was kept in the title"
        + " (for a deadline: --due '\(when)' or due:\(when.contains(" ") ? "'\(when)'" : when))"
    }
    return nil
  }
}
