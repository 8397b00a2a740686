import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// New items' files, written whole in the staging folder and moved into place
/// (``VdirFolder/Batch``), on any thread: none of these touches a batch.
extension VdirFolder.Batch {
  /// Writes a new item's file whole under its name `href` in the staging folder
  /// `sfd` (of the folder `path`); returns its `stat` (its etag for ``adopt(_:as:)``).
  static func writeStaged(in sfd: Int32, _ data: Data, as href: String, path: String) throws -> stat {
    let fd = openat(sfd, href, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw TodoError.io(path: path + "/" + href, detail: "cannot write: " + Store.errorText(errno))
    }
    defer { close(fd) }
    return try write(data, to: fd, path: path + "/" + href)
  }

  static func write(_ data: Data, to fd: Int32, path: String) throws -> stat {
    let e = Syscall.writeAll(fd, data)
    var st = stat()
    guard e == 0, fstat(fd, &st) == 0 else {
      let e = e == 0 ? errno : e
      throw TodoError.io(path: path, detail: "cannot write: " + Store.errorText(e))
    }
    return st
  }

  /// What became of a new file made with no name (``makeUnnamed(_:data:href:in:path:)``):
  /// named (its `stat`), its name taken by someone else meanwhile (ours dropped), or not
  /// named (no way to link it here: to be staged instead).
  enum Unnamed {
    case named(stat)
    case taken
    case notNamed
  }

  /// Makes `count` new files (`data(k)`, named `href(k)`) with no name (`O_TMPFILE`) in the
  /// folder `d` (of path `path`), all written, then flushed together (one `syncfs`, or the
  /// `fsync` of the one), then each named by a link that never replaces a file: a sync killed
  /// meanwhile leaves no file at all, and none but a whole one under an item's name. Fewer at
  /// once when descriptors run out. Nil when the file system makes no unnamed file (nothing made).
  static func makeUnnamed(
    _ count: Int, data: (Int) -> Data, href: (Int) -> String, in d: Int32, path: String
  ) throws -> [Unnamed]? {
    var out = [Unnamed](repeating: .notNamed, count: count)
    var open: [(k: Int, fd: Int32, st: stat)] = []
    open.reserveCapacity(count)
    defer { for o in open { close(o.fd) } }
    func name() throws {
      guard let first = open.first else { return }
      if open.count == 1 { fsync(first.fd) } else { csystem_syncfs(first.fd) }
      for (i, o) in open.enumerated() {
        if csystem_link_tmpfile(o.fd, d, href(o.k)) == 0 {
          out[o.k] = .named(o.st)
        } else if errno == EEXIST {
          out[o.k] = .taken
        } else if errno != ENOENT && errno != EPERM && errno != EXDEV {
          let e = errno
          open.removeFirst(i)
          throw TodoError.io(path: path + "/" + href(o.k), detail: "cannot write: " + Store.errorText(e))
        }
        close(o.fd)
      }
      open.removeAll(keepingCapacity: true)
    }
    var k = 0
    while k < count {
      let fd = csystem_open_tmpfile(d)
      guard fd >= 0 else {
        let e = errno
        if (e == EMFILE || e == ENFILE) && !open.isEmpty {
          try name()
          continue
        }
        if k == 0 && (e == EOPNOTSUPP || e == EISDIR || e == EINVAL) { return nil }
        throw TodoError.io(path: path + "/" + href(k), detail: "cannot write: " + Store.errorText(e))
      }
      do {
        open.append((k, fd, try write(data(k), to: fd, path: path + "/" + href(k))))
      } catch {
        close(fd)
        throw error
      }
      k += 1
    }
    try name()
    return out
  }

  /// Flushes the files `staged` in the staging folder `s` (one `syncfs`, or the
  /// `fsync` of the one) and moves each into the folder `d` (of path `path`) under
  /// its name by a rename that never replaces a file; returns href → etag of those
  /// moved: a name someone else made meanwhile is left to their file (ours is removed).
  /// Where `renameat2` cannot (EINVAL, ENOSYS): a link (never replaces), then the
  /// staged name removed; where there are no links either, looked for, then renamed.
  static func move(_ staged: [(href: String, etag: String)], from s: Int32, to d: Int32, path: String) throws
    -> [String: String]
  {
    guard let first = staged.first else { return [:] }
    flush(staged.count, first: first.href, in: s)
    var moved: [String: String] = [:]
    moved.reserveCapacity(staged.count)
    var noReplace = true
    for (href, etag) in staged {
      if noReplace, csystem_renameat_noreplace(s, href, d, href) == 0 {
        moved[href] = etag
        continue
      }
      if noReplace, errno == EINVAL || errno == ENOSYS { noReplace = false }
      if !noReplace, linkat(s, href, d, href, 0) == 0 {
        moved[href] = etag
      } else if errno != EEXIST {
        let e = errno
        if !noReplace, e == EPERM || e == EOPNOTSUPP || e == ENOSYS,
          faccessat(d, href, F_OK, AT_SYMLINK_NOFOLLOW) != 0, renameat(s, href, d, href) == 0
        {
          moved[href] = etag
          continue
        }
        throw TodoError.io(path: path + "/" + href, detail: "cannot write: " + Store.errorText(e))
      }
      unlinkat(s, href, 0)  // moved by the link, or someone else's file is there
    }
    return moved
  }

  /// Flushes `count` files written in the folder `dir` to disk: the `fsync` of
  /// the one (named `first`), or one `syncfs` for many.
  static func flush(_ count: Int, first: String, in dir: Int32) {
    guard count == 1 else {
      csystem_syncfs(dir)
      return
    }
    let fd = openat(dir, first, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      fsync(fd)
      close(fd)
    }
  }

}

extension VdirFolder {
  /// Removes the staging folder of `path` (``Batch``) and the files in it.
  static func removeStaging(in path: String) {
    let staging = path + "/" + Batch.stagingName
    var st = stat()
    guard lstat(staging, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return }
    for n in (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] {
      unlink(staging + "/" + n)
    }
    rmdir(staging)
  }
}
