import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The files of a sync's writes, made a run ahead on other threads while the
/// sync's own thread takes the runs before: on two cores a first sync renders its
/// items (iCalendar, libical) and makes each new item's file on those threads,
/// written whole with no name (`O_TMPFILE`) and, once the run is written and flushed,
/// named by a link that never replaces a file (``VdirFolder/Batch/makeUnnamed(_:data:href:in:path:)``;
/// where the file system cannot, written whole in the staging folder and moved into
/// place, ``VdirFolder/Batch/writeStaged(in:_:as:path:)``, ``VdirFolder/Batch/move(_:from:to:path:)``),
/// so that the sync's own thread has little left to do per file. Each item is rendered
/// alone (``VdirCodec/render``, a pure function of the item), so the bytes are the same
/// as rendered in line; a sync killed or failing meanwhile leaves no file of a run not
/// named yet (an unnamed file is gone with its descriptor; a staged one only in the
/// staging folder, which the batch, or the next sync, removes).
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

  /// Makes the new items' files of the run `range` of `writes` in the folder: with no
  /// name, then each named (``VdirFolder/Batch/makeUnnamed(_:data:href:in:path:)``), else
  /// (a file system without unnamed files, or no way to name them) written in the staging
  /// folder, then moved into place.
  private static func makeAhead(
    _ writes: UnsafeBufferPointer<SyncPlan.Write>, _ range: Range<Int>, _ out: inout [Made],
    in dir: (staging: Int32, folder: Int32, path: String)
  ) throws {
    let lo = range.lowerBound
    var fresh = range.filter { writes[$0].expected == nil }
    func placed(_ k: Int, _ st: stat?) {
      out[k - lo].ahead = true
      out[k - lo].etag = st.map { VdirFolder.etag($0) }
      out[k - lo].stamp = st.map { FileStamp($0) }
    }
    if let made = try VdirFolder.Batch.makeUnnamed(
      fresh.count, data: { out[fresh[$0] - lo].data }, href: { writes[fresh[$0]].href }, in: dir.folder,
      path: dir.path)
    {
      var left: [Int] = []
      for (j, k) in fresh.enumerated() {
        switch made[j] {
        case .named(let st): placed(k, st)
        case .taken: placed(k, nil)
        case .notNamed: left.append(k)
        }
      }
      fresh = left
    }
    var staged: [(href: String, etag: String)] = []
    var stamps: [FileStamp] = []
    for k in fresh {
      let st = try VdirFolder.Batch.writeStaged(
        in: dir.staging, out[k - lo].data, as: writes[k].href, path: dir.path)
      staged.append((writes[k].href, VdirFolder.etag(st)))
      stamps.append(FileStamp(st))
    }
    let moved = try VdirFolder.Batch.move(staged, from: dir.staging, to: dir.folder, path: dir.path)
    for (j, k) in fresh.enumerated() {
      out[k - lo].ahead = true
      out[k - lo].etag = moved[writes[k].href]
      out[k - lo].stamp = out[k - lo].etag == nil ? nil : stamps[j]
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
