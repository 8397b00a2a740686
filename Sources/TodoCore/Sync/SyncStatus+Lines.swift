import Foundation

/// The status file's text: a header line, then one line an item with its
/// fields separated by tabs, so that a sync with nothing to do reads 10,000
/// entries in a few milliseconds (`JSONDecoder` took 100 ms of a 300 ms
/// sync, `JSONSerialization` as long). In a field, `\\`, tab, line feed and
/// CR are written `\\\\`, `\\t`, `\\n`, `\\r`; `\\N` is an absent value.
///
///     todo-tui sync status 1<TAB>/home/me/.local/share/vdir/tasks
///     UID<TAB>href<TAB>etag<TAB>digest<TAB>title<TAB>deadline<TAB>completed<TAB>cancelled<TAB>repeat<TAB>warn<TAB>icalExtra[<TAB>…]
///
/// The columns after the digest are the synced fields (``ItemField/synced``):
/// those of the first version in their first order, then any other in the
/// order of the field table (a line of an older status lacks those: absent).
/// A date is seconds since 1970, a flag `1` or `0`, a list of texts a JSON array.
extension SyncStatus {
  static let magic = "todo-tui sync status"
  /// The synced fields in their columns' order.
  static let columns: [ItemField] = {
    let first = ItemField.firstStatusColumns
    let rest = ItemField.all.indices.filter { ItemField.all[$0].synced && !first.contains($0) }
    return (first + rest).map { ItemField.all[$0] }
  }()
  /// The columns every line has: UID, href, etag, digest and the fields of the first version.
  static let leastFieldCount = 11
  static var fieldCount: Int { 4 + columns.count }

