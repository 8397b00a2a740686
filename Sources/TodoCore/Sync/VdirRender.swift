import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The files of a sync's writes, made a run ahead on another thread while the
/// sync's own thread moves the run before into place: on two cores a first sync
/// renders its items (iCalendar, libical) and writes each new item's file whole in
/// the staging folder (``VdirFolder/Batch/writeStaged(in:_:as:path:)``) while it
/// moves the files of the ones before, in order. Each item is rendered alone
/// (``VdirCodec/render``, a pure function of the item), so the bytes are the same
/// as rendered in line; a sync killed or failing meanwhile leaves its files only in
/// the staging folder, which the batch (or the next sync) removes.
enum VdirRender {
  /// Fewer writes are made in line, with no thread started.
  static let minimumAhead = 256

  /// One write's file: its bytes, their digest (``ContentDigest``), and for a new
  /// item the etag of its file written in the staging folder.
  struct Made {
    var data: Data
    var digest: String
    var staged: String? = nil
    var error: Error? = nil
  }

  /// Calls `body` for each write in order with its file; `stagedIn`: the staging
  /// folder (open, and the folder's path) in which new items' files are written,
  /// nil for none. When `body` throws, the runs being made are waited for (no
  /// thread is left working for a sync that ended).
  static func each(
    _ writes: [SyncPlan.Write], codec: VdirCodec, now: Date, stagedIn dir: (fd: Int32, path: String)?,
    _ body: (SyncPlan.Write, Made) throws -> Void
  ) throws {
    guard writes.count >= minimumAhead else {
      for w in writes { try body(w, render(w, codec: codec, now: now)) }
      return
    }
    let run = VdirFolder.Batch.stagedRun
    func start(_ lo: Int) -> Ahead? {
      guard lo < writes.count else { return nil }
      let ahead = Ahead()
      let slice = Array(writes[lo..<min(writes.count, lo + run)])
      DispatchQueue.global().async(group: ahead.group) {
        ahead.out = slice.map { w in
          var m = render(w, codec: codec, now: now)
          guard let dir, w.expected == nil else { return m }
          do {
            m.staged = try VdirFolder.Batch.writeStaged(in: dir.fd, m.data, as: w.href, path: dir.path)
          } catch {
            m.error = error
          }
          return m
        }
      }
      return ahead
    }
    // Two runs in flight: on two cores both are made while this thread moves the run before.
    var next = [start(0), start(run)].compactMap { $0 }
    var lo = 0
    defer { for a in next { a.group.wait() } }
    while !next.isEmpty {
      let ahead = next.removeFirst()
      ahead.group.wait()
      if let more = start(lo + 2 * run) { next.append(more) }
      for k in ahead.out.indices {
        if let e = ahead.out[k].error { throw e }
        try body(writes[lo + k], ahead.out[k])
      }
      lo += run
    }
  }

  static func render(_ w: SyncPlan.Write, codec: VdirCodec, now: Date) -> Made {
    let data = codec.render(w.item, now)
    return Made(data: data, digest: data.withUnsafeBytes { ContentDigest.hex($0) })
  }

  /// One run being made: its files, written by the one thread making them and
  /// read only once its group is done.
  private final class Ahead: @unchecked Sendable {
    let group = DispatchGroup()
    var out: [Made] = []
  }
}
