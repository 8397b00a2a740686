import Foundation

// The entries of ``PlistScan`` by UUID (the table the scan builds to refuse a UUID
// twice, kept), and a UUID as the writer writes it: what `list` needs to find a
// subtask's parent (``ScanOutput/tree(_:shown:)``) without building a string.
extension PlistScan {
  /// The table's hash of a UUID: its high 32 bits pick the slot, its low 32 are the fingerprint.
  /// Mixed: UUIDs need not be random (a test's counter, a derived one).
  @inline(__always) static func mixed(_ hi: UInt64, _ lo: UInt64) -> UInt64 {
    ((hi &* 0x9E37_79B9_7F4A_7C15) ^ lo) &* 0xBF58_476D_1CE4_E5B9
  }

  /// The number of the entry of this UUID (``Entry/hi``, ``Entry/lo``), if there is one.
  public func index(of hi: UInt64, _ lo: UInt64) -> Int? {
    guard !slots.isEmpty else { return entries.firstIndex { $0.hi == hi && $0.lo == lo } }
    let mask = slots.count - 1
    let mixed = Self.mixed(hi, lo)
    var h = Int(truncatingIfNeeded: mixed >> 32) & mask
    let print = mixed << 32
    return slots.withUnsafeBufferPointer { table in
      entries.withUnsafeBufferPointer { entries in
        while true {
          let s = table[h]
          if s == 0 { return nil }
          if s & 0xFFFF_FFFF_0000_0000 == print {
            let e = Int(s & 0xFFFF_FFFF) - 1
            if entries[e].hi == hi && entries[e].lo == lo { return e }
          }
          h = (h + 1) & mask
        }
      }
    }
  }

  /// The 36 bytes of a UUID as the writer writes it (uppercase), to `body`.
  @inline(__always) static func withUUIDText<R>(
    _ hi: UInt64, _ lo: UInt64, _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    var t: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &t) { raw in
      let b = raw.bindMemory(to: UInt8.self)
      var at = 0
      for i in 0..<32 {
        if i == 8 || i == 12 || i == 16 || i == 20 {
          b[at] = 45  // -
          at += 1
        }
        b[at] = upperHex[Int(((i < 16 ? hi : lo) >> UInt64(60 - 4 * (i % 16))) & 15)]
        at += 1
      }
      return body(UnsafeBufferPointer(rebasing: b[0..<36]))
    }
  }
  static let upperHex = Array("0123456789ABCDEF".utf8)

  /// A UUID as the writer writes it (``Foundation/UUID/uuidString``).
  static func uuidText(_ hi: UInt64, _ lo: UInt64) -> String {
    withUUIDText(hi, lo) { String(decoding: $0, as: UTF8.self) }
  }
}
