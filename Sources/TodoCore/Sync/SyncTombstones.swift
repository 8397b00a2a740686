import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What our sync deleted from the vdir, kept a while (issue 34's soak): an item
/// deleted here whose file the sync removed can come back into the vdir from the
/// server when our upload of it reached the server but its answer was lost
/// (vdirsyncer did not record it, so it takes the server's copy for a new item).
/// Such a file, back with no status entry, is the echo of our own upload, not a new
/// item: deleted again (the deletion then reaches the server). One changed since
/// (edited elsewhere after our upload) is kept, as a deletion meeting a change
/// is (SPEC 7), and told. Kept beside the status (`….status.tombs`), written
/// before the files go, so that a kill between the two steps loses nothing;
/// each for ``keptFor``, at most ``most`` of them.
struct SyncTombstone: Equatable, Sendable {
  /// When the sync removed the file.
  var deleted: Date
  /// The removed file's LAST-MODIFIED and SEQUENCE, when known.
  var modified: Date?
  var sequence: Int?
  /// The removed file's synced fields.
  var base: SyncFields

  init(deleted: Date, item: TodoItem) {
    self.init(deleted: deleted, modified: item.modified, sequence: item.sequence, base: SyncFields(item))
  }

  init(deleted: Date, modified: Date?, sequence: Int?, base: SyncFields) {
    self.deleted = deleted
    self.modified = modified
    self.sequence = sequence
    self.base = base
  }

  /// Whether `item`, back in the vdir, is what we deleted: the same fields, or
  /// a copy no later than ours (LAST-MODIFIED not later, SEQUENCE not higher:
  /// an older upload of ours, or ours as the server rewrote it).
  func echoes(_ item: TodoItem) -> Bool {
    if SyncFields(item) == base { return true }
    guard let mine = modified, let theirs = item.modified, theirs <= mine else { return false }
    return (item.sequence ?? 0) <= (sequence ?? 0)
  }
}

struct SyncTombstones: Equatable, Sendable {
  /// How long a deletion is remembered, and how many at most (the latest kept).
  static let keptFor: TimeInterval = 30 * 86_400
  static let most = 10_000
  static let magic = "todo-tui sync tombstones 1"

  /// UID → what its removed file held.
  var items: [String: SyncTombstone] = [:]

  /// The tombstones not past ``keptFor`` at `now`.
  func current(at now: Date) -> [String: SyncTombstone] {
    items.filter { now.timeIntervalSince($0.value.deleted) <= Self.keptFor }
  }

  /// The file beside the status `statusFile`.
  static func path(ofStatus statusFile: String) -> String { statusFile + ".tombs" }

  /// The tombstones in `file`; none when it is missing. A line that does not read
  /// (the file is a safety net, not a record of the user's) is left out.
  static func load(_ file: String) -> SyncTombstones {
    guard let data = FileManager.default.contents(atPath: file) else { return SyncTombstones() }
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true)
    guard let head = lines.first, String(decoding: head, as: UTF8.self) == magic else {
      return SyncTombstones()
    }
    var out = SyncTombstones()
    for (n, line) in lines.dropFirst().enumerated() {
      let raw = line.split(separator: 0x09, omittingEmptySubsequences: false)
      // Like a status line, a line of an older version lacks the later fields' columns.
      guard raw.count >= SyncStatus.leastFieldCount, raw.count <= SyncStatus.fieldCount,
        let f = try? raw.map({ try SyncStatus.unescape(Substring(decoding: $0, as: UTF8.self)) }),
        let uid = f[0], let deleted = f[1].flatMap(Double.init)
      else { continue }
      var base = SyncFields(title: "")
      do {
        for (k, field) in SyncStatus.columns.enumerated() {
          base[field] = try SyncStatus.value(4 + k < f.count ? f[4 + k] : nil, of: field, line: n + 2)
        }
      } catch { continue }
      out.items[uid] = SyncTombstone(
        deleted: Date(timeIntervalSince1970: deleted),
        modified: f[2].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) },
        sequence: f[3].flatMap { Int($0) }, base: base)
    }
    return out
  }

  /// Replaces `file` atomically; removes it when none is left.
  func save(_ file: String) throws {
    guard !items.isEmpty else {
      if unlink(file) != 0 && errno != ENOENT {
        throw TodoError.io(path: file, detail: "cannot remove: \(String(cString: strerror(errno)))")
      }
      return
    }
    var out: [UInt8] = Array((Self.magic + "\n").utf8)
    for uid in items.keys.sorted() {
      let t = items[uid]!
      let head = [
        uid, SyncStatus.seconds(t.deleted), t.modified.map(SyncStatus.seconds), t.sequence.map(String.init),
      ]
      for s in head {
        if let s { SyncStatus.appendEscaped(s, to: &out) } else { out += [0x5C, 0x4E] }
        out.append(0x09)
      }
      for (k, f) in SyncStatus.columns.enumerated() {
        if k > 0 { out.append(0x09) }
        if let s = SyncStatus.column(t.base[f]) {
          SyncStatus.appendEscaped(s, to: &out)
        } else {
          out += [0x5C, 0x4E]
        }
      }
      out.append(0x0A)
    }
    do {
      try AtomicFile.replace(file, with: Data(out))
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: file)
    }
  }

  /// The removals of a plan recorded at `now` (`item`: what each file holds, nil when
  /// it cannot be read: then its last base, `old`); the tombstones of items both sides
  /// hold after the sync (`status`) dropped, and those past ``keptFor`` or ``most``.
  mutating func record(
    _ removals: [(uid: String, item: TodoItem?)], old: [String: SyncEntry], status: [String: SyncEntry],
    now: Date
  ) {
    for r in removals {
      if let item = r.item {
        items[r.uid] = SyncTombstone(deleted: now, item: item)
      } else if let e = old[r.uid] {
        items[r.uid] = SyncTombstone(deleted: now, modified: nil, sequence: nil, base: e.base)
      }
    }
    for uid in items.keys
    where status[uid] != nil || now.timeIntervalSince(items[uid]!.deleted) > Self.keptFor {
      items[uid] = nil
    }
    if items.count > Self.most {
      let latest = items.sorted { ($0.value.deleted, $0.key) > ($1.value.deleted, $1.key) }.prefix(Self.most)
      items = Dictionary(uniqueKeysWithValues: latest.map { ($0.key, $0.value) })
    }
  }
}
