import Foundation

/// A day of the proleptic Gregorian calendar, with no time zone.
struct CivilDay: Equatable, Sendable {
  var year: Int, month: Int, day: Int

  init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// The day `days` days after 1970-01-01.
  init(days: Int) {
    (year, month, day) = CivilDays.civil(days)
  }

  /// Days since 1970-01-01.
  var days: Int { CivilDays.days(year, month, day) }
  /// 0 = Sunday … 6 = Saturday.
  var weekday: Int { ((days % 7) + 11) % 7 }
  /// 0 = Monday … 6 = Sunday (ISO weeks).
  var isoWeekday: Int { (weekday + 6) % 7 }
  func adding(days n: Int) -> CivilDay { CivilDay(days: days + n) }

  /// The day, when `year`-`month`-`day` is one (no February 30).
  static func valid(_ year: Int, _ month: Int, _ day: Int) -> CivilDay? {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...CivilDays.daysInMonth(year, month)).contains(day)
    else { return nil }
    return CivilDay(year: year, month: month, day: day)
  }
}

/// A wall-clock time of day.
struct ClockTime: Equatable, Sendable {
  var hour: Int, minute: Int, second: Int = 0
}

/// What one form of the grammar contributes to a `WHEN`.
enum WhenPart: Sendable {
  /// The whole input names this instant (`now`, `in 2h`, ISO 8601 with an offset).
  case instant(Date)
  /// A day; with no time given, `time` is the time meant (09:00, or 17:00 for `eod`).
  case day(CivilDay, time: ClockTime)
  /// A time of day; alone, it is today's, or tomorrow's once past.
  case time(ClockTime)
  /// Both (`tonight`, `this afternoon`, `2026-11-23T14:00`).
  case dayTime(CivilDay, ClockTime)
}

/// What a form's builder may look at.
struct WhenContext {
  var now: Date
  var today: CivilDay
  var calendar: Calendar
  var parser: WhenParser

  /// Today, or tomorrow once `time` has passed today (`eod` after 17:00, `tonight` after 21:00).
  func upcoming(_ time: ClockTime) -> CivilDay {
    guard let t = parser.at(time, on: today), t <= now else { return today }
    return today.adding(days: 1)
  }

  /// The coming Saturday (today until 9:00 on a Saturday).
  var saturday: CivilDay {
    let day = today.adding(days: (6 - today.weekday + 7) % 7)
    guard day == today, upcoming(WhenParser.nine) != today else { return day }
    return day.adding(days: 7)
  }
}

/// One form of the `WHEN` grammar: a sequence of slots and what it means.
struct WhenForm: Sendable {
  enum Role: Sendable { case whole, day, time }
  /// How the form is shown in `--help`, the app's `?` screen and the error.
  let examples: [String]
  let role: Role
  let slots: [WhenSlot]
  /// A bare hour (`9` in `monday 9`) is an hour only beside a day.
  var needsDay = false
  /// A day that, with its time, is already past means the same day a week later (`sat 18` on a
  /// Saturday is today's 18:00 until then, next Saturday's after).
  var weekLater = false
  let build: @Sendable ([WhenValue], WhenContext) -> WhenPart?
}

/// What a slot matched.
enum WhenValue: Sendable {
  case int(Int)
  case time(ClockTime)
  case day(CivilDay)
  case part(WhenPart)
  case none

  var int: Int { if case .int(let v) = self { return v } else { return 0 } }
  var time: ClockTime {
    if case .time(let t) = self { return t } else { return ClockTime(hour: 0, minute: 0) }
  }
}

