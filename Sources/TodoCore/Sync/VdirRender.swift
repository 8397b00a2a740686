import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The files of a sync's writes, made a run ahead on another thread while the
/// sync's own thread names the run before: on two cores a first sync renders its
/// items (iCalendar, libical) and writes each new item's file with no name
/// (``VdirFolder/Batch/makeUnnamed(in:_:path:)``) while it names the files of
/// the ones before, in order. Each item is rendered alone (``VdirCodec/render``,
/// a pure function of the item), so the bytes are the same as rendered in line;
/// a file with no name is gone when its descriptor is closed, so a sync killed
/// or failing meanwhile leaves none (those not handed over are closed here).
enum VdirRender {
  /// Fewer writes are made in line, with no thread started.
  static let minimumAhead = 256

  /// One write's file: its bytes, their digest (``ContentDigest``), and for a new
  /// item (where the file system can) the file made with no name, open.
  struct Made {
    var data: Data
    var digest: String
    var made: (fd: Int32, etag: String)? = nil
    var error: Error? = nil
  }

  /// Calls `body` for each write in order with its file; `unnamedIn`: the folder
  /// (open, and its path) in which new items' files are made with no name, nil for none. When
  /// `body` throws, the run being made is waited for and every file not handed
  /// over closed (no thread is left working for a sync that ended).
  static func each(
    _ writes: [SyncPlan.Write], codec: VdirCodec, now: Date, unnamedIn dir: (fd: Int32, path: String)?,
    _ body: (SyncPlan.Write, Made) throws -> Void
  ) throws {
    guard writes.count >= minimumAhead else {
      for w in writes { try body(w, render(w, codec: codec, now: now)) }
      return
    }
    // A run at most as long as the batch keeps open, so that all fit in the descriptors allowed.
    let run = max(1, min(512, VdirFolder.Batch.unnamedRun))
    func start(_ lo: Int) -> Ahead? {
      guard lo < writes.count else { return nil }
      let ahead = Ahead()
      let slice = Array(writes[lo..<min(writes.count, lo + run)])
      DispatchQueue.global().async(group: ahead.group) {
        ahead.out = slice.map { w in
          var m = render(w, codec: codec, now: now)
          guard let dir, w.expected == nil else { return m }
          do {
            m.made = try VdirFolder.Batch.makeUnnamed(in: dir.fd, m.data, path: dir.path + "/" + w.href)
          } catch {
            m.error = error
          }
          return m
        }
      }
      return ahead
    }
    // Two runs in flight: on two cores both are made while this thread names the run before.
    var next = [start(0), start(run)].compactMap { $0 }
    var lo = 0
    defer {
      for a in next {
        a.group.wait()
        a.closeAll(from: 0)
      }
    }
    while !next.isEmpty {
      let ahead = next.removeFirst()
      ahead.group.wait()
      if let more = start(lo + 2 * run) { next.append(more) }
      for k in ahead.out.indices {
        do {
          if let e = ahead.out[k].error { throw e }
          try body(writes[lo + k], ahead.out[k])
        } catch {
          ahead.closeAll(from: k + 1)
          throw error
        }
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

    func closeAll(from k: Int) {
      for m in out[min(k, out.count)...] { if let fd = m.made?.fd { close(fd) } }
    }
  }
}
