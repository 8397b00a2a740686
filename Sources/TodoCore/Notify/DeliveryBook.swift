import Foundation

/// What the notifier is doing with the notifications it has taken up: the
/// commands running, what each is showing, what waits for the summary slot or
/// for a retry, and which bubble of each item is on screen. Plain data, kept
/// under the ``Notifier``'s lock.
struct DeliveryBook {
  enum JobKind: Equatable {
    /// One item's bubble.
    case single(UUID)
    /// The summary bubble (at most one at a time).
    case summary
    /// A `CloseNotification` call.
    case close
  }

  struct Job {
    var kind: JobKind
    /// What this bubble delivers once it is shown.
    var notifications: [ScheduledNotification]
    var shown = false
    /// Ended on purpose: a newer bubble replaced it.
    var replaced = false
    /// Ended on purpose: its item changed elsewhere.
    var closing = false
    /// It printed an action (the user answered the bubble).
    var answered = false
    var lines = 0

    /// Whether it holds one of the ``Notifier/Options/maxWaiting`` slots.
    var holdsSlot: Bool {
      if case .single = kind { return !replaced && !closing }
      return false
    }
  }

  /// An item's bubble on screen, as it was shown.
  struct Screen {
    /// The command still waiting on it (nil once it ended).
    var job: CommandRunner.JobID?
    /// The id the command printed, for `--replace-id` and `CloseNotification`.
    var bubbleID: Int?
    var title: String
    var deadline: Date?
  }

  struct Retry {
    var at: Date
  }

  var jobs: [CommandRunner.JobID: Job] = [:]
  /// Notifications a running command is showing.
  var inFlight: Set<NotificationKey> = []
  /// Notifications waiting for the summary slot (its command is not yet shown).
  var queued: [ScheduledNotification] = [] {
    didSet { queuedKeys = Set(queued.map(\.key)) }
  }
  private(set) var queuedKeys: Set<NotificationKey> = []
  /// Notifications started without their record (the file could not be
  /// written then): recorded once shown.
  var unrecorded: Set<NotificationKey> = []
  /// Notifications whose bubble could not be shown, and when to try again.
  var retries: [NotificationKey: Retry] = [:]
  /// How many times each notification could not be shown, until it is.
  var failures: [NotificationKey: Int] = [:]
  /// Notifications already returned by ``Notifier/fireDue(now:)`` (for the banner: once).
  var announced: Set<NotificationKey> = []
  var onScreen: [UUID: Screen] = [:]
  var summaryJob: CommandRunner.JobID?
  var summaryBubbleID: Int?
  /// `CloseNotification` calls running, and bubble ids waiting for one.
  var closing = 0
  var closeQueue: [Int] = []
  /// The retry tick asked of the runner.
  var tickAt: Date?
  /// The notifier is ending: start nothing more.
  var stopping = false

  /// Nothing taken up and no bubble on screen.
  var isIdle: Bool { inFlight.isEmpty && queued.isEmpty && retries.isEmpty && onScreen.isEmpty }

  /// Whether a notification is in flight, queued, or waiting for a retry.
  func isHandling(_ key: NotificationKey) -> Bool {
    inFlight.contains(key) || retries[key] != nil || queuedKeys.contains(key)
  }

  /// Bubbles of their own whose commands are waiting.
  var waitingSingles: Int { jobs.values.reduce(0) { $0 + ($1.holdsSlot ? 1 : 0) } }

  /// The pause after the `failures`-th failure: `first`, doubling, at most `cap`.
  static func pause(after failures: Int, first: TimeInterval, cap: TimeInterval) -> TimeInterval {
    min(cap, first * pow(2, Double(max(0, min(failures - 1, 30)))))
  }

  /// Splits what is due into bubbles of their own (grouped by item, soonest
  /// first, at most `free` new ones; an item whose bubble waits replaces it
  /// without a new slot) and the rest for the summary: more than
  /// `collapseAbove` missed ones go there whole.
  static func split(
    _ due: [ScheduledNotification], free: Int, now: Date, missedAfter: TimeInterval, collapseAbove: Int,
    replacing: (UUID) -> Bool
  ) -> (singles: [[ScheduledNotification]], summary: [ScheduledNotification]) {
    let isMissed = { (n: ScheduledNotification) in now.timeIntervalSince(n.fireDate) >= missedAfter }
    let missedCount = due.reduce(0) { $0 + (isMissed($1) ? 1 : 0) }
    var summary: [ScheduledNotification] = []
    var order: [UUID] = []
    var groups: [UUID: [ScheduledNotification]] = [:]
    for n in due {
      if missedCount > collapseAbove && isMissed(n) {
        summary.append(n)
        continue
      }
      if groups[n.itemID] == nil { order.append(n.itemID) }
      groups[n.itemID, default: []].append(n)
    }
    var singles: [[ScheduledNotification]] = []
    var left = free
    for id in order {
      if replacing(id) {
        singles.append(groups[id]!)
      } else if left > 0 {
        singles.append(groups[id]!)
        left -= 1
      } else {
        summary += groups[id]!
      }
    }
    return (singles, summary.sorted(by: ScheduledNotification.precedes))
  }
}
