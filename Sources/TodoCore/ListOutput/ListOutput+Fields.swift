import Foundation

// The marks of SPEC 8 in a row of `list`: `!!!`/`!!`/`!` before the title
// (high, medium, low), then after it each `#tag` (dimmed), `✎` for a note,
// and the progress (`40%`).
extension ListOutput {
  /// The mark of an item with a note, in `list` and in the app's rows.
  public static let noteGlyph = "✎"
  static let noteMark = Array((" " + noteGlyph).utf8)

  /// The rank of a priority: high (1-4) 3, medium (5) 2, low (6 on) 1, none (0, absent) 0:
  /// how many `!` a row shows, and the order of `list --priority` and `--sort priority`.
  public static func priorityRank(_ p: Int?) -> Int {
    guard let p, p > 0 else { return 0 }
    return p < 5 ? 3 : p == 5 ? 2 : 1
  }

  /// `!!! ` for a high priority (1-4), `!! ` medium (5), `! ` low (6-9).
  static func appendPriority(_ p: Int?, to out: inout [UInt8]) {
    let rank = priorityRank(p)
    guard rank > 0 else { return }
    out.append(contentsOf: repeatElement(33, count: rank))
    out.append(32)
  }

  /// Tags (dimmed unless the row is `dimmed` whole), note, progress.
  func appendFieldMarks(_ item: TodoItem, dimmed: Bool, to out: inout [UInt8]) {
    if !item.tags.isEmpty {
      if colour && !dimmed { out.append(contentsOf: Self.dim) }
      for t in item.tags {
        out.append(contentsOf: [32, 35])  // " #"
        Self.appendTitle(t, to: &out)
      }
      if colour && !dimmed { out.append(contentsOf: Self.reset) }
    }
    if item.note != nil { out.append(contentsOf: Self.noteMark) }
    if let p = item.progress, item.isPending { out.append(contentsOf: Array(" \(p)%".utf8)) }
  }
}
