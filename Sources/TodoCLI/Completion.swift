import ArgumentParser
import Foundation
import TodoCore

/// Completion of IDs in the shell completion scripts that swift-argument-parser
/// generates (`--generate-completion-script bash|zsh|fish`): the scripts call
/// the binary back, and it offers the pending items' short ids, soonest first,
/// with their titles where the shell shows descriptions (zsh, fish).
enum IDCompletion {
  static let kind = CompletionKind.custom { words, _, _ in candidates(words: words) }

  /// The candidates for a command line (the words typed so far); nothing
  /// when the data file cannot be read.
  static func candidates(words: [String]) -> [String] {
    guard let doc = try? Store(path: path(words: words)).load() else { return [] }
    let ids = ShortIDs(doc.items.map(\.id))
    let items = doc.items.filter(\.isPending).sorted(by: TodoItem.byDeadline)
    return items.map { line($0, id: ids.text($0.id), shell: CompletionShell.requesting) }
  }

  /// The data file a command line names (`--file`), else the default.
  static func path(words: [String]) -> String {
    var path = Store.defaultPath(environment: ProcessInfo.processInfo.environment)
    for (i, w) in words.enumerated() {
      if w == "--file", i + 1 < words.count, !words[i + 1].isEmpty { path = words[i + 1] }
      if w.hasPrefix("--file=") { path = String(w.dropFirst("--file=".count)) }
    }
    return path
  }

  /// One candidate as the shell's script reads it: `id`, the item's short id, and its title.
  static func line(_ item: TodoItem, id: String, shell: CompletionShell?) -> String {
    let title = Title.displaySafe(item.title)
    switch shell {
    case .zsh?: return id + ":" + title.replacingOccurrences(of: ":", with: "\\:")
    case .fish?: return id + "\t" + title
    default: return id
    }
  }
}
