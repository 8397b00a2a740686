import Foundation

/// iCalendar (RFC 5545) VTODOs: UID, SUMMARY, DUE, CREATED, COMPLETED.
public enum ICalendar {
  /// All items as one VCALENDAR, times in UTC.
  public static func export(_ items: [TodoItem], now: Date) -> String {
    var s = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//EN\r\n"
    for i in items {
      s += "BEGIN:VTODO\r\n"
      s += "UID:\(i.id.uuidString)\r\n"
      s += "DTSTAMP:\(stamp(now))\r\n"
      s += "CREATED:\(stamp(i.created))\r\n"
      s += fold("SUMMARY:" + escape(i.title))
      if let d = i.deadline { s += "DUE:\(stamp(d))\r\n" }
      if let c = i.completed {
        s += "STATUS:COMPLETED\r\nCOMPLETED:\(stamp(c))\r\n"
      } else {
        s += "STATUS:NEEDS-ACTION\r\n"
      }
      s += "END:VTODO\r\n"
    }
    return s + "END:VCALENDAR\r\n"
  }

  /// The VTODOs of a calendar file; entries without UID or DUE are skipped with a warning.
  public static func decode(_ data: Data) throws -> TodoDocument {
    let text = String(decoding: data, as: UTF8.self)
    // Unfold continuation lines.
    let unfolded = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
    var items: [TodoItem] = []
    var warnings: [String] = []
    var fields: [String: String]? = nil
    for line in unfolded.split(separator: "\n") {
      if line == "BEGIN:VTODO" {
        fields = [:]
        continue
      }
      if line == "END:VTODO" {
        if let f = fields { append(f, to: &items, warnings: &warnings) }
        fields = nil
        continue
      }
      guard fields != nil, let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].split(separator: ";").first.map { String($0).uppercased() } ?? ""
      fields![name] = String(line[line.index(after: colon)...])
    }
    return TodoDocument(formatVersion: TodoDocument.currentVersion, items: items, warnings: warnings)
  }

  static func append(_ f: [String: String], to items: inout [TodoItem], warnings: inout [String]) {
    guard let uid = f["UID"], let dueText = f["DUE"], let due = parseStamp(dueText) else {
      warnings.append("a VTODO without UID or a readable DUE was skipped")
      return
    }
    let id = UUID(uuidString: uid) ?? UUID.derived(from: uid)
    let title = Title.sanitize(unescape(f["SUMMARY"] ?? ""))
    items.append(
      TodoItem(
        id: id, title: title, deadline: due, created: f["CREATED"].flatMap(parseStamp) ?? due,
        completed: f["COMPLETED"].flatMap(parseStamp)
          ?? (f["STATUS"] == "COMPLETED" ? due : nil)))
  }

  static func stamp(_ d: Date) -> String {
    var bytes: [UInt8] = []
    PlistCodec.appendISO(Int(d.timeIntervalSince1970.rounded(.down)), to: &bytes)
    return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "-", with: "")
      .replacingOccurrences(of: ":", with: "")
  }

  /// "20261123T090000Z" (UTC) or "20261123T090000" / "20261123" (taken as UTC).
  static func parseStamp(_ s: String) -> Date? {
    let digits = s.filter(\.isNumber)
    guard digits.count == 8 || digits.count == 14 else { return nil }
    let d = Array(digits.utf8).map { Int($0 - 48) }
    func n(_ a: Int, _ len: Int) -> Int { d[a..<(a + len)].reduce(0) { $0 * 10 + $1 } }
    let y = n(0, 4)
    let mo = n(4, 2)
    let day = n(6, 2)
    guard (1...12).contains(mo), (1...31).contains(day) else { return nil }
    var t = PlistCodec.days(y, mo, day) * 86_400
    if digits.count == 14 { t += n(8, 2) * 3600 + n(10, 2) * 60 + n(12, 2) } else { t += 9 * 3600 }
    return Date(timeIntervalSince1970: TimeInterval(t))
  }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
      .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
  }

  static func unescape(_ s: String) -> String {
    var out = ""
    var esc = false
    for c in s {
      if esc {
        out.append(c == "n" || c == "N" ? "\n" : c)
        esc = false
      } else if c == "\\" {
        esc = true
      } else {
        out.append(c)
      }
    }
    return out
  }

  /// Lines longer than 75 octets are folded.
  static func fold(_ line: String) -> String {
    var out = ""
    var count = 0
    for ch in line {
      let n = ch.utf8.count
      if count + n > 75 {
        out += "\r\n "
        count = 1
      }
      out.append(ch)
      count += n
    }
    return out + "\r\n"
  }
}

extension UUID {
  /// A stable UUID for a foreign identifier (an iCalendar UID that is not a UUID).
  static func derived(from s: String) -> UUID {
    var h1: UInt64 = 0xcbf2_9ce4_8422_2325
    var h2: UInt64 = 0x8422_2325_cbf2_9ce4
    for b in s.utf8 {
      h1 = (h1 ^ UInt64(b)) &* 0x100_0000_01b3
      h2 = (h2 ^ UInt64(b)) &* 0x100_0000_01b3 &+ 7
    }
    var bytes = [UInt8](repeating: 0, count: 16)
    for i in 0..<8 {
      bytes[i] = UInt8(truncatingIfNeeded: h1 >> (8 * UInt64(i)))
      bytes[8 + i] = UInt8(truncatingIfNeeded: h2 >> (8 * UInt64(i)))
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
