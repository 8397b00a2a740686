import Foundation
import XCTest

@testable import TodoCore

/// Issue 33 point 9: a vdir synced by a build from before the whole-item fields
/// (Fixtures/upgrade-3e78b7e: its data file, status and vdir as it left them),
/// then a phone's change to a field that is mapped now, then today's sync.
/// The status's base is upgraded as the data file is (the kept PRIORITY,
/// DESCRIPTION… moved into fields): before, both sides looked changed, the
/// phone's value was set aside as a conflict and every such file rewritten.
final class SyncUpgradeTests: XCTestCase {
  let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/upgrade-3e78b7e").path
  let now = ISO8601DateFormatter().date(from: "2026-11-28T08:00:00Z")!
  var dir = ""

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "sync-upgrade-\(UUID().uuidString)"
    let fm = FileManager.default
    try fm.createDirectory(atPath: dir + "/vdir", withIntermediateDirectories: true)
    try fm.copyItem(atPath: fixture + "/todos.plist", toPath: dir + "/todos.plist")
    for name in try fm.contentsOfDirectory(atPath: fixture + "/vdir") {
      try fm.copyItem(atPath: fixture + "/vdir/" + name, toPath: dir + "/vdir/" + name)
    }
    // The status names its vdir (and its file name hashes it): moved here from where it was made;
    // its etags are the copies' (as if the files had not moved: an upgrade in place).
    let engine = sync()
    var lines = try String(contentsOfFile: fixture + "/todos.plist.status", encoding: .utf8)
      .replacingOccurrences(of: "\t/tmp/todo-tui-upgrade/vdir\n", with: "\t\(engine.vdir.path)\n")
      .split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
    for k in lines.indices.dropFirst() {
      var st = stat()
      XCTAssertEqual(stat(engine.vdir.path + "/" + lines[k][1], &st), 0)
      lines[k][2] = VdirFolder.etag(st)
    }
    let status = lines.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
    try status.write(toFile: try engine.statusPath(), atomically: true, encoding: .utf8)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  func sync(at offset: TimeInterval = 0) -> VdirSync {
    let env = TodoEnvironment.fixed(now + offset, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    return VdirSync(
      store: Store(path: dir + "/todos.plist"), vdirPath: dir + "/vdir", codec: .iCalendar(env: env), env: env
    )
  }

  /// Each vdir file's bytes and modification time.
  func vdir() throws -> [String: (Data, Date)] {
    var out: [String: (Data, Date)] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/vdir") {
      let path = dir + "/vdir/" + name
      let mtime = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
      out[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), mtime)
    }
    return out
  }

  func testAPhonesChangeToAMappedFieldAfterAnUpgradeIsNoConflict() throws {
    // The phone raises the priority of the oat milk (Nextcloud Tasks: PRIORITY and LAST-MODIFIED).
    let milk = dir + "/vdir/oat-milk.ics"
    let phone = try String(contentsOfFile: milk, encoding: .utf8)
      .replacingOccurrences(of: "PRIORITY:5\r\n", with: "PRIORITY:1\r\n")
      .replacingOccurrences(of: "LAST-MODIFIED:20261120T100000Z", with: "LAST-MODIFIED:20261127T190000Z")
    try phone.write(toFile: milk, atomically: true, encoding: .utf8)
    let before = try vdir()
    Thread.sleep(forTimeInterval: 0.02)  // a rewrite would show in the modification time

    let report = try sync().run()
    XCTAssertEqual(report.conflicts.map(\.line), [], "no conflict")
    let items = try Store(path: dir + "/todos.plist").load().items
    let oat = try XCTUnwrap(items.first { $0.icalUID == "oat-milk-7f3a" })
    XCTAssertEqual(oat.priority, 1, "the phone's value")
    XCTAssertEqual(oat.note, "The barista one, not the light one")
    XCTAssertEqual(oat.tags, ["Shopping", "Errands"])
    let passport = try XCTUnwrap(items.first { $0.icalUID == "passport-19c2" })
    XCTAssertEqual(passport.progress, 40)
    XCTAssertEqual(passport.start, ISO8601DateFormatter().date(from: "2028-11-01T09:00:00Z"))
    // No vdir file rewritten: the three unchanged as the old build left them, the phone's as it wrote it.
    let after = try vdir()
    XCTAssertEqual(Set(after.keys), Set(before.keys))
    for (name, (bytes, mtime)) in before {
      XCTAssertEqual(after[name]?.0, bytes, "\(name) rewritten")
      XCTAssertEqual(after[name]?.1, mtime, "\(name) written again")
    }
    // Once: the next sync has nothing to do.
    XCTAssertEqual(try sync(at: 60).run().lines.count, 0)
  }

  /// With no change anywhere, today's first sync over the old one writes no vdir file;
  /// it saves the upgraded status, once: the next load has nothing to upgrade.
  func testAnUpgradeAloneRewritesNothing() throws {
    let before = try vdir()
    let engine = sync()
    XCTAssertTrue(try SyncStatus.load(try engine.statusPath(), vdir: engine.vdir.path).upgraded)
    let report = try engine.run()
    let saved = try String(contentsOfFile: try engine.statusPath(), encoding: .utf8)
    XCTAssertFalse(saved.contains("PRIORITY:5"), saved)
    XCTAssertFalse(try SyncStatus.load(try engine.statusPath(), vdir: engine.vdir.path).upgraded)
    XCTAssertEqual(report.conflicts.count, 0)
    XCTAssertEqual(report.lines.count, 0, "\(report.lines)")
    let after = try vdir()
    for (name, (bytes, mtime)) in before {
      XCTAssertEqual(after[name]?.0, bytes, name)
      XCTAssertEqual(after[name]?.1, mtime, name)
    }
  }
}
