import Foundation

/// How one item is merged when both sides of a sync hold it (SPEC 7): a
/// field changed on one side since the last sync takes that side's value; a
/// field changed on both sides to different values takes the value of the
/// side with the later LAST-MODIFIED (`modified`); with no common base
/// (an item new on both sides) every differing field counts as changed on both.
enum SyncMerge {
  /// The merged item, built on the list's item `list` (its identity, its
  /// reminder and the fields the vdir does not carry).
  static func merge(list: TodoItem, vdir: TodoItem, base: SyncFields?) -> TodoItem {
    var settled: [Settled] = []
    return merge(list: list, vdir: vdir, base: base, settled: &settled)
  }

  /// A field changed on both sides to different values: the value kept and the one set aside (SPEC 10).
  struct Settled: Equatable {
    var field: ItemField
    var kept: FieldValue
    var setAside: FieldValue
    static func == (a: Settled, b: Settled) -> Bool {
      a.field === b.field && a.kept == b.kept && a.setAside == b.setAside
    }
  }

  /// ``merge(list:vdir:base:)``, telling in `settled` each field it settled by the later LAST-MODIFIED.
  static func merge(list: TodoItem, vdir: TodoItem, base: SyncFields?, settled: inout [Settled]) -> TodoItem {
    let baseItem = base?.applied(to: list)
    var vdirWins: Bool?  // decided once, when a field changed on both sides needs it
    var out = list
    for f in ItemField.syncedFields {
      let l = f.get(list)
      let v = f.get(vdir)
      guard l != v else { continue }
      if let baseItem {
        let b = f.get(baseItem)
        if l == b {
          f.set(&out, v)  // changed in the vdir only
          continue
        }
        if v == b { continue }  // changed in the list only
      }
      if vdirWins == nil { vdirWins = later(vdir, than: list) }
      if vdirWins! { f.set(&out, v) }
      settled.append(Settled(field: f, kept: vdirWins! ? v : l, setAside: vdirWins! ? l : v))
    }
    out.modified = max(list.modified ?? .distantPast, vdir.modified ?? .distantPast)
    if out.modified == .distantPast { out.modified = nil }
    if let s = vdir.sequence, s > (list.sequence ?? -1) { out.sequence = s }
    out.created = min(list.created, vdir.created)
    return out.keepingDelivery(from: vdir)
  }

  /// Whether `a` was modified later than `b`; a tie (or neither known) is
  /// decided the same way on every machine, by the fields themselves, so
  /// that two machines merging the same pair agree.
  static func later(_ a: TodoItem, than b: TodoItem) -> Bool {
    let ma = a.modified ?? .distantPast
    let mb = b.modified ?? .distantPast
    if ma != mb { return ma > mb }
    return String(describing: SyncFields(a)) > String(describing: SyncFields(b))
  }
}
