import Foundation

/// The status file's text: a header line, then one line an item with its
/// fields separated by tabs, so that a sync with nothing to do reads 10,000
/// entries in a few milliseconds (`JSONDecoder` took 100 ms of a 300 ms
/// sync, `JSONSerialization` as long). In a field, `\\`, tab, line feed and
/// CR are written `\\\\`, `\\t`, `\\n`, `\\r`; `\\N` is an absent value.
///
///     todo-tui sync status 1<TAB>/home/me/.local/share/vdir/tasks
///     UID<TAB>href<TAB>etag<TAB>digest<TAB>title<TAB>deadline<TAB>completed<TAB>cancelled<TAB>repeat<TAB>warn<TAB>icalExtra
extension SyncStatus {
  static let magic = "todo-tui sync status"
  static let fieldCount = 11

  /// The file's bytes.
  func encoded() -> Data {
    var out = Self.magic + " \(version)\t" + Self.escape(vdir) + "\n"
    for uid in items.keys.sorted() {
      let e = items[uid]!
      let b = e.base
      let fields: [String?] = [
        uid, e.href, e.etag, e.digest, b.title, b.deadline.map(Self.seconds), b.completed.map(Self.seconds),
        b.cancelled ? "1" : "0", b.repeatRule, b.warn.map(String.init), b.icalExtra,
      ]
      out += fields.map { $0.map(Self.escape) ?? "\\N" }.joined(separator: "\t") + "\n"
    }
    return Data(out.utf8)
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
      guard raw.count == fieldCount else {
        throw Malformed(description: "line \(n + 2) has \(raw.count) fields, not \(fieldCount)")
      }
      let f = try raw.map { try unescape(Substring(decoding: $0, as: UTF8.self)) }
      guard let uid = f[0], let href = f[1], let etag = f[2], let digest = f[3], let title = f[4] else {
        throw Malformed(description: "line \(n + 2) lacks a UID, file, etag, digest or title")
      }
      func date(_ s: String?) throws -> Date? {
        guard let s else { return nil }
        guard let v = Double(s) else { throw Malformed(description: "line \(n + 2): “\(s)” is not a time") }
        return Date(timeIntervalSince1970: v)
      }
      var base = SyncFields(title: title)
      base.deadline = try date(f[5])
      base.completed = try date(f[6])
      base.cancelled = f[7] == "1"
      base.repeatRule = f[8]
      if let w = f[9] {
        guard let v = Int(w) else { throw Malformed(description: "line \(n + 2): “\(w)” is not a warning") }
        base.warn = v
      }
      base.icalExtra = f[10]
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

  static func escape(_ s: String) -> String {
    guard s.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return s }
    var out = ""
    out.reserveCapacity(s.utf8.count + 8)
    for c in s.unicodeScalars {
      switch c {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
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
