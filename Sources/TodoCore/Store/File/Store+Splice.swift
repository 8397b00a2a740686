import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Store {
  /// Makes a change of a few items under the exclusive lock and writes it:
  /// `body` makes the change from the items as the file holds them now, and
  /// the change is applied field by field to those items, exactly as
  /// ``TodoList/apply(_:mode:)`` applies it inside ``mutate(wait:_:whileLocked:)``
  /// (SPEC 6, "Every writer merges"). Nothing is written when `body` throws or
  /// the change changes nothing.
  ///
  /// When the file is byte for byte what this program's writer writes
  /// (``SpliceScan``), only the changed entries are encoded: the new file is
  /// the old one with their bytes taken out and put in at their place in the
  /// order, the rest copied by the kernel; the same file the full writer would
  /// write, made as safely (temporary file, fsync, rename, fsync of the folder).
  /// Any other file is read and written whole.
  @discardableResult
  public func change(wait: Bool = true, _ body: (any ItemSource) throws -> Change) throws -> Change {
    try withLock(wait: wait) {
      if splices, let done = try spliced(body) { return done }
      return try mutateLocked { list in
        let change = try body(list)
        list.apply(change)
        return change
      }
    }
  }

  /// The change made and written by splicing, or nil (before `body` runs) when
  /// the file cannot be spliced. Call under the lock.
  func spliced(_ body: (any ItemSource) throws -> Change) throws -> Change? {
    let real = try resolvedPath()
    return try withOpenFile(real) { fd, size -> Change? in
      guard let fd, let scan = SpliceScan(fd: fd, size: size) else { return nil }
      let change: Change
      do {
        change = try body(scan)
      } catch {
        if let failure = scan.failure { throw TodoError.io(path: real, detail: "\(failure)") }
        throw error
      }
      // The change as TodoList.apply makes it, onto the items as the file holds them.
      var removed: [Int] = []
      var added: [(item: TodoItem, facts: EntryFacts)] = []
      for (id, after) in change.after {
        let current = scan.item(id)
        let merged = Change.merged(
          current: current, before: change.before[id] ?? nil, after: after, mode: .write)
        guard merged != current else { continue }
        if current != nil, let k = scan.index(of: id) { removed.append(k) }
        if let m = merged { added.append((m, EntryFacts(m))) }
      }
      if let failure = scan.failure { throw TodoError.io(path: real, detail: "\(failure)") }
      if removed.isEmpty && added.isEmpty { return change }
      try writeSpliced(scan, removing: removed, adding: added, real: real)
      return change
    }
  }

  /// Writes the scanned file without the entries of the records `removing`
  /// and with the entries of `adding`, each at its place in the order.
  func writeSpliced(
    _ scan: SpliceScan, removing: [Int], adding: [(item: TodoItem, facts: EntryFacts)], real: String
  ) throws {
    // The pieces at their offsets; at one offset, new entries (in order) before a removal.
    enum Piece {
      case insert([UInt8])
      case remove(upTo: Int)
    }
    var pieces: [(at: Int, rank: (Double, UUID)?, piece: Piece)] = []
    for k in removing {
      pieces.append((scan.records[k].start, nil, .remove(upTo: scan.records[k].end)))
    }
    for (item, facts) in adding {
      let at = scan.insertionPoint(sortKey: facts.sortKey, id: facts.id)
      pieces.append((at, (facts.sortKey, facts.id), .insert(PlistCodec.entry(item))))
    }
    pieces.sort { a, b in
      if a.at != b.at { return a.at < b.at }
      guard let ra = a.rank else { return false }
      guard let rb = b.rank else { return true }
      return ra.0 < rb.0 || (ra.0 == rb.0 && ra.1.isOrderedBefore(rb.1))
    }
    try replace(real) { out in
      var pos = 0
      for (at, _, piece) in pieces {
        try copy(scan.fd, from: pos, count: at - pos, to: out, real: real)
        pos = at
        switch piece {
        case .insert(let bytes): try AtomicFile.write(out, bytes)
        case .remove(let end): pos = end
        }
      }
      try copy(scan.fd, from: pos, count: scan.size - pos, to: out, real: real)
    }
    lastWriteSpliced = true
    // The badge index: the pending deadlines of the file as it now is.
    let gone = Set(removing)
    var deadlines: [Double] = []
    deadlines.reserveCapacity(scan.records.count + adding.count)
    for (k, r) in scan.records.enumerated() where !r.pendingDeadline.isNaN && !gone.contains(k) {
      deadlines.append(r.pendingDeadline)
    }
    for (_, facts) in adding where !facts.pendingDeadline.isNaN { deadlines.append(facts.pendingDeadline) }
    BadgeIndex.update(deadlines: deadlines, dataPath: real)
  }

  /// Copies `count` bytes of `fd` from `offset` to the end of `out`, in the kernel
  /// (sendfile) where it can, else through a buffer.
  func copy(_ fd: Int32, from offset: Int, count: Int, to out: Int32, real: String) throws {
    var off = offset
    var left = count
    while left > 0 {
      let n = Syscall.retrying { sendfile(out, fd, &off, left) }
      if n > 0 {
        left -= n
        continue
      }
      if n < 0 && (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) { break }
      throw TodoError.io(
        path: real,
        detail: "cannot write: " + (n < 0 ? Self.errorText(errno) : "the file shrank while it was read")
          + "; the file is unchanged")
    }
    guard left > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: min(left, 1 << 20))
    while left > 0 {
      let n = buffer.withUnsafeMutableBytes { b in
        Syscall.retrying { pread(fd, b.baseAddress!, min(left, b.count), off_t(off)) }
      }
      guard n > 0 else {
        throw TodoError.io(
          path: real,
          detail: "cannot write: " + (n < 0 ? Self.errorText(errno) : "the file shrank while it was read")
            + "; the file is unchanged")
      }
      try AtomicFile.write(out, buffer[0..<n])
      off += n
      left -= n
    }
  }
}
