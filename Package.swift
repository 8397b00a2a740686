// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "todo-tui",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "todo-tui", targets: ["todo-tui"]),
    .library(name: "TodoCore", targets: ["TodoCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
    // The settings file (SPEC 4) is TOML: toml++ through TOMLKit, no hand-written parser.
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
  ],
  targets: [
    .target(
      name: "TodoCore",
      dependencies: [
        "CSystem", "CLibical", .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    // The system calls Swift's Glibc module does not import, behind one header.
    .target(name: "CSystem"),
    // libical (recurrence rules, iCalendar): <libical/ical.h> behind one shim header.
    .systemLibrary(
      name: "CLibical",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    // ncursesw (and tinfo, which it needs) linked by the module map; no pkgConfig:
    // its cflags (-D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600) are flags SwiftPM prohibits,
    // and shim.h defines what curses.h needs (the wide-character API) itself.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // The commands: argv to operations and output, a library with unit tests.
    .target(
      name: "TodoCLI",
      dependencies: ["TodoCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // The executable: a thin main, the ncurses backend of the full-screen app.
    .executableTarget(
      name: "todo-tui",
      dependencies: ["TodoCLI", "TodoCore", "CNcurses"],
      // One static executable: no dynamic loader at start. Loading libical.so with ICU,
      // libstdc++ and libdb cost 160 page faults and about 3 ms of every command
      // (--version 3.8 -> 1.2 ms); static archives are linked from libical-dev, libicu-dev,
      // libncurses-dev and libc6-dev. lld takes the archives in any order. Release only (the
      // Makefile builds it with --static-swift-stdlib); debug builds stay dynamic.
      linkerSettings: [
        .unsafeFlags(["-use-ld=lld"]),
        .unsafeFlags(
          [
            "-static-executable", "-Xlinker", "-licui18n", "-Xlinker", "-licuuc", "-Xlinker", "-licudata",
            "-Xlinker", "-lstdc++", "-Xlinker", "-ltinfo",
          ], .when(configuration: .release)),
      ]
    ),
    // Fixtures and snapshots are read where they lie (#filePath), not bundled.
    .testTarget(
      name: "TodoCoreTests", dependencies: ["TodoCore"],
      exclude: ["App/Snapshots", "ICal/Fixtures", "Store/Fixtures", "Sync/Fixtures"]
    ),
    // argv to commands, errors and exit statuses (without running a process).
    .testTarget(name: "TodoCLITests", dependencies: ["TodoCLI", "TodoCore"]),
  ]
)
