import Foundation

extension Agenda {
  /// The agenda from ``PlistScan``'s records, as `list`'s fast path reads the
  /// file: only the items it shows are made, with what its lines show (the
  /// UUID, the title, the deadline, the priority). At 100,000 items, loading
  /// every item took 5 times `list`'s time.
  public init(_ scan: PlistScan, first: Int, days count: Int, now: Date, formatter f: DueFormatter) {
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    let created = Date(timeIntervalSince1970: 0)
    var shown: [TodoItem] = []
    scan.text.withUnsafeBufferPointer { text in
      for e in scan.entries where e.isPending && e.deadline != PlistScan.none {
        let d = Date(timeIntervalSince1970: Double(e.deadline))
        guard e.deadline <= t || (f.dayNumber(d) - first < count) else { continue }
        let title = String(
          decoding: UnsafeBufferPointer(
            rebasing: text[Int(e.title.offset)..<Int(e.title.offset + e.title.count)]), as: UTF8.self)
        let p = scan.value(e, ItemField.priorityIndex)
        shown.append(
          TodoItem(
            id: e.id, title: title, deadline: d, created: created,
            priority: p == PlistScan.none ? nil : Int(p)))
      }
    }
    self.init(shown, first: first, days: count, now: now, formatter: f)
  }
}
