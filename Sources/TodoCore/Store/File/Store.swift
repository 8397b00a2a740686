import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The data file on disk (SPEC 6): read whole, changed under an exclusive lock
/// on a stable lock file beside it, and replaced atomically (temporary file,
/// fsync, rename, fsync of the folder). Mode 0600; folders created 0700.
public final class Store: @unchecked Sendable {
  /// The data file as given.
  public let path: String
  /// Whether ``commit(wait:env:whileLocked:_:)`` may splice (the tests compare it with the full writer).
  var splices = true
  /// Whether the last write of this store was spliced (for the tests).
  var lastWriteSpliced = false
  /// How long a change waits for another process's lock; nil: as long as it takes.
  public var patience: LockPatience?
  /// The largest file a write puts in place (``sizeLimit``; smaller in the tests).
  var writeLimit = Store.sizeLimit
  /// Told each folder a write makes for the data file (the command line says it).
  public var madeFolder: ((String) -> Void)?

  public init(path: String) { self.path = path }

  /// `--file`, else `TODO_TUI_FILE`, else `$XDG_DATA_HOME/todo-tui/todos.plist`.
  /// An `XDG_DATA_HOME` that is not an absolute path is ignored, as the XDG
  /// Base Directory spec says (`$HOME/.local/share` instead).
  public static func defaultPath(environment: [String: String]) -> String {
    if let f = environment["TODO_TUI_FILE"], !f.isEmpty { return f }
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
    return data + "/todo-tui/todos.plist"
  }

  /// The file that is really read and written: a symlink is followed, so that
  /// writing replaces its target and not the link.
  public func resolvedPath() throws -> String {
    var st = stat()
    guard lstat(path, &st) == 0 else { return path }
    if (st.st_mode & S_IFMT) == S_IFLNK {
      guard let real = realpath(path, nil) else {
        throw TodoError.io(path: path, detail: "is a symbolic link to a missing file")
      }
      defer { free(real) }
      return String(cString: real)
    }
    return path
  }

  public var lockPath: String {
    (try? resolvedPath()).map { $0 + ".lock" } ?? path + ".lock"
  }

  // MARK: - Reading

  /// The file's contents; an empty document when it does not exist yet.
  ///
  /// The lean reader takes the file in pieces and gives back what it has read,
  /// so that 100,000 items (30 MB of XML) never sit in memory whole; a file
  /// it does not read is read whole for Foundation's parser.
  /// `opened` gets the descriptor the file is read from (``BadgeIndex`` notes what it read).
  public func load(tolerant: Bool = false, opened: (Int32) -> Void = { _ in }) throws -> TodoDocument {
    var doc = try loadAsWritten(tolerant: tolerant, opened: opened)
    // Kept text of a file from before SPEC 8 moved into the new fields: held in one place from the next write.
    doc.adoptKeptFields()
    return doc
  }

  func loadAsWritten(tolerant: Bool, opened: (Int32) -> Void) throws -> TodoDocument {
    let real = try resolvedPath()
    do {
      return try withOpenFile(real) { fd, size in
        guard let fd = fd else { return TodoDocument(items: []) }
        opened(fd)
        do {
          if size > 0, let doc = try LeanPlistReader.read(fd: fd, size: size, tolerant: tolerant) {
            return doc
          }
        } catch let e as LeanPlistReader.ReadFailed {
          throw TodoError.io(path: real, detail: Self.errorText(e.errno))
        }
        guard lseek(fd, 0, SEEK_SET) == 0 else {
          throw TodoError.io(path: real, detail: Self.errorText(errno))
        }
        let data = try readAll(fd, size: size, path: real)
        return data.isEmpty
          ? try PlistCodec.decode(data) : try PlistCodec.decodeWithFoundation(data, tolerant: tolerant)
      }
    } catch let e as CodecError {
      throw TodoError.corruptFile(path: real, detail: e.description)
    }
  }

