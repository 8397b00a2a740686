import Foundation

/// `list` and `list --json` written straight from the records of ``PlistScan``:
/// the same bytes as the general path (`ListOutput` and ``ItemJSON`` over the
/// items; `ListFastPathTests` compares them), without building items.
public enum ScanOutput {
  /// Which entries a `list` shows: pending ones, completed ones, or all.
  public enum Shown: Sendable {
    case pending, completed, all

    @inline(__always) func contains(_ e: PlistScan.Entry) -> Bool {
      switch self {
      case .pending: return e.isPending
      case .completed: return e.completed != PlistScan.none
      case .all: return true
      }
    }
  }

  /// ``SystemTimeZone/current`` for the environment `env` reads, without
  /// reading a file when `TZ` names UTC (`TZ=UTC` names the zoneinfo file UTC,
  /// whose zone is UTC, as is the empty `TZ`'s).
  public static func timeZone(_ env: (String) -> String?) -> TimeZone {
    if env("TZDIR") == nil, let tz = env("TZ"), ["", "UTC", ":UTC"].contains(tz) {
      return TimeZone(secondsFromGMT: 0)!
    }
    return SystemTimeZone.current
  }

  /// ``HourCycle/from(environment:)`` for the environment `env` reads, without
  /// a `Locale` for C and POSIX (24-hour).
  public static func hourCycle(_ env: (String) -> String?) -> HourCycle {
    var value = "C"
    for k in ["LC_ALL", "LC_TIME", "LANG"] {
      if let v = env(k), !v.isEmpty {
        value = v
        break
      }
    }
    let name = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? "C"
    if name == "C" || name == "POSIX" { return .h24 }
    var all: [String: String] = [:]
    for k in ["LC_ALL", "LC_TIME", "LANG"] { all[k] = env(k) }
    return HourCycle.from(environment: all)
  }

  static let overdue = Array(ItemMarks.overdueGlyph.utf8)
  static let completed = Array(ItemMarks.completedGlyph.utf8)
  static let cancelled = Array(ItemMarks.cancelledGlyph.utf8)

