import Foundation
import XCTest

@testable import TodoCore

/// Deletions that come back (issue 28), on vdirsyncer's side: before a
/// discovery (which would make a missing collection again), both sides are
/// listed and vdirsyncer's last discovery tells what was deleted where.
extension ServerListsTests {
  /// A configuration as ours (a filesystem side a, a CalDAV side b), vdirsyncer's
  /// last discovery knowing `known`, and a stand-in vdirsyncer whose
  /// `discover --list` shows the folders here and `there` (and fails, as when
  /// one is missing); its Python (`#!`) logs the deletions it is asked for.
  /// The server's calendars are in the file `there` (the file `phone`, when
  /// there is one, runs for each other command: the phone as the run goes).
  func serverKnowing(_ known: [String], there: [String], lines: Lines = Lines()) throws -> ServerSync {
    let status = dir + "/status"
    try FileManager.default.createDirectory(atPath: status, withIntermediateDirectories: true)
    try """
    [general]
    status_path = "\(status)/"
    [pair p]
    a = "p_local"
    b = "p_remote"
    collections = ["from a", "from b"]
    [storage p_local]
    type = "filesystem"
    path = "\(local)/"
    fileext = ".ics"
    [storage p_remote]
    type = "caldav"
    url = "http://127.0.0.1:1/"
    """.write(toFile: dir + "/v.conf", atomically: true, encoding: .utf8)
    let entries = known.map {
      #"["\#($0)", [{"path": "\#(local)/\#($0)"}, {"url": "http://127.0.0.1:1/user/\#($0)/"}]]"#
    }
    try #"{"collections": [\#(entries.joined(separator: ", "))], "cache_key": "k"}"#.write(
      toFile: status + "/p.collections", atomically: true, encoding: .utf8)
    try there.map { $0 + "\n" }.joined().write(toFile: dir + "/there", atomically: true, encoding: .utf8)
    let python = dir + "/python"
    try """
    #!/bin/sh
    if [ "$1" = "-c" ]; then case "$2" in *DELETE*) echo "delete $4 $5" >>\(dir)/calls; exit 0;; esac; exit 1; fi
    exec /bin/sh "$@"
    """.write(toFile: python, atomically: true, encoding: .utf8)
    chmod(python, 0o755)
    let program = dir + "/vdirsyncer"
    try """
    #!\(python)
    shift 2; echo "$@" >>\(dir)/calls
    if [ "$1 $2" = "discover --list" ]; then
      { echo "p_local:"; for d in \(local)/*/; do [ -d "$d" ] && printf '  - "%s"\n' "$(basename "$d")"; done
        echo "p_remote:"; for c in $(cat \(dir)/there); do printf '  - "%s"\n' "$c"; done; } >&2
      echo 'critical: Unable to find or create collection' >&2; exit 1
    fi
    if [ -f \(dir)/phone ]; then . \(dir)/phone; fi
    """.write(toFile: program, atomically: true, encoding: .utf8)
    chmod(program, 0o755)
    return try ServerSync(
      engine: Vdirsyncer(executable: program, config: dir + "/v.conf", timeout: 10, environment: [:]),
      pair: "p", namesPair: "n", paths: ServerPaths(folder: dir + "/config"), local: local,
      schedule: RetrySchedule(first: 5, poll: 60), report: lines.add)
  }

  /// The phone deletes the calendar `work` in the middle of a run: just
  /// before the sync (its "Not Found"), in the sync once it listed the
  /// calendar (the item it puts there: a 409), or once the sync is through,
  /// before the metasync of the names (its "Not Found", as the e2e test saw
  /// under load). Each way the calendar is found gone there, its list goes
  /// here (our sync follows), and the server is never told offline.
  func testACalendarDeletedOnTheServerDuringARunIsNotTheServerOffline() throws {
    let put = "409, message='Conflict', url=URL('http://127.0.0.1:1/user/work/a.ics')"
    for (step, answer) in [("sync", "Not Found"), ("sync", put), ("metasync", "Not Found")] {
      try? FileManager.default.removeItem(atPath: local)
      try? FileManager.default.removeItem(atPath: dir + "/config")
      for name in ["home", "work"] {
        try FileManager.default.createDirectory(atPath: local + "/" + name, withIntermediateDirectories: true)
      }
      let lines = Lines()
      let s = try serverKnowing(["home", "work"], there: ["home", "work"], lines: lines)
      // vdirsyncer as it answers a collection gone from the server (a 404).
      try """
      [ "$1" = \(step) ] && echo home >\(dir)/there
      case "$1" in sync|metasync)
        for d in \(local)/*/; do n=$(basename "$d"); grep -qx "$n" \(dir)/there && continue
          echo "error: Unknown error occurred for $2/$n: \(answer)" >&2
          echo "error: Use \\`-vdebug\\` to see the full traceback." >&2; exit 1
        done;;
      esac
      """.write(toFile: dir + "/phone", atomically: true, encoding: .utf8)
      XCTAssertEqual(s.runOnce(), .changed, "the phone deleted it at the \(step): our sync follows")
      XCTAssertEqual(
        calls(),
        ["discover --list p", "discover p n", "sync p"] + (step == "sync" ? [] : ["metasync n"])
          + ["discover --list p"], step)
      XCTAssertEqual(ServerCollections.marked(local), ["work"], step)
      XCTAssertEqual(s.failures, 0, step)
      XCTAssertEqual(ServerStatus.load(ServerPaths(folder: dir + "/config"))?.ok, true, step)
      XCTAssertEqual(lines.all.filter { $0.contains("offline") }, [], step)
      unlink(dir + "/phone")
    }
  }

  /// A failed sync with every calendar still on the server is a failure:
  /// told, after the listing only (no discovery made of it), with the list
  /// that failed (the other synced) and not as the server offline (issue 34).
  func testAFailureWithEveryCalendarThereIsTold() throws {
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    let lines = Lines()
    let s = try serverKnowing(["home", "work"], there: ["home", "work"], lines: lines)
    try """
    if [ "$1" = sync ]; then echo "error: Unknown error occurred for p/work: 403, message='Forbidden'" >&2; exit 1; fi
    """.write(toFile: dir + "/phone", atomically: true, encoding: .utf8)
    XCTAssertEqual(s.runOnce(), .failed("the list “work”: 403, message='Forbidden'"))
    XCTAssertEqual(calls(), ["discover --list p", "discover p n", "sync p", "discover --list p"])
    XCTAssertEqual(ServerCollections.marked(local), [])
    XCTAssertEqual(
      lines.all,
      [
        "sync with the server failed: the list “work”: 403, message='Forbidden'; trying again in 5 s, then less often"
      ])
  }

  func testACalendarDeletedOnTheServerIsNotMadeAgain() throws {
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    try "x".write(toFile: local + "/work/old.ics", atomically: true, encoding: .utf8)
    let s = try serverKnowing(["home", "work"], there: ["home"])
    XCTAssertEqual(s.runOnce(), .changed, "our sync follows: it removes the list")
    XCTAssertEqual(calls(), ["discover --list p"], "no discovery (it would make the calendar again), no sync")
    XCTAssertEqual(ServerCollections.marked(local), ["work"])
    XCTAssertTrue(s.marksGone)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: local + "/work/old.ics"),
      "no run succeeded yet: the file cannot be known in step with the server, and is kept")
    // While the mark is there, nothing runs discovery.
    XCTAssertEqual(s.runOnce(), .changed)
    XCTAssertEqual(calls(), [])
    // Our sync removed the folder: discovery and the sync run again.
    try FileManager.default.removeItem(atPath: local + "/work")
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(calls(), ["discover --list p", "discover p n", "sync p", "metasync n"])
  }

  func testAServerListingNoneOfTheCalendarsDeletesNothingHere() throws {
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    try "x".write(toFile: local + "/work/old.ics", atomically: true, encoding: .utf8)
    let s = try serverKnowing(["home", "work"], there: [])
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(
      calls(), ["discover --list p", "discover p n", "sync p", "metasync n"], "made there again")
    XCTAssertEqual(ServerCollections.marked(local), [])
    XCTAssertTrue(FileManager.default.fileExists(atPath: local + "/work/old.ics"))
  }

  func testAListDeletedHereIsDeletedOnTheServer() throws {
    try FileManager.default.removeItem(atPath: local + "/work")
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    try ServerCollections.setDeletedHere(local, ["work"])
    let s = try serverKnowing(["home", "work"], there: ["home", "work"])
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(
      calls(),
      [
        "discover --list p", "delete p_remote http://127.0.0.1:1/user/work/", "discover p n", "sync p",
        "metasync n",
      ])
    XCTAssertEqual(ServerCollections.deletedHere(local), [], "done: off the list")
  }

  func testAListMadeAgainHereBeforeTheRunIsNotDeletedThere() throws {
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    try ServerCollections.setDeletedHere(local, ["work"])  // deleted, then a list “Work” made again
    let s = try serverKnowing(["home", "work"], there: ["home", "work"])
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(calls(), ["discover --list p", "discover p n", "sync p", "metasync n"], "nothing deleted")
    XCTAssertEqual(ServerCollections.deletedHere(local), [], "and not later either")
  }

  func testACollectionGoneFromHereByOtherMeansIsMadeAgainAsVdirsyncerDoes() throws {
    try FileManager.default.removeItem(atPath: local + "/work")
    try FileManager.default.createDirectory(atPath: local + "/home", withIntermediateDirectories: true)
    let s = try serverKnowing(["home", "work"], there: ["home", "work"])
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(calls(), ["discover --list p", "discover p n", "sync p", "metasync n"], "nothing deleted")
  }

  /// In step: as vdirsyncer's status (SQLite) last saw the file, by its etag (time in ns, inode).
  func testInStepIsWhatVdirsyncersStatusLastSaw() throws {
    let folder = local + "/work"
    try "a".write(toFile: folder + "/a.ics", atomically: true, encoding: .utf8)
    try "b".write(toFile: folder + "/b.ics", atomically: true, encoding: .utf8)
    let program = dir + "/vdirsyncer"
    try "#!/usr/bin/python3\n".write(toFile: program, atomically: true, encoding: .utf8)
    let engine = Vdirsyncer(executable: program, config: dir + "/v.conf", timeout: 10, environment: [:])
    XCTAssertEqual(engine.interpreter, ["/usr/bin/python3"])
    let db = dir + "/work.items"
    // vdirsyncer's table; a.ics as it is, b.ics as it was before a change here.
    let made = try engine.python(
      """
      import os, sqlite3, sys
      db, folder = sys.argv[1:3]
      con = sqlite3.connect(db)
      con.execute('CREATE TABLE status ("ident" TEXT PRIMARY KEY NOT NULL, "href_a" TEXT, "href_b" TEXT, '
                  '"hash_a" TEXT NOT NULL, "hash_b" TEXT NOT NULL, "etag_a" TEXT, "etag_b" TEXT)')
      st = os.stat(os.path.join(folder, "a.ics"))
      etag = f"{st.st_mtime_ns:.9f};{st.st_ino}"
      con.execute("INSERT INTO status VALUES ('a', 'a.ics', '/a.ics', 'h', 'h', ?, 'e')", (etag,))
      con.execute("INSERT INTO status VALUES ('b', 'b.ics', '/b.ics', 'h', 'h', '1.000000000;1', 'e')")
      con.commit()
      """, [db, folder])
    XCTAssertTrue(made.succeeded, made.stderr)
    let inStep = try engine.inStep(database: db, folder: folder, side: "a")
    XCTAssertEqual(inStep, ["a.ics"])
    XCTAssertNil(
      try engine.inStep(database: dir + "/none.items", folder: folder, side: "a"), "no status: none known")
    XCTAssertEqual(try ServerCollections.markGone(folder, inStep: inStep ?? []), 1)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
      [ServerCollections.goneMarker, "b.ics"])
  }

  func testTheListingIsReadAsVdirsyncerPrintsIt() throws {
    let sides = ServerCollections(pair: "p", local: "l", remote: "r", statusPath: "/s", isRemoteB: true)
    let out = """
      Discovering collections for pair p
      l:
        - "work"
        - "a \\"b\\""
      r:
        - "home" ("Home")
      warning: No collection "work" found for storage r.
      """
    let listed = try XCTUnwrap(sides.listing(out))
    XCTAssertEqual(listed.local, ["work", "a \"b\""])
    XCTAssertEqual(listed.remote, ["home"])
    XCTAssertNil(sides.listing("error: Cannot connect"), "no listing: the server did not answer")
  }

  /// An existing set-up (issue 28, point 2): its pair discovered and, when it
  /// keeps metadata, metasynced, as our own; its file only read.
  func testAUsersSetUpDiscoversAndMetasyncsItsPair() throws {
    func record(_ pair: String) throws -> ServerRecord {
      try """
      [pair cal]
      collections = ["from a", "from b"]
      metadata = ["color", "displayname"]
      [pair one]
      collections = null
      [pair plain]
      collections = ["from b"]
      """.write(toFile: dir + "/user.conf", atomically: true, encoding: .utf8)
      return ServerRecord(
        config: dir + "/user.conf", pair: pair, vdirRoot: local, collections: pair != "one", own: false)
    }
    XCTAssertEqual(try record("cal").extraRuns.discover, ["cal"])
    XCTAssertEqual(try record("cal").extraRuns.metasync, "cal")
    XCTAssertEqual(try record("plain").extraRuns.discover, ["plain"])
    XCTAssertNil(try record("plain").extraRuns.metasync)
    XCTAssertEqual(try record("one").extraRuns.discover, [])
    let before = try String(contentsOfFile: dir + "/user.conf", encoding: .utf8)
    let path = dir + "/vdirsyncer"
    try "#!/bin/sh\nshift 2; echo \"$@\" >>\(dir)/calls\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    let s = try ServerSync(
      engine: Vdirsyncer(executable: path, config: dir + "/user.conf", timeout: 10, environment: [:]),
      pair: "cal", discover: ["cal"], metasync: "cal", paths: ServerPaths(folder: dir + "/config"),
      local: local,
      schedule: RetrySchedule(first: 5, poll: 60), report: { _ in })
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(calls(), ["discover cal", "sync cal", "metasync cal"])
    try FileManager.default.createDirectory(atPath: local + "/groceries", withIntermediateDirectories: true)
    s.follow(vdirChanged: false, resync: { false })
    XCTAssertEqual(
      calls(), ["discover cal", "sync cal", "metasync cal"],
      "a list made here: discovered at once, its name sent")
    XCTAssertEqual(try String(contentsOfFile: dir + "/user.conf", encoding: .utf8), before, "only read")
  }
}
