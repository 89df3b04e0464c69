import Testing
import Foundation

/// The packaged binary is linked as scripts/release.mk says: its relative relocations packed,
/// nothing exported for other programs, and its code laid out in scripts/link-order.txt's
/// order (the functions start-up and taps run first, together). Read from the package's binary
/// and, for the layout, from its debug symbols (the -dbgsym package that `make deb` makes too).
/// Part of `PackageTests`, whose one package build they share (a suite of their own would build
/// the package at the same time, in the same tree).
extension PackageTests {
    @Test func relocationsArePackedAndNothingIsExported() throws {
        let built = try PackageBuild.get()
        let binary = built.root + "/usr/bin/stackboard"
        let sections = PackageBuild.run("readelf", ["-SW", binary])
        try #require(sections.status == 0, "\(sections.stderr)")
        #expect(sections.stdout.contains(".relr.dyn"), "no packed relocations (-z pack-relative-relocs):\n\(sections.stdout)")
        // "[ 9] .rela.dyn RELA address offset size ...": the size is the fourth field after the name.
        let relaSize = sections.stdout.split(separator: "\n").lazy
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .compactMap { fields -> Int? in
                guard let at = fields.firstIndex(of: ".rela.dyn"), at + 4 < fields.count else { return nil }
                return Int(fields[at + 4], radix: 16)
            }.first ?? 0
        #expect(relaSize < 64 * 1024, ".rela.dyn is \(relaSize) bytes: relative relocations are not packed")

        let symbols = PackageBuild.run("readelf", ["--dyn-syms", "-W", binary])
        try #require(symbols.status == 0, "\(symbols.stderr)")
        let defined = symbols.stdout.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[0].hasSuffix(":") && fields[6] != "UND" && fields[3] != "SECTION"
        }
        #expect(defined.count < 100, "the binary exports \(defined.count) symbols (--export-dynamic?)")
    }

    /// Pango, libsystemd, ALSA, librime, OpenCC and anthy are opened on first use (Sources/CLazy), after the first frame
    /// is on screen: the loader must not map them at exec (~3 ms of every start).
    @Test func theLibrariesOpenedOnFirstUseAreNotLinked() throws {
        let built = try PackageBuild.get()
        let dynamic = PackageBuild.run("readelf", ["-dW", built.root + "/usr/bin/stackboard"])
        try #require(dynamic.status == 0, "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.joined(separator: "\n")
        #expect(needed.contains("libcairo.so"), "\(needed)")
        for library in ["libpango", "libglib", "libgobject", "libharfbuzz", "libsystemd", "libasound", "librime", "libopencc", "libanthy"] {
            #expect(!needed.contains(library), "the binary links \(library):\n\(needed)")
        }
        let wrappers = PackageBuild.run("python3", [Tools.repoRoot + "/scripts/lazylibs.py", "--check"])
        #expect(wrappers.status == 0 && wrappers.stdout.contains("all wrappers match"), "\(wrappers.stdout)\(wrappers.stderr)")
    }

    @Test func codeStartsWithTheLinkOrdersFunctions() throws {
        let built = try PackageBuild.get()
        let debug = try #require(debugFile(of: built), "no debug symbols in the -dbgsym package next to \(built.deb)")
        let order = try String(contentsOfFile: Tools.repoRoot + "/scripts/link-order.txt", encoding: .utf8)
        let ordered = Set(order.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        try #require(ordered.count > 500, "scripts/link-order.txt lists \(ordered.count) functions")

        let nm = PackageBuild.run("nm", ["-n", "--defined-only", debug], timeout: 120)
        try #require(nm.status == 0, "\(nm.stderr)")
        let code = nm.stdout.split(separator: "\n").compactMap { line -> String? in
            let f = line.split(separator: " ", maxSplits: 2)
            return f.count == 3 && (f[1] == "t" || f[1] == "T") ? String(f[2]) : nil
        }
        let first = code.prefix(500)
        let inOrder = first.filter { ordered.contains($0) }.count
        // A few of the first are the linker's own or aliases of an ordered function.
        #expect(inOrder * 10 >= first.count * 9,
                "\(inOrder) of the first \(first.count) functions are in scripts/link-order.txt: the order was not used")
    }

    /// The package's binary's debug file, unpacked from the -dbgsym package into the scratch folder.
    private func debugFile(of built: PackageBuild.Built) -> String? {
        let out = (built.deb as NSString).deletingLastPathComponent
        let debs = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        guard let dbgsym = debs.first(where: { $0.hasPrefix("stackboard-dbgsym_") && $0.hasSuffix(".deb") }) else { return nil }
        let root = built.scratch + "/dbgsym"
        guard PackageBuild.run("dpkg", ["-x", out + "/" + dbgsym, root]).status == 0 else { return nil }
        let found = PackageBuild.run("find", [root, "-name", "*.debug", "-type", "f"])
        return found.stdout.split(separator: "\n").first.map(String.init)
    }
}
