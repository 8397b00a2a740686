import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// What the round looks at outside itself: a vdirsyncer already running on our
// configuration, and the files a run of vdirsyncer may change here.
extension ServerSync {
  /// Whether a vdirsyncer runs with `-c config` (any process: its argv read from /proc).
  static func running(config: String) -> Bool {
    let procs = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for pid in procs where pid.first?.isNumber == true {
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else {
        continue
      }
      let argv = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard argv.prefix(2).contains(where: { ($0 as NSString).lastPathComponent == "vdirsyncer" }),
        let c = argv.firstIndex(of: "-c"), c + 1 < argv.count, argv[c + 1] == config
      else { continue }
      return true
    }
    return false
  }

  /// What a run of vdirsyncer may change on our side: every file of the
  /// folder and of its subfolders (collections), by name, size, time and inode.
  static func fingerprint(_ folder: String) -> [String: String] {
    var out: [String: String] = [:]
    func scan(_ dir: String, depth: Int) {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
      for name in names where !name.hasPrefix(".") {
        let p = dir + "/" + name
        var st = stat()
        guard lstat(p, &st) == 0 else { continue }
        if (st.st_mode & S_IFMT) == S_IFDIR {
          if depth == 0 { scan(p, depth: 1) }
          continue
        }
        out[p] = "\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec):\(st.st_ino)"
      }
    }
    scan(folder, depth: 0)
    return out
  }
}
