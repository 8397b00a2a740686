import Foundation

/// The pauses between runs of vdirsyncer (SPEC 10): the poll interval while
/// the server answers; after a failed run `first`, doubling with each
/// failure in a row, never more than the poll interval.
public struct RetrySchedule: Equatable, Sendable {
  public var first: TimeInterval
  public var poll: TimeInterval

  public init(first: TimeInterval = 5, poll: TimeInterval = 60) {
    self.first = first
    self.poll = poll
  }

  /// The pause before the next run after `failures` failed runs in a row (0: the last run worked).
  public func pause(afterFailures failures: Int) -> TimeInterval {
    guard failures > 0 else { return poll }
    let doubled = first * pow(2, Double(min(failures - 1, 30)))
    return min(poll, doubled)
  }
}

/// What `sync status` and the app's header tell: when vdirsyncer last ran,
/// how that went, and the last error (kept after later successes).
public struct ServerStatus: Codable, Equatable, Sendable {
  public var lastRun: Date?
  public var ok: Bool = true
  public var lastSuccess: Date?
  public var lastError: String?
  public var lastErrorAt: Date?
  /// Since when it fails, while it does.
  public var failingSince: Date?

  public init() {}

  /// The app's header: "  ✓ synced 14:05" (the last round, which worked),
  /// or "  ✗ sync failed 14:06" (the last round, which failed) (SPEC 10).
  public var headerText: String {
    let f = DateFormatter()
    f.dateFormat = "HH:mm"
    guard ok else { return "  ✗ sync failed" + (lastRun.map { " " + f.string(from: $0) } ?? "") }
    guard let t = lastSuccess else { return "" }
    return "  ✓ synced " + f.string(from: t)
  }

  public static func load(_ paths: ServerPaths) -> ServerStatus? {
    guard let data = FileManager.default.contents(atPath: paths.status) else { return nil }
    let dec = JSONDecoder()
    dec.dateDecodingStrategy = .iso8601
    return try? dec.decode(ServerStatus.self, from: data)
  }

  func save(_ paths: ServerPaths) {
    let enc = JSONEncoder()
    enc.dateEncodingStrategy = .iso8601
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? enc.encode(self) else { return }
    try? AtomicFile.replace(paths.status, with: Array(data) + [10], durable: false)
  }
}
