import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What `import` reads: our plist or the tutorial app's (XML or binary), our
/// JSON export, an iCalendar file of VTODOs, a folder of `.ics` files, or `-`
/// (stdin). The format is recognised from the content, not the name.
public enum ImportFormats {
  public enum Kind: Equatable, Sendable { case plist, json, ics }

  /// Items read for import, with what merging them needs to know.
  public struct Imported: Equatable, Sendable {
    public var items: [TodoItem]
    public var warnings: [String]
    /// Items completed by an iCalendar STATUS without a COMPLETED date (completed
    /// "now"): one already completed here keeps its completion time.
    public var undatedCompletions: Set<UUID>
    /// The lists the items name (SPEC 9), as the source holds them; import
    /// adds those the file does not have (``TodoOperation/importing(_:)``).
    public var lists: [NamedList]
    /// The source's default list, which its items without a `list` field are in,
    /// when the source names it (a file of named lists): import keeps them in a
    /// list of that name. Its id is the source's, empty when the source does not say (JSON).
    public var defaultList: NamedList?
    /// Whether the source knows its `lists` by name only (iCalendar: ``ICalLists``): each
    /// goes to the list here of that name, else a new one, whatever its id (the items' key for it).
    public var listsByName: Bool

    public init(
      items: [TodoItem], warnings: [String] = [], undatedCompletions: Set<UUID> = [], lists: [NamedList] = [],
      defaultList: NamedList? = nil, listsByName: Bool = false
    ) {
      self.items = items
      self.warnings = warnings
      self.undatedCompletions = undatedCompletions
      self.lists = lists
      self.defaultList = defaultList
      self.listsByName = listsByName
    }
  }

  /// The format of `data`: iCalendar or JSON by their first bytes (after a
  /// byte-order mark and white space), else a property list.
  public static func kind(of data: Data) -> Kind {
    var i = data.startIndex
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
    while i < data.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(data[i]) { i += 1 }
    guard i < data.endIndex else { return .plist }
    if data[i] == UInt8(ascii: "[") || data[i] == UInt8(ascii: "{") { return .json }
    let head = String(decoding: data[i..<min(i + 15, data.endIndex)], as: UTF8.self)
    return head.uppercased() == "BEGIN:VCALENDAR" ? .ics : .plist
  }

  /// The items of one file's content.
  /// - Parameter path: the file's name, for the error message.
  public static func decode(_ data: Data, path: String = "import", env: TodoEnvironment = .live) throws
    -> TodoDocument
  {
    let r = try imported(data, path: path, env: env)
    return TodoDocument(items: r.items, warnings: r.warnings)
  }

  static func imported(_ data: Data, path: String, env: TodoEnvironment) throws -> Imported {
    var r = try importedAsWritten(data, path: path, env: env)
    let now = env.now()
    for k in r.items.indices { r.items[k].trustChangeTimes(upTo: now) }
    boundTitles(&r, path: path)
    return r
  }

  /// Titles past ``Title/importLimit`` cut there, each with a warning naming the file.
  static func boundTitles(_ r: inout Imported, path: String) {
    for k in r.items.indices {
      guard let cut = Title.bounded(r.items[k].title) else { continue }
      r.warnings.append(
        "\(path): the title “\(Title.displaySafe(String(cut.prefix(40))))…” was cut at "
          + "\(Title.importLimit) characters (it had \(r.items[k].title.count))")
      r.items[k].title = cut
    }
  }

  private static func importedAsWritten(_ data: Data, path: String, env: TodoEnvironment) throws -> Imported {
    switch kind(of: data) {
    case .ics:
      var r = try ICalMapping.read(data, path: path, now: env.now(), calendar: env.calendar)
      let (lists, first) = ICalLists.assign(&r.items, calendars: r.calendars)
      return Imported(
        items: r.items, warnings: r.warnings, undatedCompletions: r.undated, lists: lists, defaultList: first,
        listsByName: true)
    case .json:
      if let tasks = try TaskwarriorJSON.read(data, path: path, calendar: env.calendar) { return tasks }
      let (items, lists, first) = try JSONExchange.decodeWithLists(data, path: path)
      return Imported(items: items, warnings: [], undatedCompletions: [], lists: lists, defaultList: first)
    case .plist:
      if !looksLikePlist(data) {
        if let r = try TodoTxt.read(data, path: path, calendar: env.calendar, now: env.now()) { return r }
        throw unrecognised(path)
      }
      do {
        var doc = try PlistCodec.decode(data, tolerant: true)
        // Created when imported: its deadline (what a read of the data file takes) may be ahead.
        let now = env.now().wholeSeconds
        for k in doc.items.indices where doc.withoutCreated.contains(doc.items[k].id) {
          doc.items[k].created = now
        }
        let lists = doc.lists
        return Imported(
          items: doc.items, warnings: doc.warnings, undatedCompletions: [],
          lists: lists.stored ? lists.lists : [], defaultList: lists.stored ? lists.first : nil)
      } catch let e as CodecError {
        throw TodoError.badFile(path: path, detail: e.description + "; nothing was imported")
      }
    }
  }

  /// The formats `import` reads, for the one line that says a file is none of them.
  public static let formatsRead =
    "a property list (ours or the tutorial app's), a JSON export of ours, Taskwarrior's task export, "
    + "todo.txt, iCalendar (.ics) or a folder of .ics files"

