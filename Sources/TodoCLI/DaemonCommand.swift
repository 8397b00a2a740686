import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `todo-tui daemon`: the notifier in the foreground, until SIGTERM/SIGINT.
///
/// One per data file (``NotifierLock``; a second one waits for the first to
/// end). It sleeps in one ``EventLoop`` on three descriptors: the data file's folder
/// (inotify: a change through the CLI or the app reschedules at once; a folder
/// deleted and made again is followed), a wall-clock timer armed for the next
/// fire time (it also wakes when the clock is set), and SIGTERM/SIGINT. No
/// timeout: while nothing is due it does not wake at all. The bubbles'
/// commands are watched by the engine's own thread (see ``Notifier``).
struct Daemon: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The notifier, in the foreground, until SIGTERM/SIGINT.")
  @OptionGroup var options: FileOption
  @OptionGroup var sync: VdirOption  // live sync with a vdir (SyncCommand.swift)
  @Option(
    help: ArgumentHelp(
      "Seconds between syncs with the server, for changes made elsewhere (with sync setup; default: the set-up's, else the settings' poll_interval, else 60).",
      valueName: "seconds"))
  var pollInterval: Double?  // not `= 60`: the parser would say "(default: 60.0)" after the help's own

  func validate() throws {
    if let p = pollInterval, !(p >= 1) { throw ValidationError("--poll-interval must be at least 1 second") }
  }

  func run() throws {
    let store = options.store
    store.patience = nil  // the daemon waits for writers as long as they take
    let path = try store.resolvedPath()
    let lock: NotifierLock
    if let l = try NotifierLock.tryAcquire(for: store) {
      lock = l
    } else {
      let who = NotifierLock.holder(for: store).map { " (pid \($0))" } ?? ""
      say("another notifier\(who) serves \(path); waiting until it ends")
      lock = try NotifierLock.acquire(for: store)
    }
    defer { lock.release() }
    let signals = try TerminationSignals()
    let watcher = try FileWatcher(path: path)
    let timer = try WallClockTimer()
    let env = CLI.environmentWithSettings(ProcessInfo.processInfo.environment)
    let command = NotifyCommand(environment: env)
    let engine = Notifier(store: store, command: command, onEvent: { event in event.message.map(Daemon.say) })
    if case .failure(let problem) = command.resolve() { engine.report(problem.description) }
    say("notifying for \(path)")
    var generation = watcher.generation
    let loop = EventLoop()
    loop.add(signals.fd) { _ in
      guard let sig = signals.read() else { return }
      say("ending on signal \(sig)")
      loop.stop()
    }
    loop.add(watcher.fd) { _ in
      guard watcher.drain() else { return }
      engine.invalidate()
      // The folder was deleted and made again: the lock file went with it.
      if watcher.generation != generation, !lock.follow(for: store) {
        say("another notifier took over \(path) after its folder was made again; ending")
        loop.stop()
      }
      generation = watcher.generation
    }
    loop.add(timer.fd) { _ in timer.drain() }
    // Live sync (and the server, when set up): its descriptors come last.
    let live = try ServerCLI.live(store: store, sync: sync, poll: pollInterval, say: say)
    live?.register(on: loop)
    try loop.run(beforeWait: {
      do {
        try engine.fireDue(now: Date())
        timer.arm(at: engine.nextWake(now: Date()))
      } catch {
        // A file that does not parse, or cannot be written (a full disk): say
        // so once; try again when it changes, or in 30 s if something waits.
        engine.report("\(error)")
        let now = Date()
        timer.arm(at: engine.nextWake(now: now).map { max($0, now + 30) })
      }
    })
    live?.stop()  // a run of vdirsyncer under way is ended, not left behind
    engine.shutdown()
  }

  func say(_ message: String) { Daemon.say(message) }

  /// One line on stderr, prefixed with the program's name (the journal's view).
  static func say(_ message: String) {
    FileHandle.standardError.write(Data(("todo-tui daemon: " + message + "\n").utf8))
  }
}
