import Foundation

/// Bytes appended into one buffer without Array's checks: ``room(_:_:)``
/// first makes room for what follows (handing what is there to the sink).
struct OutBuffer {
  var base: UnsafeMutablePointer<UInt8>
  var count = 0
  var capacity: Int

  init(capacity: Int) {
    base = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  func release() { base.deallocate() }

  /// Room for `n` more bytes.
  @inline(__always) mutating func room(_ n: Int, _ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
    if count + n > capacity { makeRoom(n, sink) }
  }

  mutating func makeRoom(_ n: Int, _ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
    flush(sink)
    if n > capacity {
      base.deallocate()
      capacity = n
      base = .allocate(capacity: n)
    }
  }

  mutating func flush(_ sink: (UnsafeBufferPointer<UInt8>) -> Void) {
    if count > 0 { sink(UnsafeBufferPointer(start: base, count: count)) }
    count = 0
  }

  @inline(__always) mutating func byte(_ b: UInt8) {
    base[count] = b
    count += 1
  }

  @inline(__always) mutating func bytes(_ p: UnsafePointer<UInt8>, _ n: Int) {
    (base + count).update(from: p, count: n)
    count += n
  }

  @inline(__always) mutating func put(_ s: StaticString) { bytes(s.utf8Start, s.utf8CodeUnitCount) }

  @inline(__always) mutating func put(_ a: [UInt8]) {
    a.withUnsafeBufferPointer { if let p = $0.baseAddress { bytes(p, $0.count) } }
  }

  /// Two decimal digits (0…99).
  @inline(__always) mutating func two(_ v: Int) {
    byte(UInt8(48 + v / 10))
    byte(UInt8(48 + v % 10))
  }

  mutating func decimal(_ v: Int64) {
    if v < 0 {
      byte(45)
      decimal(-v)
      return
    }
    if v >= 10 { decimal(v / 10) }
    byte(UInt8(48 + v % 10))
  }

  /// The low `digits` hex digits of `v`, with the digits of `table`.
  @inline(__always) mutating func hex(_ v: UInt64, _ digits: Int, _ table: UnsafePointer<UInt8>) {
    var s = (digits - 1) * 4
    while s >= 0 {
      byte(table[Int((v >> UInt64(s)) & 15)])
      s -= 4
    }
  }

  /// The entry's UUID as text, uppercase.
  mutating func uuid(_ e: PlistScan.Entry) { uuid(e.hi, e.lo) }

  /// A UUID (its two big-endian halves) as text, uppercase.
  mutating func uuid(_ hi: UInt64, _ lo: UInt64) {
    let upper = ("0123456789ABCDEF" as StaticString).utf8Start
    hex(hi >> 32, 8, upper)
    byte(45)
    hex(hi >> 16, 4, upper)
    byte(45)
    hex(hi, 4, upper)
    byte(45)
    hex(lo >> 48, 4, upper)
    byte(45)
    hex(lo, 12, upper)
  }

  /// A string field as a JSON string, escaped as ``ItemJSON`` escapes (JSONEncoder's way).
  mutating func json(_ text: UnsafeBufferPointer<UInt8>, _ s: PlistScan.Text) {
    let p = text.baseAddress! + Int(s.offset)
    let n = Int(s.count)
    byte(34)
    var run = 0
    var k = 0
    typealias Word = PlistScan.Word
    while k < n {
      // Eight bytes at a time while none is a control character, '"' or '\\'.
      if n - k >= 8 {
        let w = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
        if Word.below0x20(w) | Word.has(w, 0x22) | Word.has(w, 0x5C) == 0 {
          k += 8
          continue
        }
      }
      let b = p[k]
      k += 1
      guard b < 0x20 || b == 34 || b == 92 else { continue }
      bytes(p + run, k - 1 - run)
      run = k
      byte(92)
      if let e = ItemJSON.shortEscape(b) {
        byte(e)
      } else {
        put("u00")
        byte(ItemJSON.hex[Int(b >> 4)])
        byte(ItemJSON.hex[Int(b & 15)])
      }
    }
    bytes(p + run, n - run)
    byte(34)
  }
}
