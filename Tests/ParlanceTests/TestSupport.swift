import Foundation
import Testing
@testable import Parlance

/// A temporary folder for files written by a test; removed when the value is released.
final class TempFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "parlance-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ relative: String, _ text: String) -> String { write(relative, bytes: Array(text.utf8)) }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: PathText(full).deletingLastComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    /// Copies a file or folder into this folder and returns the copy's path.
    func copy(_ source: String, as relative: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: PathText(full).deletingLastComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: full)
        return full
    }
}

enum TestData {
    /// The package folder (the one holding Package.swift).
    static let packageRoot: String = {
        var dir = PathText(#filePath).deletingLastComponent
        while !dir.isEmpty, !FileManager.default.fileExists(atPath: dir + "/Package.swift") {
            dir = PathText(dir).deletingLastComponent
        }
        return dir
    }()

    static func path(_ relative: String) -> String { packageRoot + "/" + relative }

    /// Apple's real files, kept beside the repository (`../shared/fixtures/apple`), or where
    /// `PARLANCE_APPLE_FIXTURES` says.
    static let appleFixtures: String = {
        if let env = ProcessInfo.processInfo.environment["PARLANCE_APPLE_FIXTURES"] { return env }
        return PathText(packageRoot).deletingLastComponent + "/shared/fixtures/apple"
    }()

    static var hasAppleFixtures: Bool { CatalogFiles.isDirectory(appleFixtures) }

    static let schemas: DomainSchemaSet = try! DomainSchemaSet.load(folder: path("Vocabulary/Domains"))
}

extension LocatedError {
    /// `line:column` of the error, for compact expectations.
    var position: String { "\(site.line.map(String.init) ?? "-"):\(site.column.map(String.init) ?? "-")" }
}

/// Runs `body`, expecting it to throw one of the catalog's located errors, and returns it.
@discardableResult
func expectLocatedError(_ comment: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation,
                        _ body: () throws -> Void) -> (any LocatedError)? {
    do {
        try body()
        Issue.record("expected an error, none was thrown \(comment)", sourceLocation: sourceLocation)
    } catch let e as any LocatedError {
        return e
    } catch {
        Issue.record("expected a located error, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A malformed input and where and how its loader must report it.
struct BrokenInput: CustomStringConvertible, Sendable {
    /// Runs `load` on this input and checks it fails at `position` with `message` and a hint.
    @discardableResult
    func expectFailure(sourceLocation: Testing.SourceLocation = #_sourceLocation,
                       _ load: (String) throws -> Void) -> (any LocatedError)? {
        let e = expectLocatedError(name, sourceLocation: sourceLocation) { try load(text) }
        #expect(e?.position == position, sourceLocation: sourceLocation)
        #expect(e?.description.contains(message) == true, "\(e?.description ?? "")", sourceLocation: sourceLocation)
        #expect(e?.hint.isEmpty == false, sourceLocation: sourceLocation)
        return e
    }

    let name: String
    let text: String
    /// `line:column` of the error.
    let position: String
    /// A part of the error message.
    let message: String
    var description: String { name }
}
