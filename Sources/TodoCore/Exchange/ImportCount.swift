import Foundation

/// What an import changed, counted by identity (an item read twice counts once):
/// "Imported 3 items: 1 new, 1 updated, 1 unchanged".
public struct ImportCount: Equatable, Sendable, CustomStringConvertible {
  public var new = 0
  public var updated = 0
  public var unchanged = 0

  public init(new: Int = 0, updated: Int = 0, unchanged: Int = 0) {
    (self.new, self.updated, self.unchanged) = (new, updated, unchanged)
  }

  /// The counts of a merge's change (``ImportFormats/merge(_:into:)``).
  public init(_ change: Change) {
    for (id, after) in change.after {
      switch change.before[id] ?? nil {
      case nil: new += 1
      case let before? where before == after: unchanged += 1
      default: updated += 1
      }
    }
  }

  public var description: String {
    let total = new + updated + unchanged
    let parts = [(new, "new"), (updated, "updated"), (unchanged, "unchanged")].filter { $0.0 > 0 }
    let detail = parts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    return "Imported \(total) item\(total == 1 ? "" : "s")" + (detail.isEmpty ? "" : ": " + detail)
  }
}
