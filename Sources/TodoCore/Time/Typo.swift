import Foundation

/// "Did you mean": the closest of some known words to a mistyped one, for
/// command names and options (the CLI) and the words of a `WHEN`.
public enum Typo {
  /// The candidate closest to `typed`, when it is close enough to be a typo:
  /// at most one edit for short words, two for longer ones (a swap of two
  /// neighbours is one edit, so 'lsit' is one away from 'list').
  public static func suggestion(for typed: String, among candidates: [String]) -> String? {
    let limit = typed.count <= 4 ? 1 : 2
    let scored = candidates.map { ($0, distance(typed.lowercased(), $0)) }.filter { $0.1 <= limit }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// The optimal string alignment distance: insertions, deletions,
  /// substitutions and swaps of adjacent characters.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}

extension WhenParser {
  /// Every word the grammar knows (`tomorrow`, `friday`, `december`, `noon`…).
  static let vocabulary: [String] = {
    var words = WhenSlot.weekdays + WhenSlot.months + Array(WhenSlot.partsOfDay.keys) + ["noon", "midnight"]
    for form in forms {
      for case .word(let ws) in form.slots { words += ws.filter { $0.count > 2 } }
    }
    var seen = Set<String>()
    return words.filter { seen.insert($0).inserted }
  }()

  /// `text` with its misspelt words replaced by the closest known ones, when
  /// that reads as a time (`tomorow 9am` → `tomorrow 9am`); nil otherwise.
  public func suggestion(for text: String) -> String? {
    var changed = false
    let words = Self.words(text).map { w -> String in
      let word = String(w)
      guard word.count >= 3, word.allSatisfy(\.isLetter),
        !Self.vocabulary.contains(where: { $0.hasPrefix(word) }),
        let s = Typo.suggestion(for: word, among: Self.vocabulary)
      else { return word }
      changed = true
      return s
    }
    guard changed else { return nil }
    let fixed = words.joined(separator: " ")
    return (try? parse(fixed)) != nil ? fixed : nil
  }
}