/// One position of a form.
enum WhenSlot: Sendable {
  /// One of these words.
  case word([String])
  /// `mon`, `monday` … (0 = Sunday).
  case weekday
  /// `dec`, `december` … (1–12).
  case month
  /// `3`, `3rd` (1–31).
  case dayOfMonth
  /// `2027` (four digits).
  case year
  /// `17:00`, `5pm`, `5:30pm`, `noon`, `midnight`.
  case clock
  /// `9`: a bare hour, 0–23.
  case hour
  /// `morning`, `afternoon`, `evening` (the hour).
  case partOfDay
  /// `3/12`, `12/01/2026`, `3.12.2026` in the locale's day/month order.
  case numericDate
  /// `2026-11-23`.
  case isoDate
  /// `2026-11-23T14:00[:05]`, or with `Z`/an offset (then a `.part(.instant)`).
  case isoDateTime
  /// Everything left: `30m`, `1h 30m`, `2 hours`, `a week`, `1 month`.
  case duration
  /// `+1d`, `-2h`: a duration from the parser's `base` (the current deadline).
  case shift
  /// `17h`, `9h30` (the French and German clock); see ``WhenParser/frenchClock(_:_:)``.
  case frenchClock

  static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
  static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]
  static let partsOfDay = ["morning": 9, "afternoon": 15, "evening": 19, "night": 21]

  /// The value and number of tokens matched at `i`, or nil.
  func match(_ tokens: [Substring], _ i: Int, _ ctx: WhenContext) -> (WhenValue, Int)? {
    guard i < tokens.count else { return nil }
    let w = tokens[i]
    switch self {
    case .word(let words): return words.firstIndex(where: { $0 == w }).map { (.int($0), 1) }
    case .weekday:
      return Self.name(w, Self.weekdays, extra: ["tues": 2, "thur": 4, "thurs": 4]).map { (.int($0), 1) }
    case .month: return Self.name(w, Self.months, extra: ["sept": 8]).map { (.int($0 + 1), 1) }
    case .dayOfMonth:
      var digits = w
      for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
      guard let d = WhenParser.number(digits, maxDigits: 2), (1...31).contains(d) else { return nil }
      return (.int(d), 1)
    case .year:
      guard w.count == 4, let y = WhenParser.number(w, maxDigits: 4), y >= 1 else { return nil }
      return (.int(y), 1)
    case .clock: return WhenParser.timeOfDay(w).map { (.time($0), 1) }
    case .hour:
      // 1–6 is the afternoon (`fri 5` is 17:00, as `monday 9` is 9:00); 5am or 05:00 for the morning.
      guard let h = WhenParser.number(w, maxDigits: 2), h < 24 else { return nil }
      return (.time(ClockTime(hour: (1...6).contains(h) ? h + 12 : h, minute: 0)), 1)
    case .shift:
      guard let sign = w.first, sign == "+" || sign == "-" else { return nil }
      let rest = [w.dropFirst()] + tokens[(i + 1)...]
      let base = ctx.parser.base ?? ctx.now
      return ctx.parser.offset(Array(rest), from: base, negative: sign == "-").map {
        (.part(.instant($0)), tokens.count - i)
      }
    case .frenchClock: return WhenParser.frenchClock(tokens, i).map { (.time($0), 1) }
    case .partOfDay: return Self.partsOfDay[String(w)].map { (.int($0), 1) }
    case .numericDate: return ctx.parser.numericDate(w, today: ctx.today).map { (.day($0), 1) }
    case .isoDate: return WhenParser.isoDate(w).map { (.day($0), 1) }
    case .isoDateTime: return ctx.parser.isoDateTime(w).map { (.part($0), 1) }
    case .duration:
      return ctx.parser.offset(Array(tokens[i...]), from: ctx.now).map {
        (.part(.instant($0)), tokens.count - i)
      }
    }
  }

  /// The index of a full name or an abbreviation of at least three letters.
  static func name(_ w: Substring, _ names: [String], extra: [String: Int]) -> Int? {
    if let v = extra[String(w)] { return v }
    guard w.count >= 3 else { return nil }
    return names.firstIndex(where: { $0.hasPrefix(w) })
  }
}

extension WhenParser {
  static let nine = ClockTime(hour: 9, minute: 0)
  static let five = ClockTime(hour: 17, minute: 0)

