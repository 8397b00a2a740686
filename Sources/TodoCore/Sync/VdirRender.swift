import Dispatch
import Foundation

/// The files' bytes of a sync's writes, made a run ahead on another thread
/// while the sync's own thread puts the run before in place: on two cores a
/// first sync renders its items (iCalendar, libical) while it creates the files
/// of the ones before. Each item is rendered alone (``VdirCodec/render``, a pure
/// function of the item), so the bytes are the same as rendered in line.
enum VdirRender {
  /// Fewer writes are rendered in line, with no thread started.
  static let minimumAhead = 256
  /// Items a run (rendered together, then handed over).
  static let run = 512

  /// Calls `body` for each write in order with its file's bytes and their digest
  /// (``ContentDigest``). When `body` throws, the run being rendered is waited for
  /// (no thread is left working for a sync that ended) and the error rethrown.
  static func each(
    _ writes: [SyncPlan.Write], codec: VdirCodec, now: Date,
    _ body: (SyncPlan.Write, Data, String) throws -> Void
  ) throws {
    guard writes.count >= minimumAhead else {
      for w in writes {
        let (data, digest) = render(w, codec: codec, now: now)
        try body(w, data, digest)
      }
      return
    }
    func start(_ lo: Int) -> Ahead? {
      guard lo < writes.count else { return nil }
      let ahead = Ahead()
      let slice = Array(writes[lo..<min(writes.count, lo + run)])
      DispatchQueue.global().async(group: ahead.group) {
        ahead.out = slice.map { render($0, codec: codec, now: now) }
      }
      return ahead
    }
    var next = start(0)
    var lo = 0
    defer { next?.group.wait() }
    while let ahead = next {
      ahead.group.wait()
      next = start(lo + run)
      for (k, (data, digest)) in ahead.out.enumerated() { try body(writes[lo + k], data, digest) }
      lo += run
    }
  }

  static func render(_ w: SyncPlan.Write, codec: VdirCodec, now: Date) -> (Data, String) {
    let data = codec.render(w.item, now)
    return (data, data.withUnsafeBytes { ContentDigest.hex($0) })
  }

  /// One run being rendered: its results, written by the one thread rendering
  /// them and read only once its group is done.
  private final class Ahead: @unchecked Sendable {
    let group = DispatchGroup()
    var out: [(Data, String)] = []
  }
}
