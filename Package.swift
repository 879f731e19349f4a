// swift-tools-version:6.2
// Spool: a media playback framework and player for Linux.
// Dependencies point one way: spool → SpoolUI → Spool → SpoolEngine → {SpoolHLS, SpoolMedia,
// SpoolNetwork} → SpoolCore, Spool → {SpoolOutput, SpoolDesktop, SpoolPersistence} → SpoolCore, and
// spool → SpoolCast → SpoolNetwork.
// Only the wrapper targets import a C module.
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // The seed's warning: without @concurrent, nonisolated async functions would
    // run on the caller's actor. Turning the feature on makes every such choice explicit.
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Spool",
    platforms: [.macOS(.v26)],
    products: [
        .library(name: "Spool", targets: ["Spool"]),
        .library(name: "SpoolCore", targets: ["SpoolCore"]),
        .library(name: "SpoolUI", targets: ["SpoolUI"]),
        .library(name: "SpoolHLS", targets: ["SpoolHLS"]),
        .library(name: "SpoolPersistence", targets: ["SpoolPersistence"]),
        .executable(name: "spool", targets: ["spool"]),
    ],
    targets: [
        // C system libraries (Debian's -dev packages; scripts/bootstrap installs them).
        // libpulse and sdl2 have no pkgConfig: their .pc files add -D_REENTRANT and -pthread,
        // which SwiftPM refuses with a "prohibited flag(s)" warning on every build. Both need
        // nothing from pkg-config: the headers are under /usr/include (SDL's included as
        // <SDL2/…>), the module maps name the libraries, and glibc needs neither flag.
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat"),
        .systemLibrary(name: "CPulse"),
        .systemLibrary(name: "CSDL"),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
        // libass: its header is <ass/ass.h> and includes nothing outside libc, so no pkgConfig
        // (libass.pc's private requirements would add glib's and harfbuzz's include paths).
        .systemLibrary(name: "CLibass"),
        // libcurl (libcurl4-openssl-dev): the byte path's HTTP client.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl"),
        // The kernel's routing netlink (links and routes) for NetworkMonitor: a small C target
        // because NLMSG_* and RTA_* are macros Swift cannot import.
        .target(name: "CNetlink"),
        // The overlay blend of the software renderer's window (SpoolOutput): a C target because
        // the loop must vectorise, with AVX2 chosen at run time, which Swift cannot express.
        .target(name: "CPixelBlend"),
        // libavfilter, opened on first use (a speed change) rather than linked: linked, its
        // thirty-odd libraries no other library needs are loaded by every process.
        .target(name: "CAVFilterLoader"),

        // Pure Swift layers.
        .target(name: "SpoolCore", swiftSettings: strictSwift),
        .target(name: "SpoolHLS", dependencies: ["SpoolCore"], swiftSettings: strictSwift),

        // Wrappers around C libraries: raw pointers live only here.
        .target(
            name: "SpoolMedia", dependencies: ["SpoolCore", "CFFmpeg", "CAVFilterLoader"], swiftSettings: strictSwift),
        .target(
            name: "SpoolOutput", dependencies: ["SpoolCore", "CPulse", "CSDL", "CPixelBlend"],
            swiftSettings: strictSwift),
        .target(name: "SpoolDesktop", dependencies: ["SpoolCore", "CDBus"], swiftSettings: strictSwift),
        .target(
            name: "SpoolPersistence", dependencies: ["SpoolCore", "CSQLite"], swiftSettings: strictSwift),
        .target(
            name: "SpoolNetwork", dependencies: ["SpoolCore", "CCurl", "CNetlink"], swiftSettings: strictSwift),

        // Casting to UPnP AV / DLNA renderers: SSDP discovery, device descriptions (pure Swift
        // over SpoolNetwork's multicast socket and libcurl transport).
        .target(name: "SpoolCast", dependencies: ["SpoolCore", "SpoolNetwork"], swiftSettings: strictSwift),

        // The engine: an asset's probe, the per-item pipeline (threads around FFmpeg) and the
        // FFmpeg side of HLS; no main-actor object of the facade reaches it.
        .target(
            name: "SpoolEngine", dependencies: ["SpoolCore", "SpoolHLS", "SpoolMedia", "SpoolNetwork"],
            swiftSettings: strictSwift),

        // The public facade: Player, QueuePlayer, PlayerItem, the audio session, PiP, the
        // desktop glue, interstitial scheduling, thumbnails.
        .target(
            name: "Spool",
            dependencies: [
                "SpoolCore", "SpoolEngine", "SpoolHLS", "SpoolMedia", "SpoolOutput", "SpoolDesktop",
                "SpoolPersistence", "SpoolNetwork",
            ],
            swiftSettings: strictSwift),

        // The player view: the controls overlay as a state machine, its adapter to a Player,
        // and its drawing (SDL2_ttf text through CSDL).
        .target(
            name: "SpoolUI", dependencies: ["Spool", "SpoolCore", "CSDL", "SpoolMedia", "CLibass"],
            swiftSettings: strictSwift),

        // The command-line program: the only place that builds real clocks and outputs.
        .executableTarget(
            name: "spool",
            dependencies: [
                "Spool", "SpoolUI", "SpoolPersistence", "SpoolDesktop", "SpoolCore", "SpoolHLS", "SpoolCast",
                "SpoolNetwork",
            ],
            swiftSettings: strictSwift),

        // A small player app in the seed tutorial's shape (open, play, custom keys, resume): built
        // with everything else, never installed (no product).
        .executableTarget(
            name: "SimplePlayer", dependencies: ["Spool", "SpoolPersistence"], path: "Examples/SimplePlayer",
            swiftSettings: strictSwift),

        // Test helpers shared by every test target.
        .target(name: "SpoolTestSupport", dependencies: ["SpoolCore", "SpoolNetwork"], swiftSettings: strictSwift),

        .testTarget(
            name: "SpoolCoreTests", dependencies: ["SpoolCore", "SpoolTestSupport", "SpoolNetwork"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolHLSTests", dependencies: ["SpoolHLS", "SpoolCore", "SpoolTestSupport", "SpoolNetwork"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolCastTests", dependencies: ["SpoolCast", "SpoolCore", "SpoolTestSupport", "SpoolNetwork"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolMediaTests", dependencies: ["SpoolMedia", "SpoolCore", "SpoolTestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolOutputTests",
            dependencies: ["SpoolOutput", "SpoolCore", "SpoolTestSupport", "SpoolOutputChild"],
            swiftSettings: strictSwift),
        // A child process the video output tests start without a usable display.
        .executableTarget(
            name: "SpoolOutputChild", dependencies: ["SpoolOutput"], path: "Tests/SpoolOutputChild",
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolDesktopTests", dependencies: ["SpoolDesktop", "SpoolCore", "SpoolTestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolPersistenceTests",
            dependencies: ["SpoolPersistence", "SpoolCore", "SpoolTestSupport", "SpoolPersistenceChild"],
            swiftSettings: strictSwift),
        // A child process the persistence tests kill with SIGKILL mid-write.
        .executableTarget(
            name: "SpoolPersistenceChild", dependencies: ["SpoolPersistence", "SpoolCore"],
            path: "Tests/SpoolPersistenceChild", swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolTests",
            dependencies: [
                "Spool", "SpoolEngine", "SpoolCore", "SpoolHLS", "SpoolMedia", "SpoolOutput", "SpoolTestSupport",
            ],
            swiftSettings: strictSwift),
        // The command line's parsers (options, spool.conf, playlists), tested inside the executable.
        .testTarget(
            name: "SpoolCLITests", dependencies: ["spool", "Spool", "SpoolTestSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolUITests", dependencies: ["SpoolUI", "Spool", "SpoolEngine", "SpoolTestSupport"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SpoolTestSupportTests", dependencies: ["SpoolTestSupport", "SpoolCore"], swiftSettings: strictSwift),
    ]
)

// README code as tests (`make readme-snippets`): scripts/check-readme-snippets writes each Swift
// block of README.md into .build/readme-snippets/NAME and lists the names here, so the blocks
// build as executables against this build (a package of their own would build it all again).
if let snippets = Context.environment["SPOOL_README_SNIPPETS"] {
    for name in snippets.split(separator: ",").map(String.init) {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: ["Spool", "SpoolUI", "SpoolPersistence"],
                path: ".build/readme-snippets/\(name)", swiftSettings: [.swiftLanguageMode(.v6)]))
    }
}
