import Foundation

/// The lists on screen (SPEC 9): the list shown in the header, and the picker.
extension AppState {
  /// The header's list label and its style, when the file has more than one
  /// list or one is picked (a file of one list shows no label).
  var headerList: (String, Style)? {
    guard lists.lists.count > 1 || shownList != nil else { return nil }
    let colour =
      shownList.flatMap { lists.list(id: $0)?.color }.map(Style.Colour.nearest) ?? Style.Colour.none
    return (shownListName, Style(colour, .bold))
  }
}

extension Style.Colour {
  /// The terminal colour nearest a `#RRGGBB` (or `#RRGGBBAA`) colour: its hue, or none for greys.
  static func nearest(_ hex: String) -> Style.Colour {
    let digits = hex.dropFirst(hex.hasPrefix("#") ? 1 : 0).prefix(6)
    guard digits.count == 6, let v = UInt32(digits, radix: 16) else { return .none }
    let (r, g, b) = (Double(v >> 16 & 255), Double(v >> 8 & 255), Double(v & 255))
    let hi = max(r, g, b)
    let lo = min(r, g, b)
    guard hi - lo > 40 else { return .none }
    var hue: Double
    if hi == r {
      hue = (g - b) / (hi - lo)
    } else if hi == g {
      hue = 2 + (b - r) / (hi - lo)
    } else {
      hue = 4 + (r - g) / (hi - lo)
    }
    hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
    switch hue {
    case ..<30, 330...: return .red
    case ..<90: return .yellow
    case ..<160: return .green
    case ..<200: return .cyan
    default: return .blue
    }
  }
}

/// The picker of `L` and `m`: a box in the middle of the list, a row a choice
/// with its pending items, the choice under the cursor reversed.
func drawListPicker(_ p: ListPicker, _ state: AppState, _ layout: Layout, _ c: inout Canvas) {
  let choices = p.choices(state.lists)
  var pending: [String: Int] = [:]
  for item in state.pending { pending[state.lists.listID(of: item), default: 0] += 1 }
  let title: String
  if case .move(let id) = p.purpose {
    title = "Move “" + (state.item(id)?.title ?? "") + "” to"
  } else {
    title = "Show"
  }
  let rows = choices.map { id -> (String, String) in
    guard let id else { return ("All lists", "\(state.pending.count)") }
    return (Title.displaySafe(state.lists.list(id: id)?.name ?? id), "\(pending[id] ?? 0)")
  }
  // While naming, a last row holds the name typed, under its prompt.
  var naming: TextField? = nil
  if case .naming(let field, _) = p.step { naming = field }
  let extra = naming == nil ? 0 : 2
  let inner = min(c.width - 4, max(24, rows.map { CellWidth.of($0.0) + CellWidth.of($0.1) + 4 }.max() ?? 0))
  let room = max(1, layout.list.count - 2 - extra)
  let shown = min(room, choices.count)
  let first = max(0, min(p.selected - room + 1, choices.count - shown))
  let y0 = layout.list.lowerBound + max(0, (layout.list.count - shown - 2 - extra) / 2)
  let x0 = max(0, (c.width - inner - 2) / 2)
  let right = x0 + inner + 1
  box(x: x0, y: y0, width: inner + 2, height: shown + 2 + extra, title: "", &c)
  c.putCut(" " + Title.displaySafe(title) + " ", x: x0 + 1, y: y0, style: .bold, limit: right)
  if let naming {
    let y = y0 + shown + 1
    c.putCut(" " + (p.prompt(state.lists) ?? ""), x: x0 + 1, y: y, style: .bold, limit: right)
    _ = drawField(naming, focused: true, x: x0 + 2, y: y + 1, width: inner - 2, &c)
  }
  for k in 0..<shown {
    let i = first + k
    let y = y0 + 1 + k
    let style: Style = i == p.selected ? .reverse : .plain
    c.fill(x: x0 + 1, y: y, count: inner, style: style)
    let countX = right - 1 - CellWidth.of(rows[i].1)
    c.putCut(" " + rows[i].0, x: x0 + 1, y: y, style: style, limit: countX - 1)
    c.put(rows[i].1, x: countX, y: y, style: style)
  }
}
