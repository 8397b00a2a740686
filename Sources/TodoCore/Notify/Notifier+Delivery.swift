import Foundation

// How the notifier shows what is due and learns what became of it: starting
// bubbles (bounded), recording what was shown, retrying what was not, and
// closing the bubbles of items changed elsewhere. Everything here runs under
// `lock`, on the host's thread (fireDue) or the runner's (handle).
extension Notifier {
  /// Reads the file under no lock of the store's (a snapshot), and starts
  /// bubbles for what is due and not yet taken up; returns what came due
  /// since it was last returned.
  func deliver(now: Date) throws -> [ScheduledNotification] {
    let sig = FileSignature(store)
    let doc = try store.load()
    signature = sig
    closeChanged(doc.items)
    let due = Scheduler.due(doc.items, now: now)
    let dueKeys = Set(due.map(\.key))
    // Forget what is no longer due (completed, deleted, moved, delivered by another).
    book.announced.formIntersection(dueKeys)
    book.retries = book.retries.filter { dueKeys.contains($0.key) }
    book.failures = book.failures.filter { dueKeys.contains($0.key) }
    if !book.queued.isEmpty { book.queued.removeAll { !dueKeys.contains($0.key) } }
    var ready = due.filter {
      !book.inFlight.contains($0.key) && !book.queuedKeys.contains($0.key)
        && (book.retries[$0.key].map { $0.at <= now } ?? true)
    }
    for n in ready { book.retries[n.key] = nil }
    // A warning whose deadline has come too is past warning: the deadline's bubble tells.
    let late = ready.filter { $0.kind == .warning && ($0.deadline ?? .distantPast) <= now }
    // What this call records as delivered: `doc` was read before, so the
    // next wake must not count it (it would wake at once, again and again).
    var recorded = Set(late.map(\.key))
    if !late.isEmpty {
      record(late)
      ready.removeAll { $0.kind == .warning && ($0.deadline ?? .distantPast) <= now }
    }
    var fresh = ready.filter { book.announced.insert($0.key).inserted }
    if command == nil || command!.isNone {
      // No bubbles: shown at once; what another notifier recorded first is not ours.
      let ours = record(ready)
      fresh = fresh.filter { ours.contains($0.key) }
      recorded.formUnion(ready.map(\.key))
    } else if !book.stopping && (!ready.isEmpty || !book.queued.isEmpty) {
      // The items whose alerts ring now: their bubbles say what each alert is for.
      let alerting = Set(ready.lazy.filter { $0.kind == .alert }.map(\.itemID))
      let items =
        alerting.isEmpty
        ? [:]
        : Dictionary(doc.items.lazy.filter { alerting.contains($0.id) }.map { ($0.id, $0) }) { a, _ in a }
      start(
        ready, now: now, items: items,
        badge: { doc.items.reduce(0) { $0 + ($1.isOverdue(at: now) ? 1 : 0) } })
    }
    next = firstToStart(doc.items, skipping: recorded)
    armRetryTick(now: now)
    if !fresh.isEmpty { onEvent(.fired(fresh)) }
    return fresh
  }

