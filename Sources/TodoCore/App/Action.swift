import Foundation

/// Everything that can happen to the app: the user's intentions (from
/// ``KeyMap``) and the runtime's news (time, files, size, notifications).
public enum Action: Equatable, Sendable {
  // Moving
  case move(Int)
  case page(Int)
  case moveToTop, moveToBottom
  // Items
  case add
  case edit(UUID)
  case swipe(UUID)
  case complete(UUID)
  case remind(UUID)
  /// x or c on a completed item: makes it pending again.
  case reopen(UUID)
  /// v: the next view (pending, completed, all).
  case switchView
  case askDelete(UUID)
  case confirmDelete(Bool)
  /// A: add a subtask of the item (SPEC 9).
  case addChild(UUID)
  /// Space or z: fold or unfold a parent's subtasks (on a subtask: its parent's).
  case toggleFold(UUID)
  /// The answer to a question about a parent's subtasks (``SubtaskQuestion``).
  case answerSubtasks(SubtaskAnswer)
  case undo
  /// U and Ctrl-R: does again what the last undo took back.
  case redo
  // Filter, help, closing
  case startFilter
  case filter(TextField.Edit)
  case keepFilter
  case help
  /// Scrolls the help by lines (it may not fit a small screen).
  case scrollHelp(Int)
  /// Esc: closes whatever is open (swipe, filter, form, help, banner).
  case escape
  case quit
  case form(FormAction)
  /// L, m and the list picker's keys (SPEC 9).
  case list(ListAction)
  /// The week and the month views' keys (SPEC 4).
  case days(DaysAction)
  /// The mouse (SPEC 4): a click, a drag, the wheel.
  case mouse(MouseEvent)
  // From the runtime
  case tick(Date)
  case resized(Size)
  /// The data file was read (at start, or after another process changed it).
  case loaded(TodoDocument)
  /// The data file cannot be read; the message says which file and why.
  case loadFailed(String)
  /// An operation was committed to the file: the change it made. (When others
  /// had changed the file too, the runtime follows with ``loaded(_:)``.)
  case mutated(TodoOperation, Change)
  case mutationFailed(TodoOperation, String)
  /// Notifications fired while the app is open; `bell` when no desktop bubble could show them.
  case fired([ScheduledNotification], bell: Bool)
  /// A message for the status line (the notifier's problems, a bubble's action).
  case notice(String)
  /// Changes wait for the file's lock, held by another process (why, and
  /// who); nil when the lock has freed and what waited was saved.
  case lockWait(String?)
}

/// The answers to a ``SubtaskQuestion``.
public enum SubtaskAnswer: Equatable, Sendable {
  /// y (or a): complete (or delete) the subtasks too.
  case withChildren
  /// k: delete the parent only, its subtasks moved up; o: complete the parent only, its subtasks open.
  case keepChildren
  /// n or Esc: nothing.
  case no
}

/// What a key does inside the form.
public enum FormAction: Equatable, Sendable {
  case edit(TextField.Edit)
  /// Tab and Shift-Tab: title → deadline → picker → repeat → warning (the detail: ``Detail/fields``).
  case nextField, previousField
  /// ↑ ↓: turn the picker's wheel, move through the note's rows, or move between the fields.
  case turn(Int)
  case submit
  /// Ctrl-S: saves from any field.
  case save
  /// The answer to "discard the changes?" after Esc: y (true) or n.
  case discard(Bool)
  /// Ctrl-O on the detail's note: write it in `$EDITOR`.
  case openEditor
  /// What the editor returned: the note field's new text (saved with the form, as any edit).
  case noteEdited(String)
}

/// A terminal size in cells.
public struct Size: Equatable, Hashable, Sendable {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  /// The smallest size the app draws in; below it a one-line message.
  public static let minimum = Size(width: 40, height: 10)
  public var isTooSmall: Bool { width < Size.minimum.width || height < Size.minimum.height }
}