  static func unrecognised(_ path: String) -> TodoError {
    TodoError.badFile(path: path, detail: "not a format import reads (\(formatsRead)); nothing was imported")
  }

  /// Whether the content starts as a property list does: `<` (XML) or `bplist` (binary).
  static func looksLikePlist(_ data: Data) -> Bool {
    var i = data.startIndex
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
    while i < data.endIndex, [0x20, 0x09, 0x0D, 0x0A].contains(data[i]) { i += 1 }
    return i == data.endIndex || data[i] == UInt8(ascii: "<") || data[i...].starts(with: Array("bplist".utf8))
  }

  /// Reads `source`: a file, a folder (its `.ics` files, in name order), or `-` for `stdin`.
  public static func read(
    _ source: String, stdin: () throws -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
    env: TodoEnvironment = .live
  ) throws -> Imported {
    if source == "-" { return try imported(try stdin(), path: "stdin", env: env) }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDir) else {
      throw TodoError.io(path: source, detail: "no such file or folder; nothing was imported")
    }
    guard isDir.boolValue else { return try imported(try contents(source), path: source, env: env) }
    guard let (names, undecodable) = VdirFolder.names(in: source, ending: "") else {
      throw TodoError.io(path: source, detail: "cannot list the folder; nothing was imported")
    }
    let dir = source.hasSuffix("/") ? source : source + "/"
    let paths = names.filter { $0.lowercased().hasSuffix(".ics") }.sorted().map { dir + $0 }
    // The files are read on every core; the first error (in name order) is the one thrown.
    let (now, calendar) = (env.now(), env.calendar)
    let files = try ICalChunks.map(paths) { ICalChunks.File(path: $0, data: try contents($0)) }
    let read = try ICalChunks.map(ICalChunks.batches(files)) { batch in
      // A run read as one VCALENDAR; again file by file when that fails (so that the error
      // names the file) or holds a changed occurrence (its series must be in its own file).
      if batch.together,
        let r = try? ICalMapping.readPiece(batch.joined(), path: source, now: now, calendar: calendar),
        r.occurrences.isEmpty
      {
        return [(items: r.items, undated: r.undated, warnings: [String](), calendars: r.calendars)]
      }
      return try batch.files.map { f in
        try ICalMapping.read(f.data, path: f.path, now: now, calendar: calendar)
      }
    }.flatMap { $0 }
    var all = Imported(
      items: [], warnings: files.flatMap(\.warnings), undatedCompletions: [], listsByName: true)
    all.items.reserveCapacity(read.reduce(0) { $0 + $1.items.count })
    var calendars: [ICalCalendarRun] = []
    for r in read {
      ICalCalendarRun.append(r.calendars, at: all.items.count, to: &calendars)
      all.items += r.items
      all.warnings += r.warnings
      all.undatedCompletions.formUnion(r.undated)
    }
    // Files that name their calendar (one calendar a file: Google's export) go to the lists of those names.
    (all.lists, all.defaultList) = ICalLists.assign(&all.items, calendars: ICalCalendarRun.named(calendars))
    boundTitles(&all, path: source)
    for name in undecodable.sorted() where name.lowercased().hasSuffix(".ics") {
      all.warnings.append("skipped \(dir)\(name): its name is not valid UTF-8 (rename the file to import it)")
    }
    return all
  }

  /// The bytes of a file (read with `read(2)`: a vdir has thousands, and
  /// `Data(contentsOf:)` with its URL took a quarter of reading one).
  static func contents(_ path: String) throws -> Data {
    func failure(_ e: Int32) -> TodoError {
      TodoError.io(path: path, detail: "cannot read: \(Store.errorText(e)); nothing was imported")
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(errno) }
    defer { close(fd) }
    var st = stat()
    let size = fstat(fd, &st) == 0 ? max(0, Int(st.st_size)) : 0
    // Not zeroed first (a vdir's ten thousand zeroed buffers were half of reading its files).
    var capacity = size + 1
    guard var buffer = malloc(capacity) else { throw failure(ENOMEM) }
    var n = 0
    // Until the end, or the size the file had when opened (a vdir's writers replace files whole).
    while n == 0 || n != size {
      if n == capacity {
        capacity *= 2
        guard let larger = realloc(buffer, capacity) else {
          free(buffer)
          throw failure(ENOMEM)
        }
        buffer = larger
      }
      let got = Syscall.retrying { Glibc.read(fd, buffer + n, capacity - n) }
      if got == 0 { break }
      if got < 0 {
        let e = errno
        free(buffer)
        throw failure(e)
      }
      n += got
    }
    return Data(bytesNoCopy: buffer, count: n, deallocator: .free)
  }

  /// Merges imported items by identity (SPEC 6) into a list in memory, as
  /// ``TodoOperation/importing(_:)`` does on the file.
  @discardableResult
  public static func merge(_ imported: Imported, into list: inout TodoList) -> Change {
    list.apply(TodoOperation.merging(imported, into: list))
  }
}

extension TodoItem {
  /// The times of a change that came from elsewhere (import, sync) are not
  /// trusted beyond `now`: a clock years ahead would pin the item there, and
  /// every later change would lose to this one ("the later change wins").
  mutating func trustChangeTimes(upTo now: Date) {
    let latest = now.wholeSeconds
    if let m = modified, m > latest { modified = latest }
    if created > latest { created = latest }
  }
}
