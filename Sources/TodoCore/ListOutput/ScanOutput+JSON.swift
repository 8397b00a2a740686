import Foundation

// `list --json` from the scan's records: ``ItemJSON``'s columns (from the field
// table), each value read from the entry or its ``PlistScan/Extra``.
extension ScanOutput {
  /// A column of ``ItemJSON/Column/listed`` as the scan holds it.
  enum ScanColumn {
    case id, title, deadline, created, overdue, scheduled, listName
    case date(Int), integer(Int), flag(Int)
    /// A text field; `orID`: the UUID when absent.
    case text(Int, orID: Bool)
    /// The parent: a text, or a UUID the scan keeps as its halves (``PlistScan/parentID(_:)``).
    case parent(Int)
    /// A list of texts (tags): an array, `null` when absent.
    case texts(Int)
    /// The alerts: an array of objects (``AlertJSON``), `null` when absent.
    case alerts
  }

  /// A column and its head (`,\n    "name" : `; the first without the comma),
  /// kept for the life of the program: plain values, no reference counting per item.
  struct JSONColumn: @unchecked Sendable {
    var what: ScanColumn
    var head: UnsafePointer<UInt8>
    var count: Int
  }

  /// The columns of ``ItemJSON/Column/listed``, as the scan holds them.
  static let jsonColumns: [JSONColumn] = ItemJSON.Column.listed.enumerated().map { (c, column) in
    let text = (c == 0 ? [] : Array(",\n".utf8)) + column.head
    let head = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
    head.initialize(from: text, count: text.count)
    return JSONColumn(what: scanColumn(column), head: UnsafePointer(head), count: text.count)
  }

  static func scanColumn(_ column: ItemJSON.Column) -> ScanColumn {
    switch column.what {
    case .overdue: return .overdue
    case .scheduled: return .scheduled
    case .listName: return .listName
    case .field(let f):
      let k = ItemField.all.firstIndex { $0.key.description == f.key.description }!
      switch k {
      case ItemField.id.index: return .id
      case ItemField.title.index: return .title
      case ItemField.deadline.index: return .deadline
      case ItemField.created.index: return .created
      default: break
      }
      switch f.kind {
      case .date: return .date(k)
      case .integer: return .integer(k)
      case .flag: return .flag(k)
      case .text, .lines:
        precondition(PlistScan.keeps(f), "\(f.name): listed in JSON, so the scan keeps it")
        if k == ItemField.parent.index { return .parent(k) }
        return .text(k, orID: f.json == .listedOrID)
      case .texts: return k == ItemField.alerts.index ? .alerts : .texts(k)
      case .uuid:
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
    // 1 MiB a write: `list --json` of 100,000 items with alerts is 84 MB, and 64 KiB writes into a
    // file cost it 60 ms more (215 → 157 ms, bench/RESULTS.md, issue 36).
    var out = OutBuffer(capacity: 1 << 20)
    defer { out.release() }
    var first = true
    // Each list's name as JSON, by the entry's list number (0: none named, the default list).
    let book = (try? ListBook(xml: scan.listsXML)) ?? .implicit
    let listNames: [[UInt8]] = ([nil] + scan.lists.map { scan.string($0) }).map {
      var out: [UInt8] = []
      ItemJSON.string(book.name(ofListID: $0), &out)
      return out
    }
    jsonColumns.withUnsafeBufferPointer { columns in
      scan.text.withUnsafeBufferPointer { text in
        scan.entries.withUnsafeBufferPointer { entries in
          for k in entries.indices where shown.contains(entries[k]) {
            let e = entries[k]
            // The entry's Extra (most entries have none), its list in it; its parent when a UUID.
            let x = e.more == UInt32.max && e.list == 0 ? nil : scan.extra(e)
            @inline(__always) func slot(_ i: Int) -> Int64 { x?[i] ?? PlistScan.none }
            @inline(__always) func textSlot(_ i: Int) -> PlistScan.Text? {
              let v = slot(i)
              guard v != PlistScan.none else { return nil }
              return PlistScan.Text(
                offset: UInt32(truncatingIfNeeded: v >> 32), count: UInt32(truncatingIfNeeded: v))
            }
            var longest = Int(e.title.count) + (e.hasParent ? 36 : 0) + listNames[Int(e.list)].count
            if x != nil {
              for c in columns {
                switch c.what {
                case .text(let i, _), .parent(let i): longest += Int(textSlot(i)?.count ?? 0)
                // Each text (its count holds its 0 byte) also brings its quotes and `,\n      `.
                case .texts(let i): longest += 2 * Int(textSlot(i)?.count ?? 0)
                // Each alert's text, and its object's keys and values (at most 192 bytes).
                case .alerts:
                  let s = textSlot(ItemField.alerts.index)
                  longest += Int(s?.count ?? 0) * 33
                default: break
                }
              }
            }
            out.room(640 + 6 * longest, sink)
            out.put(first ? "[\n  {\n" : ",\n  {\n")
            first = false
            for c in columns {
              out.bytes(c.head, c.count)
              switch c.what {
              case .id:
                out.byte(34)
                out.uuid(e)
                out.byte(34)
              case .title: out.json(text, e.title)
              case .deadline: deadlines.put(e.deadline, &out)
              case .created: dates.put(e.created, &out)
              case .overdue: out.put(e.isOverdue(at: t) ? "true" : "false")
              case .scheduled: out.put(plan.scheduled[k] ? "true" : "false")
              case .listName: out.put(listNames[Int(e.list)])
              case .date(let i):
                let v = slot(i)
                if v == PlistScan.none { out.put("null") } else { dates.put(v, &out) }
              case .integer(let i):
                let v = slot(i)
                if v != PlistScan.none { out.decimal(v) } else { out.put("null") }
              case .flag(let i): out.put(slot(i) != PlistScan.none ? "true" : "false")
              case .alerts:
                guard let s = textSlot(ItemField.alerts.index) else {
                  out.put("null")
                  break
                }
                putAlerts(text, s, &dates, &out)
              case .texts(let i):
                // As ItemJSON writes an array inside an item (JSONEncoder's pretty print).
                guard let s = textSlot(i) else {
                  out.put("null")
                  break
                }
                var from = Int(s.offset)
                for b in from..<Int(s.offset + s.count) where text[b] == 0 {
                  out.put(from == Int(s.offset) ? "[\n      " : ",\n      ")
                  out.json(text, PlistScan.Text(offset: UInt32(from), count: UInt32(b - from)))
                  from = b + 1
                }
                out.put("\n    ]")
              case .parent(let i):
                if let s = textSlot(i) {
                  out.json(text, s)
                } else if e.hasParent, let p = scan.parentID(e) {
                  out.byte(34)
                  out.uuid(p.hi, p.lo)
                  out.byte(34)
                } else {
                  out.put("null")
                }
              case .text(let i, let orID):
                if let s = textSlot(i) {
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
    }
    out.room(8, sink)
    out.put(first ? "[]\n" : "\n]\n")
    out.flush(sink)
  }
}