  /// Opens the data file for reading and checks that it is a regular file of a
  /// sane size; `body` gets nil when there is no file.
  func withOpenFile<T>(_ real: String, _ body: (Int32?, Int) throws -> T) throws -> T {
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer forever.
    let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      if errno == ENOENT { return try body(nil, 0) }
      throw TodoError.io(path: real, detail: Self.errorText(errno))
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw TodoError.io(path: real, detail: Self.errorText(errno)) }
    try Self.checkKind(st, real)
    guard st.st_size <= Self.sizeLimit else {
      throw TodoError.corruptFile(
        path: real, detail: "the file is \(st.st_size >> 20) MiB, more than a to-do file can be (256 MiB)")
    }
    return try body(fd, Int(st.st_size))
  }

  /// The largest data file any reader opens (256 MiB: a hundred times 100,000 items).
  static let sizeLimit = 256 << 20

  /// Throws unless `st` is a regular file's: a folder, a device or a FIFO is no to-do file.
  static func checkKind(_ st: stat, _ real: String) throws {
    if (st.st_mode & S_IFMT) == S_IFDIR {
      throw TodoError.io(path: real, detail: "is a directory, not a to-do file")
    }
    guard (st.st_mode & S_IFMT) == S_IFREG else {
      throw TodoError.io(path: real, detail: "is not a regular file")
    }
  }

  func readAll(_ fd: Int32, size: Int, path real: String) throws -> Data {
    var data = Data(count: size)
    let got = data.withUnsafeMutableBytes { Syscall.readFully(fd, into: $0) }
    guard got >= 0 else { throw TodoError.io(path: real, detail: Self.errorText(errno)) }
    if got < data.count { data.removeSubrange(got...) }
    return data
  }

  // MARK: - Changing

  /// Runs `body` on the current list under the exclusive lock and writes the
  /// result if it changed. Nothing is written when `body` throws.
  /// `whileLocked` runs after the write, still under the lock: a reader of the
  /// file can note what it now is, with no other writer in between. Without
  /// `wait`, a lock held by another process throws ``LockBusy`` at once.
  @discardableResult
  public func mutate<T>(
    wait: Bool = true, _ body: (inout TodoList) throws -> T, whileLocked: () -> Void = {}
  ) throws -> T {
    try withLock(wait: wait) {
      defer { whileLocked() }
      return try mutateLocked(body)
    }
  }

  /// ``mutate(wait:_:whileLocked:)`` with the lock held: the whole list read, changed and written.
  func mutateLocked<T>(_ body: (inout TodoList) throws -> T) throws -> T {
    var doc = try load()
    if doc.formatVersion > TodoDocument.currentVersion {
      throw TodoError.newerFormat(
        path: path, version: doc.formatVersion, known: TodoDocument.currentVersion)
    }
    // One dictionary, changed in place, and compared with the items as read:
    // a copy of the list to compare with cost a second dictionary (33 MB at 100,000).
    var list = TodoList(doc.items)
    let lists = doc.lists
    list.lists = lists
    let result = try body(&list)
    if doc.formatVersion != TodoDocument.currentVersion || Self.differs(list, from: doc.items)
      || list.lists != lists
    {
      if list.lists != lists { doc.lists = list.lists }
      try write(Self.inReadOrder(list, replacing: &doc.items), otherRootKeys: doc.otherRootKeys)
    }
    return result
  }

  /// The items of `list` in the order they were read (by deadline), changed
  /// ones in place and new ones at the end, built in the storage of `read`:
  /// nearly sorted, so the writer's sort is linear instead of n log n over
  /// the dictionary's random order (a tenth of `complete` at 100,000 items).
  static func inReadOrder(_ list: TodoList, replacing read: inout [TodoItem]) -> [TodoItem] {
    var kept = 0
    for k in read.indices {
      if let now = list[read[k].id] {
        read[kept] = now
        kept += 1
      }
    }
    read.removeLast(read.count - kept)
    if kept < list.count {  // added items: the ones not read
      let known = Set(read.map(\.id))
      read.append(contentsOf: list.items.values.filter { !known.contains($0.id) })
    }
    return read
  }

  /// Whether `list` holds other items than `items` (which have distinct UUIDs, as read).
  static func differs(_ list: TodoList, from items: [TodoItem]) -> Bool {
    list.count != items.count || items.contains { list[$0.id] != $0 }
  }

  /// Replaces the file with these items, atomically. Call under the lock.
  public func write<C: Collection>(_ items: C, otherRootKeys: [String: String] = [:]) throws
  where C.Element == TodoItem {
    let real = try resolvedPath()
    try replace(real) { fd in
      // Written in pieces of 1 MiB as they are encoded: no 30 MB buffer at 100,000 items.
      var size = 0
      try PlistCodec.encode(items, otherRootKeys: otherRootKeys, chunk: 1 << 20) { piece in
        size += piece.count
        if size > writeLimit { throw tooLarge(real) }  // stopped before the rest is written
        try AtomicFile.write(fd, UnsafeRawBufferPointer(piece))
      }
    }
    lastWriteSpliced = false
    BadgeIndex.update(items, dataPath: real)
  }

  /// Replaces the file at `real` with what `fill` writes to a descriptor
  /// (``AtomicFile``: a temporary file in the same folder, fsync, rename,
  /// fsync of the folder). Call under the lock.
  func replace(_ real: String, _ fill: (Int32) throws -> Void) throws {
    try Self.makeFolders(AtomicFile.split(real).folder, made: madeFolder)
    // The mode its owner gave the file is kept; a file the owner made read-only is not replaced.
    var old = stat()
    let mode: mode_t? = stat(real, &old) == 0 ? old.st_mode & 0o7777 : nil
    if let mode, mode & S_IWUSR == 0 {
      throw TodoError.io(
        path: real,
        detail: "is read-only (mode 0\(String(mode, radix: 8))), as its owner set it; nothing was changed "
          + "(chmod u+w to allow changes)")
    }
    do {
      try AtomicFile.replace(real) { fd in
        try fill(fd)
        if let mode, mode != 0o600, fchmod(fd, mode) != 0 { throw SystemError("fchmod", errno: errno) }
        // A file no reader would open is never put in place (every command would refuse it).
        var st = stat()
        if fstat(fd, &st) == 0, Int(st.st_size) > writeLimit { throw tooLarge(real) }
      }
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: real, note: e.call == "open" ? "" : "; the file is unchanged")
    }
  }

  /// The error of a write refused for its size: the file is left as it was.
  func tooLarge(_ real: String) -> TodoError {
    let limit = writeLimit >= 1 << 20 ? "\(writeLimit >> 20) MiB" : "\(writeLimit) bytes"
    return .io(
      path: real,
      detail: "the file would be larger than \(limit), the size no command can open; nothing was changed")
  }

  /// `mkdir -p` with mode 0700 for each folder it creates, each told to `made`.
  static func makeFolders(_ dir: String, made: ((String) -> Void)? = nil) throws {
    if dir.isEmpty { return }  // the working folder (`--file todos.plist`)
    var st = stat()
    if stat(dir, &st) == 0 {
      guard (st.st_mode & S_IFMT) == S_IFDIR else { throw TodoError.io(path: dir, detail: "is not a folder") }
      return
    }
    let parent = (dir as NSString).deletingLastPathComponent
    if !parent.isEmpty && parent != dir { try Self.makeFolders(parent) }
    if mkdir(dir, 0o700) != 0 {
      guard errno == EEXIST else {
        throw TodoError.io(path: dir, detail: "cannot create the folder: " + Self.errorText(errno))
      }
    } else {
      made?(dir)  // once, for the folder of the file (those above it it needed with it)
    }
  }

  /// Whether the folder the data file `path` goes in is there (the working folder always is).
  public static func folderExists(of path: String) -> Bool {
    let dir = (path as NSString).deletingLastPathComponent
    var st = stat()
    return dir.isEmpty || (stat(dir, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR)
  }

  static func errorText(_ e: Int32) -> String { Syscall.text(e) }
}
