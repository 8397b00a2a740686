import ArgumentParser
import Foundation
import TodoCore

/// `--parent ID|none` on `add` and `edit` (SPEC 9).
struct ParentOption: ParsableArguments {
  @Option(name: .long, help: FieldOptions.help("parent"), completion: IDCompletion.kind) var parent: String?

  /// Not given, for the fast path (reading an option that was not parsed stops the program).
  static var none: ParentOption {
    var o = ParentOption()
    o.parent = nil
    return o
  }

  /// The change of the parent to its iCalendar UID among `items` (none: cleared); nil when not given.
  func change(in items: any ItemSource) throws -> FieldChange? {
    guard let parent else { return nil }
    if parent.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return .clear("parent") }
    let id = try items.resolve(parent)
    guard let item = items.item(id) else { throw TodoError.noSuchItem(parent) }
    return .set("parent", text: item.icalUID)
  }
}

/// What `complete` and `delete` do with the subtasks of the items named (SPEC 9).
enum SubtaskPolicy {
  /// `complete`: the items and, with `withChildren`, their open subtasks; without
  /// it, an item with open subtasks is refused (nothing changes).
  static func completing(_ ids: [UUID], withChildren: Bool, in items: any ItemSource) throws -> [UUID] {
    var out = ids
    for id in ids {
      guard let item = items.item(id), item.completed == nil else { continue }
      let open = items.descendants(of: item).filter(\.isPending)
      guard !open.isEmpty else { continue }
      guard withChildren else {
        throw TodoError.subtasks(
          "“\(item.title)” has \(count(open.count, "open subtask")); complete them first, "
            + "or use --with-children to complete them too; nothing changed")
      }
      for o in open where !out.contains(o.id) { out.append(o.id) }
    }
    return out
  }

  /// `delete`: the items and, with `withChildren`, every subtask below them;
  /// with `keepChildren`, their subtasks move up to their parent (the deletion
  /// does that); with neither, an item with subtasks is refused.
  static func deleting(
    _ ids: [UUID], withChildren: Bool, keepChildren: Bool, in items: any ItemSource
  ) throws -> [UUID] {
    var out = ids
    for id in ids {
      guard let item = items.item(id) else { continue }
      let below = items.descendants(of: item)
      guard !below.isEmpty, !keepChildren else { continue }
      guard withChildren else {
        throw TodoError.subtasks(
          "“\(item.title)” has \(count(below.count, "subtask")); use --with-children to delete them too, "
            + "or --keep-children to move them up; nothing changed")
      }
      for b in below where !out.contains(b.id) { out.append(b.id) }
    }
    return out
  }

  static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
