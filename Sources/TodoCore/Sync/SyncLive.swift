import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Live sync for the daemon: inotify on the vdir folder and on the data
/// file's folder, and a wall-clock timer that debounces a burst of changes
/// (vdirsyncer writing fifty files) into one sync about `debounce` after the
/// last change, and never later than `maxDelay` after the first. No polling:
/// its descriptors join the daemon's ``EventLoop`` (``register(on:)``).
/// The syncs themselves run on a thread of their own, one at a time, so the
/// daemon's loop (the notifier) never waits for one: a big file dropped into
/// the vdir takes its time to read while notifications fire on time.
public final class LiveSync: @unchecked Sendable {
  public let sync: VdirSync
  let inotify: Int32
  let timer: WallClockTimer
  let dataName: String
  let dataFolder: String
  /// Guards `vdirWatch`, `running` and `again` (the loop's thread and the sync's).
  private let state = NSLock()
  private var vdirWatchValue: Int32 = -1
  var vdirWatch: Int32 {
    get { state.withLock { vdirWatchValue } }
    set { state.withLock { vdirWatchValue = newValue } }
  }
  /// The collections of a vdir root (SPEC 9), watched as a vdir is; guarded by `state`.
  private var collectionWatchesValue: Set<Int32> = []
  /// A sync runs; `again`: something changed since it began, so another follows.
  private var running = false
  private var again = false
  private let worker = DispatchQueue(label: "todo-tui.live-sync")
  var dataWatch: Int32 = -1
  let debounce: TimeInterval
  let maxDelay: TimeInterval
  var firstChange: Date?
  let report: (String) -> Void
  /// vdirsyncer with a CalDAV server, run after our sync (SPEC 10); set before ``register(on:)``.
  public var server: ServerSync?
  /// Fired by ``stop(timeout:)``: the `cancel` of the server's vdirsyncer runs.
  public var stopper: StopPipe?
  /// Called on the sync's thread after each round (the app redraws its header).
  public var onRound: (@Sendable () -> Void)?

  /// - Parameter report: one line for each thing the sync did, and for errors.
  public init(
    sync: VdirSync, debounce: TimeInterval = 0.7, maxDelay: TimeInterval = 3,
    report: @escaping (String) -> Void
  ) throws {
    self.sync = sync
    self.debounce = debounce
    self.maxDelay = maxDelay
    self.report = report
    let data = try sync.store.resolvedPath()
    let dir = (data as NSString).deletingLastPathComponent
    dataFolder = dir.isEmpty ? "." : dir
    dataName = (data as NSString).lastPathComponent
    timer = try WallClockTimer()
    inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0 else {
      throw TodoError.io(path: sync.vdir.path, detail: "inotify: " + Store.errorText(errno))
    }
    try Store.makeFolders(dataFolder)
    dataWatch = inotify_add_watch(inotify, dataFolder, Self.mask)
    watchVdir()
    timer.arm(at: Date())  // a first sync at once
  }

  deinit { close(inotify) }

  static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

  /// Adds its descriptors to the daemon's loop: inotify (a change arms the
  /// debounce timer) and the debounce timer (it syncs).
  public func register(on loop: EventLoop, now: @escaping () -> Date = { Date() }) {
    loop.add(inotify) { [self] _ in
      guard drain() else { return }
      let t = now()
      let first = firstChange ?? t
      firstChange = first
      timer.arm(at: min(t + debounce, first + maxDelay))
    }
    loop.add(timer.fd) { [self] _ in
      timer.drain()
      runNow()
    }
    if let server {  // its poll and retry times
      loop.add(server.timer.fd) { [self] _ in
        server.timer.drain()
        runNow()
      }
    }
  }

