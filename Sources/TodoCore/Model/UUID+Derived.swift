import Foundation

extension UUID {
  /// A stable UUID for a foreign identifier (an iCalendar UID that is not a UUID):
  /// the same string always gives the same UUID (version 5 layout, FNV-1a hashes).
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
