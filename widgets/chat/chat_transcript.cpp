#include "chat/chat_transcript.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

QString tr(const char* s) { return QCoreApplication::translate("cmfw::ChatView", s); }

// Markdown would swallow a bare "<|im_end|>" as HTML or eat leading "#": escape the few characters that matter.
QString escapeUser(const QString& text) {
    QString out;
    for (const QChar c : text) {
        if (c == u'<' || c == u'>' || c == u'*' || c == u'_' || c == u'#' || c == u'`' || c == u'[' || c == u']' || c == u'\\') out += u'\\';
        out += c;
    }
    return out.replace(u"\n"_s, u"  \n"_s);
}

// A reply without fences is shown as written: Markdown would join its lines,
// drop its indentation and turn __init__ into emphasis. Fenced replies are
// real Markdown and go through as they are.
QString replyMarkdown(const QString& text) {
    if (text.contains(u"```"_s)) return text;
    QStringList lines = text.split(u'\n');
    for (QString& line : lines) {
        qsizetype lead = 0;
        while (lead < line.size() && line[lead] == u' ') ++lead;
        line = QString(lead, QChar(0x00A0)) + escapeUser(line.mid(lead));
    }
    return lines.join(u"  \n"_s);
}

} // namespace

QString replyStatsLine(const nlohmann::json& s) {
    if (!s.contains("finish")) return {};
    QStringList parts;
    if (s.contains("ttft_s") && s["ttft_s"].is_number()) parts << tr("first token %1 ms").arg(s["ttft_s"].get<double>() * 1000, 0, 'f', 0);
    parts << tr("prefill %1 tok/s").arg(s.value("prefill_tok_s", 0.0), 0, 'f', 0);
    parts << tr("decode %1 tok/s").arg(s.value("decode_tok_s", 0.0), 0, 'f', 0);
    parts << tr("%1 tokens").arg(s.value("tokens", 0));
    parts << tr("finish: %1").arg(QString::fromStdString(s.value("finish", std::string())));
    return parts.join(u" · "_s);
}

QString replyRouteLine(const nlohmann::json& s) {
    QStringList parts;
    const std::string task = s.value("task", std::string());
    if (!task.empty()) parts << tr("task %1").arg(QString::fromStdString(task));
    if (s.contains("energies")) {
        QStringList e;
        for (const auto& x : s["energies"]) e << u"%1 %2"_s.arg(QString::fromStdString(x.value("id", std::string()))).arg(x.value("energy", 0.0), 0, 'f', 3);
        const QString chosen = QString::fromStdString(s.value("routed_to", std::string()));
        const bool blend = s.value("skill", std::string()) == "blend";
        parts << (blend ? tr("auto → blend (argmin %1; E: %2)") : tr("auto → %1 (E: %2)")).arg(chosen, e.join(u", "_s));
    } else {
        const std::string skill = s.value("skill", std::string());
        if (!skill.empty()) parts << tr("skill %1").arg(QString::fromStdString(skill));
    }
    return parts.join(u" · "_s);
}

QString transcriptMarkdown(const ChatMessages& messages, bool streaming) {
    QString md;
    for (size_t i = 0; i < messages.size(); ++i) {
        const auto& m = messages[i];
        const QString text = QString::fromStdString(m.text);
        if (m.role == "user") {
            md += u"**"_s + tr("You") + u"**  \n"_s + escapeUser(text) + u"\n\n"_s;
            continue;
        }
        const QString route = replyRouteLine(m.stats);
        md += u"**"_s + tr("Assistant") + u"**"_s + (route.isEmpty() ? QString() : u" — *"_s + route + u"*"_s) + u"  \n"_s;
        const bool live = streaming && i + 1 == messages.size();
        md += text.isEmpty() && live ? u"…"_s : replyMarkdown(text);
        md += u"\n\n"_s;
        const QString stats = replyStatsLine(m.stats);
        if (!stats.isEmpty()) md += u"> "_s + stats + u"\n\n"_s;
        md += u"---\n\n"_s;
    }
    return md;
}

} // namespace cmfw
