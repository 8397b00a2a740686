import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the sync of a vdir root (SPEC 9) leaves beside the root's status
/// (`….status.quick`, where a single folder keeps its ``SyncQuickCheck``)
/// so that the next one, when nothing changed, reads neither the data file
/// nor any collection's files: the data file's stamp, the root's entries
/// (names and kinds: a collection added or removed there), and for each
/// collection its status's stamp, its files' fingerprint (its own
/// ``SyncQuickCheck``'s) and the stamps of its `displayname`, `color` and
/// the name and colour its last sync kept (a list renamed there). Telling
/// that nothing changed is one `stat` of each of those and one `readdir`
/// of the root and of each collection, as for a single folder.
///
/// Written after a root sync with nothing to warn about that left the data
/// file as it read it (its lists matched with the collections, and no item
/// changed here by a collection), from what that sync found before reading
/// (the stamps of the root's entries and of the metadata taken before they
/// were read) and what each collection's quick record vouches for, all for
/// that one data file: a change made meanwhile makes the record not hold,
/// never hides it.
///
///     todo-tui sync root quick 1
///     data SIZE SECONDS NANOSECONDS INODE
///     names COUNT SUM MIXED
///     folder HEX-NAME SIZE SECONDS NANOSECONDS INODE COUNT SUM MIXED COUNT SUM MIXED
struct SyncRootQuick: Equatable, Sendable {
  struct Folder: Equatable, Sendable {
    var name: String
    /// The collection's status as its sync left it.
    var status: FileStamp
    /// Its item files.
    var vdir: VdirFingerprint
    /// Its `displayname`, `color` and kept name and colour (``metadata(root:folder:dataFile:)``).
    var meta: VdirFingerprint
  }
  var data: FileStamp
  var names: VdirFingerprint
  var folders: [Folder]

  static let magic = "todo-tui sync root quick 1"

  /// The record in `file`, or nil (none, a single folder's, or not one this program reads).
  static func load(_ file: String) -> SyncRootQuick? {
    guard let bytes = FileManager.default.contents(atPath: file), bytes.count < 1 << 20 else { return nil }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard lines.count >= 3, lines[0] == magic, lines[1].hasPrefix("data "), lines[2].hasPrefix("names "),
      let data = FileStamp(text: lines[1].dropFirst(5)),
      let names = VdirFingerprint(text: lines[2].dropFirst(6))
    else { return nil }
    var folders: [Folder] = []
    for line in lines.dropFirst(3) {
      let p = line.split(separator: " ")
      guard p.count == 12, p[0] == "folder", let name = Self.unhex(p[1]),
        let status = FileStamp(text: p[2...5].joined(separator: " ")[...]),
        let vdir = VdirFingerprint(text: p[6...8].joined(separator: " ")[...]),
        let meta = VdirFingerprint(text: p[9...11].joined(separator: " ")[...])
      else { return nil }
      folders.append(Folder(name: name, status: status, vdir: vdir, meta: meta))
    }
    return SyncRootQuick(data: data, names: names, folders: folders)
  }

  var text: String {
    var t = Self.magic + "\ndata " + data.text + "\nnames " + names.text + "\n"
    for f in folders {
      t += "folder " + Self.hex(f.name) + " " + f.status.text + " " + f.vdir.text + " " + f.meta.text + "\n"
    }
    return t
  }

  /// Writes the record (atomically; not flushed: a lost one costs a full sync).
  func save(_ file: String) throws {
    do {
      try AtomicFile.replace(file, with: Array(text.utf8), durable: false)
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: file)
    }
  }

  /// Whether the data file, the root's entries and every collection are as
  /// recorded: then a sync of the root has nothing to do.
  func holds(root: String, dataFile: String) -> Bool {
    guard FileStamp.of(dataFile) == data, let now = Self.entries(of: root), now.names == names else {
      return false
    }
    for f in folders {
      let dir = root + "/" + f.name
      // A collection marked deleted on the server is for the sync to remove, whatever the stamps.
      guard access(dir + "/" + ServerCollections.goneMarker, F_OK) != 0,
        FileStamp.of(SyncStatus.path(dataFile: dataFile, vdir: dir)) == f.status,
        Self.metadata(root: root, folder: f.name, dataFile: dataFile) == f.meta
      else { return false }
      var files = VdirFingerprint()
      guard files.addFiles(of: dir), files == f.vdir else { return false }
    }
    return true
  }

  /// The root's entries not starting with a dot (names and kinds: folder, file,
  /// other), and the names of its folders; nil when it cannot be read.
  static func entries(of root: String) -> (names: VdirFingerprint, folders: [String])? {
    guard let (names, undecodable) = VdirFolder.names(in: root, ending: "") else { return nil }
    var f = VdirFingerprint()
    var folders: [String] = []
    for name in names {
      var st = stat()
      let kind: Int64 =
        stat(root + "/" + name, &st) != 0
        ? 0 : (st.st_mode & S_IFMT) == S_IFDIR ? 1 : (st.st_mode & S_IFMT) == S_IFREG ? 2 : 3
      if kind == 1 { folders.append(name) }
      f.add(name: name.utf8, FileStamp(size: kind, seconds: 0, nanoseconds: 0, inode: 0))
    }
    for name in undecodable {
      f.add(name: name.utf8, FileStamp(size: 4, seconds: 0, nanoseconds: 0, inode: 0))
    }
    return (f, folders.sorted())
  }

  /// The stamps of a collection's `displayname` and `color` and of the name and
  /// colour its last sync kept beside its status (an absent file has its own stamp).
  static func metadata(root: String, folder: String, dataFile: String) -> VdirFingerprint? {
    let dir = root + "/" + folder
    var f = VdirFingerprint()
    let base = SyncStatus.path(dataFile: dataFile, vdir: dir) + ".list"
    for (key, path) in [("displayname", dir + "/displayname"), ("color", dir + "/color"), ("base", base)] {
      guard let s = FileStamp.of(path) else { return nil }
      f.add(name: key.utf8, s)
    }
    return f
  }

  static func hex(_ s: String) -> String {
    s.utf8.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
      .joined()
  }

  static func unhex(_ s: Substring) -> String? {
    let b = Array(s.utf8)
    guard b.count % 2 == 0, !b.isEmpty else { return nil }
    var out: [UInt8] = []
    for i in stride(from: 0, to: b.count, by: 2) {
      guard let v = UInt8(String(decoding: b[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
      out.append(v)
    }
    return String(validating: out, as: UTF8.self)
  }
}
