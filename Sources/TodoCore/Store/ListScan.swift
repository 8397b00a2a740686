import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What `list` shows of one entry, as ``ListScan`` reads it. `title` is the
/// unescaped UTF-8, valid only during the call.
public struct ListRow {
  public var id: UUID
  public var deadline: Date?
  public var completed: Bool
  public var cancelled: Bool
  public var title: UnsafeBufferPointer<UInt8>

  public var isPending: Bool { !completed && !cancelled }

  public func isOverdue(at now: Date) -> Bool {
    guard isPending, let d = deadline else { return false }
    return d <= now
  }
}

/// The reader of `list`: the entries of a file exactly as our writer lays it
/// out (one entry a line, items by deadline), read in pieces and handed over
/// one at a time, without building items. At 10,000 items the general reader
/// built 10,000 items of 250 bytes with their strings only for `list` to print
/// four fields of each; this reads the same file in a fifth of the time and
/// holds no items (at 100,000 items, 25 MB less).
///
/// It takes only what it can vouch for, as the general reader would read it:
/// the writer's header, format 1, no other root keys; in each entry the key
/// and UUID field the same UUID, a clean title, dates of the writer's form in
/// range, only the keys `list` needs or can skip (in the writer's order, none
/// twice), each UUID once, entries in deadline order. Anything else — a hand
/// edit, a tutorial file, an unknown key, a repeat rule — makes ``scan`` return
/// false, and the caller reads the file the general way (and so shows the
/// same items, errors and warnings as before). `ListScanTests` holds it to
/// Foundation's parser on random and mutated files.
public enum ListScan {
  static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>formatVersion</key>
    \t<integer>1</integer>
    \t<key>todoItems</key>
    \t<dict>

