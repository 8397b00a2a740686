import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A vdir: a folder of `.ics` files, one item each, as vdirsyncer's
/// `filesystem` storage, todoman and khal keep it. An item is known by its
/// file name (href) and an etag made of the file's size, modification time
/// and inode, so that an unchanged file need not be read again; files are
/// replaced atomically (temporary file, rename), and temporary files never
/// end in `.ics`, so that vdirsyncer does not take them for items.
public struct VdirFolder: Sendable {
  /// The folder.
  public let path: String
  static let fileExtension = ".ics"

  public init(path: String) { self.path = path }

  /// The etag of a file: "size;mtime-seconds.nanoseconds;inode".
  static func etag(_ st: stat) -> String {
    "\(st.st_size);\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec);\(st.st_ino)"
  }

  /// Whether the folder exists (and is a folder).
  public var exists: Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }

  /// Creates the folder (and its parents, 0700) when it is missing.
  func create() throws { try Store.makeFolders(path) }

  /// The items' files, href → etag: regular `.ics` files not starting with a
  /// dot; and the `.ics` names that are not valid UTF-8 (``names(in:)``), to be told.
  /// - Complexity: one `stat` a file; no file is opened.
  func list() throws -> (files: [String: String], undecodable: [String]) {
    guard let (names, undecodable) = Self.names(in: path, ending: Self.fileExtension) else {
      throw TodoError.io(path: path, detail: "cannot read the vdir: " + Store.errorText(errno))
    }
    var out: [String: String] = [:]
    for name in names {
      var st = stat()
      guard lstat(path + "/" + name, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
      out[name] = Self.etag(st)
    }
    return (out, undecodable)
  }

  /// The names in the folder `path` that end in `suffix` and do not start with a
  /// dot, and apart those that are not valid UTF-8, their bad bytes written
  /// `\xNN` (no String names such a file: it can be told, not read or written
  /// back). Nil when the folder cannot be read (`errno` says why).
  static func names(in path: String, ending suffix: String) -> (names: [String], undecodable: [String])? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    var undecodable: [String] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      guard bytes.first != UInt8(ascii: "."), bytes.count >= suffix.utf8.count,
        bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
      else { continue }
      if let name = String(validating: bytes, as: UTF8.self) {
        names.append(name)
      } else {
        undecodable.append(escaped(bytes))
      }
    }
    return (names, undecodable)
  }

  /// A file name that is not valid UTF-8, its bytes outside printable ASCII as `\xNN`.
  static func escaped(_ bytes: [UInt8]) -> String {
    bytes.map {
      $0 >= 0x20 && $0 < 0x7F && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0)
    }
    .joined()
  }

  /// The bytes of one file and its etag as read.
  func read(_ href: String) throws -> (data: Data, etag: String) {
    let file = path + "/" + href
    let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { throw TodoError.io(path: file, detail: Store.errorText(errno)) }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
      throw TodoError.io(path: file, detail: "is not a regular file")
    }
    guard st.st_size <= 16 << 20 else {
      throw TodoError.io(path: file, detail: "is \(st.st_size >> 20) MiB, more than one to-do can be")
    }
    let data = try Store(path: file).readAll(fd, size: Int(st.st_size), path: file)
    return (data, Self.etag(st))
  }

  /// The current etag of a file, or nil when it is gone.
  func currentEtag(_ href: String) -> String? {
    var st = stat()
    guard lstat(path + "/" + href, &st) == 0 else { return nil }
    return Self.etag(st)
  }

  /// A file name for an item made here: the UID when it is safe as a file
  /// name (letters, digits, `-_.+@`, not starting with a dot, not too long),
  /// else the UID with every other byte as `%XX`; a long UID is cut and
  /// ends in a hash of the whole. `taken` names are avoided.
  static func href(forUID uid: String, taken: (String) -> Bool) -> String {
    func safe(_ b: UInt8, first: Bool) -> Bool {
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        || b == 0x2D || b == 0x5F || b == 0x2B || b == 0x40 || (b == 0x2E && !first)
    }
    var name = ""
    var allSafe = true
    var first = true
    for b in uid.utf8 where allSafe {
      allSafe = safe(b, first: first)
      first = false
    }
    if allSafe {
      name = uid  // the common case (a UUID), without building it byte by byte
    } else {
      for b in uid.utf8 {
        name += safe(b, first: name.isEmpty) ? String(UnicodeScalar(b)) : String(format: "%%%02X", b)
      }
    }
    if name.isEmpty { name = "item" }
    if name.utf8.count > 180 {
      name = String(name.prefix(160)) + "-" + ContentDigest.hex(Array(uid.utf8))
    }
    var candidate = name + fileExtension
    var n = 2
    while taken(candidate) {
      candidate = name + "-\(n)" + fileExtension
      n += 1
    }
    return candidate
  }

  // MARK: - Writing

  /// Files written to temporary names, to be put in place together by ``commit()``.
  /// A new item's file is written whole under its own name in a hidden staging
  /// folder inside the folder (``stagingName``: the same file system; vdirsyncer
  /// and our scans pass over hidden names and folders), and moved into place once
  /// flushed by a rename that never replaces a file (`renameat2` RENAME_NOREPLACE):
  /// a sync killed at any instant leaves no empty or cut file under an item's name
  /// (the next sync removes the staging folder), and a file made meanwhile under
  /// the same name is kept. Many new files are made on other threads instead, with
  /// no name then linked (``VdirRender``, ``makeUnnamed(_:data:href:in:path:)``).
  final class Batch {
    let folder: VdirFolder
    /// `etag`: the file's as written (a rename keeps its size, time and inode).
    private(set) var pending: [(tmp: String, href: String, etag: String)] = []
    /// New items' files written in the staging folder, not moved yet.
    private var staged: [(href: String, etag: String)] = []
    /// New items' files moved into place already (by a full run of ``staged``), href → etag.
    private var named: [String: String] = [:]
    /// Whether files were moved into place on other threads (``movedAhead()``).
    private var aheadMoved = false
    private var dfd: Int32 = -1
    private var sfd: Int32 = -1
    /// The staging folder's name, inside the folder (hidden, not `.ics`).
    static let stagingName = ".todo-sync-staging"
    /// How many staged files are flushed and moved together (one `syncfs`).
    static let stagedRun = 512

    init(folder: VdirFolder) { self.folder = folder }

    deinit {
      if sfd >= 0 { close(sfd) }
      if dfd >= 0 { close(dfd) }
    }

    /// Writes `data` to a temporary file that will become `href`; `fresh`:
    /// only if no file `href` exists then (checked and moved in one step).
    func stage(_ data: Data, as href: String, fresh: Bool = false) throws {
      if fresh {
        let st = try Self.writeStaged(in: try stagingFolder(), data, as: href, path: folder.path)
        try adopt(VdirFolder.etag(st), as: href)
        return
      }
      let tmp = AtomicFile.temporaryName(of: href)
      let file = folder.path + "/" + tmp
      let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw TodoError.io(path: folder.path + "/" + href, detail: "cannot write: " + Store.errorText(errno))
      }
      defer { close(fd) }
      do {
        pending.append(
          (tmp, href, VdirFolder.etag(try Self.write(data, to: fd, path: folder.path + "/" + href))))
      } catch {
        unlink(file)
        throw error
      }
    }

    /// The staging folder, made (empty) and opened once, for new items' files
    /// written on other threads (``writeStaged(in:_:as:path:)``).
    func stagingFolder() throws -> Int32 {
      if sfd < 0 {
        let d = try folderFD()
        guard mkdirat(d, Self.stagingName, 0o700) == 0 || errno == EEXIST else {
          throw TodoError.io(path: folder.path, detail: "cannot write: " + Store.errorText(errno))
        }
        sfd = openat(d, Self.stagingName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard sfd >= 0 else { throw TodoError.io(path: folder.path, detail: Store.errorText(errno)) }
      }
      return sfd
    }

    /// A new item's file written by ``writeStaged(in:_:as:path:)``, to be moved into
    /// place as `href` with the others (as ``stage(_:as:fresh:)`` with `fresh`).
    func adopt(_ etag: String, as href: String) throws {
      staged.append((href, etag))
      if staged.count >= Self.stagedRun { try moveStaged() }
    }

    /// New items' files were moved into place on other threads (``move(_:from:to:path:)``):
    /// ``commit(stillExpected:)`` flushes the folder; their etags are the caller's to keep.
    func movedAhead() { aheadMoved = true }

    /// The staging folder and the folder, open, for new items' files written and
    /// moved on other threads (``writeStaged(in:_:as:path:)``, ``move(_:from:to:path:)``).
    func aheadFolders() throws -> (staging: Int32, folder: Int32) { (try stagingFolder(), try folderFD()) }

    /// The folder, opened once.
    private func folderFD() throws -> Int32 {
      if dfd < 0 {
        dfd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dfd >= 0 else { throw TodoError.io(path: folder.path, detail: Store.errorText(errno)) }
      }
      return dfd
    }

    /// Flushes the staged files and moves each into place (``move(_:from:to:path:)``).
    private func moveStaged() throws {
      guard !staged.isEmpty else { return }
      defer { staged = [] }
      named.merge(try Self.move(staged, from: try stagingFolder(), to: try folderFD(), path: folder.path)) {
        a, _ in a
      }
    }

    /// Flushes the staged files to disk (one `syncfs` for all of them) and
    /// renames each into place; returns href → etag of the files now in place
    /// (not those moved on other threads, ``movedAhead()``).
    /// `stillExpected` is asked just before each rename: a file changed by
    /// someone else since it was read is left alone (its temporary removed).
    func commit(stillExpected: (String) -> Bool) throws -> [String: String] {
      guard !pending.isEmpty || !staged.isEmpty || !named.isEmpty || aheadMoved else { return [:] }
      let dfd = try folderFD()
      try moveStaged()
      removeStaging()
      var placed = named
      named = [:]
      guard !pending.isEmpty else {
        fsync(dfd)
        return placed
      }
      Self.flush(pending.count, first: pending[0].tmp, in: dfd)
      for (tmp, href, etag) in pending {
        guard stillExpected(href) else {
          unlinkat(dfd, tmp, 0)
          continue
        }
        guard renameat(dfd, tmp, dfd, href) == 0 else {
          let e = errno
          unlinkat(dfd, tmp, 0)
          throw TodoError.io(path: folder.path + "/" + href, detail: "cannot replace: " + Store.errorText(e))
        }
        placed[href] = etag
      }
      pending = []
      fsync(dfd)
      return placed
    }

    /// Removes what was staged and not committed.
    func discard() {
      for p in pending { unlink(folder.path + "/" + p.tmp) }
      pending = []
      staged = []
      removeStaging()
    }

    /// Removes the staging folder and what is left in it.
    private func removeStaging() {
      guard sfd >= 0 else { return }
      close(sfd)
      sfd = -1
      VdirFolder.removeStaging(in: folder.path)
    }
  }

  /// Removes a file, if it still has `etag` (else someone changed it: kept).
  /// Returns whether it was removed (or was already gone).
  func remove(_ href: String, ifEtag etag: String) throws -> Bool {
    let file = path + "/" + href
    guard let now = currentEtag(href) else { return true }
    guard now == etag else { return false }
    guard unlink(file) == 0 || errno == ENOENT else {
      throw TodoError.io(path: file, detail: "cannot delete: " + Store.errorText(errno))
    }
    return true
  }

  /// Temporary files and the staging folder that a killed sync left (call while
  /// holding the sync lock): no file in them is ever taken for an item.
  func cleanStrayTemporaries() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for n in names where n.hasPrefix(".") && n.contains(Self.fileExtension + ".tmp-") {
      unlink(path + "/" + n)
    }
    if names.contains(Batch.stagingName) { Self.removeStaging(in: path) }
  }
}

/// A 64-bit FNV-1a digest of some bytes, as 16 hex digits: tells whether a
/// file's contents changed (not a defence against forgery).
enum ContentDigest {
  static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    return String(h, radix: 16, uppercase: false).leftPadded(to: 16)
  }
}

extension String {
  fileprivate func leftPadded(to n: Int) -> String {
    count >= n ? self : String(repeating: "0", count: n - count) + self
  }
}
