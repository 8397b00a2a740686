import Foundation

/// RFC 5545 3.1: property and parameter names are case-insensitive. libical
/// 3.0 reads lowercase standard names but not lowercase `x-` names (the
/// property becomes an error) or `x-` parameter names (dropped), so names are
/// put in upper case before libical reads the text. Values are left alone.
enum ICalNames {
  /// Upper-cases, in place, the name and parameter names at the start of each
  /// content line (continuation lines, which start with a space or tab, are values).
  static func uppercase(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBufferPointer { b in
      guard let base = b.baseAddress else { return }
      let n = b.count
      var i = 0
      while i < n {
        // At the start of a line.
        if b[i] != 0x20 && b[i] != 0x09 {
          var inName = true
          var quoted = false
          while i < n && b[i] != 0x0A {
            let c = b[i]
            if quoted {
              if c == 0x22 { quoted = false }
            } else if c == 0x22 {
              quoted = true
            } else if c == 0x3A {  // ':' ends the name and parameters
              break
            } else if c == 0x3B {  // ';' starts a parameter name
              inName = true
            } else if c == 0x3D {  // '=' starts its value
              inName = false
            } else if inName && c >= 0x61 && c <= 0x7A {
              b[i] = c - 0x20
            }
            i += 1
          }
        }
        // The rest of the line is its value.
        guard i < n, let lf = memchr(base + i, 0x0A, n - i) else { return }
        i = UnsafeRawPointer(lf) - UnsafeRawPointer(base) + 1
      }
    }
  }
}
