#include "analysis/token_playground.h"

#include "cmf/format/cmf_file.h"
#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace cmfw {

QString textFromUtf8(const std::string& s);

namespace {

// The translation context of the messages below.
class PlaygroundText {
    Q_DECLARE_TR_FUNCTIONS(PlaygroundText)
};

void checkStop(const std::atomic<bool>* stop) {
    if (stop && stop->load(std::memory_order_relaxed)) throw cmf::Error(cmf::ErrorKind::Cancelled, "cancelled");
}

QString fromUtf8(const std::string& s) { return textFromUtf8(s); }

std::vector<TokenSpan> spansOf(const PlaygroundTokenizer& t, const cmf::engine::Encoding& e) {
    const auto& tokenizer = t.tokenizer;
    std::vector<TokenSpan> spans(e.ids.size());
    // The stream decoder hands out exactly the text each token completes, with the
    // file's decoder (a Metaspace first token loses its space, a character split
    // over byte-level tokens arrives with its last piece).
    cmf::engine::StreamDecoder stream(tokenizer);
    for (size_t i = 0; i < e.ids.size(); ++i) {
        spans[i].id = e.ids[i];
        spans[i].spelling = e.tokens[i];
        spans[i].text = stream.step(e.ids[i]);
        const auto id = size_t(e.ids[i]);
        spans[i].kind = id < t.vocab.size() ? t.vocab[id].kind : TokenKind::Normal;
    }
    if (!spans.empty()) spans.back().text += stream.flush();
    return spans;
}

} // namespace

QString textFromUtf8(const std::string& s) {
    // A byte order mark at the start is text here (a token, a decoded prompt), never a
    // marker to drop: keep it whatever the UTF-8 decoder does with an initial BOM.
    if (s.size() >= 3 && s.compare(0, 3, "\xEF\xBB\xBF") == 0)
        return QChar(0xFEFF) + QString::fromUtf8(s.data() + 3, qsizetype(s.size() - 3));
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

TokenKind tokenKind(const cmf::engine::Tokenizer& tokenizer, int32_t id) {
    if (tokenizer.isSpecial(id)) return TokenKind::Special;
    if (tokenizer.byteFallbackByte(id) >= 0) return TokenKind::Byte;
    return TokenKind::Normal;
}

std::shared_ptr<const PlaygroundTokenizer> loadPlayground(cmf::engine::Tokenizer tokenizer, const std::string& templateSource,
                                                          std::optional<std::string> bos, std::optional<std::string> eos,
                                                          const std::atomic<bool>* stop) {
    auto t = std::make_shared<PlaygroundTokenizer>(PlaygroundTokenizer{std::move(tokenizer), {}, std::nullopt, {}, false, {}, {}});
    t->fallbackTemplate = templateSource.empty();
    try {
        t->chatTemplate = cmf::engine::ChatTemplate::parse(t->fallbackTemplate ? std::string(cmf::engine::kChatMLFallback) : templateSource);
    } catch (const cmf::Error& e) {
        t->templateError = e.what();
    }
    t->bos = std::move(bos);
    t->eos = std::move(eos);

    const auto& tok = t->tokenizer;
    const size_t n = tok.vocabSize();
    t->vocab.resize(n);
    std::vector<bool> added(n, false);
    for (const auto& a : tok.addedTokens())
        if (a.id >= 0 && size_t(a.id) < n && !a.special) added[size_t(a.id)] = true;
    for (size_t i = 0; i < n; ++i) {
        if ((i & 4095) == 0) checkStop(stop);
        const auto id = int32_t(i);
        const std::string spelling = tok.idToToken(id);
        VocabEntry& v = t->vocab[i];
        v.present = !spelling.empty() || tok.tokenToId(spelling) == id;
        if (!v.present) continue;
        v.spelling = fromUtf8(spelling);
        v.text = fromUtf8(tok.decode(std::span<const int32_t>(&id, 1)));
        v.kind = added[i] ? TokenKind::Added : tokenKind(tok, id);
        if (const auto r = tok.mergeRank(id)) v.mergeRank = int64_t(*r);
    }
    return t;
}

std::shared_ptr<const PlaygroundTokenizer> loadPlayground(const cmf::CmfFile& file, const std::atomic<bool>* stop) {
    const auto vocab = file.vocab();
    if (vocab.empty()) throw cmf::Error(cmf::ErrorKind::Parse, "the file has no tokenizer section (vocab_off = 0, spec §6)");
    auto tokenizer = cmf::engine::Tokenizer::fromJson(std::string_view(reinterpret_cast<const char*>(vocab.data()), vocab.size()));
    const auto& bundle = file.chatBundle();
    std::optional<std::string> bos, eos;
    // As the chat session: the bundle's ids spelled by the tokenizer.
    if (bundle && bundle->bosTokenId) bos = tokenizer.idToToken(int32_t(*bundle->bosTokenId));
    if (bundle && !bundle->eosTokenIds.empty()) eos = tokenizer.idToToken(int32_t(bundle->eosTokenIds.front()));
    return loadPlayground(std::move(tokenizer), bundle ? bundle->chatTemplate : std::string(), bos, eos, stop);
}

QString visibleToken(const QString& s) {
    QString out;
    out.reserve(s.size());
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        if (u == u' ') out += u'\u2423';
        else if (u == u'\n') out += QLatin1String("\\n");
        else if (u == u'\t') out += QLatin1String("\\t");
        else if (u == u'\r') out += QLatin1String("\\r");
        else if (u < 0x20 || u == 0x7f) out += QLatin1String("\\x") + QString::number(u, 16).rightJustified(2, u'0');
        else out += c;
    }
    return out;
}

