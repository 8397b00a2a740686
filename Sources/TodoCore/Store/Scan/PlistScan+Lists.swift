import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The header of a file with lists (SPEC 9): the writer's header with the
/// `todoLists` line before `todoItems`. The scan takes it when the lean reader
/// reads it and the writer writes it back byte for byte, so that `list`, the
/// badge and the notifier stay on their fast path in a file of several lists.
extension PlistScan {
  enum HeaderStep {
    case header(length: Int)
    case decline
    case more
  }

  static let itemsPart = Array("\t<key>\(TodoDocument.itemsKey)</key>\n\t<dict>\n".utf8)
  static let versionPart = Array(header[..<(header.count - itemsPart.count)])
  static let listsPart = Array("\t<key>\(TodoDocument.listsKey)</key>\n\t".utf8)

  /// The header with lists at `p[0..<n]`, its length; or decline (another
  /// header), or more (not all of it in `p` yet).
  static func listsHeader(_ p: UnsafePointer<UInt8>, _ n: Int) -> HeaderStep {
    let start = versionPart.count + listsPart.count
    guard n >= start else { return .more }
    guard memcmp(p, versionPart, versionPart.count) == 0,
      memcmp(p + versionPart.count, listsPart, listsPart.count) == 0
    else { return .decline }
    guard let nl = UnsafeBufferPointer(start: p + start, count: n - start).firstIndex(of: 10) else {
      return .more
    }
    let end = start + nl + 1 + itemsPart.count
    guard n >= end else { return .more }
    guard memcmp(p + start + nl + 1, itemsPart, itemsPart.count) == 0 else { return .decline }
    let head = Array(UnsafeBufferPointer(start: p, count: end))
    return vouched(head) ? .header(length: end) : .decline
  }

  /// Whether the general reader reads `head` (and the footer) as no items and
  /// the lists alone, and the writer writes that back as `head`.
  static func vouched(_ head: [UInt8]) -> Bool {
    let file = head + tail
    guard let doc = try? LeanPlistReader.read(Data(file), tolerant: false), doc.items.isEmpty,
      doc.warnings.isEmpty, doc.otherRootKeys.keys.elementsEqual([TodoDocument.listsKeyText]),
      doc.listsProblem == nil
    else { return false }
    return PlistCodec.encode([], otherRootKeys: doc.otherRootKeys) == file
  }
}