  /// The file's bytes.
  /// Appended as bytes, line by line (no array of texts an item: 100,000 lines are written in a first sync);
  /// many lines in two halves, the second on another thread.
  /// `lines`: the lines of every entry, in the order of their UIDs, made already
  /// (``appendLine(_:_:to:)``, by a first sync as its files are made).
  func encoded(lines: [UInt8]? = nil) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(64 + (lines?.count ?? items.count * 160))
    out += (Self.magic + " \(version)\t").utf8
    Self.appendEscaped(vdir, to: &out)
    out.append(0x0A)
    if let lines {
      out += lines
      return Data(out)
    }
    let uids = items.keys.sorted()  // the keys sorted, not the entries (large): the same order
    guard uids.count >= 20_000 else {
      appendLines(uids[...], to: &out)
      return Data(out)
    }
    final class Half: @unchecked Sendable { var bytes: [UInt8] = [] }
    let half = Half()
    let mid = uids.count / 2
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      half.bytes.reserveCapacity((uids.count - mid) * 160)
      appendLines(uids[mid...], to: &half.bytes)
    }
    appendLines(uids[..<mid], to: &out)
    group.wait()
    out += half.bytes
    return Data(out)
  }

  /// The lines of the entries of `uids`, in their order.
  private func appendLines(_ uids: ArraySlice<String>, to out: inout [UInt8]) {
    for uid in uids { Self.appendLine(uid, items[uid]!, to: &out) }
  }

  /// The line of the entry `e` of `uid`.
  static func appendLine(_ uid: String, _ e: SyncEntry, to out: inout [UInt8]) {
    for s in [uid, e.href, e.etag, e.digest] {
      appendEscaped(s, to: &out)
      out.append(0x09)
    }
    for (k, f) in columns.enumerated() {
      if k > 0 { out.append(0x09) }
      if let s = column(e.base[f]) { appendEscaped(s, to: &out) } else { out += [0x5C, 0x4E] }
    }
    out.append(0x0A)
  }

  /// `s` with `\\`, tab, line feed and CR escaped, appended to `out`.
  static func appendEscaped(_ s: String, to out: inout [UInt8]) {
    var s = s
    if s.withUTF8({ u in !u.contains { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }) {
      out += s.utf8  // nothing to escape (the common case): copied at once
      return
    }
    for b in s.utf8 {
      switch b {
      case 0x5C: out += [0x5C, 0x5C]
      case 0x09: out += [0x5C, 0x74]
      case 0x0A: out += [0x5C, 0x6E]
      case 0x0D: out += [0x5C, 0x72]
      default: out.append(b)
      }
    }
  }

  /// A field's column text, nil when absent (a flag: `0`).
  static func column(_ v: FieldValue) -> String? {
    switch v {
    case .absent: return nil
    case .text(let s): return s
    case .integer(let n): return String(n)
    case .date(let d): return seconds(d)
    case .flag: return "1"
    case .texts(let a): return String(decoding: try! JSONSerialization.data(withJSONObject: a), as: UTF8.self)
    case .uuid(let u): return u.uuidString
    }
  }

  /// The value of a column of field `f`.
  static func value(_ s: String?, of f: ItemField, line: Int) throws -> FieldValue {
    if f.kind == .flag { return FieldValue(s == "1") }
    guard let s else { return .absent }
    func bad() -> Malformed { Malformed(description: "line \(line): “\(s)” is not a valid \(f.name)") }
    switch f.kind {
    case .text, .lines: return .text(s)
    case .integer:
      guard let v = Int(s) else { throw bad() }
      return .integer(v)
    case .date:
      guard let v = Double(s) else { throw Malformed(description: "line \(line): “\(s)” is not a time") }
      return .date(Date(timeIntervalSince1970: v))
    case .texts:
      guard let a = (try? JSONSerialization.jsonObject(with: Data(s.utf8))) as? [String] else { throw bad() }
      return .texts(a)
    case .uuid:
      guard let u = UUID(uuidString: s) else { throw bad() }
      return .uuid(u)
    case .flag: return .absent
    }
  }

  /// The status in `data`, as ``encoded()`` writes it.
  static func decode(_ data: Data) throws -> SyncStatus {
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard let head = lines.first.map({ String(decoding: $0, as: UTF8.self) }), head.hasPrefix(magic + " "),
      let tab = head.firstIndex(of: "\t"),
      let version = Int(head[head.index(head.startIndex, offsetBy: magic.count + 1)..<tab])
    else { throw Malformed(description: "the first line is not “\(magic) N<TAB>vdir”") }
    var out = SyncStatus(version: version, vdir: try unescape(Substring(head[head.index(after: tab)...]))!)
    guard version == 1 else { return out }
    out.items.reserveCapacity(lines.count - 1)
    for (n, line) in lines.dropFirst().enumerated() {
      let raw = line.split(separator: 0x09, omittingEmptySubsequences: false)
      guard raw.count >= leastFieldCount, raw.count <= fieldCount else {
        throw Malformed(description: "line \(n + 2) has \(raw.count) fields, not \(fieldCount)")
      }
      let f = try raw.map { try unescape(Substring(decoding: $0, as: UTF8.self)) }
      guard let uid = f[0], let href = f[1], let etag = f[2], let digest = f[3], f[4] != nil else {
        throw Malformed(description: "line \(n + 2) lacks a UID, file, etag, digest or title")
      }
      var base = SyncFields(title: "")
      // A line of an older status lacks the later columns: absent, as the blank base has them
      // (not set: the alerts an older `warn` column gave stay).
      for (k, field) in columns.enumerated() where 4 + k < f.count {
        base[field] = try value(f[4 + k], of: field, line: n + 2)
      }
      out.items[uid] = SyncEntry(href: href, etag: etag, digest: digest, base: base)
    }
    return out
  }

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// Seconds since 1970, as the shortest text that reads back the same.
  static func seconds(_ d: Date) -> String {
    let t = d.timeIntervalSince1970
    return t == t.rounded() && abs(t) < 1e15 ? String(Int64(t)) : String(t)
  }

  /// The field's value; nil for `\N`.
  static func unescape(_ s: Substring) throws -> String? {
    guard s.utf8.contains(0x5C) else { return String(s) }
    if s == "\\N" { return nil }
    var out = ""
    var esc = false
    for c in s.unicodeScalars {
      if esc {
        switch c {
        case "\\": out += "\\"
        case "t": out += "\t"
        case "n": out += "\n"
        case "r": out += "\r"
        default: throw Malformed(description: "an unknown escape \\\(c)")
        }
        esc = false
      } else if c == "\\" {
        esc = true
      } else {
        out.unicodeScalars.append(c)
      }
    }
    if esc { throw Malformed(description: "a field ends in a lone backslash") }
    return out
  }
}
