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
    for arg in words {
      // A quoted title's own words too (`add "Call mum due:fri about Xmas"`); an argument that
      // starts with due: is the WHEN whole (`'due:tomorrow 9am'`).
      let parts =
        arg.lowercased().hasPrefix("due:") || !arg.lowercased().contains(" due:")
        ? [arg] : arg.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
      var kept: [String] = []
      for word in parts {
        if word.lowercased().hasPrefix("due:"), word.count > 4 {
          guard due == nil, dueOption == nil else {
            throw CLIError(message: "two deadlines: give either --due WHEN or due:WHEN, once", code: 64)
          }
          due = String(word.dropFirst(4))
        } else {
          kept.append(word)
        }
      }
      if parts.count == 1 {
        title += kept
      } else if !kept.isEmpty {
        title.append(kept.joined(separator: " "))
      }
    }
  }

  /// The warning for option names among the title's words, which only `--` before them
  /// can have put there (`add -- "-5 kg" --due none`), or nil.
  static func optionWarning(_ title: [String], options: [String]) -> String? {
    guard let k = title.firstIndex(where: { options.contains($0) }) else { return nil }
    let shown = title[k...].prefix(2).joined(separator: " ")
    return "the title has '\(shown)' after --, which ends the options; it was kept in the title"
      + " (options go before --)"
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
