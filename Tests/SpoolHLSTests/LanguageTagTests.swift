import Testing

@testable import SpoolHLS

/// The one language rule: ISO 639-1, 639-2/T and 639-2/B spellings of a language are the same
/// language, for matching and for the tag an option reports.
@Suite struct LanguageTagTests {
    @Test("fr, fra and fre (and de, deu, ger; zh, zho, chi) match one another exactly, any case")
    func threeSpellingsOfOneLanguageMatch() {
        for spellings in [["fr", "fra", "fre"], ["de", "deu", "ger"], ["zh", "zho", "chi"], ["en", "eng"]] {
            for wanted in spellings {
                for available in spellings + spellings.map({ $0.uppercased() }) {
                    #expect(
                        LanguageTag.matchQuality(wanted: wanted, available: available) == 2, "\(wanted) ~ \(available)")
                }
            }
        }
        #expect(LanguageTag.matchQuality(wanted: "fre", available: "fr-CA") == 1)
        #expect(LanguageTag.matchQuality(wanted: "fr_CA.UTF-8", available: "fra") == 1)
        #expect(LanguageTag.matchQuality(wanted: "fr", available: "deu") == 0)
        #expect(LanguageTag.matchQuality(wanted: "fra", available: "ger") == 0)
        // A language without a two-letter code still matches itself only.
        #expect(LanguageTag.matchQuality(wanted: "haw", available: "haw") == 2)
        #expect(LanguageTag.matchQuality(wanted: "haw", available: "ha") == 0)
    }

    @Test("bcp47: the primary subtag in its two-letter form, the rest as written; nil for und and empty")
    func bcp47Normalises() {
        #expect(LanguageTag.bcp47("fra") == "fr")
        #expect(LanguageTag.bcp47("fre") == "fr")
        #expect(LanguageTag.bcp47("FRA") == "fr")
        #expect(LanguageTag.bcp47("ger-CH") == "de-CH")
        #expect(LanguageTag.bcp47("pt_BR") == "pt-BR")
        #expect(LanguageTag.bcp47("en-US") == "en-US")
        #expect(LanguageTag.bcp47("haw") == "haw")
        #expect(LanguageTag.bcp47("und") == nil)
        #expect(LanguageTag.bcp47("") == nil)
    }

    @Test("the table: every ISO 639-1 language once, its codes distinct, 20 bibliographic codes")
    func tableIsConsistent() {
        let languages = ISO639.languages
        #expect(languages.count == 183)
        #expect(Set(languages.map(\.alpha2)).count == languages.count)
        let codes = languages.flatMap { [$0.alpha2, $0.terminology] + ($0.bibliographic.map { [$0] } ?? []) }
        #expect(Set(codes).count == codes.count)
        #expect(languages.compactMap(\.bibliographic).count == 20)
        #expect(languages.allSatisfy { $0.alpha2.count == 2 && $0.terminology.count == 3 })
        #expect(languages.allSatisfy { $0.bibliographic.map { $0.count == 3 && $0 != "" } ?? true })
    }
}
