import Foundation

extension JSONExchange {
  /// A reader of the JSON our export writes (an array of flat objects of
  /// strings, integers, booleans, nulls, arrays of strings and the
  /// `otherKeys` object), giving the same ``Item``s as `JSONDecoder` at a
  /// fraction of its time: its keyed containers were a third of a JSON import.
  /// Nil for anything it does not expect (another shape, a key twice, a
  /// number with a fraction or an exponent, a lone surrogate, bytes that are
  /// not UTF-8, bad syntax): `JSONDecoder` then reads the document, and says
  /// what is wrong (tested against it on random and damaged exports).
  enum LeanReader {
    static func items(_ data: Data) -> [Item]? {
      data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Item]? in
        guard let base = raw.baseAddress, raw.count > 0 else { return nil }
        var c = Cursor(p: base.assumingMemoryBound(to: UInt8.self), end: raw.count)
        return c.document()
      }
    }

    /// What a key of an item holds.
    enum Slot {
      case field(Int)
      case otherKeys, listName, listColor
      /// A key the decoder does not read (`overdue`, `scheduled`): a scalar, skipped.
      case ignored
    }

    /// The keys an item may have, in the order the export writes them (sorted).
    static let keys: [(bytes: [UInt8], slot: Slot)] = {
      var all = ItemField.all.enumerated().map { (Array($0.element.name.utf8), Slot.field($0.offset)) }
      all += [
        (Array("otherKeys".utf8), .otherKeys), (Array(Item.listNameKey.utf8), .listName),
        (Array(Item.listColorKey.utf8), .listColor), (Array("overdue".utf8), .ignored),
        (Array("scheduled".utf8), .ignored),
      ]
      return all.sorted { $0.0.lexicographicallyPrecedes($1.0) }
    }()

    struct Cursor {
      let p: UnsafePointer<UInt8>
      let end: Int
      var i = 0

      init(p: UnsafePointer<UInt8>, end: Int) {
        (self.p, self.end) = (p, end)
      }

      @inline(__always) mutating func space() {
        while i < end {
          let c = p[i]
          guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
          i += 1
        }
      }

      /// Takes `c` after white space.
      @inline(__always) mutating func take(_ c: UInt8) -> Bool {
        space()
        guard i < end, p[i] == c else { return false }
        i += 1
        return true
      }

      /// Takes the bytes of `word` (`true`, `false`, `null`).
      mutating func word(_ w: StaticString) -> Bool {
        let n = w.utf8CodeUnitCount
        guard end - i >= n, memcmp(p + i, w.utf8Start, n) == 0 else { return false }
        i += n
        return true
      }

      mutating func document() -> [Item]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var items: [Item] = []
        items.reserveCapacity(end / 512)
        if !take(UInt8(ascii: "]")) {
          repeat {
            guard let item = item() else { return nil }
            items.append(item)
          } while take(UInt8(ascii: ","))
          guard take(UInt8(ascii: "]")) else { return nil }
        }
        space()
        return i == end ? items : nil
      }

      mutating func item() -> Item? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var item = Item()
        item.decoded = Array(repeating: nil, count: ItemField.all.count)
        var seen: UInt64 = 0
        var guess = 0
        var (listName, listColor): (String?, String?) = (nil, nil)
        if !take(UInt8(ascii: "}")) {
          repeat {
            space()
            guard let k = key(guess: guess), take(UInt8(ascii: ":")) else { return nil }
            space()
            var slot = Slot.ignored
            if k >= 0 {
              guard seen & (1 << UInt64(k)) == 0 else { return nil }
              seen |= 1 << UInt64(k)
              slot = LeanReader.keys[k].slot
              guess = k + 1
            }
            switch slot {
            case .field(let f):
              guard let v = f == ItemField.alerts.index ? alerts() : value(ItemField.all[f].kind) else {
                return nil
              }
              item.decoded[f] = v
            case .otherKeys:
              guard let o = otherKeys() else { return nil }
              item.otherKeys = o
            case .listName:
              guard let s = optionalString() else { return nil }
              listName = s
            case .listColor:
              guard let s = optionalString() else { return nil }
              listColor = s
            case .ignored:
              guard scalar() else { return nil }
            }
          } while take(UInt8(ascii: ","))
          guard take(UInt8(ascii: "}")) else { return nil }
        }
        // As the decoder: the id and the title required.
        guard item.decoded[ItemField.id.index] != nil, item.decoded[ItemField.title.index] != nil else {
          return nil
        }
        (item.listName, item.listColor) = (listName, listColor)
        return item
      }

      /// The index in ``keys`` of the key at the cursor (-1 for another key); nil when it is not a string.
      mutating func key(guess: Int) -> Int? {
        guard let s = span() else { return nil }
        let table = LeanReader.keys
        if s.plain {
          if guess < table.count, Self.same(p + s.start, s.count, table[guess].bytes) { return guess }
          for (k, e) in table.enumerated() where Self.same(p + s.start, s.count, e.bytes) { return k }
          // Another key: still text (the decoder refuses bytes that are not UTF-8 anywhere).
          return s.ascii || string(s) != nil ? -1 : nil
        }
        guard let text = string(s) else { return nil }
        return table.firstIndex { $0.bytes.elementsEqual(text.utf8) } ?? -1
      }

      @inline(__always) static func same(_ q: UnsafePointer<UInt8>, _ n: Int, _ b: [UInt8]) -> Bool {
        n == b.count && b.withUnsafeBufferPointer { memcmp(q, $0.baseAddress!, n) == 0 }
      }

      /// A value of a field of `kind`: `.some(nil)` for `null` (but not for the id and the title,
      /// which the decoder requires; the caller checks).
      mutating func value(_ kind: ItemField.Kind) -> Value?? {
        if word("null") { return .some(nil) }
        switch kind {
        case .text, .lines, .date, .uuid:
          guard let s = span(), let text = string(s) else { return nil }
          return .some(.text(text))
        case .integer:
          guard let n = integer() else { return nil }
          return .some(.integer(n))
        case .flag:
          if word("true") { return .some(.bool(true)) }
          if word("false") { return .some(.bool(false)) }
          return nil
        case .texts:
          guard take(UInt8(ascii: "[")) else { return nil }
          var a: [String] = []
          if !take(UInt8(ascii: "]")) {
            repeat {
              space()
              guard let s = span(), let text = string(s) else { return nil }
              a.append(text)
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return nil }
          }
          return .some(.texts(a))
        }
      }

      /// A string or `null` (`.some(nil)`).
      mutating func optionalString() -> String?? {
        if word("null") { return .some(nil) }
        guard let s = span(), let text = string(s) else { return nil }
        return .some(text)
      }

      /// `otherKeys`: `null` or an object of strings, each key once.
      mutating func otherKeys() -> [String: String]?? {
        if word("null") { return .some(nil) }
        guard take(UInt8(ascii: "{")) else { return nil }
        var o: [String: String] = [:]
        if !take(UInt8(ascii: "}")) {
          repeat {
            space()
            guard let ks = span(), let k = string(ks), take(UInt8(ascii: ":")) else { return nil }
            space()
            guard let vs = span(), let v = string(vs), o.updateValue(v, forKey: k) == nil else { return nil }
          } while take(UInt8(ascii: ","))
          guard take(UInt8(ascii: "}")) else { return nil }
        }
        return .some(o)
      }

      /// Skips a string, a number, `true`, `false` or `null` (not an array nor an object).
      mutating func scalar() -> Bool {
        if word("null") || word("true") || word("false") { return true }
        if i < end, p[i] == UInt8(ascii: "\"") {
          guard let s = span() else { return false }
          return string(s) != nil
        }
        return number()
      }

      /// A JSON integer (`-?(0|[1-9][0-9]*)`, not followed by a fraction or an exponent) that fits an `Int`.
      mutating func integer() -> Int? {
        let start = i
        let negative = i < end && p[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, p[i] >= 0x30, p[i] <= 0x39 else { return nil }
        if p[i] == 0x30, i + 1 < end, p[i + 1] >= 0x30, p[i + 1] <= 0x39 { return nil }
        var v = 0
        while i < end, p[i] >= 0x30, p[i] <= 0x39 {
          let d = Int(p[i] - 0x30)
          let (m, o1) = v.multipliedReportingOverflow(by: 10)
          let (s, o2) = negative ? m.subtractingReportingOverflow(d) : m.addingReportingOverflow(d)
          guard !o1, !o2 else { return nil }
          v = s
          i += 1
        }
        if i < end, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
          i = start
          return nil
        }
        return v
      }

      /// Skips a JSON number (RFC 8259 section 6).
      mutating func number() -> Bool {
        func digits() -> Bool {
          let from = i
          while i < end, p[i] >= 0x30, p[i] <= 0x39 { i += 1 }
          return i > from
        }
        if i < end, p[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end, p[i] >= 0x30, p[i] <= 0x39 else { return false }
        if p[i] == 0x30 { i += 1 } else { _ = digits() }
        if i < end, p[i] == UInt8(ascii: ".") {
          i += 1
          guard digits() else { return false }
        }
        if i < end, p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E") {
          i += 1
          if i < end, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
          guard digits() else { return false }
        }
        return true
      }
    }
  }
}
