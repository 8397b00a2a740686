import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The header of a file with lists (SPEC 9): the writer's header with the
/// `todoLists` line before `todoItems`. The scan takes it when the lean reader
/// reads it and the writer writes it back byte for byte, so that `list`, the
/// badge and the notifier stay on their fast path in a file of several lists.
extension PlistScan {
  enum HeaderStep {
    case header(length: Int)
    case decline
    case more
  }

  static let itemsPart = Array("\t<key>\(TodoDocument.itemsKey)</key>\n\t<dict>\n".utf8)
  static let versionPart = Array(header[..<(header.count - itemsPart.count)])
  static let listsPart = Array("\t<key>\(TodoDocument.listsKey)</key>\n\t".utf8)

  /// The header with lists at `p[0..<n]`, its length; or decline (another
  /// header), or more (not all of it in `p` yet).
  static func listsHeader(_ p: UnsafePointer<UInt8>, _ n: Int) -> HeaderStep {
    let start = versionPart.count + listsPart.count
    guard n >= start else { return .more }
    guard memcmp(p, versionPart, versionPart.count) == 0,
      memcmp(p + versionPart.count, listsPart, listsPart.count) == 0
    else { return .decline }
    guard let nl = UnsafeBufferPointer(start: p + start, count: n - start).firstIndex(of: 10) else {
      return .more
    }
    let end = start + nl + 1 + itemsPart.count
    guard n >= end else { return .more }
    guard memcmp(p + start + nl + 1, itemsPart, itemsPart.count) == 0 else { return .decline }
    // Lists of plain names as the writer writes them need no reader (``plainLists(_:_:)``).
    if plainLists(p + start, nl) { return .header(length: end) }
    let head = Array(UnsafeBufferPointer(start: p, count: end))
    return vouched(head) ? .header(length: end) : .decline
  }

  /// Whether the `todoLists` value `p[0..<n]` (its line without the line feed) is one that
  /// ``vouched(_:)`` takes, by its bytes alone: what the writer writes for up to 64 lists whose
  /// id, name and colour are printable ASCII without `&`, `<`, `>` (nothing to escape), each
  /// dictionary's keys `color` (optional), `id`, `name` in that order, no id twice. Any other
  /// value is the reader's to judge (``vouched(_:)``: at 10,000 items it cost `list` 1.7 M
  /// instructions, most of them the run-time metadata of the reader's dictionaries of `Any`);
  /// `ListsScanTests` holds one to the other.
  static func plainLists(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    func literal(_ s: StaticString) -> Bool {
      let c = s.utf8CodeUnitCount
      guard n - i >= c, memcmp(p + i, s.utf8Start, c) == 0 else { return false }
      i += c
      return true
    }
    func value() -> Range<Int>? {
      guard literal("<string>") else { return nil }
      let from = i
      while i < n, p[i] >= 0x20, p[i] < 0x7F, p[i] != 38, p[i] != 60, p[i] != 62 { i += 1 }
      guard i > from, literal("</string>") else { return nil }
      return from..<i
    }
    guard literal("<array>") else { return false }
    var ids: [Range<Int>] = []
    repeat {
      guard ids.count < 64, literal("<dict>") else { return false }
      if literal("<key>color</key>") { guard value() != nil else { return false } }
      guard literal("<key>id</key>"), let id = value(), literal("<key>name</key>"), value() != nil,
        literal("</dict>")
      else { return false }
      for other in ids
      where other.count == id.count && memcmp(p + other.lowerBound, p + id.lowerBound, id.count) == 0 {
        return false
      }
      ids.append(id)
    } while !literal("</array>")
    return i == n
  }

  /// Whether the general reader reads `head` (and the footer) as no items and
  /// the lists alone, and the writer writes that back as `head`.
  static func vouched(_ head: [UInt8]) -> Bool {
    let file = head + tail
    guard let doc = try? LeanPlistReader.read(Data(file), tolerant: false), doc.items.isEmpty,
      doc.warnings.isEmpty, doc.otherRootKeys.keys.elementsEqual([TodoDocument.listsKeyText]),
      doc.listsProblem == nil
    else { return false }
    return PlistCodec.encode([], otherRootKeys: doc.otherRootKeys) == file
  }
}

