import Foundation

/// The short ids of a list (SPEC 2), as git abbreviates: each item's id is the
/// shortest start of its UUID's text (lowercase) of at least 8 hex digits that
/// no other item of the list shares. Nearly always the first 8; items whose
/// UUIDs share them (clients that make UIDs with a common prefix) get as many
/// more as tell them apart. The column of `list` is as wide as the longest.
public struct ShortIDs: Sendable {
  /// The UUID as two halves, first bytes high: the order of the UUID text.
  public struct Key: Hashable, Sendable {
    public var hi: UInt64
    public var lo: UInt64

    public init(hi: UInt64, lo: UInt64) {
      self.hi = hi
      self.lo = lo
    }

    public init(_ id: UUID) {
      (hi, lo) = withUnsafeBytes(of: id.uuid) { b in
        (
          b.loadUnaligned(fromByteOffset: 0, as: UInt64.self).bigEndian,
          b.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
        )
      }
    }
  }

  /// The least number of hex digits shown.
  public static let digits = 8
  /// The ids that need more than 8 digits, and their length in characters of the UUID text.
  var longer: [Key: Int] = [:]
  /// A bitmap of the first `bits` bits of the UUIDs that more than one item
  /// begins with: only these are looked up in `longer` (empty when none is).
  var shared: [UInt64] = []
  var bits = 0
  /// The longest id, in characters.
  public private(set) var width = ShortIDs.digits

  /// The short ids among `count` items (every item of the list, shown or not), `key(i)` the UUID of item `i`.
  /// - Complexity: O(n) with a bitmap of UUID heads (a few pairs of items
  ///   share one), then O(k log k) in the k items that share a head.
  public init(count: Int, _ key: (Int) -> Key) {
    guard count > 1 else { return }
    // 2^bits heads (8 to 16 for each item) for n items: about n²/2^(bits+1)
    // pairs share one, some hundreds at 10,000 items, sorted below in
    // microseconds; a larger map cost more in zeroed pages (2 x 128 KiB at
    // 10,000 items) than the smaller sort saved (list at 10,000: 2 % faster).
    bits = min(max(Int.bitWidth - (count - 1).leadingZeroBitCount + 3, 12), 20)
    var seen = [UInt64](repeating: 0, count: 1 << (bits - 6))
    var twice = seen
    var any = false
    for i in 0..<count {
      let (w, m) = Self.bit(key(i), bits)
      if seen[w] & m != 0 {
        twice[w] |= m
        any = true
      } else {
        seen[w] |= m
      }
    }
    guard any else { return }
    var group: [Key] = []
    for i in 0..<count {
      let k = key(i)
      let (w, m) = Self.bit(k, bits)
      if twice[w] & m != 0 { group.append(k) }
    }
    group.sort { ($0.hi, $0.lo) < ($1.hi, $1.lo) }
    for i in group.indices {
      var common = 0
      if i > 0 { common = Self.commonDigits(group[i - 1], group[i]) }
      if i + 1 < group.count { common = max(common, Self.commonDigits(group[i], group[i + 1])) }
      guard common >= Self.digits else { continue }
      let n = Self.characters(digits: min(32, common + 1))
      longer[group[i]] = n
      width = max(width, n)
    }
    if !longer.isEmpty { shared = twice }
  }

  public init(_ keys: [Key]) { self.init(count: keys.count) { keys[$0] } }

  public init(_ ids: some Sequence<UUID>) { self.init(ids.map(Key.init)) }

  /// The word and bit of `key`'s head in a bitmap of `bits` bits.
  @inline(__always) static func bit(_ key: Key, _ bits: Int) -> (Int, UInt64) {
    let b = Int(truncatingIfNeeded: key.hi >> UInt64(64 - bits))
    return (b >> 6, 1 << UInt64(b & 63))
  }

  /// The length of the id of `key`, in characters.
  @inline(__always) public func length(_ key: Key) -> Int {
    guard !shared.isEmpty else { return Self.digits }
    let (w, m) = Self.bit(key, bits)
    guard shared[w] & m != 0 else { return Self.digits }
    return longer[key] ?? Self.digits
  }

  /// The short id of `id`, lowercase.
  public func text(_ id: UUID) -> String {
    String(id.uuidString.lowercased().prefix(length(Key(id))))
  }

  /// Appends the first `count` characters of the lowercase UUID text of `key`.
  @inline(__always) public static func append(_ key: Key, count: Int, to put: (UInt8) -> Void) {
    var digit = 0
    for c in 0..<count {
      if c == 8 || c == 13 || c == 18 || c == 23 {
        put(45)  // -
        continue
      }
      let half = digit < 16 ? key.hi : key.lo
      let shift = UInt64(60 - 4 * (digit % 16))
      put(hex[Int((half >> shift) & 15)])
      digit += 1
    }
  }

  static let hex = Array("0123456789abcdef".utf8)

  /// How many hex digits `a` and `b` begin with alike.
  static func commonDigits(_ a: Key, _ b: Key) -> Int {
    if a.hi != b.hi { return (a.hi ^ b.hi).leadingZeroBitCount / 4 }
    return 16 + (a.lo == b.lo ? 16 : (a.lo ^ b.lo).leadingZeroBitCount / 4)
  }

  /// The characters of the UUID text that hold its first `digits` hex digits (with the dashes).
  static func characters(digits: Int) -> Int {
    let d = max(Self.digits, digits)
    return d + [8, 12, 16, 20].filter { d > $0 }.count
  }
}