  /// Starts the bubbles for `ready` (and the summary for what waits for it).
  private func start(
    _ ready: [ScheduledNotification], now: Date, items: [UUID: TodoItem], badge: () -> Int
  ) {
    guard let command else { return }
    let path: String
    switch command.resolve() {
    case .success(let p): path = p
    case .failure(let problem):
      report(problem.description)
      fail(ready, now: now)
      return
    }
    let fmt = DueFormatter(timeZone: timeZone, now: now, hourCycle: options.hourCycle)
    let (singles, rest) = DeliveryBook.split(
      ready, free: options.maxWaiting - book.waitingSingles, now: now, missedAfter: options.missedAfter,
      collapseAbove: options.collapseAbove,
      replacing: { [book] id in book.onScreen[id]?.job.flatMap { book.jobs[$0]?.holdsSlot } ?? false })
    let overflow = (book.queued + rest).sorted(by: ScheduledNotification.precedes)
    book.queued = []
    // What starts now is recorded as delivered first, in one write: a
    // notifier stopped or killed while a bubble shows does not show it again.
    // When the file cannot be written now (a full disk), they start all the
    // same and are recorded once shown: a missed bubble is worse than one
    // shown again after a restart.
    let summaryWaits = book.summaryJob.flatMap { book.jobs[$0] }.map { !$0.shown } ?? false
    let starting = singles.flatMap { $0 } + (summaryWaits ? [] : overflow)
    if !recordAhead(starting) { book.unrecorded.formUnion(starting.map(\.key)) }
    for group in singles {
      startSingle(group, path: path, now: now, formatter: fmt, item: items[group.last!.itemID])
    }
    guard !overflow.isEmpty else { return }
    if let s = book.summaryJob, let job = book.jobs[s] {
      guard job.shown else {
        book.queued = overflow  // when it is shown (or fails), a new summary takes these
        return
      }
      book.jobs[s]?.replaced = true
      runner.terminate(s)
      book.summaryJob = nil
    }
    let bubble = Bubble(
      summarizing: overflow, badge: badge(), more: book.waitingSingles > 0, formatter: fmt,
      replaceID: book.summaryBubbleID)
    book.summaryJob = launch(bubble, .summary, overflow, path: path, now: now)
  }

  /// One item's bubble, for its latest notification due; it replaces the item's bubble on screen.
  private func startSingle(
    _ group: [ScheduledNotification], path: String, now: Date, formatter: DueFormatter, item: TodoItem?
  ) {
    let n = group.last!
    let id = n.itemID
    let old = book.onScreen[id]
    var carried: [ScheduledNotification] = []
    if let j = old?.job, var job = book.jobs[j], job.holdsSlot {
      if !job.shown {  // not shown yet: the new bubble delivers it too
        carried = job.notifications
        job.notifications = []
      }
      job.replaced = true
      book.jobs[j] = job
      runner.terminate(j)
    }
    let bubble = Bubble(
      n, formatter: formatter, now: now, replaceID: old?.bubbleID,
      anchor: item.flatMap { Bubble.alertAnchor(n, in: $0) }, start: item?.start)
    if let j = launch(bubble, .single(id), group + carried, path: path, now: now) {
      book.onScreen[id] = DeliveryBook.Screen(
        job: j, bubbleID: old?.bubbleID, title: n.title, deadline: n.deadline)
    } else {
      book.onScreen[id] = nil
    }
  }

  /// Starts the command for a bubble; on failure the notifications wait for a retry.
  private func launch(
    _ bubble: Bubble, _ kind: DeliveryBook.JobKind, _ notifications: [ScheduledNotification], path: String,
    now: Date
  ) -> CommandRunner.JobID? {
    let env = command!.baseEnvironment.merging(bubble.environment) { _, new in new }
    do {
      let j = try runner.start(path, arguments: bubble.arguments, environment: env)
      book.jobs[j] = DeliveryBook.Job(kind: kind, notifications: notifications)
      for n in notifications { book.inFlight.insert(n.key) }
      return j
    } catch {
      report("cannot run the notify command \(path): \(error)")
      unrecord(notifications.filter { book.unrecorded.remove($0.key) == nil })
      fail(notifications, now: now)
      return nil
    }
  }

  /// These could not be shown: each waits for a retry after a growing pause.
  func fail(_ notifications: [ScheduledNotification], now: Date) {
    for n in notifications {
      book.inFlight.remove(n.key)
      let f = (book.failures[n.key] ?? 0) + 1
      book.failures[n.key] = f
      let pause = DeliveryBook.pause(after: f, first: options.firstRetry, cap: options.maxRetry)
      book.retries[n.key] = DeliveryBook.Retry(at: now + pause)
    }
  }

