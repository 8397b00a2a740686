import Foundation

extension PlistCodec {
  /// What must be refused before Foundation's parser sees the data: a binary
  /// plist it would crash on, and XML whose duplicate entries it would merge.
  static func checkBeforeFoundation(_ data: Data) throws {
    if data.starts(with: Array("bplist".utf8)) {
      try checkBinary(data)
    } else {
      try checkDuplicateKeys(data)
      try checkRepeatedKeys(data)
    }
  }

  /// Refuses a binary property list that Foundation's parser cannot be trusted
  /// with: on Linux, a set object (marker 0xC…, which plists may not hold) makes
  /// `PropertyListSerialization` crash while bridging it (found by fuzzing).
  /// Walks the trailer and offset table with bounds checks.
  static func checkBinary(_ data: Data) throws {
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

  /// XML that only Foundation reads (comments, CDATA…): two `<key>`s naming the
  /// same UUID, in any case, would become one item, and the next write would
  /// lose the other. The lean reader checks this itself.
  static func checkDuplicateKeys(_ data: Data) throws {
    let open = Array("<key>".utf8)
    let close = Array("</key>".utf8)
    var seen = Set<UUID>()
    try data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
      var i = 0
      while i + 47 <= b.count {
        guard b[i] == 60, open.indices.allSatisfy({ b[i + $0] == open[$0] }) else {
          i += 1
          continue
        }
        i += 5
        guard close.indices.allSatisfy({ b[i + 36 + $0] == close[$0] }),
          let u = UUID(uuidString: String(decoding: b[i..<(i + 36)], as: UTF8.self))
        else { continue }
        if !seen.insert(u).inserted {
          throw CodecError("UUID \(u.uuidString) appears twice in \(TodoDocument.itemsKey)")
        }
      }
    }
  }
}

extension PlistCodec {
  /// XML in which one dictionary holds a key twice (`todoItems` twice, a
  /// field twice in an entry): Foundation's parser keeps one silently, and the
  /// next write would lose the other, so such a file does not parse (SPEC 6).
  /// Walks the tags, skipping comments, CDATA and processing instructions.
  static func checkRepeatedKeys(_ data: Data) throws {
    try data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
      var stack: [Set<[UInt8]>?] = []  // nil: an array level
      var i = 0
      let n = b.count
      func starts(_ s: String, at k: Int) -> Bool {
        let u = Array(s.utf8)
        return k + u.count <= n && u.indices.allSatisfy { b[k + $0] == u[$0] }
      }
      func skip(past s: String) {
        let u = Array(s.utf8)
        while i + u.count <= n && !starts(s, at: i) { i += 1 }
        i = min(n, i + u.count)
      }
      while i < n {
        guard b[i] == 60 else {
          i += 1
          continue
        }
        if starts("<!--", at: i) {
          skip(past: "-->")
        } else if starts("<![CDATA[", at: i) {
          skip(past: "]]>")
        } else if starts("<?", at: i) || starts("<!", at: i) {
          skip(past: ">")
        } else if starts("<dict>", at: i) {
          stack.append([])
          i += 6
        } else if starts("<array>", at: i) {
          stack.append(nil)
          i += 7
        } else if starts("</dict>", at: i) || starts("</array>", at: i) {
          if !stack.isEmpty { stack.removeLast() }
          i += 1
        } else if starts("<key>", at: i) {
          i += 5
          let start = i
          while i < n && b[i] != 60 { i += 1 }
          let key = Array(b[start..<i])
          if let top = stack.last, var keys = top {
            if !keys.insert(key).inserted {
              let name = String(decoding: key.prefix(64), as: UTF8.self)
              throw CodecError("the key '\(name)' appears twice in one dictionary")
            }
            stack[stack.count - 1] = keys
          }
        } else {
          i += 1
        }
      }
    }
  }
}
