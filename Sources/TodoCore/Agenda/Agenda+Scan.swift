import Foundation

extension Agenda {
  /// The agenda from ``PlistScan``'s records, as `list`'s fast path reads the
  /// file: only the rows it shows are made. At 100,000 items, loading every
  /// item took 5 times `list`'s time.
  public init(_ scan: PlistScan, first: Int, days count: Int, now: Date, formatter f: DueFormatter) {
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    var rows: [Row] = []
    scan.text.withUnsafeBufferPointer { text in
      scan.entries.withUnsafeBufferPointer { entries in
        for (k, e) in entries.enumerated() where e.isPending && e.deadline != PlistScan.none {
          let d = Date(timeIntervalSince1970: Double(e.deadline))
          guard e.deadline <= t || f.dayNumber(d) - first < count else { continue }
          let bytes = UnsafeBufferPointer(
            rebasing: text[Int(e.title.offset)..<Int(e.title.offset + e.title.count)])
          let p = scan.value(e, scan.named.priority)
          rows.append(
            Row(
              id: e.id, title: String(decoding: bytes, as: UTF8.self), deadline: d,
              priority: p == PlistScan.none ? nil : Int(p), source: k))
        }
      }
    }
    self.init(rows: rows, first: first, days: count, now: now, formatter: f)
  }
}
