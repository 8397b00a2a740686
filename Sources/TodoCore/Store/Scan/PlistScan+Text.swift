import Foundation

// The strings of ``PlistScan``'s entries: a text up to `</string>` unescaped
// (the writer's escapes only, UTF-8 checked where it stands), `<string/>`, and
// the array of texts of a list (tags).
extension PlistScan.Scanner {
  typealias Text = PlistScan.Text
  typealias Word = PlistScan.Word

  enum TextStep {
    case ok(Text, ascii: Bool)
    case decline
    case more
  }

  /// `<string>…</string>` (the text unescaped into `out.text`) or `<string/>`.
  mutating func string(
    _ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool, copy: Bool = true
  ) -> TextStep {
    guard n - j >= 9 else { return .more }
    if memcmp(p + j, "<string/>", 9) == 0 {
      j += 9
      return .ok(Text(offset: UInt32(truncatingIfNeeded: out.text.count), count: 0), ascii: true)
    }
    guard memcmp(p + j, "<string>", 8) == 0 else { return .decline }
    j += 8
    return text(p, &j, n, lineFeeds: lineFeeds, copy: copy)
  }

  /// `<array>` of `<string>` (or `<string/>`) to `</array>`, or `<array/>`: the texts
  /// unescaped into `out.text` one after another, each ended by a 0 byte (``Extra``'s packing).
  mutating func texts(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool = false)
    -> TextStep
  {
    let offset = UInt32(truncatingIfNeeded: out.text.count)
    guard n - j >= 8 else { return .more }
    if memcmp(p + j, "<array/>", 8) == 0 {
      j += 8
      return .ok(Text(offset: offset, count: 0), ascii: true)
    }
    guard memcmp(p + j, "<array>", 7) == 0 else { return .decline }
    j += 7
    var ascii = true
    while true {
      guard n - j >= 9 else { return .more }
      if memcmp(p + j, "</array>", 8) == 0 {
        j += 8
        break
      }
      switch string(p, &j, n, lineFeeds: lineFeeds) {
      case .more: return .more
      case .decline: return .decline
      case .ok(_, let a):
        ascii = ascii && a
        out.text.append(0)
      }
    }
    guard out.text.count < Int(UInt32.max) else { return .decline }
    return .ok(Text(offset: offset, count: UInt32(out.text.count) - offset), ascii: ascii)
  }

  /// The text from `p[j]` to `</string>`, unescaped into `out.text`. The
  /// writer's escapes only; control characters but for the line feeds and
  /// tabs of long text are refused (the writer never writes them), and so is
  /// what is not UTF-8 (each non-ASCII character checked by the standard
  /// library's parser where it stands: no String built for a note). `copy`
  /// false: checked only (an empty text at the end of `out.text`).
  mutating func text(
    _ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool, copy: Bool = true
  ) -> TextStep {
    let offset = UInt32(truncatingIfNeeded: out.text.count)
    guard let lt = memchr(p + j, 60, n - j) else { return .more }
    let end = UnsafeRawPointer(lt) - UnsafeRawPointer(p)
    guard n - end >= 9 else { return .more }
    guard memcmp(p + end, "</string>", 9) == 0 else { return .decline }
    var ascii = true
    var k = j
    var run = j
    while k < end {
      // Eight plain bytes at a time: none non-ASCII, a control character, DEL or '&';
      // else straight to the first that is (each test is exact in its lowest byte).
      if end - k >= 8 {
        let w = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
        let found = w & Word.highs | Word.below0x20(w) | Word.has(w, 0x7F) | Word.has(w, 0x26)
        if found == 0 {
          k += 8
          continue
        }
        k += found.trailingZeroBitCount >> 3
      }
      let b = p[k]
      if b >= 0x80 {
        ascii = false
        var bytes = UnsafeBufferPointer(start: p + k, count: end - k).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        guard case .valid(let scalar) = parser.parseScalar(from: &bytes) else { return .decline }
        k += scalar.count
        continue
      }
      if b >= 0x20 && b != 0x7F && b != 38 {
        k += 1
        continue
      }
      if b == 38 {
        // The four entities the writer writes, as words (`&amp`, `&lt;`, `&gt;`, `&#13`).
        guard end - k >= 4 else { return .decline }
        let four = UInt32(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt32.self))
        let five = end - k >= 5 && p[k + 4] == 59
        let byte: UInt8
        let length: Int
        switch four {
        case Self.amp where five: (byte, length) = (38, 5)
        case Self.lt: (byte, length) = (60, 4)
        case Self.gt: (byte, length) = (62, 4)
        case Self.cr where five && lineFeeds: (byte, length) = (13, 5)
        default: return .decline
        }
        if copy {
          out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: k - run))
          out.text.append(byte)
        }
        k += length
        run = k
        continue
      }
      guard lineFeeds && (b == 9 || b == 10) else { return .decline }
      k += 1
    }
    if copy { out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: end - run)) }
    let count = out.text.count - Int(offset)
    guard out.text.count < Int(UInt32.max) else { return .decline }
    j = end + 9
    return .ok(Text(offset: offset, count: UInt32(count)), ascii: ascii)
  }

  /// The entities' first four bytes as one little-endian word.
  static let amp = word("&amp")
  static let lt = word("&lt;")
  static let gt = word("&gt;")
  static let cr = word("&#13")
  static func word(_ s: StaticString) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(s.utf8Start).loadUnaligned(as: UInt32.self))
  }

  /// What ``Title/isClean(_:)`` says of the unescaped title.
  static func cleanTitle(_ text: [UInt8], _ t: Text, ascii: Bool) -> Bool {
    guard t.count > 0, t.count <= Title.maxLength else { return false }
    if ascii && text[Int(t.offset)] != 32 { return true }
    return text.withUnsafeBufferPointer { all in
      let b = UnsafeBufferPointer(rebasing: all[Int(t.offset)..<Int(t.offset + t.count)])
      guard b.contains(where: { $0 != 32 }) else { return false }
      if ascii { return true }
      guard let s = String(validating: b, as: UTF8.self) else { return false }
      return Title.isClean(s)
    }
  }

}
