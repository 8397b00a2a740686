import Dispatch
import Foundation

/// Large iCalendar input read on every core: a file of many VTODOs is cut into
/// complete VCALENDARs of consecutive VTODOs, and a folder's files are read at
/// once; libical still reads every byte of each piece (the pieces' results are
/// put back in order, and the first error in order is the one thrown).
enum ICalChunks {
  /// Below this size a file is read whole, on one core.
  static let minimumSize = 256 << 10

  /// How many pieces to cut a file of `size` bytes into (a few per core, so that
  /// a core busy with another program does not hold up the rest): 1 for small files.
  static func parts(forSize size: Int) -> Int {
    size < minimumSize || cores < 2 ? 1 : min(4 * cores, max(2, size / minimumSize))
  }

  /// Asked once: Foundation reads the control group's CPU limits for it.
  static let cores = ProcessInfo.processInfo.activeProcessorCount

  /// Where the parts of a plain VCALENDAR lie: one VCALENDAR (after a byte-order
  /// mark) whose top level after its first VTODO holds only VTODOs. Only the lines
  /// that begin and end components are looked at (`BEGIN:`/`END:` at a line's
  /// start; a folded line's continuation starts with a space).
  struct Layout {
    /// Where the VCALENDAR begins (after a byte-order mark).
    var start: Int
    /// Where each top-level VTODO begins: the header (the calendar's properties
    /// and VTIMEZONEs) is `start..<todos[0]`.
    var todos: [Int]
    /// Where the `END:VCALENDAR` line begins: the VTODOs are `todos[0]..<end`.
    var end: Int
  }