  /// Starts a sync now, on the sync's own thread, and returns at once; when
  /// one is running, another follows it. Each reports what it did.
  public func runNow() {
    firstChange = nil
    let start: Bool = state.withLock {
      if running {
        again = true
        return false
      }
      running = true
      return true
    }
    guard start else { return }
    worker.async { [self] in
      while true {
        syncOnce()
        let more: Bool = state.withLock {
          running = again
          again = false
          return running
        }
        if !more { return }
      }
    }
  }

  /// Ends a run of vdirsyncer under way (its process group) and waits for
  /// the round to end, at most `timeout` seconds: as the notifier quits.
  public func stop(timeout: TimeInterval = 3) {
    stopper?.fire()
    waitUntilIdle(timeout: timeout)
  }

  /// Waits until no sync runs or waits to run (tests); true when that came within `timeout`.
  @discardableResult
  public func waitUntilIdle(timeout: TimeInterval) -> Bool {
    let end = Date() + timeout
    while state.withLock({ running }) {
      if Date() >= end { return false }
      usleep(5_000)
    }
    return true
  }

  /// Our vdir sync; with a server, then vdirsyncer when due and our sync
  /// again when vdirsyncer changed files here.
  func syncOnce() {
    let wrote = syncVdir()
    if let server {
      if server.dataFile == nil { server.dataFile = try? sync.store.resolvedPath() }
      server.follow(
        vdirChanged: wrote, resync: { syncVdir() },
        settled: { ConflictResolve.keepBase(of: sync, syncedBefore: server.runStarted) })
    }
    if vdirWatch < 0 { watchVdir() }
    watchCollections()
    onRound?()
  }

  /// One vdir sync, told; whether it wrote to the vdir.
  func syncVdir() -> Bool {
    do {
      let result = try sync.run()
      for w in result.warnings { report("sync: " + w) }
      for line in result.lines { report("sync: " + Self.describe(line)) }
      for c in result.conflicts { report(SyncConflicts.linePrefix + c.line) }
      return result.lines.contains { $0.side == .vdir }
    } catch {
      report("sync with \(sync.vdir.path) failed: \(error)")
      return false
    }
  }

  /// Watches each collection of a vdir root (its items, `displayname` and `color`).
  func watchCollections() {
    guard let root = VdirCollections(path: sync.vdir.path) else { return }
    for c in root.collections() {
      let wd = inotify_add_watch(inotify, root.root + "/" + c.folder, Self.mask | UInt32(IN_CREATE))
      if wd >= 0 { state.withLock { _ = collectionWatchesValue.insert(wd) } }
    }
  }

  func watchVdir() {
    // IN_CREATE too: vdirsyncer puts a new file in place with link(2), which
    // gives no other event on the file's name.
    vdirWatch = inotify_add_watch(inotify, sync.vdir.path, Self.mask | UInt32(IN_CREATE | IN_DELETE_SELF))
  }

  /// Reads the pending events; true when one concerns an item file of the
  /// vdir or the data file.
  func drain() -> Bool {
    var hit = false
    Inotify.drain(inotify) { wd, mask, name in
      if wd == vdirWatch {
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF) != 0 {
          vdirWatch = -1
          hit = true
        } else if !name.hasPrefix("."),
          name.hasSuffix(VdirFolder.fileExtension) || mask & UInt32(IN_ISDIR) != 0
        {
          hit = true  // an item, or a collection of a root
        }
      } else if state.withLock({ collectionWatchesValue.contains(wd) }), !name.hasPrefix("."),
        name.hasSuffix(VdirFolder.fileExtension) || name == "displayname" || name == "color"
      {
        hit = true
      }
      if wd == dataWatch && name == dataName { hit = true }
    }
    return hit
  }

  /// "list: updated “Pay rent”".
  public static func describe(_ line: SyncReport.Line) -> String {
    guard line.kind == .kept else { return "\(line.side.rawValue): \(line.kind.rawValue) “\(line.title)”" }
    let other = line.side == .list ? "vdir" : "list"
    return
      "\(line.side.rawValue): created again “\(line.title)” (deleted there, changed in the \(other) since the last sync)"
  }
}
