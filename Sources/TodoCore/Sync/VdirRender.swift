import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The files of a sync's writes, made a run ahead on other threads while the
/// sync's own thread takes the runs before: on two cores a first sync renders its
/// items (iCalendar, libical), writes each new item's file whole in the staging
/// folder (``VdirFolder/Batch/writeStaged(in:_:as:path:)``) and, once the run is
/// written and flushed, moves its files into place (``VdirFolder/Batch/move(_:from:to:path:)``,
/// never replacing a file) on those threads, so that the sync's own thread has
/// little left to do per file. Each item is rendered alone (``VdirCodec/render``,
/// a pure function of the item), so the bytes are the same as rendered in line; a
/// sync killed or failing meanwhile leaves its unmoved files only in the staging
/// folder, which the batch (or the next sync) removes.
enum VdirRender {
  /// Fewer writes are made in line, with no thread started.
  static let minimumAhead = 256

  /// One write's file: its bytes, their digest (``ContentDigest``), and for a new
  /// item made ahead, whether it was (`ahead`) and the etag of its file now in place
  /// (nil: a file of that name was made meanwhile, kept).
  struct Made {
    var data: Data
    var digest: String
    var ahead = false
    var etag: String? = nil
    /// The stamp of the file made ahead (when `etag`).
    var stamp: FileStamp? = nil
  }

  /// Calls `body` for each write in order with its file; `stagedIn`: the staging
  /// folder and the folder (open, and the folder's path) in which new items' files
  /// are made ahead, nil for none. `meanwhile` runs once before the first `body`, on
  /// this thread, while the first runs are being made. When `body` throws, the runs
  /// being made are waited for (no thread is left working for a sync that ended).
  static func each(
    _ writes: [SyncPlan.Write], codec: VdirCodec, now: Date,
    stagedIn dir: (staging: Int32, folder: Int32, path: String)?,
    meanwhile: () -> Void = {},
    _ body: (Int, Made) throws -> Void
  ) throws {
    guard writes.count >= minimumAhead else {
      meanwhile()
      for k in writes.indices { try body(k, render(writes[k].item, codec: codec, now: now)) }
      return
    }
    // The writes are read in place by the threads (no copy of a run's items): every
    // run started is waited for before this returns.
    try writes.withUnsafeBufferPointer { writes in
      let run = VdirFolder.Batch.stagedRun
      func start(_ lo: Int) -> Ahead? {
        guard lo < writes.count else { return nil }
        let ahead = Ahead()
        let range = lo..<min(writes.count, lo + run)
        let shared = Shared(writes)
        DispatchQueue.global().async(group: ahead.group) {
          var out = range.map { render(shared.value[$0].item, codec: codec, now: now) }
          do {
            if let dir { try makeAhead(shared.value, range, &out, in: dir) }
          } catch {
            ahead.error = error
          }
          ahead.out = out
        }
        return ahead
      }
      // Two runs in flight: on two cores both are made while this thread moves the run before.
      var next = [start(0), start(run)].compactMap { $0 }
      var lo = 0
      defer { for a in next { a.group.wait() } }
      meanwhile()
      while !next.isEmpty {
        let ahead = next.removeFirst()
        ahead.group.wait()
        if let more = start(lo + 2 * run) { next.append(more) }
        if let e = ahead.error { throw e }
        for k in ahead.out.indices { try body(lo + k, ahead.out[k]) }
        lo += run
      }
    }
  }

  /// Writes the new items' files of the run `range` of `writes` in the staging folder, then moves them into place.
  private static func makeAhead(
    _ writes: UnsafeBufferPointer<SyncPlan.Write>, _ range: Range<Int>, _ out: inout [Made],
    in dir: (staging: Int32, folder: Int32, path: String)
  ) throws {
    var staged: [(href: String, etag: String)] = []
    staged.reserveCapacity(range.count)
    for k in range where writes[k].expected == nil {
      let o = k - range.lowerBound
      let st = try VdirFolder.Batch.writeStaged(
        in: dir.staging, out[o].data, as: writes[k].href, path: dir.path)
      staged.append((writes[k].href, VdirFolder.etag(st)))
      out[o].ahead = true
      out[o].stamp = FileStamp(st)
    }
    let moved = try VdirFolder.Batch.move(staged, from: dir.staging, to: dir.folder, path: dir.path)
    for k in range where out[k - range.lowerBound].ahead {
      out[k - range.lowerBound].etag = moved[writes[k].href]
      if out[k - range.lowerBound].etag == nil { out[k - range.lowerBound].stamp = nil }
    }
  }

  static func render(_ item: TodoItem, codec: VdirCodec, now: Date) -> Made {
    let data = codec.render(item, now)
    return Made(data: data, digest: data.withUnsafeBytes { ContentDigest.hex($0) })
  }

  /// One run being made: its files, written by the one thread making them and
  /// read only once its group is done.
  private final class Ahead: @unchecked Sendable {
    let group = DispatchGroup()
    var out: [Made] = []
    var error: Error?
  }
}
