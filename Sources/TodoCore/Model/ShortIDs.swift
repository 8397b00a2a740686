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
  /// The longest id, in characters.
  public private(set) var width = ShortIDs.digits

  /// The short ids among `keys` (every item of the list, shown or not).
  /// - Complexity: O(n log n) in the items, O(n) more where 8 digits are shared.
  public init(_ keys: [Key]) {
    var tops = keys.map { UInt32(truncatingIfNeeded: $0.hi >> 32) }
    tops.sort()
    var shared: Set<UInt32> = []
    for i in tops.indices.dropFirst() where tops[i] == tops[i - 1] { shared.insert(tops[i]) }
    guard !shared.isEmpty else { return }
    let group = keys.filter { shared.contains(UInt32(truncatingIfNeeded: $0.hi >> 32)) }.sorted {
      ($0.hi, $0.lo) < ($1.hi, $1.lo)
    }
    for i in group.indices {
      var common = 0
      if i > 0 { common = Self.commonDigits(group[i - 1], group[i]) }
      if i + 1 < group.count { common = max(common, Self.commonDigits(group[i], group[i + 1])) }
      let n = Self.characters(digits: min(32, common + 1))
      longer[group[i]] = n
      width = max(width, n)
    }
  }

  public init(_ ids: some Sequence<UUID>) { self.init(ids.map(Key.init)) }

  /// The length of the id of `key`, in characters.
  @inline(__always) public func length(_ key: Key) -> Int {
    longer.isEmpty ? Self.digits : longer[key] ?? Self.digits
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
