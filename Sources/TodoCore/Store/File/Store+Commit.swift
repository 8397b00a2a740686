import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Store {
  /// The one way to change the file: makes `operation`'s change under the
  /// exclusive lock, against the items as the file holds them now, and writes
  /// it. The change is applied field by field to those items, exactly as
  /// ``TodoList/commit(_:env:)`` applies it in memory (SPEC 6, "Every writer
  /// merges"). Nothing is written when the operation throws or changes
  /// nothing. `whileLocked` gets the change after the write, still under the
  /// lock. Without `wait`, a lock held by another process throws ``LockBusy``.
  /// Answers the change made (for an undo or redo: what it really did).
  @discardableResult
  public func commit(
    _ operation: TodoOperation, wait: Bool = true, env: TodoEnvironment,
    whileLocked: (Change) -> Void = { _ in }
  ) throws -> Change {
    try commit(wait: wait, env: env, whileLocked: whileLocked) { _ in operation }
  }

  /// ``commit(_:wait:env:whileLocked:)`` of the operation `make` names once
  /// the lock is held: `make` may resolve the IDs a user typed among the
  /// items as they are then.
  ///
  /// The store chooses how to write. When the file is byte for byte what this
  /// program's writer writes (``SpliceScan``) and the operation changes a few
  /// items (not an import or a sync), only the changed entries are encoded:
  /// the new file is the old one with their bytes taken out and put in at
  /// their place in the order, the rest copied by the kernel; the same file
  /// the full writer would write, made as safely (temporary file, fsync,
  /// rename, fsync of the folder). Otherwise the file is read and written whole.
  @discardableResult
  public func commit(
    wait: Bool = true, env: TodoEnvironment, whileLocked: (Change) -> Void = { _ in },
    _ make: (any ItemSource) throws -> TodoOperation
  ) throws -> Change {
    try withLock(wait: wait) {
      // Named once: a bulk operation named while the file was scanned is then written whole.
      var named: TodoOperation? = nil
      func name(_ source: any ItemSource) throws -> TodoOperation {
        if let named { return named }
        let op = try make(source)
        named = op
        return op
      }
      var done: Change? = nil
      if splices { done = try spliced(env: env, name) }
      if done == nil {
        done = try mutateLocked { list in try list.commit(name(list), env: env) }
      }
      whileLocked(done!)
      return done!
    }
  }

  /// The change made and written by splicing, or nil (before `make` runs, or
  /// after it when the operation is a bulk one) when the file is not spliced.
  /// Call under the lock.
  func spliced(env: TodoEnvironment, _ make: (any ItemSource) throws -> TodoOperation) throws -> Change? {
    let real = try resolvedPath()
    return try withOpenFile(real) { fd, size -> Change? in
      guard let fd, let scan = SpliceScan(fd: fd, size: size) else { return nil }
      let change: Change
      let mode: Change.Mode
      do {
        let operation = try make(scan)
        if operation.isBulk || operation.changesLists { return nil }
        change = try operation.change(in: scan, env: env)
        mode = operation.mode
      } catch {
        if let failure = scan.failure { throw TodoError.io(path: real, detail: "\(failure)") }
        throw error
      }
      // The change as TodoList.apply makes it, onto the items as the file holds them.
      var removed: [Int] = []
      var added: [(item: TodoItem, facts: EntryFacts)] = []
      var result: [UUID: TodoItem?] = [:]
      for (id, after) in change.after {
        let current = scan.item(id)
        let merged = Change.merged(
          current: current, before: change.before[id] ?? nil, after: after, mode: mode)
        result[id] = .some(merged)
        guard merged != current else { continue }
        if current != nil, let k = scan.index(of: id) { removed.append(k) }
        if let m = merged { added.append((m, EntryFacts(m))) }
      }
      if let failure = scan.failure { throw TodoError.io(path: real, detail: "\(failure)") }
      let answer =
        mode == .revert ? change.outcome(current: { scan.item($0) }, now: { result[$0] ?? nil }) : change
      if removed.isEmpty && added.isEmpty { return answer }
      try writeSpliced(scan, removing: removed, adding: added, real: real)
      return answer
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
