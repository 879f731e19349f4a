import Foundation
import Testing

@testable import SpoolDesktop

/// Our role and state numbers against at-spi2-core's own header (libatspi2.0-dev): the enums
/// there are implicitly numbered, so the test counts their members as the C compiler does.
@Suite struct ATSPIConstantsTests {
    static let header = "/usr/include/at-spi-2.0/atspi/atspi-constants.h"

    /// The members of the `typedef enum { … } <name>;` in the header, in order.
    private func members(of name: String) throws -> [String] {
        let text = try String(contentsOfFile: Self.header, encoding: .utf8)
        let end = try #require(text.range(of: "} \(name);"), "no enum \(name) in \(Self.header)")
        let start = try #require(
            text.range(of: "typedef enum", options: .backwards, range: text.startIndex..<end.lowerBound))
        let body = text[start.upperBound..<end.lowerBound]
        // Members are the identifiers starting lines inside the braces; comments are skipped.
        return body.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("ATSPI_") else { return nil }
            let member = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            #expect(!trimmed.contains("="), "\(member) has an explicit value: the counting below would be wrong")
            return String(member)
        }
    }

    /// `pushButton` → `PUSH_BUTTON`.
    private func constantName(_ caseName: String) -> String {
        var name = ""
        for character in caseName {
            if character.isUppercase { name += "_" }
            name += character.uppercased()
        }
        return name
    }

    @Test func roleNumbersAreAtspiRole() throws {
        let roles = try members(of: "AtspiRole")
        #expect(roles.count > 100)
        for role in ATSPIRole.allCases {
            let constant = "ATSPI_ROLE_" + constantName("\(role)")
            #expect(roles.firstIndex(of: constant).map(UInt32.init) == role.rawValue, "\(constant)")
        }
    }

    @Test func stateNumbersAreAtspiStateType() throws {
        let states = try members(of: "AtspiStateType")
        #expect(states.count > 40)
        for state in ATSPIState.allCases {
            let constant = "ATSPI_STATE_" + constantName("\(state)")
            #expect(states.firstIndex(of: constant).map(UInt32.init) == state.rawValue, "\(constant)")
        }
    }

    @Test func stateSetsAreTwoWordsOfBits() {
        #expect(ATSPIState.words([]) == [0, 0])
        #expect(ATSPIState.words([.focused]) == [1 << 12, 0])
        let low: UInt32 = 1 << 25 | 1 << 30
        let high: UInt32 = 1 << 9 | 1 << 11
        #expect(ATSPIState.words([.showing, .visible, .checkable, .readOnly]) == [low, high])
    }
}
