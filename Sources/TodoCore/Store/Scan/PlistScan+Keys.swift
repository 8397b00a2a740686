import Foundation

// The keys an entry of ``PlistScan`` may hold after its title, and how the scan
// tells which one stands at a place of the file.
extension PlistScan {
  /// A key an entry may hold after its title (``ItemField/stored``, in the
  /// writer's order), as it stands in the file: `<key>NAME</key>`.
  struct Key: @unchecked Sendable {
    /// Its number in ``ItemField/all``.
    var field: Int
    var kind: ItemField.Kind
    /// Its value is kept (``PlistScan/keeps(_:)``), not only checked.
    var kept: Bool
    /// A row of `list` shows a mark for it (SPEC 8: note, priority, tags, progress).
    var marksRow: Bool
    /// Its bytes (kept for the life of the program: plain values, no reference counting in the scan).
    var text: UnsafePointer<UInt8>
    var count: Int
    /// The first eight bytes, as one word: most tries of a key fail there.
    var word: UInt64
  }

  /// The keys after the title, in the writer's order, made from the field table.
  static let keys: [Key] = (ItemField.title.index + 1..<ItemField.all.count).map { k in
    let text = Array("<key>".utf8) + Array(ItemField.all[k].keyBytes) + Array("</key>".utf8)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
    bytes.initialize(from: text, count: text.count)
    let word = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
    let f = ItemField.all[k]
    return Key(
      field: k, kind: f.kind, kept: PlistScan.keeps(f), marksRow: rowMarkFields.contains(k),
      text: UnsafePointer(bytes), count: text.count, word: word)
  }
  /// The fields a row of `list` shows a mark for (``ListOutput``'s `appendPriority` and `appendFieldMarks`).
  /// (An array: a `Set<Int>`'s metadata, made at run time, cost every `list` 0.35 M instructions.)
  static let rowMarkFields: [Int] = [
    ItemField.note.index, ItemField.priority.index, ItemField.tags.index, ItemField.progress.index,
  ]
  /// The longest key: a valid entry has at least that many bytes after any key's start.
  static let longestKey = keys.map(\.count).max()!

  /// The first of ``keys`` with each first eight bytes (``Key/word``), in a table of 64 slots
  /// by a hash of the word (-1: free); nil when keys that share a word do not stand next to each
  /// other (``key(at:from:_:_:)`` then tries them all, as it did before this table).
  static let firstOfWord: [(word: UInt64, key: Int)]? = {
    var table = [(word: UInt64, key: Int)](repeating: (0, -1), count: 64)
    for (k, key) in keys.enumerated() where k == 0 || keys[k - 1].word != key.word {
      guard !keys[..<k].contains(where: { $0.word == key.word }) else { return nil }
      var h = slot(key.word)
      while table[h].key >= 0 { h = (h + 1) & 63 }
      table[h] = (key.word, k)
    }
    return table
  }()

  @inline(__always) static func slot(_ word: UInt64) -> Int {
    Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// The number of the key of `keys` (``keys``) that stands at `q`, at `from` or after it (the writer's
  /// order, none twice); nil: none does. `q` has at least ``longestKey`` bytes.
  static func key(
    at q: UnsafePointer<UInt8>, from: Int, _ keys: [Key], _ firstOfWord: [(word: UInt64, key: Int)]?
  ) -> Int? {
    let word = UnsafeRawPointer(q).loadUnaligned(as: UInt64.self)
    var k = from
    if let table = firstOfWord {
      // Most keys of an entry with lists and subtasks stood after a dozen tries of the loop below.
      var h = slot(word)
      while true {
        let s = table[h]
        guard s.key >= 0 else { return nil }
        if s.word == word {
          k = max(k, s.key)
          break
        }
        h = (h + 1) & 63
      }
    }
    while k < keys.count {
      let t = keys[k]
      if t.word == word {
        if same(q + 8, t.text + 8, t.count - 8) { return k }
      } else if firstOfWord != nil {
        return nil  // past the keys of this word
      }
      k += 1
    }
    return nil
  }

  /// Whether `a[0..<n]` and `b[0..<n]` are the same bytes (eight at a time, the last eight
  /// overlapping the ones before: no call, no loop of bytes, for the short texts of keys and lists).
  @inline(__always) static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    @inline(__always) func word(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt64 {
      UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
    }
    guard n >= 8 else {
      @inline(__always) func half(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt32 {
        UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self)
      }
      // Four bytes twice (`list</key>` after `<key>`: seven).
      if n >= 4 { return half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4) }
      for i in 0..<n where a[i] != b[i] { return false }
      return true
    }
    var i = 0
    while n - i > 8 {
      guard word(a, i) == word(b, i) else { return false }
      i += 8
    }
    return word(a, n - 8) == word(b, n - 8)
  }
}
