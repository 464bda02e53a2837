// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parlance",
    // The matcher's scratch pool uses `Synchronization.Atomic` (macOS 15 and later; any Linux).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ParlanceText", targets: ["ParlanceText"]),
        .library(name: "Parlance", targets: ["Parlance"]),
        .executable(name: "parlance", targets: ["parlance"]),
    ],
    targets: [
        // The only code that includes ICU headers; its public header includes none.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
        .target(name: "ParlanceText", dependencies: ["CICU"]),
        .target(name: "Parlance", dependencies: ["ParlanceText", "CYAML"]),
        .executableTarget(name: "parlance", dependencies: ["Parlance", "ParlanceText"]),
        .executableTarget(
            name: "parlance-bench",
            dependencies: ["Parlance", "ParlanceText"],
            path: "Benchmarks/Sources/parlance-bench"
        ),
        .testTarget(name: "ParlanceTextTests", dependencies: ["ParlanceText"]),
        .testTarget(name: "ParlanceTests", dependencies: ["Parlance"], exclude: ["Fixtures"]),
        .testTarget(name: "parlanceTests", dependencies: ["parlance"], exclude: ["Fixtures", "Snapshots"]),
    ]
)
