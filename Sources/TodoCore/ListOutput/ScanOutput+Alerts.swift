import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// `list --json`'s alerts (issue 36) from the scan's texts, as the item's JSON writes them
// (``AlertJSON/array(_:_:to:)``: its keys in JSONEncoder's sorted order), without building an
// alert or a String: a whole VALARM's text goes out as `"ical"` from its bytes.
extension ScanOutput {
  /// The array of the alerts the scan took (texts each ended by a 0 byte, at `s` in `text`).
  static func putAlerts(
    _ text: UnsafeBufferPointer<UInt8>, _ s: PlistScan.Text, _ dates: inout ISODates, _ out: inout OutBuffer
  ) {
    let base = text.baseAddress!
    let end = Int(s.offset + s.count)
    var from = Int(s.offset)
    out.put("[\n")
    while from < end {
      let stop =
        memchr(base + from, 0, end - from).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? end
      let one = UnsafeBufferPointer(start: base + from, count: stop - from)
      let anchor = AlertBytes.anchor(one) ?? .other  // the scan took only those it reads
      // A whole VALARM (memcmp: the generic starts(with:) was 1.4% of `list --json` with alerts).
      let whole = one.count >= 12 && memcmp(base + from, "BEGIN:VALARM", 12) == 0
      out.put(from == Int(s.offset) ? "      {\n" : ",\n      {\n")
      var first = true
      func key(_ name: StaticString) {
        out.put(first ? "        \"" : ",\n        \"")
        out.put(name)
        out.put("\" : ")
        first = false
      }
      if whole, let action = AlertBytes.action(one), action != "DISPLAY" {
        key("action")
        var said: [UInt8] = []
        ItemJSON.string(action, &said)
        out.put(said)
      }
      if case .at(let d) = anchor {
        key("at")
        dates.put(Int64(d.timeIntervalSince1970.rounded(.down)), &out)
      }
      if whole {
        key("ical")
        out.json(text, PlistScan.Text(offset: UInt32(from), count: UInt32(stop - from)))
      }
      switch anchor {
      case .deadline(let o), .start(let o):
        key("offset")
        out.decimal(Int64(o))
      case .place:
        key("place")
        out.put("true")
      case .at, .other: break
      }
      if case .deadline = anchor {
        key("related")
        out.put("\"deadline\"")
      } else if case .start = anchor {
        key("related")
        out.put("\"start\"")
      }
      out.put(first ? "      }" : "\n      }")
      from = stop + 1
    }
    out.put("\n    ]")
  }
}