  /// The grammar of SPEC 3, one form a row. A `WHEN` is one `whole` form, or
  /// at most one `day` form and at most one `time` form, in either order.
  static let forms: [WhenForm] = [
    // First: on a tie with the duration `17h` (in 17 hours), the clock wins.
    WhenForm(examples: ["17h", "9h30"], role: .time, slots: [.frenchClock]) { v, _ in .time(v[0].time) },
    WhenForm(examples: ["now"], role: .whole, slots: [.word(["now"])]) { _, c in .instant(c.now) },
    WhenForm(
      examples: ["in 30m", "in 2h", "in 1h30m", "in 3d", "in 2w", "in a week", "in 1 month"], role: .whole,
      slots: [.word(["in"]), .duration]
    ) {
      v, _ in if case .part(let p) = v[1] { p } else { nil }
    },
    WhenForm(examples: ["30m", "2h", "1h30m", "3d", "2w"], role: .whole, slots: [.duration]) { v, _ in
      if case .part(let p) = v[0] { p } else { nil }
    },
    // From the current deadline (edit), or from now.
    WhenForm(examples: ["+1d", "+2h", "-1w"], role: .whole, slots: [.shift]) { v, _ in
      if case .part(let p) = v[0] { p } else { nil }
    },
    WhenForm(
      examples: ["2026-11-23T14:00", "2026-11-23T14:00:00+01:00"], role: .whole, slots: [.isoDateTime]
    ) {
      v, _ in
      if case .part(let p) = v[0] { p } else { nil }
    },
    // Days.
    WhenForm(examples: ["today"], role: .day, slots: [.word(["today"])]) { _, c in .day(c.today, time: nine)
    },
    WhenForm(examples: ["tomorrow"], role: .day, slots: [.word(["tomorrow", "tmr", "tmrw"])]) { _, c in
      .day(c.today.adding(days: 1), time: nine)
    },
    WhenForm(examples: ["yesterday"], role: .day, slots: [.word(["yesterday"])]) { _, c in
      .day(c.today.adding(days: -1), time: nine)
    },
    // Once past today, the next day's, as a time alone is (not a deadline already missed).
    WhenForm(examples: ["tonight"], role: .day, slots: [.word(["tonight"])]) { _, c in
      let t = ClockTime(hour: 21, minute: 0)
      return .dayTime(c.upcoming(t), t)
    },
    WhenForm(examples: ["this afternoon"], role: .day, slots: [.word(["this"]), .partOfDay]) { v, c in
      .dayTime(c.today, ClockTime(hour: v[1].int, minute: 0))
    },
    WhenForm(examples: ["fri", "friday"], role: .day, slots: [.weekday], weekLater: true) { v, c in
      .day(c.today.adding(days: nextWeekday(v[0].int, after: c.today) % 7), time: nine)
    },
    // The day of next week (weeks start on Monday): `next friday` on a Wednesday is 9 days away.
    WhenForm(examples: ["next monday"], role: .day, slots: [.word(["next"]), .weekday]) { v, c in
      .day(c.today.adding(days: 7 - c.today.isoWeekday + (v[1].int + 6) % 7), time: nine)
    },
    WhenForm(examples: ["this friday"], role: .day, slots: [.word(["this"]), .weekday]) { v, c in
      .day(c.today.adding(days: nextWeekday(v[1].int, after: c.today) % 7), time: nine)
    },
    WhenForm(examples: ["next week"], role: .day, slots: [.word(["next"]), .word(["week"])]) { _, c in
      .day(c.today.adding(days: 7 - c.today.isoWeekday), time: nine)
    },
    WhenForm(examples: ["next month"], role: .day, slots: [.word(["next"]), .word(["month"])]) { _, c in
      let t = c.today
      return .day(CivilDay(year: t.year + t.month / 12, month: t.month % 12 + 1, day: 1), time: nine)
    },
    WhenForm(examples: ["next year"], role: .day, slots: [.word(["next"]), .word(["year"])]) { _, c in
      .day(CivilDay(year: c.today.year + 1, month: 1, day: 1), time: nine)
    },
    // Saturday 9:00, the coming one (on a Saturday, today's until 9:00).
    WhenForm(examples: ["weekend"], role: .day, slots: [.word(["weekend"])]) { _, c in
      .day(c.saturday, time: nine)
    },
    WhenForm(examples: ["this weekend"], role: .day, slots: [.word(["this"]), .word(["weekend"])]) { _, c in
      .day(c.saturday, time: nine)
    },
    WhenForm(examples: ["next weekend"], role: .day, slots: [.word(["next"]), .word(["weekend"])]) { _, c in
      .day(c.today.adding(days: 7 - c.today.isoWeekday + 5), time: nine)
    },
    WhenForm(examples: ["eod"], role: .day, slots: [.word(["eod"])]) { _, c in
      .day(c.upcoming(five), time: five)
    },
    WhenForm(examples: ["eow"], role: .day, slots: [.word(["eow"])]) { _, c in
      .day(c.today.adding(days: (4 - c.today.isoWeekday + 7) % 7), time: five)  // Friday
    },
    WhenForm(examples: ["eom"], role: .day, slots: [.word(["eom"])]) { _, c in
      let t = c.today
      return .day(
        CivilDay(year: t.year, month: t.month, day: CivilDays.daysInMonth(t.year, t.month)), time: five)
    },
    WhenForm(examples: ["eoy"], role: .day, slots: [.word(["eoy"])]) { _, c in
      .day(CivilDay(year: c.today.year, month: 12, day: 31), time: five)
    },
    WhenForm(examples: ["dec 3"], role: .day, slots: [.month, .dayOfMonth]) { v, c in
      nextDate(month: v[0].int, day: v[1].int, from: c.today).map { .day($0, time: nine) }
    },
    WhenForm(examples: ["3 dec"], role: .day, slots: [.dayOfMonth, .month]) { v, c in
      nextDate(month: v[1].int, day: v[0].int, from: c.today).map { .day($0, time: nine) }
    },
    WhenForm(examples: ["Dec 3 2027"], role: .day, slots: [.month, .dayOfMonth, .year]) { v, _ in
      CivilDay.valid(v[2].int, v[0].int, v[1].int).map { .day($0, time: nine) }
    },
    WhenForm(examples: ["3 December 2027"], role: .day, slots: [.dayOfMonth, .month, .year]) { v, _ in
      CivilDay.valid(v[2].int, v[1].int, v[0].int).map { .day($0, time: nine) }
    },
    WhenForm(examples: ["2026-11-23"], role: .day, slots: [.isoDate]) { v, _ in
      if case .day(let d) = v[0] { .day(d, time: nine) } else { nil }
    },
    WhenForm(examples: ["3/12", "12/01/2026"], role: .day, slots: [.numericDate]) { v, _ in
      if case .day(let d) = v[0] { .day(d, time: nine) } else { nil }
    },
    // Times.
    WhenForm(examples: ["17:00", "5pm", "5:30pm", "noon", "midnight"], role: .time, slots: [.clock]) { v, _ in
      .time(v[0].time)
    },
    WhenForm(examples: ["at 5pm"], role: .time, slots: [.word(["at"]), .clock]) { v, _ in .time(v[1].time) },
    WhenForm(examples: ["at 9"], role: .time, slots: [.word(["at"]), .hour]) { v, _ in .time(v[1].time) },
    WhenForm(examples: ["9"], role: .time, slots: [.hour], needsDay: true) { v, _ in .time(v[0].time) },
    WhenForm(examples: ["morning", "afternoon", "evening"], role: .time, slots: [.partOfDay]) { v, _ in
      .time(ClockTime(hour: v[0].int, minute: 0))
    },
  ]

  /// Days from `today` to the next `weekday` after it (1…7).
  static func nextWeekday(_ weekday: Int, after today: CivilDay) -> Int {
    let delta = (weekday - today.weekday + 7) % 7
    return delta == 0 ? 7 : delta
  }

  /// The next `month`/`day` on or after `today` (a year ahead at most, or the next leap year for Feb 29).
  static func nextDate(month: Int, day: Int, from today: CivilDay) -> CivilDay? {
    for y in today.year...today.year + 8 {
      if let d = CivilDay.valid(y, month, day), d.days >= today.days { return d }
    }
    return nil
  }
}
