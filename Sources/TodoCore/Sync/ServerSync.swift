import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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
    /// Stopped by the engine's `cancel` (a quit, a signal): nothing recorded.
    case stopped
  }

  let engine: Vdirsyncer
  let pair: String
  /// The pairs `vdirsyncer discover` runs for when needed (none: it is not
  /// run): ours and our names' pair, or a user's pair of collections.
  let discoverPairs: [String]
  /// The pair `vdirsyncer metasync` runs for (the lists' names and colours), if any.
  let metasyncPair: String?
  /// The pair's sides and vdirsyncer's status, for the collections deleted on
  /// one side (``ServerCollections``); nil: not known, discovery makes them again.
  let sides: ServerCollections?
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
  /// A run left the names for after our sync (``followNames()``).
  private var namesOwed = false
  private var nextRunValue = Date.distantPast
  private var pendingValue = true
  /// When the last run began (the wall clock): files older were on the
  /// server as they are once it worked (``ConflictResolve/keepBase(of:syncedBefore:)``).
  public private(set) var runStarted = Date.distantPast
  /// Whether the last run that failed still changed files here (other collections synced).
  public private(set) var changedDespiteFailure = false
  /// The data file synced with the vdir, when known: a folder emptied here is
  /// carried to the server only when our sync's status of it is empty (``syncEmptied(after:earlier:)``).
  public var dataFile: String?

  /// - Parameters:
  ///   - namesPair: our set-up's pair for the lists' names (``VdirsyncerConfig/namesPair``):
  ///     with it, a run discovers the collections when needed and metasyncs that pair.
  ///   - discover, metasync: else, the pairs to discover and to metasync (a user's set-up).
  public init(
    engine: Vdirsyncer, pair: String, namesPair: String? = nil, discover: [String] = [],
    metasync: String? = nil,
    paths: ServerPaths, local: String, schedule: RetrySchedule, rediscoverEvery: TimeInterval = 600,
    report: @escaping (String) -> Void
  ) throws {
    self.engine = engine
    self.pair = pair
    discoverPairs = namesPair.map { [pair, $0] } ?? discover
    metasyncPair = namesPair ?? metasync
    sides = discoverPairs.isEmpty ? nil : ServerCollections.read(config: engine.config, pair: pair)
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
      let failed: Bool
      if case .failed = outcome { failed = true } else { failed = false }
      // A run that failed for some lists brought the others' changes: taken in.
      if outcome == .changed || (failed && changedDespiteFailure), resync() {
        owe()
        soon = now() + 1
      }
      if outcome == .changed, followNames(), resync() {
        owe()
        soon = now() + 1
      }
      if outcome == .changed || outcome == .unchanged { settled() }
    }
    timer.arm(at: min(nextRun, soon ?? .distantFuture))
  }

  /// The metasync a run left for after our sync took what it brought (a
  /// deletion on the server reaches the data file without waiting for the
  /// names): run now, under the lock; whether it changed files here (our
  /// sync follows). Failed or busy, the next run does it.
  @discardableResult
  public func followNames() -> Bool {
    guard let names = metasyncPair, state.withLock({ namesOwed }) else { return false }
    guard let fd = (try? FileLock.take(paths.lock, wait: false)) ?? nil else { return false }
    defer { close(fd) }
    state.withLock { namesOwed = false }
    let before = Self.fingerprint(local)
    guard let meta = try? engine.metasync(pair: names), meta.succeeded else {
      metadataSeen = nil  // the next run metasyncs (and finds a calendar gone, if that is why)
      return false
    }
    let after = Self.fingerprint(local)
    metadataSeen = Self.metadata(after)
    return after != before
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
    if Self.running(config: engine.config) {
      // A vdirsyncer on our configuration that no lock holds: left by a
      // notifier killed with -9 (its group outlives it), or run by hand. Not two at once.
      state.withLock { nextRunValue = now() + schedule.first }
      return .busy
    }
    let started = now()
    let polled: Bool = state.withLock {
      pendingValue = false
      return now() >= nextRunValue
    }
    let before = Self.fingerprint(local)
    runStarted = Date()
    changedDespiteFailure = false
    var result: CommandResult
    var refused: [String: String] = [:]
    do {
      switch try discoverIfNeeded(now: now()) {
      case .failed(let why): return finish(.failed(why), at: now(), started: started)
      case .goneThere: return finish(.changed, at: now(), started: started)
      case .ready: break
      }
      result = try engine.sync(pair: pair)
      tellConflicts(result)  // what our resolve command set aside for vdirsyncer
      // An emptying shows once the collection's run gets that far: a run that
      // failed first on a dropped connection (Radicale closes idle ones that
      // vdirsyncer reuses) tells it only the next time, so that one is run again
      // while an emptying is to be carried out (a failure alone waits for the next round).
      var again = 3
      var emptied = Seen()
      for _ in 0..<6 where !result.succeeded {
        let (next, more) = try syncEmptied(after: result, earlier: &emptied)
        refused.merge(more) { $1 }
        if next != result {
          result = next
        } else if again > 0, result.stderr.contains("was completely emptied"),
          Self.droppedConnection(result, pair: pair)
        {
          again -= 1
          result = try engine.sync(pair: pair)
          tellConflicts(result)
        } else {
          break
        }
      }
      if try goneThere(after: result, now: now()) { return finish(.changed, at: now(), started: started) }
      if result.succeeded, let names = metasyncPair, polled || metadataChanged() {
        // The sync brought something (a deletion, an edit): our sync takes it
        // first, the names follow at the next run (SPEC 10: within the poll interval plus 5 s).
        if Self.fingerprint(local) != before {
          state.withLock { namesOwed = true }
          return finish(.changed, at: now(), started: started)
        }
        let meta = try engine.metasync(pair: names)
        if try goneThere(after: meta, now: now()) { return finish(.changed, at: now(), started: started) }
        guard meta.succeeded else { return finish(.failed(meta.problem), at: now(), started: started) }
        metadataSeen = Self.metadata(Self.fingerprint(local))
      }
    } catch is Cancelled {
      return .stopped
    } catch {
      return finish(.failed("\(error)"), at: now(), started: started)
    }
    guard result.succeeded else {
      changedDespiteFailure = Self.fingerprint(local) != before
      return finish(.failed(problem(of: result, refused: refused)), at: now(), started: started)
    }
    return finish(Self.fingerprint(local) == before ? .unchanged : .changed, at: now(), started: started)
  }

  /// Whether the step that gave `result` failed on a calendar deleted on the
  /// server since the last discovery, found so now: the sync's "Not Found"
  /// (or "Gone"), the 409 of an item it put into the calendar deleted as it
  /// ran, the metasync's "Not Found" when the phone deleted it once the sync
  /// was through. Such a deletion is never told as the server offline. A 404
  /// or 410 runs the discovery (a collection missing there); any other
  /// failure the listing only (offline, it fails at once and the failure is told).
  private func goneThere(after result: CommandResult, now: Date) throws -> Bool {
    guard !result.succeeded, let sides else { return false }
    if result.stderr.contains("Not Found") || result.stderr.contains("Gone") {
      return try discoverIfNeeded(now: now, force: true) == .goneThere
    }
    if !ServerCollections.marked(local).isEmpty { return true }
    return try settleDeletions(sides) == .goneThere
  }

  /// Whether a folder here is marked deleted on the server, for our sync to remove its list.
  public var marksGone: Bool { !ServerCollections.marked(local).isEmpty }

  /// What came of the discovery before a sync.
  enum Discovery: Equatable {
    /// Nothing to do, or done: the sync may run.
    case ready
    /// A calendar was deleted on the server: its folder here is marked, for
    /// our vdir sync to remove its list; nothing more runs until it did.
    case goneThere
    case failed(String)
  }

  /// `vdirsyncer discover` (a calendar made on the server for each list made
  /// here, a folder here for each calendar made there) at the first run,
  /// when the folders here changed, and every `rediscoverEvery`; before it,
  /// the collections deleted on one side are dealt with (``ServerCollections``).
  private func discoverIfNeeded(now: Date, force: Bool = false) throws -> Discovery {
    guard !discoverPairs.isEmpty else { return .ready }
    let folders = ServerRecord.collectionFolders(local)
    guard force || discovered != folders || now.timeIntervalSince(discoveredAt) >= rediscoverEvery else {
      return .ready
    }
    if let sides {
      // A folder marked gone waits for our sync; discovery would make its calendar again.
      if !ServerCollections.marked(local).isEmpty { return .goneThere }
      switch try settleDeletions(sides) {
      case .ready: break
      case let other: return other
      }
    }
    let result = try engine.discover(pairs: discoverPairs)
    guard result.succeeded else { return .failed(result.problem) }
    discovered = ServerRecord.collectionFolders(local)
    discoveredAt = now
    metadataSeen = nil  // new collections: their names go across
    return .ready
  }

  /// Lists both sides' collections without making any, and deals with those
  /// known to vdirsyncer but gone from one side (``ServerCollections``).
  private func settleDeletions(_ sides: ServerCollections) throws -> Discovery {
    let deletedHere = ServerCollections.deletedHere(local)
    let known = sides.known()
    guard !known.isEmpty else { return .ready }
    let listed = try engine.run(
      ["discover", "--list", pair], answers: String(repeating: "n\n", count: 200))
    guard let (here, there) = sides.listing(listed.stderr + "\n" + listed.stdout) else {
      return listed.succeeded ? .ready : .failed(listed.problem)
    }
    // Deleted on the server: the folder's files in step with it go, the list follows.
    let goneThere = known.keys.filter { here.contains($0) && !there.contains($0) }.sorted()
    if !goneThere.isEmpty, !known.keys.contains(where: there.contains) {
      // None left of those synced before: a wrong address or a server that
      // lost its calendars, more likely than all deleted. vdirsyncer's way: made there again.
      report(
        "the server lists none of the \(known.count) calendars synced before; nothing is deleted here, "
          + "they are made on the server again")
    } else if !goneThere.isEmpty {
      for name in goneThere {
        let folder = local + "/" + name
        let inStep = try engine.inStep(
          database: sides.statusDatabase(name), folder: folder, side: sides.isRemoteB ? "a" : "b")
        // Told once, by our sync as it removes the list (with what it kept).
        _ = try ServerCollections.markGone(folder, inStep: inStep ?? [])
      }
      return .goneThere
    }
    // Deleted here (`lists delete`): deleted on the server too.
    // Each is dealt with once: deleted there, or, made again here since, left be.
    var left = deletedHere
    for name in deletedHere {
      if !here.contains(name), there.contains(name), let url = known[name] ?? nil {
        let result = try engine.deleteCollection(storage: sides.remote, url: url)
        guard result.succeeded else { return .failed(result.problem) }
        report("the list \(name) was deleted here: its calendar is deleted on the server")
      }
      left.removeAll { $0 == name }
    }
    if left != deletedHere { try ServerCollections.setDeletedHere(local, left) }
    return .ready
  }

  /// Whether a list was made, renamed or recoloured here since the last run
  /// (our sync wrote a folder or its names, no item maybe), with discovery.
  private func listsChanged() -> Bool {
    guard !discoverPairs.isEmpty, let discovered else { return false }
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

  /// Records the outcome; the next poll is due the poll interval after the
  /// run began (a run slow under load does not push the next one later), a
  /// retry its pause after the failed run ended.
  private func finish(_ outcome: Outcome, at t: Date, started: Date? = nil) -> Outcome {
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
      nextRunValue = failuresValue == 0 ? max((started ?? t) + p, t + 1) : t + p
      return (failuresValue, p, was)
    }
    if case .failed(let why) = outcome {
      status.ok = false
      // A refusal as told, without vdirsyncer's advice to force a deletion through.
      status.lastError = why.contains(" was completely emptied") ? Self.told(why) : why
      status.lastErrorAt = t
      if status.failingSince == nil { status.failingSince = t }
      if failures == 1 {
        report("\(Self.told(why)); trying again in \(Int(pause)) s, then less often")
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
}
