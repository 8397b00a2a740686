import Foundation

/// Bounds on one VTODO that no real calendar reaches, checked on the raw bytes
/// before libical reads them (one pass, a `memchr` a line): a VTODO past one is
/// left out with a warning that names the file and the VTODO, and the rest of
/// the file is read. A phone's to-do has a handful of properties and an alarm
/// or two; the bounds are far above that and above what the import's own tests
/// and bench use (30,000 alarms, 8 MB of alarms in one VTODO: ~96,000), so
/// that only a broken or hostile writer meets them, and what libical and the
/// mapping do per VTODO stays bounded.
struct ICalLimits: Sendable {
  /// Bytes of one VTODO, its alarms and subcomponents included: the size of a
  /// vdir file (``VdirFolder``'s 16 MiB).
  var bytes = 16 << 20
  /// VALARMs in one VTODO (the 15 MB file of 172,000 that held up a live sync is past it).
  var alarms = 100_000
  /// Other components in one VTODO (nested ones too).
  var components = 10_000
  /// Properties (content lines, not counting BEGIN/END and folded continuations) in one VTODO.
  var properties = 1_000_000

  /// The bounds every reader uses (smaller ones in the tests).
  static let standard = ICalLimits()

  /// `data` without the VTODOs past a bound, and a warning for each (`path` names the file).
  /// - Complexity: linear in the bytes; `data` itself when no VTODO is past a bound.
  static func screen(_ data: Data, path: String, limits: ICalLimits = .standard) -> (
    data: Data, warnings: [String]
  ) {
    var cut: [Range<Int>] = []
    var warnings: [String] = []
    data.withUnsafeBytes { raw in
      let b = raw.bindMemory(to: UInt8.self)
      guard let base = b.baseAddress else { return }
      let n = b.count
      var i = 0
      var depth = 0
      var todo: Int? = nil  // where the VTODO being read begins
      var uid: String? = nil
      var (alarms, components, properties) = (0, 0, 0)
      while i < n {
        let e = memchr(base + i, 0x0A, n - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
        var le = e
        if le > i && b[le - 1] == 0x0D { le -= 1 }
        if le > i && b[i] != 0x20 && b[i] != 0x09 {
          if starts(b, i, le, "begin:") {
            if todo == nil, depth == 1, starts(b, i, le, "begin:vtodo") {
              todo = i
              (alarms, components, properties, uid) = (0, 0, 0, nil)
            } else if todo != nil {
              components += 1
              if starts(b, i, le, "begin:valarm") { alarms += 1 }
            }
            depth += 1
          } else if starts(b, i, le, "end:") {
            depth -= 1
            if depth == 1, let start = todo {
              let size = min(e + 1, n) - start
              var why: String?
              if size > limits.bytes {
                why = "it is \(size) bytes long (the limit is \(limits.bytes))"
              } else if alarms > limits.alarms {
                why = "it has \(alarms) alarms (VALARM; the limit is \(limits.alarms))"
              } else if components - alarms > limits.components {
                why =
                  "it has \(components - alarms) components besides alarms (the limit is \(limits.components))"
              } else if properties > limits.properties {
                why = "it has \(properties) properties (the limit is \(limits.properties))"
              }
              if let why {
                cut.append(start..<min(e + 1, n))
                let name = uid.map { "VTODO \($0)" } ?? "the VTODO at byte \(start)"
                warnings.append("\(path): \(name) was left out: \(why)")
              }
              todo = nil
            }
            if depth < 0 { depth = 0 }
          } else if todo != nil {
            properties += 1
            if depth == 2, uid == nil, starts(b, i, le, "uid:") {
              let text = String(
                decoding: UnsafeBufferPointer(rebasing: b[(i + 4)..<min(le, i + 4 + 200)]), as: UTF8.self)
              uid = Title.displaySafe(text)
            }
          }
        }
        i = e + 1
      }
    }
    guard !cut.isEmpty else { return (data, []) }
    var out = Data(capacity: data.count - cut.reduce(0) { $0 + $1.count })
    var from = data.startIndex
    for r in cut {
      out.append(data[from..<(data.startIndex + r.lowerBound)])
      from = data.startIndex + r.upperBound
    }
    out.append(data[from...])
    return (out, warnings)
  }

  private static func starts(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ e: Int, _ head: StaticString)
    -> Bool
  {
    ICalChunks.starts(b, i, e, with: head)
  }
}
