import ArgumentParser
import Foundation
import TodoCore

/// `list --tag T --priority P --sort due|priority|created` (SPEC 8).
struct ListFilters: ParsableArguments {
  @Option(
    name: .long, help: ArgumentHelp("Only items with this tag.", valueName: "tag"),
    completion: TagCompletion.kind)
  var tag: String?
  @Option(
    name: .long,
    help: ArgumentHelp("Only items of this priority or higher (high, medium, low).", valueName: "p"))
  var priority: String?
  @Option(name: .long, help: "The order: due (default), priority or created.") var sort: Order?
  @Option(
    name: .long, help: ArgumentHelp("Only items of this list (all lists by default).", valueName: "name"),
    completion: ListCompletion.kind)
  var list: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Only items whose title, tags or note hold this text (any case, any accents), as the app's /.",
      valueName: "text"))
  var search: String?

  enum Order: String, ExpressibleByArgument, CaseIterable {
    case due, priority, created
  }

  /// None given (the fast path's list; reading an option that was not parsed stops the program).
  static var none: ListFilters {
    var f = ListFilters()
    (f.tag, f.priority, f.sort, f.list, f.search) = (nil, nil, nil, nil, nil)
    return f
  }

  func validate() throws {
    if let p = try FieldOptions.priority(priority), p == nil {
      throw ValidationError("--priority '\(priority!)': expected high, medium, low or 1-9")
    }
  }

  /// The rank of a priority: high 3, medium 2, low 1, none 0 (iCalendar: 1-4, 5, 6-9).
  static func rank(_ p: Int?) -> Int { ListOutput.priorityRank(p) }

  func matches(_ item: TodoItem) -> Bool {
    if let t = tag, !item.tags.contains(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) {
      return false
    }
    if let p = (try? FieldOptions.priority(priority)) ?? nil, Self.rank(item.priority) < Self.rank(p) {
      return false
    }
    if let q = search, !AppState.filterMatches(item, q) { return false }
    return true
  }

  /// Whether a filter narrows the list (and so an empty list says which).
  var narrows: Bool { tag != nil || priority != nil || search != nil }

  /// What `list` says when the filters leave nothing: which filter, and a tag that no item
  /// has named as such (with the tag meant, when one is near).
  func emptyMessage(_ shown: ScanOutput.Shown, items: [TodoItem]) -> String {
    var given: [String] = []
    if let t = tag { given.append("--tag \(t)") }
    if let p = priority { given.append("--priority \(p)") }
    if let q = search { given.append("--search '\(q)'") }
    if let l = list { given.append("--list \(l)") }
    let what = shown == .completed ? "completed items" : shown == .all ? "items" : "pending items"
    var out = "No \(what) match \(given.joined(separator: " "))"
    if let t = tag {
      let all = Array(Set(items.flatMap(\.tags)))
      if !all.contains(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) {
        out += "; no item has the tag #\(t)"
        if let s = Typo.suggestion(for: t, among: all) { out += " (did you mean #\(s)?)" }
      }
    }
    return out + "."
  }

  /// Sorts items already in deadline order (stable: deadline breaks ties).
  func sort(_ items: inout [TodoItem]) {
    switch sort {
    case nil, .due?: return
    case .priority?:
      let ranked = items.enumerated().sorted {
        let (a, b) = (Self.rank($0.element.priority), Self.rank($1.element.priority))
        return a != b ? a > b : $0.offset < $1.offset
      }
      items = ranked.map(\.element)
    case .created?:
      let ordered = items.enumerated().sorted {
        $0.element.created != $1.element.created
          ? $0.element.created < $1.element.created : $0.offset < $1.offset
      }
      items = ordered.map(\.element)
    }
  }
}
