import Foundation

// libFuzzer target for the data file reader (compiled into the TodoCore module
// by fuzz/run.sh): the lean reader with Foundation as fallback, strict and
// tolerant. Invariants: no crash, no memory error (built with AddressSanitizer),
// and whatever is read is written as XML that reads back equal, through the
// lean reader and through Foundation's parser.

/// Foundation's parser drops a U+FEFF at the start of a string (as if it were a
/// byte-order mark), even written as `&#xFEFF;`; the lean reader keeps it.
func foundationView(_ items: [TodoItem]) -> [TodoItem] {
  items.map { item in
    var i = item
    let kept = String(String.UnicodeScalarView(item.title.unicodeScalars.drop { $0 == "\u{FEFF}" }))
    i.title = kept.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? "(untitled)" : kept
    return i
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = Data(bytes: data, count: size)
  for tolerant in [false, true] {
    guard let doc = try? PlistCodec.decode(input, tolerant: tolerant) else { continue }
    let written = Data(PlistCodec.encode(doc.items))
    let again = try? PlistCodec.decode(written)
    precondition(again?.items == doc.items, "what was read does not read back equal after writing")
    let viaFoundation = try? PlistCodec.decodeWithFoundation(written, tolerant: true)
    precondition(
      viaFoundation.map { foundationView($0.items) } == foundationView(doc.items),
      "what was written does not read back equal through Foundation")
  }
  return 0
}
