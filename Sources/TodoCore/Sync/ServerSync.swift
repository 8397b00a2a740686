import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

  /// The app's header: "  ✓ synced 14:05", or "  ✗ sync failed" (SPEC 10).
  public var headerText: String {
    guard ok else { return "  ✗ sync failed" }
    guard let t = lastSuccess else { return "" }
    let f = DateFormatter()
    f.dateFormat = "HH:mm"
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

/// vdirsyncer driven by the daemon (SPEC 10): run after our vdir sync when
/// it wrote to the vdir, and every poll interval; one run at a time (a lock
/// file, whoever runs it); offline, retried with growing pauses, told once
/// when it stops working and once when it works again. It runs on the
/// calling thread (the live sync's own, never the notifier's).
public final class ServerSync: @unchecked Sendable {
  public enum Outcome: Equatable, Sendable {
    /// It ran and changed files on our side (our vdir sync follows).
    case changed
    case unchanged
    case failed(String)
    /// Another run held the lock: nothing was run.
    case busy
  }

  let engine: Vdirsyncer
  let pair: String
  /// Our set-up's pair for the lists' names (``VdirsyncerConfig/namesPair``):
  /// with it, a run also discovers the collections when needed and metasyncs.
  let namesPair: String?
  /// How often discovery runs without a change of the folders here (a calendar made on the server).
  let rediscoverEvery: TimeInterval
  /// The folders here at the last discovery (nil: none yet), and when it ran;
  /// the names and colours here after the last metasync. Touched under the run's lock only.
  private var discovered: [String]?
  private var discoveredAt = Date.distantPast
  private var metadataSeen: [String: String]?
  let paths: ServerPaths
  /// The folder vdirsyncer writes on our side.
  let local: String
  public let schedule: RetrySchedule
  let report: (String) -> Void
  /// Wakes the daemon's loop for the next poll or retry.
  public let timer: WallClockTimer
  private let state = NSLock()
  private var failuresValue = 0
  private var nextRunValue = Date.distantPast
  private var pendingValue = true

  public init(
    engine: Vdirsyncer, pair: String, namesPair: String? = nil, paths: ServerPaths, local: String,
    schedule: RetrySchedule, rediscoverEvery: TimeInterval = 600, report: @escaping (String) -> Void
  ) throws {
    self.engine = engine
    self.pair = pair
    self.namesPair = namesPair
    self.rediscoverEvery = rediscoverEvery
    self.paths = paths
    self.local = local
    self.schedule = schedule
    self.report = report
    timer = try WallClockTimer()
  }

  /// Failed runs in a row.
  public var failures: Int { state.withLock { failuresValue } }
  /// When the next run is due by the clock (poll or retry).
  public var nextRun: Date { state.withLock { nextRunValue } }

  /// Our vdir sync wrote to the vdir: a push is owed.
  public func owe() { state.withLock { pendingValue = true } }

  /// Whether a run is due: one is owed and the server answered last time,
  /// or the poll or retry time came.
  public func isDue(now: Date) -> Bool {
    state.withLock { now >= nextRunValue || (pendingValue && failuresValue == 0) }
  }

  /// After our vdir sync (`vdirChanged`: it wrote to the vdir): runs
  /// vdirsyncer when due, then `resync` (our vdir sync again, answering
  /// whether it wrote to the vdir) when vdirsyncer changed files here, then
  /// `settled` when the run worked (the vdir, the server and the data file
  /// now agree); arms the timer for the next poll or retry (soon, when the
  /// resync owes a push).
  public func follow(
    vdirChanged: Bool, now: () -> Date = { Date() }, resync: () -> Bool, settled: () -> Void = {}
  ) {
    if vdirChanged || listsChanged() { owe() }
    var soon: Date?
    if isDue(now: now()) {
      let outcome = runOnce(now: now)
      if outcome == .changed, resync() {
        owe()
        soon = now() + 1
      }
      if outcome == .changed || outcome == .unchanged { settled() }
    }
    timer.arm(at: min(nextRun, soon ?? .distantFuture))
  }

  /// One run of `vdirsyncer sync PAIR` under the lock, its outcome told
  /// (once when it starts failing, once when it works again) and recorded.
  @discardableResult
  public func runOnce(now: () -> Date = { Date() }) -> Outcome {
    let lockFD: Int32?
    do {
      try Store.makeFolders(paths.folder)
      lockFD = try FileLock.take(paths.lock, wait: false)
    } catch {
      return finish(.failed("\(error)"), at: now())
    }
    guard let fd = lockFD else {
      // Someone else runs it now: try again shortly, not counted as a failure.
      state.withLock { nextRunValue = now() + schedule.first }
      return .busy
    }
    defer { close(fd) }
    let polled: Bool = state.withLock {
      pendingValue = false
      return now() >= nextRunValue
    }
    let before = Self.fingerprint(local)
    let result: CommandResult
    do {
      if let failed = try discoverIfNeeded(now: now()) { return finish(.failed(failed), at: now()) }
      result = try engine.sync(pair: pair)
      for line in result.stderr.split(whereSeparator: \.isNewline)
      where line.hasPrefix(SyncConflicts.linePrefix) {
        report(String(line))  // what our resolve command set aside for vdirsyncer
      }
      if result.succeeded, let names = namesPair, polled || metadataChanged() {
        let meta = try engine.metasync(pair: names)
        guard meta.succeeded else { return finish(.failed(meta.problem), at: now()) }
        metadataSeen = Self.metadata(Self.fingerprint(local))
      }
    } catch {
      return finish(.failed("\(error)"), at: now())
    }
    guard result.succeeded else { return finish(.failed(result.problem), at: now()) }
    return finish(Self.fingerprint(local) == before ? .unchanged : .changed, at: now())
  }

  /// With our set-up: `vdirsyncer discover` (a calendar made on the server for
  /// each list made here, a folder here for each calendar made there) at the
  /// first run, when the folders here changed, and every `rediscoverEvery`.
  /// Answers what went wrong, or nil.
  private func discoverIfNeeded(now: Date) throws -> String? {
    guard let names = namesPair else { return nil }
    let folders = ServerRecord.collectionFolders(local)
    guard discovered != folders || now.timeIntervalSince(discoveredAt) >= rediscoverEvery else { return nil }
    let result = try engine.discover(pairs: [pair, names])
    guard result.succeeded else { return result.problem }
    discovered = ServerRecord.collectionFolders(local)
    discoveredAt = now
    metadataSeen = nil  // new collections: their names go across
    return nil
  }

  /// With our set-up, whether a list was made, renamed or recoloured here
  /// since the last run (our sync wrote a folder or its names, no item maybe).
  private func listsChanged() -> Bool {
    guard namesPair != nil, let discovered else { return false }
    return discovered != ServerRecord.collectionFolders(local) || metadataChanged()
  }

  /// Whether a list's name or colour changed here since the last metasync.
  private func metadataChanged() -> Bool {
    metadataSeen != Self.metadata(Self.fingerprint(local))
  }

  /// The `displayname` and `color` files of a ``fingerprint(_:)``.
  static func metadata(_ print: [String: String]) -> [String: String] {
    print.filter { $0.key.hasSuffix("/displayname") || $0.key.hasSuffix("/color") }
  }

  private func finish(_ outcome: Outcome, at t: Date) -> Outcome {
    var status = ServerStatus.load(paths) ?? ServerStatus()
    status.lastRun = t
    let (failures, pause, wasFailing): (Int, TimeInterval, Bool) = state.withLock {
      let was = failuresValue > 0
      if case .failed = outcome {
        failuresValue += 1
        pendingValue = true  // what was owed is still owed
      } else {
        failuresValue = 0
      }
      let p = schedule.pause(afterFailures: failuresValue)
      nextRunValue = t + p
      return (failuresValue, p, was)
    }
    if case .failed(let why) = outcome {
      status.ok = false
      status.lastError = why
      status.lastErrorAt = t
      if status.failingSince == nil { status.failingSince = t }
      if failures == 1 {
        report("server offline: \(why); trying again in \(Int(pause)) s, then less often")
      }
    } else {
      if wasFailing { report("server back online: synced") }
      status.ok = true
      status.lastSuccess = t
      status.failingSince = nil
    }
    status.save(paths)
    return outcome
  }

  /// What a run of vdirsyncer may change on our side: every file of the
  /// folder and of its subfolders (collections), by name, size, time and inode.
  static func fingerprint(_ folder: String) -> [String: String] {
    var out: [String: String] = [:]
    func scan(_ dir: String, depth: Int) {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
      for name in names where !name.hasPrefix(".") {
        let p = dir + "/" + name
        var st = stat()
        guard lstat(p, &st) == 0 else { continue }
        if (st.st_mode & S_IFMT) == S_IFDIR {
          if depth == 0 { scan(p, depth: 1) }
          continue
        }
        out[p] = "\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec):\(st.st_ino)"
      }
    }
    scan(folder, depth: 0)
    return out
  }
}