// The list and the parent of an entry (SPEC 9) without a text each: most entries of a
// file with lists name one of a few lists, and a subtask made here names its parent by
// its UUID, so the scan keeps a list as a small number and such a parent as the UUID's
// two halves (at 10,000 items in 5 lists with 2,000 subtasks, their texts and ``Extra``s
// were a third more instructions than the same items in one list).
extension PlistScan {
  /// `<string>` + a UUID + `</string>`.
  static let uuidStringCount = 8 + 36 + 9
}

extension PlistScan.Scanner {
  /// The lists seen so far, as their `<string>…</string>` stands in the file: the same
  /// bytes are the same text (an entry's raw value decides what it reads as).
  struct ListTexts {
    struct Known {
      /// Bytes 8..<16 (just after `<string>`): most lists differ there, one word.
      var head: UInt64
      var start: Int
      var count: Int
    }
    var bytes: [UInt8] = []
    var known: [Known] = []

    var count: Int { known.count }

    mutating func add(_ raw: UnsafePointer<UInt8>, _ count: Int) {
      let head = count >= 16 ? UnsafeRawPointer(raw + 8).loadUnaligned(as: UInt64.self) : 0
      known.append(Known(head: head, start: bytes.count, count: count))
      bytes.append(contentsOf: UnsafeBufferPointer(start: raw, count: count))
    }

    /// The list (``PlistScan/Entry/list``: its number + 1) whose raw value starts `p[0..<n]`, and its length.
    @inline(__always) func match(_ p: UnsafePointer<UInt8>, _ n: Int) -> (UInt8, Int)? {
      let head = n >= 16 ? UnsafeRawPointer(p + 8).loadUnaligned(as: UInt64.self) : 0
      return bytes.withUnsafeBufferPointer { b in
        known.withUnsafeBufferPointer { known in
          for k in known.indices {
            let l = known[k]
            if (l.head == head || l.count < 16) && l.count <= n
              && PlistScan.same(p, b.baseAddress! + l.start, l.count)
            {
              return (UInt8(truncatingIfNeeded: k + 1), l.count)
            }
          }
          return nil
        }
      }
    }
  }

  /// The parent field's value at `p[j]` when it is `<string>UUID</string>`, the UUID in upper
  /// case (as we write a UID that is a UUID): its halves. nil: any other text (kept as text).
  @inline(__always) func parentUUID(_ p: UnsafePointer<UInt8>, _ j: Int, _ n: Int) -> (
    hi: UInt64, lo: UInt64
  )? {
    guard n - j >= PlistScan.uuidStringCount, memcmp(p + j, "<string>", 8) == 0,
      memcmp(p + j + 44, "</string>", 9) == 0
    else { return nil }
    return hex.withUnsafeBufferPointer { Self.uuid(p + j + 8, $0) }.map { (hi: $0.0, lo: $0.1) }
  }
}

extension PlistScan {
  /// What `list` shows of the rows' lists (SPEC 9): nothing when every entry is in one list;
  /// else each entry's "  [Name]", by its ``Entry/list`` number (0: the default list), as the
  /// general path writes it (a list id the file does not hold is the default list). Nil when
  /// the fast path cannot say (more lists than a number holds, a header it does not read).
  public func rowListNames(path: String) -> [[UInt8]]?? {
    guard !lists.isEmpty else { return .some(nil) }
    guard lists.count < 255, itemsStart > 0, let book = Self.listBook(path: path, length: itemsStart) else {
      return nil
    }
    let ids =
      [book.first.id]
      + lists.map { id in
        let s = string(id)
        return book.list(id: s) == nil ? book.first.id : s
      }
    var used = Set<String>()
    for e in entries {
      used.insert(ids[Int(e.list)])
      if used.count > 1 { break }
    }
    guard used.count > 1 else { return .some(nil) }
    return .some(ids.map { Array("  [\(Title.displaySafe(book.list(id: $0)?.name ?? $0))]".utf8) })
  }

  /// The lists of the file's header (its first `length` bytes, which end before the items).
  static func listBook(path: String, length: Int) -> ListBook? {
    guard let fh = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? fh.close() }
    guard let head = try? fh.read(upToCount: length), head.count == length else { return nil }
    let key = Array("<key>\(TodoDocument.listsKey)</key>".utf8)
    guard let at = head.firstRange(of: key) else { return nil }
    var i = at.upperBound
    while i < head.endIndex, head[i] == 10 || head[i] == 9 { i += 1 }
    guard let nl = head[i...].firstIndex(of: 10) else { return nil }
    return try? ListBook(xml: String(decoding: head[i..<nl], as: UTF8.self))
  }
}