  /// These were shown without a command (none, or a warning past its
  /// deadline): recorded as delivered in the file, in one write.
  /// Returns those that were still undelivered there (not recorded by another notifier).
  @discardableResult
  func record(_ shown: [ScheduledNotification]) -> Set<NotificationKey> {
    guard !shown.isEmpty else { return [] }
    var ours: Set<NotificationKey> = []
    do {
      ours = try store.mutate { list -> Set<NotificationKey> in
        var ours: Set<NotificationKey> = []
        for n in shown where list.items[n.itemID]?.isUndelivered(n.key) == true {
          list.markDelivered(n.itemID, kind: n.kind, fireDate: n.fireDate)
          ours.insert(n.key)
        }
        return ours
      }
    } catch {
      report("cannot record delivered notifications: \(error)")
    }
    settle(shown)
    return ours
  }

  /// These were shown (and are recorded): the book lets go of them.
  func settle(_ shown: [ScheduledNotification]) {
    for n in shown {
      book.inFlight.remove(n.key)
      book.failures[n.key] = nil
      book.announced.remove(n.key)
    }
  }

  /// Records `starting` as delivered before their commands start; false
  /// when the file cannot be written (then none may start: it would show
  /// again after a restart).
  func recordAhead(_ starting: [ScheduledNotification]) -> Bool {
    guard !starting.isEmpty else { return true }
    do {
      try store.mutate { list in
        for n in starting { list.markDelivered(n.itemID, kind: n.kind, fireDate: n.fireDate) }
      }
      return true
    } catch {
      report("cannot record delivered notifications: \(error)")
      return false
    }
  }

  /// Takes back the records of bubbles that were not shown (their command
  /// failed, or was closed or replaced before it showed): due again.
  func unrecord(_ notShown: [ScheduledNotification]) {
    guard !notShown.isEmpty else { return }
    do {
      try store.mutate { list in
        for n in notShown { list.markUndelivered(n.itemID, kind: n.kind, fireDate: n.fireDate) }
      }
    } catch {
      report("cannot record that notifications were not shown: \(error)")
    }
  }

  /// Asks the runner for a tick at the earliest retry (only when that changed).
  func armRetryTick(now: Date) {
    let at = book.stopping ? nil : book.retries.values.map(\.at).min()
    guard at != book.tickAt else { return }
    book.tickAt = at
    runner.tick(after: at.map { $0.timeIntervalSince(now) })
  }

  /// Closes the bubbles whose items were completed, deleted or changed since
  /// they were shown (their waiting commands end).
  func closeChanged(_ items: [TodoItem]) {
    guard !book.onScreen.isEmpty else { return }
    var found: [UUID: TodoItem] = [:]
    for item in items where book.onScreen[item.id] != nil { found[item.id] = item }
    for (id, screen) in book.onScreen {
      if let item = found[id], item.completed == nil, item.title == screen.title,
        item.deadline == screen.deadline
      {
        continue
      }
      book.onScreen[id] = nil
      guard let j = screen.job, book.jobs[j] != nil else { continue }
      book.jobs[j]?.closing = true
      runner.terminate(j)
      if let b = screen.bubbleID { book.closeQueue.append(b) }
    }
    startCloses()
  }

  /// Runs the waiting `CloseNotification` calls, a few at a time.
  private func startCloses() {
    while book.closing < options.maxClosing && !book.closeQueue.isEmpty && !book.stopping {
      let id = book.closeQueue.removeFirst()
      guard let command, let close = command.closeCommand(id) else {
        report(
          "cannot close bubbles of items changed elsewhere: gdbus is not installed (Debian: libglib2.0-bin)")
        book.closeQueue = []
        return
      }
      do {
        let j = try runner.start(close.path, arguments: close.arguments, environment: command.baseEnvironment)
        book.jobs[j] = DeliveryBook.Job(kind: .close, notifications: [])
        book.closing += 1
      } catch {
        report("cannot run \(close.path): \(error)")
      }
    }
  }

