// Unit tests of each tokenizer.json component on small hand-written files.
// Expected values are derived by hand from Hugging Face's semantics (the
// reasoning is in the comments); they were also checked against HF
// `tokenizers` 0.23.2 itself.
#include "cmf/engine/tokenizer.h"

#include "cmf/format/error.h"

#include "test_support.h"

#include <QtTest>

#include <fstream>
#include <thread>

using cmf::engine::StreamDecoder;
using cmf::engine::Tokenizer;
using nlohmann::json;
using Strings = std::vector<std::string>;
using Ids = std::vector<int32_t>;
using namespace std::string_literals;

namespace {

json tokenizerJson(json model, json normalizer = nullptr, json pre = nullptr, json post = nullptr, json decoder = nullptr,
                   json added = json::array()) {
    return json{{"version", "1.0"},        {"truncation", nullptr},    {"padding", nullptr},
                {"added_tokens", added},   {"normalizer", normalizer}, {"pre_tokenizer", pre},
                {"post_processor", post},  {"decoder", decoder},       {"model", model}};
}

Tokenizer build(const json& j) {
    return Tokenizer::fromJson(j.dump());
}

// A WordLevel model that knows exactly `tokens` (after "[UNK]", id 0).
json wordLevel(const Strings& tokens) {
    json vocab = {{"[UNK]", 0}};
    for (size_t i = 0; i < tokens.size(); ++i) vocab[tokens[i]] = static_cast<int>(i + 1);
    return {{"type", "WordLevel"}, {"vocab", vocab}, {"unk_token", "[UNK]"}};
}

json bpe(const Strings& vocab, const json& merges, const json& options = json::object()) {
    json v = json::object();
    for (size_t i = 0; i < vocab.size(); ++i) v[vocab[i]] = static_cast<int>(i);
    json m = {{"type", "BPE"},
              {"dropout", nullptr},
              {"unk_token", nullptr},
              {"continuing_subword_prefix", nullptr},
              {"end_of_word_suffix", nullptr},
              {"fuse_unk", false},
              {"byte_fallback", false},
              {"ignore_merges", false},
              {"vocab", v},
              {"merges", merges}};
    m.update(options);
    return m;
}

// A model that passes any text through as its bytes (a BPE with only the 256
// byte-fallback tokens), and the decoder that puts them back together: the
// decode of the encode is the normalized text.
json echoModel() {
    Strings bytes;
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        bytes.push_back(name);
    }
    return bpe(bytes, json::array(), {{"byte_fallback", true}});
}
const json kEchoDecoder = {{"type", "Sequence"}, {"decoders", json::array({{{"type", "ByteFallback"}}, {{"type", "Fuse"}}})}};

std::string normalize(const json& normalizer, const std::string& text) {
    const Tokenizer t = build(tokenizerJson(echoModel(), normalizer, nullptr, nullptr, kEchoDecoder));
    return t.decode(t.encode(text, false));
}

// The pieces the pre-tokenizer cuts `text` into, read through a WordLevel model
// that knows exactly the expected pieces: a piece that should not be there
// shows up as "[UNK]".
Strings pieces(const json& pre, const std::string& text, const Strings& expected, const json& normalizer = nullptr) {
    return build(tokenizerJson(wordLevel(expected), normalizer, pre)).encodeWithTokens(text, false).tokens;
}

// Decodes `ids` of a WordLevel vocabulary `tokens` (ids 0...) with `decoder`.
std::string decodeWith(const json& decoder, const Strings& tokens, const Ids& ids) {
    json vocab = json::object();
    for (size_t i = 0; i < tokens.size(); ++i) vocab[tokens[i]] = static_cast<int>(i);
    return build(tokenizerJson({{"type", "WordLevel"}, {"vocab", vocab}, {"unk_token", tokens[0]}}, nullptr, nullptr,
                               nullptr, decoder))
        .decode(ids);
}

// Unigram's vocabulary: a list of [piece, score] pairs.
json pieces(std::initializer_list<std::pair<const char*, double>> list) {
    json v = json::array();
    for (const auto& [piece, score] : list) v.push_back(json::array({piece, score}));
    return v;
}

json added(const std::string& content, int id, bool special, json flags = json::object()) {
    json t = {{"id", id},       {"content", content},     {"single_word", false}, {"lstrip", false},
              {"rstrip", false}, {"normalized", !special}, {"special", special}};
    t.update(flags);
    return t;
}

const json kWhitespaceSplit = {{"type", "WhitespaceSplit"}};
// (Arrays of one json value are spelled json::array(...): a braced {x} is x
// itself for clang, an array for gcc.)

// The message of the cmf::Error (Parse) that loading `j` throws, or "" if none.
std::string loadError(const std::string& text, cmf::ErrorKind kind = cmf::ErrorKind::Parse) {
    try {
        Tokenizer::fromJson(text);
    } catch (const cmf::Error& e) {
        if (e.kind() != kind) return std::string("wrong kind: ") + cmf::errorKindName(e.kind()) + ": " + e.what();
        return e.what();
    }
    return "";
}

#define VERIFY_CONTAINS(haystack, needle)                                                                          \
    QVERIFY2(std::string(haystack).find(needle) != std::string::npos,                                          \
             ("\"" + std::string(haystack) + "\" does not contain \"" + std::string(needle) + "\"").c_str())

} // namespace

