import Foundation

// libFuzzer target for the data file reader (compiled into the TodoCore module
// by fuzz/run.sh): the lean reader with Foundation as fallback, strict and
// tolerant. Invariants: no crash, no memory error (built with AddressSanitizer),
// and whatever is read is written as XML that reads back equal.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = Data(bytes: data, count: size)
  for tolerant in [false, true] {
    guard let doc = try? PlistCodec.decode(input, tolerant: tolerant) else { continue }
    let again = try? PlistCodec.decode(Data(PlistCodec.encode(doc.items)))
    precondition(again?.items == doc.items, "what was read does not read back equal after writing")
    precondition(
      (try? PlistCodec.decodeWithFoundation(Data(PlistCodec.encode(doc.items))))?.items == doc.items,
      "what was written does not read back equal through Foundation")
  }
  return 0
}