  /// The layout of `b`, or nil when it is not a plain VCALENDAR with a VTODO.
  static func layout(_ b: UnsafeBufferPointer<UInt8>) -> Layout? {
    let n = b.count
    guard let base = b.baseAddress else { return nil }
    var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let start = i
    var depth = 0
    var calendars = 0
    var todos: [Int] = []
    var end: Int?
    while i < n {
      let e = memchr(base + i, 0x0A, n - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? n
      var le = e
      if le > i && b[le - 1] == 0x0D { le -= 1 }
      if le > i && b[i] != 0x20 && b[i] != 0x09 {
        if end != nil { return nil }  // anything after the calendar
        if starts(b, i, le, with: "begin:") {
          if depth == 0 {
            guard equals(b, i, le, "begin:vcalendar"), calendars == 0 else { return nil }
            calendars += 1
          } else if depth == 1 {
            if equals(b, i, le, "begin:vtodo") {
              todos.append(i)
            } else if !todos.isEmpty {
              return nil  // a VTIMEZONE (or another component) after the VTODOs
            }
          }
          depth += 1
        } else if starts(b, i, le, with: "end:") {
          depth -= 1
          if depth < 0 { return nil }
          if depth == 0 { end = i }
        } else if depth == 1 && !todos.isEmpty {
          return nil  // a calendar property after the VTODOs
        } else if depth == 0 {
          return nil
        }
      }
      i = e + 1
    }
    guard let end, !todos.isEmpty else { return nil }
    return Layout(start: start, todos: todos, end: end)
  }

  /// Cuts one VCALENDAR into `parts` VCALENDARs, each the original's header
  /// with a run of consecutive VTODOs. Nil, and the data is read whole, unless
  /// the data is a plain VCALENDAR (``layout(_:)``) with enough VTODOs.
  static func split(_ data: Data, parts: Int) -> [Data]? {
    guard parts > 1 else { return nil }
    return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Data]? in
      let b = raw.bindMemory(to: UInt8.self)
      guard let l = layout(b), l.todos.count >= 2 * parts else { return nil }
      let todos = l.todos
      let cuts = (1..<parts).map { todos[$0 * todos.count / parts] }
      let header = Data(buffer: UnsafeBufferPointer(rebasing: b[l.start..<todos[0]]))
      let end = Data("END:VCALENDAR\r\n".utf8)
      var out: [Data] = []
      var from = l.start
      for (k, to) in (cuts + [b.count]).enumerated() {
        var piece = k == 0 ? Data() : header
        piece.append(UnsafeBufferPointer(rebasing: b[from..<to]))
        if to != b.count { piece.append(end) }
        out.append(piece)
        from = to
      }
      return out
    }
  }

  /// A folder's file as read: its bytes, and where its header and VTODOs lie
  /// when it is a plain VCALENDAR (``layout(_:)``). Made on every core.
  struct File: Sendable {
    var path: String
    var data: Data
    /// What ``ICalLimits`` left out of the file, in words.
    var warnings: [String] = []
    /// The calendar's properties and VTIMEZONEs: what precedes the first VTODO.
    var header: Range<Int>?
    /// The VTODOs: up to the `END:VCALENDAR` line.
    var body: Range<Int>?

    init(path: String, data: Data) {
      self.path = path
      (self.data, self.warnings) = ICalLimits.screen(data, path: path)
      let parts = self.data.withUnsafeBytes { raw -> (Range<Int>, Range<Int>)? in
        let b = raw.bindMemory(to: UInt8.self)
        guard let l = layout(b), b[l.start..<l.todos[0]].starts(with: "BEGIN:VCALENDAR".utf8) else {
          return nil
        }
        return (l.start..<l.todos[0], l.todos[0]..<l.end)
      }
      header = parts?.0
      body = parts?.1
    }

    /// Whether both are plain VCALENDARs with the same header bytes.
    func sameHeader(as other: File) -> Bool {
      guard let x = header, let y = other.header, x.count == y.count else { return false }
      return data.withUnsafeBytes { a in
        other.data.withUnsafeBytes { b in
          memcmp(a.baseAddress! + x.lowerBound, b.baseAddress! + y.lowerBound, x.count) == 0
        }
      }
    }
  }

  /// A folder's files, in order, to be read as one VCALENDAR (`together`), or one by one.
  struct Batch: Sendable {
    var files: [File]
    /// The files are plain VCALENDARs with the same header bytes, more than one.
    var together: Bool

    /// The first file's header, every file's VTODOs, `END:VCALENDAR`.
    func joined() -> Data {
      var out = Data(capacity: files.reduce(files[0].header!.count + 16) { $0 + $1.body!.count })
      func add(_ f: File, _ r: Range<Int>) {
        f.data.withUnsafeBytes { out.append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[r])) }
      }
      add(files[0], files[0].header!)
      for f in files { add(f, f.body!) }
      out.append(contentsOf: "END:VCALENDAR\r\n".utf8)
      return out
    }
  }

  /// A folder's files (in name order) in runs of consecutive plain VCALENDARs
  /// whose headers (the calendar's properties and VTIMEZONEs) are the same
  /// bytes, a few runs per core: each run read as one VCALENDAR, the header
  /// once and every file's VTODOs. (A vdir's writer puts the same header in
  /// every file; reading its VTIMEZONE again for each file was two fifths of
  /// reading a folder.) Other files are batches of one.
  static func batches(_ files: [File]) -> [Batch] {
    let most = max(1, files.count / (4 * max(1, cores)))
    var out: [Batch] = []
    var run: [File] = []
    func flush() {
      if !run.isEmpty { out.append(Batch(files: run, together: run.count > 1)) }
      run = []
    }
    for f in files {
      guard f.header != nil else {
        flush()
        out.append(Batch(files: [f], together: false))
        continue
      }
      if let first = run.first, !first.sameHeader(as: f) || run.count >= most { flush() }
      run.append(f)
    }
    flush()
    return out
  }

  /// Whether line `[i, e)` starts with `head` (in any case; ``ICalLimits`` too).
  static func starts(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ e: Int, with head: StaticString)
    -> Bool
  {
    let n = head.utf8CodeUnitCount
    guard e - i >= n else { return false }
    let h = head.utf8Start
    for k in 0..<n where lower(b[i + k]) != h[k] { return false }
    return true
  }

  /// Whether line `[i, e)` is exactly `text` (in any case).
  private static func equals(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ e: Int, _ text: StaticString)
    -> Bool
  {
    e - i == text.utf8CodeUnitCount && starts(b, i, e, with: text)
  }

  private static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }

  /// `body` applied to every input, on every core; the results in order. The
  /// error thrown is that of the first input (in order) that failed.
  static func map<T: Sendable, R>(_ inputs: [T], _ body: @Sendable (T) throws -> R) throws -> [R] {
    if inputs.count < 2 || cores < 2 { return try inputs.map(body) }
    let slots = Slots<R>(count: inputs.count)
    defer { slots.free() }
    DispatchQueue.concurrentPerform(iterations: inputs.count) { k in
      slots.out[k] = Result { try body(inputs[k]) }
    }
    return try slots.out.map { try $0!.get() }
  }

  /// One result slot per input, each written by one thread only.
  private struct Slots<R>: @unchecked Sendable {
    let out: UnsafeMutableBufferPointer<Result<R, any Error>?>

    init(count: Int) {
      out = .allocate(capacity: count)
      out.initialize(repeating: nil)
    }

    func free() {
      _ = out.deinitialize()
      out.deallocate()
    }
  }
}