    """.utf8)
  static let tail = Array("\t</dict>\n</dict>\n</plist>\n".utf8)

  /// Calls `row` for each entry of the store's file, in the file's order.
  /// False when the file is not one this reader takes (some rows may have been
  /// handed over by then: the caller discards them). No file: true, no rows.
  /// Errors are the store's (not a regular file, unreadable).
  public static func scan(_ store: Store, _ row: (ListRow) -> Void) throws -> Bool {
    let real = try store.resolvedPath()
    return try store.withOpenFile(real) { fd, size in
      guard let fd = fd else { return true }
      return scan(fd: fd, size: size, row)
    }
  }

  /// The file at `fd` in pieces of 1 MiB (a longer line grows the buffer).
  static func scan(fd: Int32, size: Int, _ row: (ListRow) -> Void) -> Bool {
    var s = Scanner()
    var buf = [UInt8](repeating: 0, count: min(max(size, 4096), 1 << 20) + 1)
    var have = 0
    var total = 0
    while true {
      if have == buf.count { buf.append(contentsOf: repeatElement(0, count: buf.count)) }
      let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress! + have, $0.count - have) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return false }
      total += n
      if total > size { return false }  // it grew while read: the general reader decides
      let got = have + n
      // The whole lines, each handed to the scanner; `start` is where the unfinished one begins.
      let (ok, start) = buf.withUnsafeBufferPointer { b -> (Bool, Int) in
        var start = 0
        while let nl = memchr(b.baseAddress! + start, 10, got - start) {
          let end = b.baseAddress!.distance(to: nl.assumingMemoryBound(to: UInt8.self))
          guard s.line(UnsafeBufferPointer(rebasing: b[start..<end]), row) else { return (false, start) }
          start = end + 1
        }
        return (true, start)
      }
      if !ok { return false }
      if n == 0 { return start == got && s.finished }
      if start > 0 {
        buf.withUnsafeMutableBytes { _ = memmove($0.baseAddress!, $0.baseAddress! + start, got - start) }
      }
      have = got - start
    }
  }

  struct Scanner {
    var lineNo = 0
    var tailLine = 0
    var seen = Set<UUID>()
    var last: (deadline: Date, id: UUID)? = nil
    var title: [UInt8] = []

    var finished: Bool { tailLine == 3 }

    static let headerLines: [[UInt8]] = ListScan.header.split(separator: 10, omittingEmptySubsequences: false)
      .dropLast().map(Array.init)
    static let tailLines: [[UInt8]] = ListScan.tail.split(separator: 10, omittingEmptySubsequences: false)
      .dropLast().map(Array.init)

    mutating func line(_ l: UnsafeBufferPointer<UInt8>, _ row: (ListRow) -> Void) -> Bool {
      defer { lineNo += 1 }
      if lineNo < Self.headerLines.count { return l.elementsEqual(Self.headerLines[lineNo]) }
      if tailLine > 0 || !l.starts(with: [9, 9]) {
        guard tailLine < 3, l.elementsEqual(Self.tailLines[tailLine]) else { return false }
        tailLine += 1
        return true
      }
      return entry(l, row)
    }

    /// `\t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string>…`
    mutating func entry(_ l: UnsafeBufferPointer<UInt8>, _ row: (ListRow) -> Void) -> Bool {
      let p = l.baseAddress!
      let n = l.count
      guard n > 147, memcmp(p, "\t\t<key>", 7) == 0,
        memcmp(p + 43, "</key><dict><key>UUID</key><string>", 35) == 0,
        memcmp(p + 7, p + 78, 36) == 0, memcmp(p + 114, "</string><key>title</key><string>", 33) == 0,
        let id = LeanPlistReader.Cursor.parseUUID(p + 7), seen.insert(id).inserted
      else { return false }
      // The title, unescaped: the writer escapes & < > and nothing else.
      var i = 147
      title.removeAll(keepingCapacity: true)
      var ascii = true
      while i < n && p[i] != 60 {
        let b = p[i]
        if b == 38 {
          if i + 5 <= n && memcmp(p + i, "&amp;", 5) == 0 {
            title.append(38)
            i += 5
          } else if i + 4 <= n && memcmp(p + i, "&lt;", 4) == 0 {
            title.append(60)
            i += 4
          } else if i + 4 <= n && memcmp(p + i, "&gt;", 4) == 0 {
            title.append(62)
            i += 4
          } else {
            return false
          }
          continue
        }
        if b < 0x20 || b == 0x7F { return false }
        if b >= 0x80 { ascii = false }
        title.append(b)
        i += 1
      }
      guard i + 9 <= n, memcmp(p + i, "</string>", 9) == 0, cleanTitle(ascii: ascii) else { return false }
      i += 9
      // The other keys, in the writer's order, none twice.
      var deadline: Date? = nil
      var created = false
      var completed = false
      var cancelled = false
      var order = 0
      while true {
        if i + 7 == n && memcmp(p + i, "</dict>", 7) == 0 { break }
        guard let (k, after) = Self.key(p, i, n), k > order else { return false }
        order = k
        i = after
        if k == Self.cancelledKey {
          guard i + 7 <= n, memcmp(p + i, "<true/>", 7) == 0 else { return false }
          cancelled = true
          i += 7
          continue
        }
        guard let d = Self.date(p, i, n) else { return false }
        i += 33
        switch k {
        case 1: deadline = d
        case 2: created = true
        case 4: completed = true
        default: break
        }
      }
      guard created else { return false }
      // Deadline order as the general reader sorts (someday last), ties by UUID.
      let sortKey = deadline ?? .distantFuture
      if let (ld, lid) = last, !(ld < sortKey || (ld == sortKey && lid.isOrderedBefore(id))) { return false }
      last = (sortKey, id)
      title.withUnsafeBufferPointer {
        row(ListRow(id: id, deadline: deadline, completed: completed, cancelled: cancelled, title: $0))
      }
      return true
    }

    /// What `Title.isClean` says of the title (a long title, or a blank one, goes the general way).
    func cleanTitle(ascii: Bool) -> Bool {
      guard !title.isEmpty, title.count <= Title.maxLength, title.contains(where: { $0 != 32 }) else {
        return false
      }
      if ascii { return true }
      return title.withUnsafeBufferPointer { b in
        guard let s = String(validating: b, as: UTF8.self) else { return false }
        return Title.isClean(s)
      }
    }

    static let keys: [[UInt8]] = [
      "deadline", "created", "modified", "completed", "reminder", "cancelled", "notifiedDeadline",
      "notifiedReminder", "notifiedWarning",
    ].map { Array("<key>\($0)</key>".utf8) }
    static let cancelledKey = 6

    /// The key at `i` (its rank in the writer's order, from 1) and where its value starts.
    static func key(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Int, Int)? {
      for (k, key) in keys.enumerated() where i + key.count <= n && memcmp(p + i, key, key.count) == 0 {
        return (k + 1, i + key.count)
      }
      return nil
    }

    /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>` (33 bytes), as the lean reader takes it.
    static func date(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Date? {
      guard i + 33 <= n, memcmp(p + i, "<date>", 6) == 0, memcmp(p + i + 26, "</date>", 7) == 0 else {
        return nil
      }
      let q = p + i + 6
      guard q[4] == 45, q[7] == 45, q[10] == 84, q[13] == 58, q[16] == 58, q[19] == 90 else { return nil }
      for k in 0..<19 where k != 4 && k != 7 && k != 10 && k != 13 && k != 16 && q[k] &- 48 > 9 { return nil }
      @inline(__always) func num(_ at: Int, _ len: Int) -> Int {
        var v = 0
        for k in at..<(at + len) { v = v * 10 + Int(q[k] &- 48) }
        return v
      }
      let y = num(0, 4)
      let mo = num(5, 2)
      let d = num(8, 2)
      let h = num(11, 2)
      let mi = num(14, 2)
      let s = num(17, 2)
      guard y >= 1, (1...12).contains(mo), d >= 1, d <= PlistCodec.daysInMonth(y, mo), h < 24, mi < 60, s < 60
      else { return nil }
      let t = TimeInterval(PlistCodec.days(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
      guard RawItem.validRange ~= t else { return nil }
      return Date(timeIntervalSince1970: t)
    }
  }
}
