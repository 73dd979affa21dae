#include "chat/chat_transcript.h"

#include <QCoreApplication>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

// The strings are the chat window's: each translate() names that context
// where lupdate sees it (a tr() outside a class would be filed under "cmfw").

// Markdown would swallow a bare "<|im_end|>" as HTML or eat leading "#": escape the few characters that matter.
QString escapeUser(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        if (c == u'<' || c == u'>' || c == u'*' || c == u'_' || c == u'#' || c == u'`' || c == u'[' || c == u']' || c == u'\\') out += u'\\';
        out += c;
    }
    return out.replace(u"\n"_s, u"  \n"_s);
}

} // namespace

bool looksLikeCode(const QString& text) {
    // Small models write code without fences (the demo's code skill does).
    // A line is code-like when it is indented, ends as a statement or block
    // does, or starts with a keyword most languages share; prose has none of
    // these on most of its lines.
    static const QStringList starts = {u"def "_s,    u"class "_s,  u"import "_s, u"from "_s,   u"return"_s, u"if "_s,
                                       u"elif "_s,   u"else:"_s,   u"for "_s,    u"while "_s,  u"try:"_s,   u"except"_s,
                                       u"#include"_s, u"#!"_s,     u"print("_s,  u"self."_s,   u"@"_s,      u"fn "_s,
                                       u"let "_s,    u"const "_s,  u"function "_s, u"public "_s, u"int "_s,  u"}"_s};
    int lines = 0, code = 0;
    for (const QString& raw : text.split(u'\n')) {
        if (raw.trimmed().isEmpty()) continue;
        ++lines;
        const QString t = raw.trimmed();
        const bool indented = raw.startsWith(u"  "_s) || raw.startsWith(u'\t');
        const bool ends = t.endsWith(u':') || t.endsWith(u'{') || t.endsWith(u'}') || t.endsWith(u';') || t.endsWith(u')');
        bool keyword = false;
        for (const QString& k : starts) keyword |= t.startsWith(k);
        code += indented || ends || keyword;
    }
    return lines > 0 && 2 * code >= lines + (lines == 1 ? 1 : 0); // one line: it must be code-like; more: half of them
}

