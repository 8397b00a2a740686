import Foundation

extension UUID {
  static let upperHex: StaticString = "0123456789ABCDEF"

  /// Calls `body` with the canonical uppercase text, `XXXXXXXX-XXXX-…`, as
  /// `uuidString` spells it, built on the stack (`uuidString` formats with
  /// snprintf: a fifth of `complete` at 10,000 items went there).
  @inline(__always) func withCanonicalText<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes
    withUnsafeMutableBytes(of: &text) { t in
      withUnsafeBytes(of: uuid) { b in
        Self.upperHex.withUTF8Buffer { hex in
          var j = 0
          for k in 0..<16 {
            if k == 4 || k == 6 || k == 8 || k == 10 {
              t[j] = 45
              j += 1
            }
            t[j] = hex[Int(b[k] >> 4)]
            t[j + 1] = hex[Int(b[k] & 15)]
            j += 2
          }
        }
      }
    }
    return try withUnsafeBytes(of: &text) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<36])) }
  }

  /// Whether `uuidString` starts with `prefix` (compared as UTF-8 bytes, which
  /// for this ASCII text is what `String.hasPrefix` decides).
  public func hasCanonicalPrefix(_ prefix: String) -> Bool {
    var p = prefix
    return p.withUTF8 { key in
      key.count <= 36
        && withCanonicalText { text in memcmp(text.baseAddress!, key.baseAddress!, key.count) == 0 }
    }
  }
}