  /// What the runner saw, in one batch (on its thread).
  func handle(_ events: [CommandRunner.Event]) {
    lock.lock()
    defer { lock.unlock() }
    let now = clock()
    var shown: [ScheduledNotification] = []
    var notShown: [ScheduledNotification] = []
    var actions: [(NotificationAction, UUID)] = []
    var again = false
    func markShown(_ j: CommandRunner.JobID) {
      guard let job = book.jobs[j], !job.shown, job.kind != .close else { return }
      book.jobs[j]?.shown = true
      shown += job.notifications
    }
    for event in events {
      switch event {
      case .tick: again = true
      case .running(let j): markShown(j)
      case .line(let j, let text): handleLine(j, text, markShown, &actions)
      case .ended(let j, let ending):
        guard let job = book.jobs.removeValue(forKey: j) else { continue }
        switch job.kind {
        case .close:
          book.closing -= 1
          if case .exited(let code, let err) = ending, code != 0 {
            report(NotifyCommand.failure("CloseNotification (gdbus)", status: code, stderr: err))
          }
          startCloses()
          continue
        case .summary:
          if book.summaryJob == j { book.summaryJob = nil }
        case .single(let id):
          // Its command ended by itself: a bubble with actions is gone then.
          if book.onScreen[id]?.job == j { book.onScreen[id] = nil }
        }
        guard !job.shown else { continue }
        switch ending {
        case .exited(0, _): shown += job.notifications
        case .stopped where book.stopping:
          // Ended with the notifier: its bubble may be on screen (a slow
          // server), so it stays recorded and is not shown again at the next start.
          shown += job.notifications
        case .stopped:  // closed or replaced before it showed: due again if still due
          notShown += job.notifications
          for n in job.notifications { book.inFlight.remove(n.key) }
          again = again || !job.notifications.isEmpty
        case .exited(let code, let err):
          report(NotifyCommand.failure("the notify command", status: code, stderr: err))
          notShown += job.notifications
          fail(job.notifications, now: now)
        case .signalled(let s):
          report("the notify command was killed by signal \(s)")
          notShown += job.notifications
          fail(job.notifications, now: now)
        case .timedOut:
          notShown += job.notifications
          fail(job.notifications, now: now)
        }
      }
    }
    unrecord(notShown.filter { book.unrecorded.remove($0.key) == nil })
    let late = shown.filter { book.unrecorded.remove($0.key) != nil }
    if !late.isEmpty { record(late) }
    settle(shown)
    for (action, id) in actions { apply(action, to: id) }
    let summaryFree = book.summaryJob.map { book.jobs[$0]?.shown ?? true } ?? true
    if !book.queued.isEmpty && summaryFree { again = true }
    if book.retries.values.contains(where: { $0.at <= now }) { again = true }
    if again && !book.stopping {
      do { _ = try deliver(now: now) } catch { report("\(error)") }
    }
    armRetryTick(now: now)
  }

  /// A line of a bubble's output: the bubble's id (a number on the first line) or an action.
  private func handleLine(
    _ j: CommandRunner.JobID, _ text: String, _ markShown: (CommandRunner.JobID) -> Void,
    _ actions: inout [(NotificationAction, UUID)]
  ) {
    guard var job = book.jobs[j], job.kind != .close else { return }
    job.lines += 1
    book.jobs[j] = job
    let t = text.trimmingCharacters(in: .whitespaces)
    if job.lines == 1, let bubbleID = Int(t), bubbleID > 0 {
      switch job.kind {
      case .summary: book.summaryBubbleID = bubbleID
      case .single(let id): if book.onScreen[id]?.job == j { book.onScreen[id]?.bubbleID = bubbleID }
      case .close: break
      }
      markShown(j)
    } else if let action = NotificationAction(rawValue: t), case .single(let id) = job.kind, !job.answered {
      book.jobs[j]?.answered = true
      markShown(j)
      actions.append((action, id))
      if book.onScreen[id]?.job == j { book.onScreen[id] = nil }  // answered: no longer on screen
    }
  }
}

extension TodoItem {
  /// Whether this notification of the item is still to be delivered.
  func isUndelivered(_ key: NotificationKey) -> Bool {
    var found = false
    forEachUndelivered { if $0.key == key { found = true } }
    return found
  }
}
