import Foundation

/// A look at the start of a JSON document without parsing all of it.
enum JSONSniff {
  /// The first object of `data` (an array of objects, or one object a line),
  /// parsed by `JSONSerialization`: the bytes from the first `{` to the `}`
  /// that closes it (strings and their escapes skipped). Nil when there is
  /// no such object, or it is not one.
  static func firstObject(of data: Data) -> [String: Any]? {
    data.withUnsafeBytes { (b: UnsafeRawBufferPointer) -> [String: Any]? in
      guard let start = b.firstIndex(of: UInt8(ascii: "{")) else { return nil }
      var depth = 0
      var inString = false
      var escaped = false
      var i = start
      while i < b.count {
        let c = b[i]
        if inString {
          if escaped {
            escaped = false
          } else if c == UInt8(ascii: "\\") {
            escaped = true
          } else if c == UInt8(ascii: "\"") {
            inString = false
          }
        } else if c == UInt8(ascii: "\"") {
          inString = true
        } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
          depth += 1
        } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 {
            let object = Data(b[start...i])
            return (try? JSONSerialization.jsonObject(with: object)) as? [String: Any]
          }
        }
        i += 1
      }
      return nil
    }
  }
}
