import Foundation

// `list --json` from the scan's records: ``ItemJSON``'s columns (from the field
// table), each value read from the entry or its ``PlistScan/Extra``.
extension ScanOutput {
  /// A column of ``ItemJSON/Column/listed`` as the scan holds it.
  enum ScanColumn {
    case id, title, deadline, created, overdue, scheduled
    case date(Int), integer(Int), flag(Int)
    /// A text field; `orID`: the UUID when absent.
    case text(Int, orID: Bool)
  }

  /// The columns, with their heads (`,\n    "name" : `; the first without the comma).
  static let jsonColumns: [(ScanColumn, [UInt8])] = ItemJSON.Column.listed.enumerated().map { (c, column) in
    let head = (c == 0 ? [] : Array(",\n".utf8)) + column.head
    switch column.what {
    case .overdue: return (.overdue, head)
    case .scheduled: return (.scheduled, head)
    case .field(let f):
      let k = ItemField.all.firstIndex { $0.key.description == f.key.description }!
      switch k {
      case ItemField.idIndex: return (.id, head)
      case ItemField.titleIndex: return (.title, head)
      case ItemField.deadlineIndex: return (.deadline, head)
      case ItemField.createdIndex: return (.created, head)
      default: break
      }
      switch f.kind {
      case .date: return (.date(k), head)
      case .integer: return (.integer(k), head)
      case .flag: return (.flag(k), head)
      case .text: return (.text(k, orID: f.json == .listedOrID), head)
      case .lines, .texts, .uuid:
        preconditionFailure("\(f.name): a field of this kind is not kept by the scan; list it as exported")
      }
    }
  }

  /// The JSON of `list --json` (SPEC 2, ``ItemJSON``'s text), in pieces of about 64 KiB to `sink`.
  public static func json(
    _ scan: PlistScan, shown: Shown, now: Date, formatter f: DueFormatter,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    let plan = ScanPlan(scan, now: t)
    var dates = ISODates(f)
    var deadlines = ISODates(f)  // sorted: the day's part is mostly the last one's
    var out = OutBuffer(capacity: 1 << 16)
    defer { out.release() }
    let columns = jsonColumns
    var first = true
    scan.text.withUnsafeBufferPointer { text in
      scan.entries.withUnsafeBufferPointer { entries in
        for k in entries.indices where shown.contains(entries[k]) {
          let e = entries[k]
          let x = scan.extra(e)
          var longest = Int(e.title.count)
          for (c, _) in columns {
            if case .text(let i, _) = c, let s = x.text(i) { longest += Int(s.count) }
          }
          out.room(640 + 6 * longest, sink)
          out.put(first ? "[\n  {\n" : ",\n  {\n")
          first = false
          for (c, head) in columns {
            out.put(head)
            switch c {
            case .id:
              out.byte(34)
              out.uuid(e)
              out.byte(34)
            case .title: out.json(text, e.title)
            case .deadline: deadlines.put(e.deadline, &out)
            case .created: dates.put(e.created, &out)
            case .overdue: out.put(e.isOverdue(at: t) ? "true" : "false")
            case .scheduled: out.put(plan.scheduled[k] ? "true" : "false")
            case .date(let i): dates.put(x[i], &out)
            case .integer(let i): if x[i] != PlistScan.none { out.decimal(x[i]) } else { out.put("null") }
            case .flag(let i): out.put(x[i] != PlistScan.none ? "true" : "false")
            case .text(let i, let orID):
              if let s = x.text(i) {
                out.json(text, s)
              } else if orID {
                out.byte(34)
                out.uuid(e)
                out.byte(34)
              } else {
                out.put("null")
              }
            }
          }
          out.put("\n  }")
        }
      }
    }
    out.room(8, sink)
    out.put(first ? "[]\n" : "\n]\n")
    out.flush(sink)
  }
}