  /// The human lines of `list` (SPEC 2), in pieces of 64 KiB to `sink`.
  public static func lines(
    _ scan: PlistScan, shown: Shown, now: Date, formatter: DueFormatter, colour: Bool,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    let plan = ScanPlan(scan, now: t)
    // The columns: the widest phrase, the marks some line has.
    var width = 0
    var used: ItemMarks = []
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16 + 1024)
    for (k, e) in scan.entries.enumerated() where shown.contains(e) {
      if e.deadline != PlistScan.none {
        formatter.appendPhrase(Date(timeIntervalSince1970: TimeInterval(e.deadline)), to: &out)
        width = max(width, out.count)
        out.removeAll(keepingCapacity: true)
      }
      if used != [.reminder, .warning, .repeats, .noSlot] { used.formUnion(plan.marks(scan, k)) }
    }
    scan.text.withUnsafeBufferPointer { text in
      for (k, e) in scan.entries.enumerated() where shown.contains(e) {
        // The short id: the UUID's first 8 hex digits, lowercase.
        let hex = ListOutput.hex
        for s in stride(from: 60, through: 32, by: -4) { out.append(hex[Int((e.hi >> UInt64(s)) & 15)]) }
        out.append(32)
        out.append(32)
        let late = e.isOverdue(at: t)
        let done = !e.isPending
        if colour && late { out.append(contentsOf: ListOutput.red) }
        if colour && done { out.append(contentsOf: ListOutput.dim) }
        if e.cancelled {
          out.append(contentsOf: cancelled)
        } else if e.completed != PlistScan.none {
          out.append(contentsOf: completed)
        } else if late {
          out.append(contentsOf: overdue)
        } else {
          out.append(32)
        }
        if !used.isEmpty {
          let marks = plan.marks(scan, k)
          for (mark, glyph) in ListOutput.glyphBytes where used.contains(mark) {
            if marks.contains(mark) { out.append(contentsOf: glyph) } else { out.append(32) }
          }
        }
        out.append(32)
        let start = out.count
        if e.deadline != PlistScan.none {
          formatter.appendPhrase(Date(timeIntervalSince1970: TimeInterval(e.deadline)), to: &out)
        }
        for _ in 0..<(width - (out.count - start)) { out.append(32) }
        if colour && late { out.append(contentsOf: ListOutput.reset) }
        out.append(32)
        out.append(32)
        let title = UnsafeBufferPointer(
          rebasing: text[Int(e.title.offset)..<Int(e.title.offset + e.title.count)])
        if e.plainTitle {
          out.append(contentsOf: title)
        } else {
          out.append(contentsOf: Title.displaySafe(String(decoding: title, as: UTF8.self)).utf8)
        }
        if colour && done { out.append(contentsOf: ListOutput.reset) }
        // No trailing blanks when a someday item is the widest thing on its line.
        while out.last == 32 { out.removeLast() }
        out.append(10)
        if out.count >= 1 << 16 {
          out.withUnsafeBufferPointer(sink)
          out.removeAll(keepingCapacity: true)
        }
      }
    }
    out.withUnsafeBufferPointer(sink)
  }

  /// The JSON of `list --json` (SPEC 2), in pieces of 64 KiB to `sink`.
  public static func json(
    _ scan: PlistScan, shown: Shown, now: Date, formatter f: DueFormatter,
    to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    let plan = ScanPlan(scan, now: t)
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16 + 4096)
    @inline(__always) func put(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
    func date(_ v: Int64) {
      ItemJSON.date(v == PlistScan.none ? nil : Date(timeIntervalSince1970: TimeInterval(v)), f, &out)
    }
    var first = true
    scan.text.withUnsafeBufferPointer { text in
      func string(_ s: PlistScan.Text) {
        jsonString(UnsafeBufferPointer(rebasing: text[Int(s.offset)..<Int(s.offset + s.count)]), &out)
      }
      for (k, e) in scan.entries.enumerated() where shown.contains(e) {
        put(first ? "[\n  {\n    \"cancelled\" : " : ",\n  {\n    \"cancelled\" : ")
        first = false
        put(e.cancelled ? "true" : "false")
        put(",\n    \"completed\" : ")
        date(e.completed)
        put(",\n    \"created\" : ")
        date(e.created)
        put(",\n    \"deadline\" : ")
        date(e.deadline)
        put(",\n    \"id\" : \"")
        let id = e.id
        id.withCanonicalText { out.append(contentsOf: $0) }
        put("\",\n    \"overdue\" : ")
        put(e.isOverdue(at: t) ? "true" : "false")
        put(",\n    \"reminder\" : ")
        date(e.reminder)
        put(",\n    \"repeat\" : ")
        if let r = e.repeatRule { string(r) } else { put("null") }
        put(",\n    \"scheduled\" : ")
        put(plan.scheduled[k] ? "true" : "false")
        put(",\n    \"title\" : ")
        string(e.title)
        put(",\n    \"uid\" : ")
        if let u = e.uid {
          string(u)
        } else {
          out.append(34)
          id.withCanonicalText { out.append(contentsOf: $0) }
          out.append(34)
        }
        put(",\n    \"warn\" : ")
        if e.warn != PlistScan.none { DueFormatter.appendDecimal(Int(e.warn), to: &out) } else { put("null") }
        put("\n  }")
        if out.count >= 1 << 16 {
          out.withUnsafeBufferPointer(sink)
          out.removeAll(keepingCapacity: true)
        }
      }
    }
    put(first ? "[]\n" : "\n]\n")
    out.withUnsafeBufferPointer(sink)
  }

  /// UTF-8 as a JSON string, escaped as ``ItemJSON`` escapes (JSONEncoder's way).
  static func jsonString(_ buf: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
    out.append(34)
    var run = 0
    for (k, b) in buf.enumerated() where b < 0x20 || b == 34 || b == 92 {
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run..<k]))
      run = k + 1
      switch b {
      case 34: out.append(contentsOf: [92, 34])
      case 92: out.append(contentsOf: [92, 92])
      case 8: out.append(contentsOf: [92, 98])
      case 9: out.append(contentsOf: [92, 116])
      case 10: out.append(contentsOf: [92, 110])
      case 12: out.append(contentsOf: [92, 102])
      case 13: out.append(contentsOf: [92, 114])
      default:
        out.append(contentsOf: [92, 117, 48, 48, ItemJSON.hex[Int(b >> 4)], ItemJSON.hex[Int(b & 15)]])
      }
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[run...]))
    out.append(34)
  }
}