namespace {

// An opening fence: up to three spaces, three or more ` or ~, an info string.
struct Fence {
    QChar ch;
    qsizetype length = 0;
    qsizetype indent = 0;
    QString info;
};
bool openingFence(const QString& line, Fence* f) {
    qsizetype i = 0;
    while (i < line.size() && i < 3 && line[i] == u' ') ++i;
    if (i >= line.size() || (line[i] != u'`' && line[i] != u'~')) return false;
    const QChar ch = line[i];
    qsizetype j = i;
    while (j < line.size() && line[j] == ch) ++j;
    if (j - i < 3) return false;
    const QString info = line.mid(j).trimmed();
    if (ch == u'`' && info.contains(u'`')) return false;
    *f = {ch, j - i, i, info};
    return true;
}
bool closingFence(const QString& line, const Fence& f) {
    qsizetype lead = 0;
    while (lead < line.size() && line[lead] == u' ') ++lead;
    const QString t = line.trimmed();
    if (lead > 3 || t.size() < f.length) return false;
    for (const QChar c : t)
        if (c != f.ch) return false;
    return true;
}
// A content line without the opening fence's indentation (CommonMark strips up to that many spaces).
QString unindent(const QString& line, qsizetype indent) {
    qsizetype i = 0;
    while (i < indent && i < line.size() && line[i] == u' ') ++i;
    return line.mid(i);
}
bool hasFence(const QString& text) { return text.contains(u"```"_s) || text.contains(u"~~~"_s); }

QString copyLine(const QString& language, size_t index, size_t k) {
    return (language.isEmpty() ? QString() : u"`"_s + language + u"` · "_s) + u"["_s +
           QCoreApplication::translate("cmfw::ChatView", "Copy code") + u"](cmf-copy:"_s + QString::number(index) + u"/"_s +
           QString::number(k) + u")"_s;
}

// A reply without fences is shown as written: Markdown would join its lines,
// drop its indentation and turn __init__ into emphasis. Fenced replies are
// real Markdown and go through as they are, with a Copy link above each
// block; an unfenced reply that reads as code is fenced here, so that it is
// shown in a fixed-width font with its indentation.
QString replyMarkdown(const QString& text, size_t index, bool copyLinks) {
    if (hasFence(text)) {
        if (!copyLinks) return text;
        QStringList out;
        size_t k = 0;
        bool inside = false;
        Fence f;
        for (const QString& line : text.split(u'\n')) {
            if (inside) {
                if (closingFence(line, f)) inside = false;
            } else if (openingFence(line, &f)) {
                // The link is a paragraph of its own, above its block.
                out << QString() << copyLine(f.info.section(u' ', 0, 0), index, k++) << QString();
                inside = true;
            }
            out << line;
        }
        return out.join(u'\n');
    }
    if (looksLikeCode(text))
        return (copyLinks ? copyLine({}, index, 0) + u"\n\n"_s : QString()) + u"```\n"_s + text + (text.endsWith(u'\n') ? u"```"_s : u"\n```"_s);
    QStringList lines = text.split(u'\n');
    for (QString& line : lines) {
        qsizetype lead = 0;
        while (lead < line.size() && line[lead] == u' ') ++lead;
        line = QString(lead, QChar(0x00A0)) + escapeUser(line.mid(lead));
    }
    return lines.join(u"  \n"_s);
}

// "‹ 2/3 ›" with each arrow a link to the alternative beside it (wrapping round).
QString switcher(const ChatMessage& m, size_t index) {
    if (m.alternatives < 2) return {};
    const size_t prev = (m.alternative + m.alternatives - 1) % m.alternatives, next = (m.alternative + 1) % m.alternatives;
    const QString at = u"cmf-branch:"_s + QString::number(index) + u"/"_s;
    return u" [‹](%1%2) %3/%4 [›](%1%5)"_s.arg(at).arg(prev).arg(m.alternative + 1).arg(m.alternatives).arg(next);
}

QString actions(const ChatMessage& m, size_t index, bool live) {
    if (live) return {};
    const QString i = QString::number(index);
    QStringList a;
    a << u"[%1](cmf-edit:%2)"_s.arg(QCoreApplication::translate("cmfw::ChatView", "Edit"), i);
    if (m.role == "assistant") a << u"[%1](cmf-regen:%2)"_s.arg(QCoreApplication::translate("cmfw::ChatView", "Regenerate"), i);
    a << u"[%1](cmf-delete:%2)"_s.arg(QCoreApplication::translate("cmfw::ChatView", "Delete"), i);
    return u" · "_s + a.join(u" · "_s);
}

// The first `limit` characters of a UTF-8 text, and how many are left out.
QString shownPart(const std::string& t, qsizetype limit, qsizetype* hidden) {
    *hidden = 0;
    if (t.size() <= size_t(limit)) return QString::fromStdString(t);
    // `limit` characters take at most 4 bytes each; cut at a character boundary.
    size_t cut = std::min(t.size(), size_t(limit) * 4);
    while (cut < t.size() && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;
    QString text = QString::fromUtf8(t.data(), qsizetype(cut));
    qsizetype dropped = 0;
    if (text.size() > limit) {
        qsizetype keep = limit;
        if (text[keep - 1].isHighSurrogate()) --keep;
        for (qsizetype i = keep; i < text.size(); ++i) dropped += text[i].isLowSurrogate() ? 0 : 1;
        text.truncate(keep);
    }
    for (size_t i = cut; i < t.size(); ++i) dropped += (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80 ? 0 : 1;
    *hidden = dropped;
    return text;
}

} // namespace

std::vector<CodeBlock> replyCodeBlocks(const QString& text) {
    std::vector<CodeBlock> out;
    if (!hasFence(text)) {
        if (looksLikeCode(text)) out.push_back({{}, text.endsWith(u'\n') ? text.chopped(1) : text});
        return out;
    }
    bool inside = false;
    Fence f;
    QStringList lines;
    for (const QString& line : text.split(u'\n')) {
        if (inside) {
            if (closingFence(line, f)) {
                out.push_back({f.info.section(u' ', 0, 0), lines.join(u'\n')});
                inside = false;
            } else {
                lines << unindent(line, f.indent);
            }
        } else if (openingFence(line, &f)) {
            inside = true;
            lines.clear();
        }
    }
    if (inside) out.push_back({f.info.section(u' ', 0, 0), lines.join(u'\n')}); // still streaming: open to the end
    return out;
}

QString replyStatsLine(const nlohmann::json& s) {
    if (!s.contains("finish")) return {};
    QStringList parts;
    if (s.contains("ttft_s") && s["ttft_s"].is_number())
        parts << QCoreApplication::translate("cmfw::ChatView", "first token %1 ms").arg(s["ttft_s"].get<double>() * 1000, 0, 'f', 0);
    parts << QCoreApplication::translate("cmfw::ChatView", "prefill %1 tok/s").arg(s.value("prefill_tok_s", 0.0), 0, 'f', 0);
    parts << QCoreApplication::translate("cmfw::ChatView", "decode %1 tok/s").arg(s.value("decode_tok_s", 0.0), 0, 'f', 0);
    parts << QCoreApplication::translate("cmfw::ChatView", "%1 tokens").arg(s.value("tokens", 0));
    parts << QCoreApplication::translate("cmfw::ChatView", "finish: %1").arg(QString::fromStdString(s.value("finish", std::string())));
    if (s.contains("drafted")) {
        const uint64_t drafted = s.value("drafted", uint64_t(0)), accepted = s.value("accepted", uint64_t(0));
        const uint64_t forwards = s.value("forwards", uint64_t(0)), tokens = s.value("tokens", uint64_t(0));
        const QString mode = s.value("draft", std::string()) == "mtp" ? QCoreApplication::translate("cmfw::ChatView", "MTP")
                                                                      : QCoreApplication::translate("cmfw::ChatView", "lookup");
        parts << (drafted ? QCoreApplication::translate("cmfw::ChatView", "%1 drafts: %2 of %3 accepted (%4%), %5 tokens per pass")
                                .arg(mode)
                                .arg(accepted)
                                .arg(drafted)
                                .arg(100.0 * double(accepted) / double(drafted), 0, 'f', 0)
                                .arg(forwards && tokens > 1 ? double(tokens - 1) / double(forwards) : 1.0, 0, 'f', 2)
                          : QCoreApplication::translate("cmfw::ChatView", "%1 drafts: none proposed").arg(mode));
    }
    if (const int dropped = s.value("context_dropped", 0); dropped > 0)
        parts << QCoreApplication::translate("cmfw::ChatView", "the oldest %1 messages did not fit the context and were left out")
                     .arg(QLocale().toString(dropped));
    return parts.join(u" · "_s);
}

QString replyRouteLine(const nlohmann::json& s) {
    QStringList parts;
    const std::string task = s.value("task", std::string());
    if (!task.empty()) parts << QCoreApplication::translate("cmfw::ChatView", "task %1").arg(QString::fromStdString(task));
    if (s.contains("energies")) {
        QStringList e;
        for (const auto& x : s["energies"]) e << u"%1 %2"_s.arg(QString::fromStdString(x.value("id", std::string()))).arg(x.value("energy", 0.0), 0, 'f', 3);
        const QString chosen = QString::fromStdString(s.value("routed_to", std::string()));
        const bool blend = s.value("skill", std::string()) == "blend";
        const QString line = blend ? QCoreApplication::translate("cmfw::ChatView", "auto → blend (argmin %1; E: %2)")
                                   : QCoreApplication::translate("cmfw::ChatView", "auto → %1 (E: %2)");
        parts << line.arg(chosen, e.join(u", "_s));
    } else {
        const std::string skill = s.value("skill", std::string());
        if (!skill.empty()) parts << QCoreApplication::translate("cmfw::ChatView", "skill %1").arg(QString::fromStdString(skill));
    }
    return parts.join(u" · "_s);
}

QString messageMarkdown(const ChatMessage& m, size_t index, bool live) {
    qsizetype hidden = 0;
    const QString text = shownPart(m.text, shownChars(m.role), &hidden);
    QString more;
    if (hidden)
        more = u"  \n*"_s + QCoreApplication::translate("cmfw::ChatView", "… %1 more characters are not shown.").arg(QLocale().toString(hidden)) +
               u"* ["_s + QCoreApplication::translate("cmfw::ChatView", "Show the whole message") + u"](cmf-message:"_s + QString::number(index) +
               u")"_s;
    if (m.role == "user")
        return u"**"_s + QCoreApplication::translate("cmfw::ChatView", "You") + u"**"_s + switcher(m, index) + actions(m, index, live) + u"  \n"_s +
               (!hidden && !text.contains(u"```"_s) && looksLikeCode(text) ? u"```\n"_s + text + u"\n```"_s : escapeUser(text)) + more + u"\n\n"_s;
    QString md;
    const QString route = replyRouteLine(m.stats);
    md += u"**"_s + QCoreApplication::translate("cmfw::ChatView", "Assistant") + u"**"_s;
    md += (route.isEmpty() ? QString() : u" — *"_s + route + u"*"_s) + switcher(m, index) + actions(m, index, live) + u"  \n"_s;
    // A cut inside a code fence would leave it open: a cut reply is shown as plain lines.
    md += text.isEmpty() && live ? u"…"_s : hidden ? replyMarkdown(QString(text).replace(u"```"_s, u"'''"_s).replace(u"~~~"_s, u"'''"_s), index, false)
                                                  : replyMarkdown(text, index, true);
    md += more + u"\n\n"_s;
    const QString stats = replyStatsLine(m.stats);
    if (!stats.isEmpty()) md += u"> "_s + stats + u"\n\n"_s;
    md += u"---\n\n"_s;
    return md;
}

} // namespace cmfw
