import Foundation

/// The detail's alerts (SPEC 8, issue 36): one row per alert, its text the
/// alert's `--alert` form (`15m`, `due+15m`, `start-1h`, `at 2026-11-27T09:00`),
/// read as `--alert` reads it, and a last, blank row where typing adds one.
/// Emptying a row removes its alert. A row left as it was keeps its alert as
/// stored, byte for byte (a phone's sound alarm, a place); an edited one is
/// written in the plain form. Saving sends the whole list, once one row changed.
extension Detail {
  /// The detail's rows top to bottom, which is also their Tab order: ``fields``, then the alerts' rows.
  public var rows: [Form.Focus] { Self.fields + alertRows.indices.map { .alert($0) } }

  /// Takes the item's alerts as their rows, and the blank row after them.
  mutating func takeAlerts(_ item: TodoItem, calendar: Calendar) {
    initialAlerts = item.alerts
    // An alert with no `--alert` form (a place) shows in words (which name no time): kept unless edited.
    let words = DueFormatter(timeZone: calendar.timeZone, now: Date(timeIntervalSince1970: 0))
    initialAlertTexts = item.alerts.map { AlertForm.text($0, calendar: calendar) ?? $0.words(words) }
    alertRows = initialAlertTexts.map { TextField($0, limit: 64) } + [TextField("", limit: 64)]
  }

  /// Whether row `k` is an alert the item has (not one being added).
  public func isKeptAlert(_ k: Int) -> Bool { k < initialAlerts.count }

  /// Whether row `k`'s text is not the one it started with (a row being added: not blank).
  func alertRowTouched(_ k: Int) -> Bool {
    guard alertRows.indices.contains(k) else { return false }
    let text = alertRows[k].text
    return isKeptAlert(k) ? text != initialAlertTexts[k] : !text.trimmingCharacters(in: .whitespaces).isEmpty
  }

  public var alertsTouched: Bool { alertRows.indices.contains { alertRowTouched($0) } }

  /// What row `k` reads as: its alert (the stored one when left as it was), nil when
  /// blank or `none` (removed, or nothing added), or why it does not read.
  public func alertReading(_ k: Int, now: Date, calendar: Calendar) -> Result<ItemAlert?, FieldText.Problem> {
    guard alertRows.indices.contains(k) else { return .success(nil) }
    if isKeptAlert(k) && !alertRowTouched(k) { return .success(initialAlerts[k]) }
    let text = alertRows[k].text
    if text.trimmingCharacters(in: .whitespaces).isEmpty { return .success(nil) }
    do { return .success(try AlertForm.parse(text, now: now, calendar: calendar)) } catch {
      return .failure(FieldText.Problem(message: Self.alertProblem))
    }
  }

  /// Under a row that does not read: why, then the forms it takes.
  static let alertProblem =
    "not an alert: try 15m, due+15m, due-1h, start, start-1h, at fri 9:00; empty removes"

  /// The alerts saving writes: nil when none was touched (or they read as the item's), or the first row that does not read.
  public func resolvedAlerts(now: Date, calendar: Calendar) -> Result<[ItemAlert]?, FieldFailure> {
    guard alertsTouched else { return .success(nil) }
    var list: [ItemAlert] = []
    for k in alertRows.indices {
      switch alertReading(k, now: now, calendar: calendar) {
      case .success(let a): if let a { list.append(a) }
      case .failure: return .failure(FieldFailure(field: .alert(k)))
      }
    }
    return .success(list == initialAlerts ? nil : list)
  }

  /// A key on alert row `k`; typing on the last row adds a blank one after it. False: the text refused it.
  mutating func editAlert(_ k: Int, _ edit: TextField.Edit) -> Bool {
    guard alertRows.indices.contains(k) else { return true }
    let ok = alertRows[k].apply(edit)
    if let last = alertRows.last, !last.isEmpty { alertRows.append(TextField("", limit: 64)) }
    return ok
  }
}
