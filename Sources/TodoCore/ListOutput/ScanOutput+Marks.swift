import Foundation

// The marks of SPEC 8 in a row of `list` from the scan's records, as
// ``ListOutput`` writes them (`ListOutput+Fields.swift`): `!!!`/`!!`/`!` before
// the title, then each `#tag` (dimmed), `✎` for a note, the progress (`40%`).
// Each field read alone (``PlistScan/value(_:_:)``): no ``PlistScan/Extra`` built per row.
extension ScanOutput {
  /// `!!! ` for a high priority, `!! ` medium, `! ` low (``ListOutput/priorityRank(_:)``).
  @inline(__always) static func putPriority(_ scan: PlistScan, _ e: PlistScan.Entry, _ out: inout OutBuffer) {
    let p = scan.value(e, scan.named.priority)
    guard p != PlistScan.none else { return }
    let rank = ListOutput.priorityRank(Int(p))
    for _ in 0..<rank { out.byte(33) }
    if rank > 0 { out.byte(32) }
  }

  /// Room the marks after the title may take: each tag's bytes at most three times over
  /// (``Title/displaySafe(_:)`` makes a byte U+FFFD) and its ` #`, the colours, ` ✎`, ` N%`.
  @inline(__always) static func marksRoom(_ scan: PlistScan, _ e: PlistScan.Entry) -> Int {
    64 + 5 * Int(scan.text(e, scan.named.tags)?.count ?? 0)
  }

  /// The marks after the title: tags (dimmed when `colour` and the row is not `dimmed` whole), note, progress.
  static func putFieldMarks(
    _ scan: PlistScan, _ e: PlistScan.Entry, colour: Bool, dimmed: Bool, _ out: inout OutBuffer
  ) {
    if let tags = scan.text(e, scan.named.tags) {
      if colour && !dimmed { out.put(ListOutput.dim) }
      scan.forEachText(in: tags) { t in
        out.byte(32)
        out.byte(35)  // " #"
        if t.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
          if let b = t.baseAddress { out.bytes(b, t.count) }
        } else {
          var safe = Title.displaySafe(String(decoding: t, as: UTF8.self))
          safe.withUTF8 { out.bytes($0.baseAddress!, $0.count) }
        }
      }
      if colour && !dimmed { out.put(ListOutput.reset) }
    }
    if scan.value(e, scan.named.note) != PlistScan.none { out.put(ListOutput.noteMark) }
    let progress = scan.value(e, scan.named.progress)
    if progress != PlistScan.none && e.isPending {
      out.byte(32)
      out.decimal(progress)
      out.byte(37)  // %
    }
  }
}
