import Foundation

/// Reads and writes the data file: an XML property list whose root holds
/// `formatVersion` and `todoItems` (SPEC 6).
///
/// Foundation's `PropertyListSerialization` is the reference: it reads every
/// plist (XML or binary, the tutorial's export too), and its messages are the
/// parser's detail. Because it takes about 100 ms for 10,000 items, a lean
/// reader handles the layout this program writes, and hands anything it does not
/// understand to Foundation. A differential test keeps the two in agreement.
public enum PlistCodec {
  /// Decodes a data file. `tolerant` skips bad entries with a warning instead of failing.
  public static func decode(_ data: Data, tolerant: Bool = false) throws -> TodoDocument {
    if data.isEmpty { throw CodecError("the file is empty") }
    if let doc = try LeanPlistReader.read(data, tolerant: tolerant) { return doc }
    return try decodeWithFoundation(data, tolerant: tolerant)
  }

  /// The reference reader: Foundation's property-list parser, for any plist format.
  public static func decodeWithFoundation(_ data: Data, tolerant: Bool = false) throws -> TodoDocument {
    let root: Any
    try checkBeforeFoundation(data)
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let ns = error as NSError
      let detail = (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
      throw CodecError("property list parser: \(detail)")
    }
    guard let dict = root as? [String: Any] else {
      throw CodecError("the root is a \(typeName(root)), not a dictionary")
    }
    var version = 0
    if let v = dict[TodoDocument.versionKeyText] {
      guard type(of: v) != Bool.self, let n = v as? Int else {
        throw CodecError("\(TodoDocument.versionKey) is a \(typeName(v)), not an integer")
      }
      version = n
    }
    var warnings: [String] = []
    var items: [TodoItem] = []
    var seen = Set<UUID>()
    var withoutCreated = Set<UUID>()
    if let t = dict[TodoDocument.itemsKeyText] {
      guard let entries = t as? [String: Any] else {
        throw CodecError("\(TodoDocument.itemsKey) is a \(typeName(t)), not a dictionary")
      }
      items.reserveCapacity(entries.count)
      for (key, value) in entries {
        var raw = RawItem(key: key)
        if let fields = value as? [String: Any] {
          for (k, v) in fields {
            guard let f = RawItem.fieldIndex[k] else {
              raw.otherKeys[k] = try PlistFragment.xml(of: v)
              continue
            }
            if f == ItemField.id.index {
              // Any text: the check of the entry says what is wrong with it.
              if let s = v as? String { raw.uuid = s } else { raw.wrongType.append(k) }
            } else if let value = foundationValue(v, as: ItemField.all[f].kind) {
              raw.set(f, value)
            } else {
              raw.wrongType.append(k)
            }
          }
        } else {
          raw.wrongType.append("value")
        }
        if let item = try raw.item(tolerant: tolerant, warnings: &warnings) {
          // Keys that differ only in case (a binary plist keeps both) name one item.
          guard seen.insert(item.id).inserted else {
            if tolerant {
              warnings.append("entry \(key): duplicate UUID; skipped")
              continue
            }
            throw CodecError("UUID \(item.id.uuidString) appears twice in \(TodoDocument.itemsKey)")
          }
          if !raw.hasCreated { withoutCreated.insert(item.id) }
          items.append(item)
        }
      }
    } else if dict[TodoDocument.versionKeyText] == nil {
      throw CodecError("no \(TodoDocument.itemsKey) dictionary in the root")
    }
    TodoItem.sortByDeadline(&items)
    var other: [String: String] = [:]
    for (k, v) in dict where k != TodoDocument.versionKeyText && k != TodoDocument.itemsKeyText {
      other[k] = try PlistFragment.xml(of: v)
    }
    other = RawItem.cleanKeys(other, warnings: &warnings, in: "root")
    var doc = TodoDocument(formatVersion: version, items: items, warnings: warnings, otherRootKeys: other)
    doc.withoutCreated = withoutCreated
    return doc
  }

  static func typeName(_ v: Any) -> String {
    switch v {
    case is String: return "string"
    case is [Any]: return "array"
    case is [String: Any]: return "dictionary"
    case is Date: return "date"
    case is Data: return "data"
    case is Bool: return "boolean"
    case is NSNumber, is Int, is Double: return "number"
    default: return "\(type(of: v))"
    }
  }

  /// The reference writer: the same plist through Foundation's XML serializer.
  public static func encodeWithFoundation(
    _ items: [TodoItem], version: Int = TodoDocument.currentVersion, otherRootKeys: [String: String] = [:]
  ) throws -> Data {
    var entries: [String: Any] = [:]
    for item in items {
      var d: [String: Any] = [:]
      for (k, xml) in item.otherKeys { d[k] = try PlistFragment.value(of: xml) }
      for f in ItemField.all {
        if let v = foundationObject(f.get(item)) { d[f.keyText] = v }
      }
      entries[item.id.uuidString] = d
    }
    var root: [String: Any] = [TodoDocument.versionKeyText: version, TodoDocument.itemsKeyText: entries]
    for (k, xml) in otherRootKeys { root[k] = try PlistFragment.value(of: xml) }
    return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
  }
}

extension PlistCodec {
  /// A value of Foundation's plist as a field of this kind, or nil: the wrong type.
  static func foundationValue(_ v: Any, as kind: ItemField.Kind) -> FieldValue? {
    switch kind {
    case .text, .lines: return (v as? String).map { .text($0) }
    case .integer:
      guard type(of: v) != Bool.self, let n = v as? Int else { return nil }
      return .integer(n)
    case .date: return (v as? Date).map { .date($0) }
    case .flag:
      guard type(of: v) == Bool.self, let b = v as? Bool else { return nil }
      return FieldValue(b)
    case .texts:
      guard let a = v as? [Any] else { return nil }
      var out: [String] = []
      for e in a {
        guard let s = e as? String else { return nil }
        out.append(s)
      }
      return .texts(out)
    case .uuid:
      guard let s = v as? String, let u = UUID(uuidString: s) else { return nil }
      return .uuid(u)
    }
  }

  /// A field's value as Foundation's plist holds it; nil when absent.
  static func foundationObject(_ v: FieldValue) -> Any? {
    switch v {
    case .absent: return nil
    case .text(let s): return s
    case .integer(let n): return n
    case .date(let d): return d
    case .flag: return true
    case .texts(let a): return a
    case .uuid(let u): return u.uuidString
    }
  }
}
