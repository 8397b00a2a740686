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

  enum Order: String, ExpressibleByArgument, CaseIterable {
    case due, priority, created
  }

  /// None given (the fast path's list; reading an option that was not parsed stops the program).
  static var none: ListFilters {
    var f = ListFilters()
    (f.tag, f.priority, f.sort, f.list) = (nil, nil, nil, nil)
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
    return true
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
