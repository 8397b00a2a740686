import Foundation

// The lists (SPEC 9) in the lean reader: the `todoLists` root key, an array
// of dictionaries of strings, read without Foundation (whose parser, asked for
// a root key's value, cost `list` 13 ms a run at 10,000 items); anything else
// there is Foundation's, as any root key (``keptValue()``).
extension LeanPlistReader {
  /// The dictionaries of an array of dictionaries of strings, as XML text (the
  /// canonical text both readers keep, ``PlistFragment/xml(of:)``); nil when it is not one.
  static func stringDicts(_ xml: String) -> [Any]? {
    var text = xml
    return text.withUTF8 { b -> [Any]? in
      guard let base = b.baseAddress else { return nil }
      var c = Cursor(p: base, end: b.count)
      guard let out = try? c.stringDicts() else { return nil }
      c.skipSpace()
      return c.i == c.end ? out : nil
    }
  }
}

extension LeanPlistReader.Cursor {
  /// The value of `todoLists` as the canonical XML both readers keep.
  mutating func listsValue() throws -> String {
    let start = i
    do {
      return try PlistFragment.xml(of: try stringDicts())
    } catch is LeanPlistReader.Unsupported {
      i = start
      return try keptValue()
    }
  }

  /// `<array>` of `<dict>`s whose values are `<string>`s; throws ``LeanPlistReader/Unsupported`` for anything else.
  mutating func stringDicts() throws -> [Any] {
    if starts("<array/>") {
      i += 8
      return []
    }
    try expect("<array>")
    var out: [Any] = []
    while true {
      skipSpace()
      if starts("</array>") {
        i += 8
        return out
      }
      var d: [String: Any] = [:]
      if starts("<dict/>") {
        i += 7
      } else {
        try expect("<dict>")
        while true {
          skipSpace()
          if starts("</dict>") {
            i += 7
            break
          }
          let k = try keyText()
          skipSpace()
          guard d[k] == nil else { throw LeanPlistReader.Unsupported() }  // Foundation's to judge
          d[k] = try string()
        }
      }
      out.append(d)
    }
  }
}