QString visibleToken(const std::string& s) { return visibleToken(fromUtf8(s)); }

EncodeResult encodeText(const PlaygroundTokenizer& t, const QString& text, bool addSpecialTokens, bool splitSpecialTokens) {
    EncodeResult r;
    const QByteArray utf8 = text.toUtf8();
    r.bytes = utf8.size();
    r.characters = text.toUcs4().size();
    try {
        const auto e = t.tokenizer.encodeWithTokens(std::string_view(utf8.constData(), size_t(utf8.size())), addSpecialTokens, splitSpecialTokens);
        r.spans = spansOf(t, e);
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

IdList parseIdList(const QString& text, size_t vocabSize) {
    IdList out;
    const QString t = text.trimmed();
    std::vector<int64_t> values;
    if (t.startsWith(u'[')) {
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(t.toStdString());
        } catch (const std::exception& e) {
            out.error = PlaygroundText::tr("not a JSON array of ids: %1").arg(QString::fromUtf8(e.what()));
            return out;
        }
        if (!j.is_array()) {
            out.error = PlaygroundText::tr("not a JSON array of ids");
            return out;
        }
        for (size_t i = 0; i < j.size(); ++i) {
            if (!j[i].is_number_integer()) {
                out.error = PlaygroundText::tr("item %1 (%2) is not a token id").arg(i).arg(QString::fromStdString(j[i].dump()));
                return out;
            }
            values.push_back(j[i].is_number_unsigned() && j[i].get<uint64_t>() > uint64_t(INT64_MAX) ? INT64_MAX : j[i].get<int64_t>());
        }
    } else {
        static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
        for (const QString& item : t.split(separators, Qt::SkipEmptyParts)) {
            bool ok = false;
            const qlonglong v = item.toLongLong(&ok);
            if (!ok) {
                out.error = PlaygroundText::tr("\"%1\" is not a token id (expected e.g. 1, 2, 3 or [1, 2, 3])").arg(item);
                return out;
            }
            values.push_back(v);
        }
    }
    for (const int64_t v : values) {
        if (v < 0 || uint64_t(v) >= vocabSize) {
            out.error = PlaygroundText::tr("id %1 is out of range: the vocabulary has ids 0 to %2").arg(v).arg(qulonglong(vocabSize) - 1);
            out.ids.clear();
            return out;
        }
        out.ids.push_back(int32_t(v));
    }
    return out;
}

VocabMatches searchVocab(const PlaygroundTokenizer& t, const VocabQuery& query, size_t cap, const std::atomic<bool>* stop) {
    VocabMatches m;
    const auto& vocab = t.vocab;
    auto take = [&](size_t id) {
        if (m.ids.size() < cap) m.ids.push_back(int32_t(id));
        ++m.total;
    };
    if (query.mode == VocabQuery::Mode::Id) {
        bool ok = false;
        const qlonglong id = query.pattern.trimmed().toLongLong(&ok);
        if (!ok) m.error = PlaygroundText::tr("\"%1\" is not a token id").arg(query.pattern.trimmed());
        else if (id < 0 || size_t(id) >= vocab.size() || !vocab[size_t(id)].present)
            m.error = PlaygroundText::tr("no token has id %1 (the vocabulary has ids 0 to %2)").arg(id).arg(qulonglong(vocab.size()) - 1);
        else take(size_t(id));
        return m;
    }
    QRegularExpression re;
    if (query.mode == VocabQuery::Mode::Regex) {
        re = QRegularExpression(query.pattern, QRegularExpression::UseUnicodePropertiesOption);
        if (!re.isValid()) {
            m.error = PlaygroundText::tr("the regular expression does not compile at %1: %2").arg(re.patternErrorOffset()).arg(re.errorString());
            return m;
        }
        re.optimize();
    }
    for (size_t i = 0; i < vocab.size(); ++i) {
        if ((i & 1023) == 0 && stop && stop->load(std::memory_order_relaxed)) break;
        const VocabEntry& v = vocab[i];
        if (!v.present) continue;
        const bool hit = query.mode == VocabQuery::Mode::Regex ? (re.match(v.spelling).hasMatch() || re.match(v.text).hasMatch())
                                                                : (v.spelling.contains(query.pattern) || v.text.contains(query.pattern));
        if (hit) take(i);
    }
    return m;
}

TemplateRender renderConversation(const PlaygroundTokenizer& t, const nlohmann::ordered_json& messages, bool addGenerationPrompt) {
    TemplateRender r;
    if (!t.chatTemplate) {
        r.error = QString::fromStdString(t.templateError);
        return r;
    }
    cmf::engine::ChatRequest req;
    req.messages = messages;
    req.addGenerationPrompt = addGenerationPrompt;
    req.bosToken = t.bos;
    req.eosToken = t.eos;
    try {
        r.text = t.chatTemplate->render(req);
    } catch (const cmf::engine::TemplateRaisedError& e) {
        r.error = PlaygroundText::tr("the template refused this conversation (raise_exception): %1").arg(QString::fromUtf8(e.what()));
        return r;
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
        return r;
    }
    try {
        r.spans = spansOf(t, t.tokenizer.encodeWithTokens(r.text, false));
    } catch (const std::exception& e) {
        r.error = QString::fromUtf8(e.what());
    }
    return r;
}

} // namespace cmfw