class TstTokenizerUnits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // ---- Normalizers ------------------------------------------------------------------

    void unicodeForms() {
        // NFC composes e + U+0301 and maps the Angstrom sign to its singleton A-ring.
        JCOMPARE(normalize({{"type", "NFC"}}, "e\u0301 \u212B"), "\u00E9 \u00C5");
        // NFD decomposes, Hangul algorithmically.
        JCOMPARE(normalize({{"type", "NFD"}}, "\u00E9 \uD55C"), "e\u0301 \u1112\u1161\u11AB");
        // NFKC: the ligature, the circled digit, half-width katakana + voiced mark composed.
        JCOMPARE(normalize({{"type", "NFKC"}}, "\uFB01\u2460 \uFF76\uFF9E"), "fi1 \u30AC");
        JCOMPARE(normalize({{"type", "NFKD"}}, "\uFB01\u00E9"), "fie\u0301");
        // Canonical reordering puts ccc 220 before ccc 230; the acute still composes with the a.
        JCOMPARE(normalize({{"type", "NFC"}}, "a\u0301\u0316"), "\u00E1\u0316");
    }

    void lowercase() {
        // Full lowercase per character: U+0130 becomes i + combining dot above.
        JCOMPARE(normalize({{"type", "Lowercase"}}, "HeLLo \u00C0\u00C9 \u0130"), "hello \u00E0\u00E9 i\u0307");
    }

    void strip() {
        JCOMPARE(normalize({{"type", "Strip"}, {"strip_left", true}, {"strip_right", false}}, "  hi \t"), "hi \t");
        // Unicode whitespace (U+3000) is stripped too.
        JCOMPARE(normalize({{"type", "Strip"}, {"strip_left", true}, {"strip_right", true}}, "\u3000 hi \t"), "hi");
    }

    void stripAccents() {
        // After NFD every mark goes, spacing ones (U+0903) included.
        const json seq = {{"type", "Sequence"}, {"normalizers", {{{"type", "NFD"}}, {{"type", "StripAccents"}}}}};
        JCOMPARE(normalize(seq, "caf\u00E9 na\u00EFve \u0903"), "cafe naive ");
    }

    void replace() {
        JCOMPARE(normalize({{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\u2581"}}, "a b  c"),
                 "a\u2581b\u2581\u2581c");
        JCOMPARE(normalize({{"type", "Replace"}, {"pattern", {{"Regex", "\\s+"}}}, {"content", " "}}, "a \t\n b"), "a b");
        // A literal is not a regex: "." matches only a dot.
        JCOMPARE(normalize({{"type", "Replace"}, {"pattern", {{"String", "."}}}, {"content", "!"}}, "a.b"), "a!b");
    }

    void prependAndSequence() {
        JCOMPARE(normalize({{"type", "Prepend"}, {"prepend", "\u2581"}}, "hi"), "\u2581hi");
        JCOMPARE(normalize({{"type", "Prepend"}, {"prepend", "\u2581"}}, ""), ""); // nothing to prepend to
        // Llama 2's normalizer: prepend, then spaces become the meta symbol.
        const json llama = {{"type", "Sequence"},
                            {"normalizers",
                             {{{"type", "Prepend"}, {"prepend", "\u2581"}},
                              {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "\u2581"}}}}};
        JCOMPARE(normalize(llama, "a b"), "\u2581a\u2581b");
    }

    void bertNormalizer() {
        // clean_text drops U+0000, U+FFFD and format characters (soft hyphen),
        // turns whitespace into ' '; CJK ideographs get spaces around them;
        // strip_accents null follows lowercase.
        JCOMPARE(normalize({{"type", "BertNormalizer"},
                            {"clean_text", true},
                            {"handle_chinese_chars", true},
                            {"strip_accents", nullptr},
                            {"lowercase", true}},
                           "H\u00E9llo\u0000 a\tb\u00ADc \u4E2D\u6587 \uFFFD"s),
                 "hello a bc  \u4E2D  \u6587  ");
        JCOMPARE(normalize({{"type", "BertNormalizer"},
                            {"clean_text", false},
                            {"handle_chinese_chars", false},
                            {"strip_accents", false},
                            {"lowercase", true}},
                           "H\u00C9llo\tX"),
                 "h\u00E9llo\tx");
        // NEL (U+0085) is a control character: removed, not made a space.
        // U+0130 loses its dot to strip_accents before any lowercasing.
        JCOMPARE(normalize({{"type", "BertNormalizer"},
                            {"clean_text", true},
                            {"handle_chinese_chars", false},
                            {"strip_accents", true},
                            {"lowercase", false}},
                           "H\u00E9llo\u0085 \u0130"),
                 "Hello I");
    }

    // ---- Pre-tokenizers ------------------------------------------------------------------

    void splitBehaviours_data() {
        QTest::addColumn<QString>("behavior");
        QTest::addColumn<bool>("invert");
        QTest::addColumn<QStringList>("expected");
        // "a-b--c" split on "-": segments a | - | b | - | - | c (each "-" its own match).
        QTest::newRow("Removed") << "Removed" << false << QStringList{"a", "b", "c"};
        QTest::newRow("Isolated") << "Isolated" << false << QStringList{"a", "-", "b", "-", "-", "c"};
        // A match joins the piece before it, unless that piece is a match too.
        QTest::newRow("MergedWithPrevious") << "MergedWithPrevious" << false << QStringList{"a-", "b-", "-", "c"};
        QTest::newRow("MergedWithNext") << "MergedWithNext" << false << QStringList{"a", "-b", "-", "-c"};
        QTest::newRow("Contiguous") << "Contiguous" << false << QStringList{"a", "-", "b", "--", "c"};
        // invert: the letters are the matches.
        QTest::newRow("Removed inverted") << "Removed" << true << QStringList{"-", "-", "-"};
        QTest::newRow("Isolated inverted") << "Isolated" << true << QStringList{"a", "-", "b", "-", "-", "c"};
        QTest::newRow("MergedWithPrevious inverted") << "MergedWithPrevious" << true << QStringList{"a", "-b", "-", "-c"};
        QTest::newRow("MergedWithNext inverted") << "MergedWithNext" << true << QStringList{"a-", "b-", "-", "c"};
        QTest::newRow("Contiguous inverted") << "Contiguous" << true << QStringList{"a", "-", "b", "--", "c"};
    }
    void splitBehaviours() {
        QFETCH(QString, behavior);
        QFETCH(bool, invert);
        QFETCH(QStringList, expected);
        Strings want;
        for (const auto& s : expected) want.push_back(s.toStdString());
        const json pre = {
            {"type", "Split"}, {"pattern", {{"String", "-"}}}, {"behavior", behavior.toStdString()}, {"invert", invert}};
        JCOMPARE(pieces(pre, "a-b--c", want), want);
    }

    void splitRegex() {
        const json pre = {{"type", "Split"}, {"pattern", {{"Regex", "\\d+"}}}, {"behavior", "Isolated"}, {"invert", false}};
        JCOMPARE(pieces(pre, "ab12cd345", {"ab", "12", "cd", "345"}), (Strings{"ab", "12", "cd", "345"}));
        // Oniguruma dialect: \s is White_Space (NEL yes, U+180E no), \h a hex digit.
        const json ws = {{"type", "Split"}, {"pattern", {{"Regex", "\\s+"}}}, {"behavior", "Removed"}, {"invert", false}};
        JCOMPARE(pieces(ws, "a\u0085b\u180Ec", {"a", "b\u180Ec"}), (Strings{"a", "b\u180Ec"}));
        const json hex = {{"type", "Split"}, {"pattern", {{"Regex", "\\h+"}}}, {"behavior", "Removed"}, {"invert", false}};
        JCOMPARE(pieces(hex, "xyfF9z", {"xy", "z"}), (Strings{"xy", "z"}));
        // Ruby's ^ and $ match at line boundaries.
        const json lines = {{"type", "Split"}, {"pattern", {{"Regex", "^a"}}}, {"behavior", "Isolated"}, {"invert", false}};
        JCOMPARE(pieces(lines, "ab\nab", {"a", "b\n", "b"}), (Strings{"a", "b\n", "a", "b"}));
    }

    void unicodeVersionsFollowHf() {
        // HF's regexes (Oniguruma) know Unicode 16: a CJK Extension H ideograph is a letter.
        const json letters = {{"type", "Split"}, {"pattern", {{"Regex", "\\p{L}+"}}}, {"behavior", "Isolated"}, {"invert", false}};
        JCOMPARE(pieces(letters, "a\U00031350b!", {"a\U00031350b", "!"}), (Strings{"a\U00031350b", "!"}));
        // Its category tables are older: U+061D (Unicode 14) is no punctuation for BERT...
        JCOMPARE(pieces({{"type", "BertPreTokenizer"}}, "a\u061Db,c", {"a\u061Db", ",", "c"}), (Strings{"a\u061Db", ",", "c"}));
        // ...but U+166D, punctuation until Unicode 12, still is.
        JCOMPARE(pieces({{"type", "BertPreTokenizer"}}, "a\u166Db", {"a", "\u166D", "b"}), (Strings{"a", "\u166D", "b"}));
        // Lowercase is Rust's (Unicode 16): U+1C89 lowercases to U+1C8A.
        JCOMPARE(normalize({{"type", "Lowercase"}}, "\u1C89"), "\u1C8A");
        // Its normalizer predates U+11938 (Unicode 13): no decomposition, no composition.
        JCOMPARE(normalize({{"type", "NFD"}}, "\U00011938"), "\U00011938");
        JCOMPARE(normalize({{"type", "NFC"}}, "\U00011935\U00011930"), "\U00011935\U00011930");
    }

    void byteLevel() {
        // GPT-2's regex, a space prepended, each byte shown as its printable character (space = U+0120).
        JCOMPARE(pieces({{"type", "ByteLevel"}, {"add_prefix_space", true}, {"trim_offsets", true}, {"use_regex", true}},
                        "Hello world! \u00E9", {"\u0120Hello", "\u0120world", "!", "\u0120\u00C3\u00A9"}),
                 (Strings{"\u0120Hello", "\u0120world", "!", "\u0120\u00C3\u00A9"}));
        JCOMPARE(pieces({{"type", "ByteLevel"}, {"add_prefix_space", true}, {"trim_offsets", true}, {"use_regex", false}},
                        "Hello world!", {"\u0120Hello\u0120world!"}),
                 Strings{"\u0120Hello\u0120world!"});
        JCOMPARE(pieces({{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", true}, {"use_regex", true}},
                        "Hello world!", {"Hello", "\u0120world", "!"}),
                 (Strings{"Hello", "\u0120world", "!"}));
    }

    void metaspace() {
        const auto meta = [](const char* scheme, bool split) {
            return json{{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", scheme}, {"split", split}};
        };
        JCOMPARE(pieces(meta("always", true), "Hey friend", {"\u2581Hey", "\u2581friend"}),
                 (Strings{"\u2581Hey", "\u2581friend"}));
        JCOMPARE(pieces(meta("always", false), "Hey  friend", {"\u2581Hey\u2581\u2581friend"}),
                 Strings{"\u2581Hey\u2581\u2581friend"});
        JCOMPARE(pieces(meta("never", true), "Hey friend", {"Hey", "\u2581friend"}), (Strings{"Hey", "\u2581friend"}));
        // "first": only a piece that starts at offset 0 of the original text gets
        // the prefix. WhitespaceSplit drops the leading space of " Hallo Welt",
        // so nothing starts at 0 there.
        const json first = {{"type", "Sequence"}, {"pretokenizers", {kWhitespaceSplit, meta("first", true)}}};
        JCOMPARE(pieces(first, " Hallo Welt", {"Hallo", "Welt"}), (Strings{"Hallo", "Welt"}));
        JCOMPARE(pieces(first, "Hallo Welt", {"\u2581Hallo", "Welt"}), (Strings{"\u2581Hallo", "Welt"}));
        // After an added token the text does not start at 0 either.
        const json s = json::array({added("<s>", 0, true)});
        const json vocab = {{"type", "WordLevel"},
                            {"vocab", {{"<s>", 0}, {"[UNK]", 1}, {"\u2581Hey", 2}, {"\u2581", 3}, {"you", 4}, {"\u2581you", 5}}},
                            {"unk_token", "[UNK]"}};
        JCOMPARE(build(tokenizerJson(vocab, nullptr, meta("first", true), nullptr, nullptr, s)).encode("Hey <s>you", false),
                 (Ids{2, 3, 0, 4}));
        JCOMPARE(build(tokenizerJson(vocab, nullptr, meta("always", true), nullptr, nullptr, s)).encode("Hey <s>you", false),
                 (Ids{2, 3, 0, 5}));
        // Older files say add_prefix_space instead of prepend_scheme.
        const json legacy = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"add_prefix_space", false}};
        JCOMPARE(pieces(legacy, "Hey friend", {"Hey", "\u2581friend"}), (Strings{"Hey", "\u2581friend"}));
    }

    void whitespaceAndFriends() {
        // Whitespace keeps runs of \w and runs of other non-space characters.
        JCOMPARE(pieces({{"type", "Whitespace"}}, "Hello, world! 3.5 na\u00EFve",
                        {"Hello", ",", "world", "!", "3", ".", "5", "na\u00EFve"}),
                 (Strings{"Hello", ",", "world", "!", "3", ".", "5", "na\u00EFve"}));
        JCOMPARE(pieces(kWhitespaceSplit, "a  b\tc\n", {"a", "b", "c"}), (Strings{"a", "b", "c"}));
        JCOMPARE(pieces({{"type", "CharDelimiterSplit"}, {"delimiter", "|"}}, "a|b||c", {"a", "b", "c"}),
                 (Strings{"a", "b", "c"}));
    }

    void digits() {
        // Any numeric character (Rust's is_numeric), Arabic-Indic digits included.
        JCOMPARE(pieces({{"type", "Digits"}, {"individual_digits", false}}, "ab123c45 \u0661\u0662",
                        {"ab", "123", "c", "45", " ", "\u0661\u0662"}),
                 (Strings{"ab", "123", "c", "45", " ", "\u0661\u0662"}));
        JCOMPARE(pieces({{"type", "Digits"}, {"individual_digits", true}}, "ab123c45", {"ab", "1", "2", "3", "c", "4", "5"}),
                 (Strings{"ab", "1", "2", "3", "c", "4", "5"}));
    }

    void punctuation() {
        // Unicode punctuation (the inverted question mark too), each its own piece.
        JCOMPARE(pieces({{"type", "Punctuation"}, {"behavior", "Isolated"}}, "Hi, there!! \u00BFs\u00ED?",
                        {"Hi", ",", " there", "!", " ", "\u00BF", "s\u00ED", "?"}),
                 (Strings{"Hi", ",", " there", "!", "!", " ", "\u00BF", "s\u00ED", "?"}));
        JCOMPARE(pieces({{"type", "Punctuation"}, {"behavior", "Contiguous"}}, "Hi, there!!", {"Hi", ",", " there", "!!"}),
                 (Strings{"Hi", ",", " there", "!!"}));
    }

    void bertPreTokenizer() {
        JCOMPARE(pieces({{"type", "BertPreTokenizer"}}, "Hello, world!  \u00C7a va?",
                        {"Hello", ",", "world", "!", "\u00C7a", "va", "?"}),
                 (Strings{"Hello", ",", "world", "!", "\u00C7a", "va", "?"}));
    }

    void preTokenizerSequence() {
        const json seq = {{"type", "Sequence"},
                          {"pretokenizers", {kWhitespaceSplit, {{"type", "Digits"}, {"individual_digits", true}}}}};
        JCOMPARE(pieces(seq, "ab12 cd", {"ab", "1", "2", "cd"}), (Strings{"ab", "1", "2", "cd"}));
    }

    // ---- Models ------------------------------------------------------------------------------

    void bpeMerges() {
        const Strings v = {"a", "b", "c", "ab", "bc", "abc"};
        // Both spellings of merges; "ab" first (rank 0), then "ab c".
        // (json::array: a braced list of ["x", "y"] pairs would read as an object.)
        for (const json& merges : {json{"a b", "ab c"}, json::array({json::array({"a", "b"}), json::array({"ab", "c"})})}) {
            const auto e = build(tokenizerJson(bpe(v, merges))).encodeWithTokens("abcab", false);
            JCOMPARE(e.ids, (Ids{5, 3}));
            JCOMPARE(e.tokens, (Strings{"abc", "ab"}));
        }
        // The lower rank wins whatever its position.
        JCOMPARE(build(tokenizerJson(bpe(v, {"b c", "a b"}))).encode("abc", false), (Ids{0, 4}));
        JCOMPARE(build(tokenizerJson(bpe(v, {"a b", "b c"}))).encode("abc", false), (Ids{3, 2}));
        // Equal ranks: leftmost first.
        JCOMPARE(build(tokenizerJson(bpe({"a", "aa"}, {"a a"}))).encode("aaa", false), (Ids{1, 0}));
        // A "#version" header line is not a merge.
        JCOMPARE(build(tokenizerJson(bpe(v, {"#version: 0.2", "a b"}))).encode("ab", false), Ids{3});
    }

    void bpeIgnoreMerges() {
        const Strings v = {"h", "e", "l", "o", "he", "ll", "hello", "hell"};
        const json merges = {"h e", "l l", "he ll"};
        // A word that is in the vocabulary is taken whole...
        JCOMPARE(build(tokenizerJson(bpe(v, merges, {{"ignore_merges", true}}))).encode("hello", false), Ids{6});
        // ...otherwise the merges decide: he + ll = hell, then o.
        JCOMPARE(build(tokenizerJson(bpe(v, merges))).encode("hello", false), (Ids{7, 3}));
    }

    void bpeUnknown() {
        const Strings v = {"<unk>", "a"};
        JCOMPARE(build(tokenizerJson(bpe(v, json::array(), {{"unk_token", "<unk>"}}))).encode("axxa", false),
                 (Ids{1, 0, 0, 1}));
        JCOMPARE(build(tokenizerJson(bpe(v, json::array(), {{"unk_token", "<unk>"}, {"fuse_unk", true}}))).encode("axxa", false),
                 (Ids{1, 0, 1}));
        // No unk token: unknown characters are dropped.
        JCOMPARE(build(tokenizerJson(bpe({"a"}, json::array()))).encode("axxa", false), (Ids{0, 0}));
        // An unk token the vocabulary lacks is an error when needed.
        const Tokenizer broken = build(tokenizerJson(bpe({"a"}, json::array(), {{"unk_token", "<unk>"}})));
        JCOMPARE(broken.encode("aa", false), (Ids{0, 0}));
        QVERIFY_THROWS_EXCEPTION(cmf::Error, broken.encode("ax", false));
    }

    void bpeByteFallback() {
        // é is not in the vocabulary: its UTF-8 bytes are; z has neither, so <unk>.
        const Tokenizer t = build(tokenizerJson(
            bpe({"<unk>", "a", "<0xC3>", "<0xA9>"}, json::array(), {{"unk_token", "<unk>"}, {"byte_fallback", true}}),
            nullptr, nullptr, nullptr, kEchoDecoder));
        const auto e = t.encodeWithTokens("a\u00E9z", false);
        JCOMPARE(e.ids, (Ids{1, 2, 3, 0}));
        JCOMPARE(e.tokens, (Strings{"a", "<0xC3>", "<0xA9>", "<unk>"}));
        JCOMPARE(t.decode(e.ids), "a\u00E9<unk>");
    }

    void bpePrefixSuffix() {
        // Later characters carry "##", the last one "</w>"; a merge drops the
        // right side's prefix: a + ##b = ab, ab + ##c</w> = abc</w>.
        const Tokenizer t = build(tokenizerJson(bpe({"a", "##b", "##c</w>", "ab", "abc</w>"}, json::array({json::array({"a", "##b"}), json::array({"ab", "##c</w>"})}),
                                                    {{"continuing_subword_prefix", "##"}, {"end_of_word_suffix", "</w>"}})));
        JCOMPARE(t.encodeWithTokens("abc", false).tokens, Strings{"abc</w>"});
        JCOMPARE(t.encodeWithTokens("ac", false).tokens, (Strings{"a", "##c</w>"}));
    }

    void bpeByteLevel() {
        // A byte-level BPE: € is E2 82 AC, shown as U+00E2 U+0124 U+00AC; one merge joins the last two.
        const Tokenizer t = build(tokenizerJson(
            bpe({"\u00E2", "\u0124", "\u00AC", "\u0124\u00AC", "x", "\u0120"}, {"\u0124 \u00AC"}), nullptr,
            {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", false}, {"use_regex", true}}, nullptr,
            {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", false}, {"use_regex", true}}));
        const auto e = t.encodeWithTokens("\u20ACx x", false);
        JCOMPARE(e.ids, (Ids{0, 3, 4, 5, 4}));
        JCOMPARE(e.tokens, (Strings{"\u00E2", "\u0124\u00AC", "x", "\u0120", "x"}));
        JCOMPARE(t.decode(e.ids), "\u20ACx x");
    }

    void byteLevelFusionMatchesMappedPath() {
        // The model reads raw bytes when ByteLevel is the last pre-tokenizer.
        // Add a no-op step after it to force the character path, and compare.
        json j = cmftest::loadJson(cmftest::dataPath("models/tiny-chat-code/tokenizer.json"));
        const Tokenizer fused = build(j);
        j["pre_tokenizer"]["pretokenizers"].push_back(
            {{"type", "Split"}, {"pattern", {{"String", "\x01\x02"}}}, {"behavior", "Isolated"}, {"invert", false}});
        const Tokenizer mapped = build(j);
        std::ifstream in(cmftest::dataPath("tokenizers/cases.jsonl"));
        std::string line;
        int n = 0;
        while (std::getline(in, line)) {
            const std::string text = json::parse(line)["text"];
            const auto a = fused.encodeWithTokens(text, false), b = mapped.encodeWithTokens(text, false);
            JCOMPARE(a.ids, b.ids);
            JCOMPARE(a.tokens, b.tokens);
            ++n;
        }
        QCOMPARE(n, 1554);
    }

    void wordPiece() {
        const json model = {{"type", "WordPiece"},
                            {"unk_token", "[UNK]"},
                            {"continuing_subword_prefix", "##"},
                            {"max_input_chars_per_word", 9},
                            {"vocab", {{"[UNK]", 0}, {"un", 1}, {"##aff", 2}, {"##able", 3}, {"hello", 4}, {"##hello", 5}}}};
        const auto e = build(tokenizerJson(model, nullptr, kWhitespaceSplit)).encodeWithTokens("unaffable hello unknown hellohello", false);
        // Greedy longest match; "unknown" has no match for "known"; "hellohello" is 10 > 9 characters.
        JCOMPARE(e.tokens, (Strings{"un", "##aff", "##able", "hello", "[UNK]", "[UNK]"}));
        JCOMPARE(e.ids, (Ids{1, 2, 3, 4, 0, 0}));
    }

    void wordLevelModel() {
        const Tokenizer t = build(tokenizerJson(wordLevel({"hello"}), nullptr, kWhitespaceSplit));
        JCOMPARE(t.encode("hello world", false), (Ids{1, 0}));
        const json noUnk = {{"type", "WordLevel"}, {"vocab", {{"hello", 0}}}, {"unk_token", "[UNK]"}};
        QVERIFY_THROWS_EXCEPTION(cmf::Error, build(tokenizerJson(noUnk, nullptr, kWhitespaceSplit)).encode("world", false));
    }

    void unigram() {
        // Viterbi: abcd (10) beats abc + d (5 + 0); a + cd (0 + 1) beats a + c + d;
        // the two unknown x fuse into one unk piece whose token text is "xx".
        const json model = {{"type", "Unigram"},
                            {"unk_id", 0},
                            {"vocab", pieces({{"<unk>", 0.0}, {"a", 0.0}, {"b", 0.0}, {"c", 0.0}, {"d", 0.0}, {"cd", 1.0},
                                              {"ab", 2.0}, {"abc", 5.0}, {"abcd", 10.0}})}};
        const auto e = build(tokenizerJson(model)).encodeWithTokens("abcdacdxx", false);
        JCOMPARE(e.ids, (Ids{8, 1, 5, 0}));
        JCOMPARE(e.tokens, (Strings{"abcd", "a", "cd", "xx"}));
        // byte_fallback needs every byte of the unknown piece; "x\u00E9" lacks <0xC3>, so unk.
        const json bf = {{"type", "Unigram"},
                         {"unk_id", 0},
                         {"byte_fallback", true},
                         {"vocab", pieces({{"<unk>", 0.0}, {"a", -1.0}, {"<0x78>", -2.0}})}};
        JCOMPARE(build(tokenizerJson(bf)).encodeWithTokens("ax\u00E9", false).tokens, (Strings{"a", "x\u00E9"}));
        JCOMPARE(build(tokenizerJson(bf)).encodeWithTokens("axx", false).tokens, (Strings{"a", "<0x78>", "<0x78>"}));
    }

    // ---- Post-processors -----------------------------------------------------------------------

    void postProcessors() {
        const json model = {{"type", "WordLevel"},
                            {"vocab", {{"[UNK]", 0}, {"hi", 1}, {"<s>", 3}, {"</s>", 4}, {"[CLS]", 101}, {"[SEP]", 102}}},
                            {"unk_token", "[UNK]"}};
        const auto special = [](const char* id) { return json{{"SpecialToken", {{"id", id}, {"type_id", 0}}}}; };
        const json seqA = {{"Sequence", {{"id", "A"}, {"type_id", 0}}}};
        const json seqB = {{"Sequence", {{"id", "B"}, {"type_id", 1}}}};
        const json specials = {{"[CLS]", {{"id", "[CLS]"}, {"ids", {101}}, {"tokens", {"[CLS]"}}}},
                               {"[SEP]", {{"id", "[SEP]"}, {"ids", {102}}, {"tokens", {"[SEP]"}}}}};
        const json tp = {{"type", "TemplateProcessing"},
                         {"single", {special("[CLS]"), seqA, special("[SEP]")}},
                         {"pair", {special("[CLS]"), seqA, special("[SEP]"), seqB, special("[SEP]")}},
                         {"special_tokens", specials}};
        const Tokenizer t = build(tokenizerJson(model, nullptr, kWhitespaceSplit, tp));
        JCOMPARE(t.encode("hi hi", true), (Ids{101, 1, 1, 102}));
        JCOMPARE(t.encodeWithTokens("hi hi", true).tokens, (Strings{"[CLS]", "hi", "hi", "[SEP]"}));
        JCOMPARE(t.encode("hi hi", false), (Ids{1, 1}));
        JCOMPARE(t.encode("", true), (Ids{101, 102})); // the template applies to empty text too

        // A special token may stand for several ids.
        const json multi = {{"type", "TemplateProcessing"},
                            {"single", {special("X"), seqA}},
                            {"pair", {seqA, seqB}},
                            {"special_tokens", {{"X", {{"id", "X"}, {"ids", {5, 6}}, {"tokens", {"x1", "x2"}}}}}}};
        JCOMPARE(build(tokenizerJson(model, nullptr, kWhitespaceSplit, multi)).encodeWithTokens("hi", true).tokens,
                 (Strings{"x1", "x2", "hi"}));

        const json bert = {{"type", "BertProcessing"}, {"sep", {"[SEP]", 102}}, {"cls", {"[CLS]", 101}}};
        JCOMPARE(build(tokenizerJson(model, nullptr, kWhitespaceSplit, bert)).encode("hi", true), (Ids{101, 1, 102}));
        const json roberta = {{"type", "RobertaProcessing"},
                              {"sep", {"</s>", 4}},
                              {"cls", {"<s>", 3}},
                              {"trim_offsets", true},
                              {"add_prefix_space", true}};
        JCOMPARE(build(tokenizerJson(model, nullptr, kWhitespaceSplit, roberta)).encode("hi", true), (Ids{3, 1, 4}));
        // ByteLevel only trims offsets: ids untouched. In a Sequence the template still applies (Llama 3).
        const json byteLevel = {{"type", "ByteLevel"}, {"add_prefix_space", true}, {"trim_offsets", false}, {"use_regex", true}};
        JCOMPARE(build(tokenizerJson(model, nullptr, kWhitespaceSplit, byteLevel)).encode("hi", true), Ids{1});
        const json bos = {{"type", "TemplateProcessing"},
                          {"single", {special("<s>"), seqA}},
                          {"pair", {special("<s>"), seqA, special("<s>"), seqB}},
                          {"special_tokens", {{"<s>", {{"id", "<s>"}, {"ids", {3}}, {"tokens", {"<s>"}}}}}}};
        const json seq = {{"type", "Sequence"}, {"processors", {byteLevel, bos}}};
        JCOMPARE(build(tokenizerJson(model, nullptr, kWhitespaceSplit, seq)).encode("hi", true), (Ids{3, 1}));
    }

    // ---- Decoders -----------------------------------------------------------------------------

    void decoders() {
        const json byteLevel = {{"type", "ByteLevel"}, {"add_prefix_space", true}, {"trim_offsets", true}, {"use_regex", true}};
        // A token with characters outside the byte alphabet passes through as its own text.
        JCOMPARE(decodeWith(byteLevel, {"Hello", "\u0120world", "<\uFF5Cx\uFF5C>", "\u0120"}, {0, 1, 3, 2}),
                 "Hello world <\uFF5Cx\uFF5C>");
        // Metaspace: in the first token every replacement goes (the prefix was added there).
        const json meta = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "always"}, {"split", true}};
        JCOMPARE(decodeWith(meta, {"\u2581Hey", "\u2581friend"}, {0, 1}), "Hey friend");
        JCOMPARE(decodeWith(meta, {"\u2581Hey", "\u2581friend", "\u2581\u2581"}, {2, 0, 1}), " Hey friend");
        const json never = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "never"}, {"split", true}};
        JCOMPARE(decodeWith(never, {"\u2581Hey", "\u2581friend"}, {0, 1}), " Hey friend");
        // ByteFallback: a run of byte tokens is UTF-8 as a whole, or one U+FFFD per byte token.
        const Strings bytes = {"<0x41>", "<0xE2>", "<0x82>", "<0xAC>", "b", "<0x+A>", "<0xzz>"};
        const json fallback = {{"type", "ByteFallback"}};
        JCOMPARE(decodeWith(fallback, bytes, {0, 1, 2, 3, 4}), "A\u20ACb");
        JCOMPARE(decodeWith(fallback, bytes, {1, 4, 1, 2}), "\uFFFDb\uFFFD\uFFFD");
        JCOMPARE(decodeWith(fallback, bytes, {5, 6}), "\n<0xzz>"); // Rust's from_str_radix takes "+A"
        // Strip works per token; after Fuse there is one token.
        const json strip = {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}};
        JCOMPARE(decodeWith(strip, {" a", " b"}, {0, 1}), "ab");
        JCOMPARE(decodeWith({{"type", "Sequence"}, {"decoders", {{{"type", "Fuse"}}, strip}}}, {" a", " b"}, {0, 1}), "a b");
        // WordPiece: ## glues, others get a space; cleanup removes spaces before punctuation.
        const Strings wp = {"hello", "##s", ",", "world", "!", "do", "n't"};
        JCOMPARE(decodeWith({{"type", "WordPiece"}, {"prefix", "##"}, {"cleanup", true}}, wp, {0, 1, 2, 3, 4, 5, 6}),
                 "hellos, world! don't");
        JCOMPARE(decodeWith({{"type", "WordPiece"}, {"prefix", "##"}, {"cleanup", false}}, wp, {0, 1, 2, 3, 4, 5, 6}),
                 "hellos , world ! do n't");
        JCOMPARE(decodeWith({{"type", "BPEDecoder"}, {"suffix", "</w>"}}, {"hel", "lo</w>", "wor", "ld</w>"}, {0, 1, 2, 3}),
                 "hello world");
        // CTC: repeats collapse, pads go, the delimiter is a space.
        JCOMPARE(decodeWith({{"type", "CTC"}, {"pad_token", "<pad>"}, {"word_delimiter_token", "|"}, {"cleanup", true}},
                            {"<pad>", "h", "e", "l", "o", "|", "w"}, {0, 1, 1, 2, 3, 3, 0, 3, 4, 5, 6}),
                 "hello w");
        // Llama 2's chain: only the first space of the whole text is stripped.
        const json llama = {{"type", "Sequence"},
                            {"decoders",
                             {{{"type", "Replace"}, {"pattern", {{"String", "\u2581"}}}, {"content", " "}},
                              {{"type", "ByteFallback"}},
                              {{"type", "Fuse"}},
                              strip}}};
        JCOMPARE(decodeWith(llama, {"\u2581Hello", "<0x21>", "\u2581"}, {0, 1, 2}), "Hello! ");
        // No decoder: tokens joined with spaces. Unknown ids are skipped.
        JCOMPARE(decodeWith(nullptr, {"a", "b"}, {0, 1, 7}), "a b");
    }

    // ---- Added tokens -----------------------------------------------------------------------

    void addedTokens() {
        const json model = wordLevel({"a", "b", "x", "y", "hello", "world", "c", "ab"}); // ids 1..8
        const auto tok = [&](json added, json normalizer = nullptr) {
            return build(tokenizerJson(model, normalizer, kWhitespaceSplit, nullptr, nullptr, added));
        };
        // Special token text inside a word is found before the model runs.
        JCOMPARE(tok(json::array({added("<s>", 9, true)})).encode("a<s>b", false), (Ids{1, 9, 2}));
        // Leftmost-longest.
        JCOMPARE(tok(json::array({added("<a>", 9, true), added("<a><b>", 10, true)})).encode("x<a><b>y<a>", false), (Ids{3, 10, 4, 9}));
        // lstrip/rstrip swallow the spaces around; the token's text includes them.
        const auto stripped = tok(json::array({added("<m>", 9, true, {{"lstrip", true}, {"rstrip", true}})})).encodeWithTokens("x  <m>  y", false);
        JCOMPARE(stripped.ids, (Ids{3, 9, 4}));
        JCOMPARE(stripped.tokens, (Strings{"x", "  <m>  ", "y"}));
        // single_word: not inside "cab" or "abc". "ab" is also in the vocabulary, so it keeps id 8.
        JCOMPARE(tok(json::array({added("ab", 9, false, {{"single_word", true}, {"normalized", false}})})).encode("ab cab abc ab", false),
                 (Ids{8, 0, 0, 8}));
        // normalized=true: matched in the lowercased text, against its lowercased content.
        const json lower = {{"type", "Lowercase"}};
        JCOMPARE(tok(json::array({added("HELLO", 9, false, {{"normalized", true}})}), lower).encode("HeLLo world", false), (Ids{9, 6}));
        // normalized=false: matched in the raw text only.
        JCOMPARE(tok(json::array({added("HELLO", 9, false, {{"normalized", false}})}), lower).encode("HELLO Hello", false), (Ids{9, 5}));
    }

    void addedTokenIdsAndSpecials() {
        const json model = wordLevel({"a", "b", "x", "y", "hello", "world", "c", "ab"}); // 9 entries, ids 0..8
        // HF gives a token the model knows the model's id, and a new one the next
        // id after the vocabulary, whatever the file says (it only warns).
        const Tokenizer t = build(tokenizerJson(model, nullptr, kWhitespaceSplit, nullptr, nullptr,
                                                json::array({added("hello", 99, false), added("<new>", 999, true), added("<t>", 10, false)})));
        JCOMPARE(t.encode("hello <new> <t>", false), (Ids{5, 9, 10}));
        QCOMPARE(t.tokenToId("<new>"), std::optional<int32_t>(9));
        QCOMPARE(t.tokenToId("world"), std::optional<int32_t>(6));
        QCOMPARE(t.tokenToId("nope"), std::optional<int32_t>());
        QCOMPARE(t.idToToken(9), std::string("<new>"));
        QCOMPARE(t.idToToken(6), std::string("world"));
        QCOMPARE(t.idToToken(12345), std::string());
        QVERIFY(t.isSpecial(9));
        QVERIFY(!t.isSpecial(10));
        QVERIFY(!t.isSpecial(5));
        QCOMPARE(t.vocabSize(), size_t(11));
        QCOMPARE(t.modelType(), std::string("WordLevel"));
        const auto list = t.addedTokens();
        QCOMPARE(list.size(), size_t(3));
        QCOMPARE(list[0].id, 5);
        QCOMPARE(list[1].content, std::string("<new>"));
        QVERIFY(list[1].special);
        // skip_special_tokens drops special tokens only.
        const Ids ids = t.encode("<new>a<t>", false);
        JCOMPARE(ids, (Ids{9, 1, 10}));
        JCOMPARE(t.decode(ids, false), "<new> a <t>");
        JCOMPARE(t.decode(ids, true), "a <t>");
    }

    void invalidUtf8IsReplaced() {
        // Each ill-formed sequence reads as one U+FFFD (E2 82 is one truncated sequence).
        const Tokenizer t = build(tokenizerJson(echoModel(), nullptr, nullptr, nullptr, kEchoDecoder));
        JCOMPARE(t.decode(t.encode("a\xFF" "b\xE2\x82" "c", false)), "a\uFFFDb\uFFFDc");
    }

    // ---- Malformed files --------------------------------------------------------------------------

    void malformedFilesNameTheField() {
        const json good = tokenizerJson(bpe({"a", "b", "ab"}, {"a b"}));
        QCOMPARE(loadError(good.dump()), std::string());

        VERIFY_CONTAINS(loadError("{\"model\": "), "tokenizer.json is not valid JSON at byte 10");
        // A number too large for a double (found by fuzz_tokenizer).
        VERIFY_CONTAINS(loadError("{\"model\": 9870000000000065917856414441288e685641444128866}"),
                        "tokenizer.json: holds a number out of range");
        VERIFY_CONTAINS(loadError("[]"), "tokenizer.json: expected an object");
        VERIFY_CONTAINS(loadError("{}"), "tokenizer.json: model: missing");

        json j = tokenizerJson(bpe({"a", "b", "ab"}, {"a b", "a b", "a b", "a b", "a b", "a b", "a b", "a b", "a b", "a b", "a b", "a b", "a  b"}));
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.merges[12]: expected \"a b\" or [\"a\", \"b\"]"));
        j["model"]["merges"] = json::array({json::array({"a", "b"}), json::array({"a", 3})});
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.merges[1]: expected \"a b\" or [\"a\", \"b\"]"));
        j["model"]["merges"] = json{"a c"};
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.merges[0]: \"c\" is not in the vocabulary"));
        j["model"]["merges"] = json{"b a"};
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.merges[0]: the merged token \"ba\" is not in the vocabulary"));
        j["model"]["merges"] = json::array();
        j["model"]["vocab"]["a"] = "zero";
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.vocab.a: expected an integer, got a string"));
        j["model"]["vocab"]["a"] = -1;
        VERIFY_CONTAINS(loadError(j.dump()), "tokenizer.json: model.vocab.a: integer -1 is out of range");
        j["model"]["vocab"]["a"] = 0;
        j["model"].erase("merges");
        QCOMPARE(loadError(j.dump()), std::string("tokenizer.json: model.merges: missing"));

        const json model = wordLevel({"a"});
        QCOMPARE(loadError(tokenizerJson(model, {{"type", "Foo"}}).dump()),
                 std::string("tokenizer.json: normalizer.type: unsupported normalizer type \"Foo\""));
        QCOMPARE(loadError(tokenizerJson(model, nullptr, {{"type", "Bar"}}).dump()),
                 std::string("tokenizer.json: pre_tokenizer.type: unsupported pre_tokenizer type \"Bar\""));
        QCOMPARE(loadError(tokenizerJson(model, nullptr, nullptr, {{"type", "Baz"}}).dump()),
                 std::string("tokenizer.json: post_processor.type: unsupported post_processor type \"Baz\""));
        QCOMPARE(loadError(tokenizerJson(model, nullptr, nullptr, nullptr, {{"type", "Qux"}}).dump()),
                 std::string("tokenizer.json: decoder.type: unsupported decoder type \"Qux\""));
        QCOMPARE(loadError(tokenizerJson({{"type", "Magic"}, {"vocab", json::object()}}).dump()),
                 std::string("tokenizer.json: model.type: unsupported model type \"Magic\""));
        QCOMPARE(loadError(tokenizerJson(model, {{"normalizer_without_type", 1}}).dump()),
                 std::string("tokenizer.json: normalizer.type: missing"));

        // Nested paths.
        const json badSplit = {{"type", "Sequence"},
                               {"pretokenizers",
                                {kWhitespaceSplit,
                                 {{"type", "Split"}, {"pattern", {{"String", "x"}}}, {"behavior", "Sideways"}, {"invert", false}}}}};
        VERIFY_CONTAINS(loadError(tokenizerJson(model, nullptr, badSplit).dump()),
                        "tokenizer.json: pre_tokenizer.pretokenizers[1].behavior: unknown split behavior \"Sideways\"");
        VERIFY_CONTAINS(loadError(tokenizerJson(model, {{"type", "Replace"}, {"pattern", {{"Regex", "(a"}}}, {"content", ""}}).dump()),
                        "tokenizer.json: normalizer.pattern.Regex: cannot compile");
        VERIFY_CONTAINS(loadError(tokenizerJson(model, {{"type", "Replace"}, {"pattern", {{"Glob", "*"}}}, {"content", ""}}).dump()),
                        "tokenizer.json: normalizer.pattern: expected {\"String\": ...} or {\"Regex\": ...}");
        QCOMPARE(loadError(tokenizerJson(model, nullptr, nullptr, nullptr, nullptr, json::array({{{"id", 1}, {"special", true}}})).dump()),
                 std::string("tokenizer.json: added_tokens[0].content: missing"));
        QCOMPARE(loadError(tokenizerJson(model, nullptr, nullptr, nullptr, nullptr, json::array({{{"id", "x"}, {"content", "y"}}})).dump()),
                 std::string("tokenizer.json: added_tokens[0].id: expected an integer, got a string"));
        const json tp = {{"type", "TemplateProcessing"},
                         {"single", json::array({{{"SpecialToken", {{"id", "[CLS]"}, {"type_id", 0}}}}})},
                         {"pair", json::array()},
                         {"special_tokens", json::object()}};
        QCOMPARE(loadError(tokenizerJson(model, nullptr, nullptr, tp).dump()),
                 std::string("tokenizer.json: post_processor.single[0]: special token \"[CLS]\" is not in special_tokens"));
        QCOMPARE(loadError(tokenizerJson(model, nullptr, {{"type", "Metaspace"}, {"replacement", "ab"}}).dump()),
                 std::string("tokenizer.json: pre_tokenizer.replacement: expected one character, got \"ab\""));
        QCOMPARE(loadError(tokenizerJson({{"type", "Unigram"}, {"unk_id", 5}, {"vocab", pieces({{"a", 0.0}})}}).dump()),
                 std::string("tokenizer.json: model.unk_id: 5 is past the end of the vocabulary"));
        QCOMPARE(loadError(tokenizerJson({{"type", "Unigram"}, {"vocab", json::array({json::array({"a", "high"})})}}).dump()),
                 std::string("tokenizer.json: model.vocab[0][1]: expected a number, got a string"));

        // Valid but unsupported: dropout samples at random.
        json dropout = tokenizerJson(bpe({"a"}, json::array(), {{"dropout", 0.1}}));
        VERIFY_CONTAINS(loadError(dropout.dump(), cmf::ErrorKind::UnsupportedFeature), "model.dropout");

        try {
            Tokenizer::fromFile("/nonexistent/tokenizer.json");
            QFAIL("no error");
        } catch (const cmf::Error& e) {
            QCOMPARE(e.kind(), cmf::ErrorKind::Io);
        }
    }

    // ---- Streaming decode ---------------------------------------------------------------------------

    void streamByteLevelSplitCharacter() {
        // € arrives as "â" (E2) then "Ĥ¬" (82 AC): nothing until the character is whole.
        const json bl = {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", false}, {"use_regex", true}};
        const Tokenizer t = build(tokenizerJson(bpe({"\u00E2", "\u0124", "\u00AC", "\u0124\u00AC", "x", "\u0120"}, {"\u0124 \u00AC"}),
                                                nullptr, bl, nullptr, bl));
        StreamDecoder s(t);
        JCOMPARE(s.step(0), "");
        JCOMPARE(s.step(3), "\u20AC");
        JCOMPARE(s.step(4), "x");
        JCOMPARE(s.step(0), "");
        JCOMPARE(s.flush(), "\uFFFD"); // an incomplete character at the end comes out as decode() has it
        JCOMPARE(s.flush(), "");
    }

    void streamByteFallback() {
        // <0x41> alone would be "A", but the run it starts decides: hold until a non-byte token.
        const Tokenizer t = build(tokenizerJson(echoModel(), nullptr, nullptr, nullptr, kEchoDecoder));
        const Ids ids = t.encode("A\u20AC", false); // <0x41> <0xE2> <0x82> <0xAC>
        QCOMPARE(ids.size(), size_t(4));
        StreamDecoder s(t);
        for (const int32_t id : ids) JCOMPARE(s.step(id), "");
        JCOMPARE(s.flush(), "A\u20AC");
        // An invalid run turns into one U+FFFD per byte, as decode() does: "A" is never emitted alone.
        StreamDecoder bad(t);
        std::string all;
        for (const int32_t id : t.encode("A", false)) all += bad.step(id);
        const Ids lone = {0xE2 /* <0xE2> */};
        all += bad.step(lone[0]);
        all += bad.flush();
        JCOMPARE(all, "\uFFFD\uFFFD");
    }

    void streamSkipsSpecialTokensAndResets() {
        const json model = wordLevel({"\u2581Hi", "\u2581there"});
        const json meta = {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "always"}, {"split", true}};
        const Tokenizer t = build(tokenizerJson(model, nullptr, meta, nullptr, meta, json::array({added("<eos>", 3, true)})));
        StreamDecoder s(t, true);
        // The first token's leading space is dropped by the decoder, later ones keep theirs.
        JCOMPARE(s.step(1), "Hi");
        JCOMPARE(s.step(3), "");
        JCOMPARE(s.step(2), " there");
        JCOMPARE(s.flush(), "");
        s.reset();
        JCOMPARE(s.step(2), "there");
        StreamDecoder keep(t, false);
        JCOMPARE(keep.step(1), "Hi");
        JCOMPARE(keep.step(3), "<eos>");
    }

    void streamStripSpanningTokens() {
        // Strip start=2 after Fuse removes up to two leading spaces of the whole
        // text: "h", "▁", "▁", "i" decodes to "h  i". A stream whose context is
        // just "▁" (stripped to nothing on its own) used to lose the second
        // space (found by fuzz_tokenizer).
        const json dec = {{"type", "Sequence"},
                          {"decoders", json::array({{{"type", "Replace"}, {"pattern", {{"String", "\u2581"}}}, {"content", " "}},
                                                    {{"type", "Fuse"}},
                                                    {{"type", "Strip"}, {"content", " "}, {"start", 2}, {"stop", 0}}})}};
        const Tokenizer t = build(tokenizerJson(wordLevel({"h", "\u2581", "i"}), nullptr, nullptr, nullptr, dec));
        for (const Ids& ids : {Ids{1, 2, 2, 3}, Ids{2, 2, 1, 2, 2, 2, 3}, Ids{2, 1, 2, 3, 2, 2}}) {
            StreamDecoder s(t);
            std::string all;
            for (const int32_t id : ids) all += s.step(id);
            all += s.flush();
            JCOMPARE(all, t.decode(ids));
        }
        JCOMPARE(t.decode(Ids{1, 2, 2, 3}), "h  i");
    }

    // ---- Threads ---------------------------------------------------------------------------------------

    void concurrentEncodeAgrees() {
        // One tokenizer, several threads: the per-thread caches must not mix results.
        const Tokenizer t = Tokenizer::fromFile(cmftest::dataPath("models/tiny-chat-code/tokenizer.json"));
        const std::string text = "def add(a, b):\n    return a + b  # \u4F60\u597D, \u043C\u0438\u0440! \U0001F600\n";
        std::string big;
        for (int i = 0; i < 200; ++i) big += text + std::to_string(i) + " ";
        const Ids expected = t.encode(big, false);
        std::vector<Ids> results(4);
        std::vector<std::thread> threads;
        for (size_t k = 0; k < results.size(); ++k)
            threads.emplace_back([&, k] {
                for (int r = 0; r < 5; ++r) results[k] = t.encode(big, false);
            });
        for (auto& th : threads) th.join();
        for (const auto& r : results) QVERIFY(r == expected);
        JCOMPARE(t.decode(expected), big);
    }
};

QTEST_GUILESS_MAIN(TstTokenizerUnits)
#include "tst_tokenizer_units.moc"
