import Foundation

extension PlistCodec {
  /// Refuses a binary property list that Foundation's parser cannot be trusted
  /// with: on Linux, a set object (marker 0xC…, which plists may not hold) makes
  /// `PropertyListSerialization` crash while bridging it (found by fuzzing).
  /// Walks the trailer and offset table with bounds checks; XML passes untouched.
  static func checkBinary(_ data: Data) throws {
    guard data.starts(with: Array("bplist".utf8)) else { return }
    try data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
      let n = b.count
      guard n >= 40 else { throw CodecError("the binary property list is truncated") }
      func int(_ at: Int, _ size: Int) -> Int {
        var v = 0
        for k in 0..<size { v = v << 8 | Int(b[at + k]) }
        return v
      }
      let offsetSize = Int(b[n - 26])
      let count = int(n - 24, 8)
      let table = int(n - 8, 8)
      guard (1...8).contains(offsetSize), count >= 1, count < n, table >= 8, table < n - 32,
        (n - 32 - table) / offsetSize >= count
      else { throw CodecError("the binary property list's trailer is damaged") }
      for i in 0..<count {
        let at = int(table + i * offsetSize, offsetSize)
        guard at >= 8, at < table else {
          throw CodecError("the binary property list's offset table is damaged")
        }
        let kind = b[at] >> 4
        if kind == 0xB || kind == 0xC {
          throw CodecError("the binary property list holds a set, which a property list may not")
        }
      }
    }
  }
}
