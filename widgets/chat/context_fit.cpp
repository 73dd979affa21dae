#include "chat/context_fit.h"

#include "cmf/engine/session.h"
#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QLocale>

namespace cmfw {
namespace {

// Tokens a template adds around each message (role markers, separators), about; the render checks.
constexpr uint64_t kPerMessage = 8;
// The generation prompt and whatever the template puts around the conversation, about.
constexpr uint64_t kFrame = 16;

QString number(uint64_t n) { return QLocale().toString(qulonglong(n)); }

[[noreturn]] void refuse(uint64_t tokens, bool wholePrompt, uint32_t ctx, uint32_t reserve, uint32_t maxPositions) {
    const char* what = wholePrompt ? QT_TRANSLATE_NOOP("cmfw::ChatView", "With the chat template this message makes a prompt of %1 tokens,")
                                   : QT_TRANSLATE_NOOP("cmfw::ChatView", "This message is %1 tokens,");
    QString m = QCoreApplication::translate("cmfw::ChatView", what).arg(number(tokens)) + u' ' +
                QCoreApplication::translate("cmfw::ChatView", "but the context holds %1 tokens, %2 of them kept for the reply: shorten the "
                                                              "message, or raise the context length in Settings")
                    .arg(number(ctx), number(reserve));
    if (maxPositions) m += u' ' + QCoreApplication::translate("cmfw::ChatView", "(this model allows up to %1)").arg(number(maxPositions));
    throw cmf::Error(cmf::ErrorKind::Bounds, m.toStdString() + ".");
}

} // namespace

ContextFit fitToContext(cmf::engine::Session& s, const ChatMessages& c, uint32_t ctx, uint32_t reserve) {
    if (c.empty()) throw cmf::Error(cmf::ErrorKind::Parse, "nothing to answer");
    const uint32_t budget = ctx > reserve + 1 ? ctx - reserve : 1;
    const uint32_t maxPositions = s.model().config().maxPositions;
    const auto render = [&](size_t from) {
        s.clear();
        for (size_t i = from; i < c.size(); ++i) s.addMessage(c[i].role, c[i].text);
        return s.conversationIds(); // throws for a file without a tokenizer, or a template that raises
    };
    const auto* tok = s.tokenizer();
    if (!tok) return {0, render(0)};
    const size_t last = c.size() - 1;
    // Walk back from the turn to answer, counting each message's tokens, until
    // the budget is spent: only what can fit is tokenized, however long the
    // conversation.
    const uint64_t lastTokens = tok->encode(c[last].text, false).size();
    if (lastTokens >= budget) refuse(lastTokens, false, ctx, reserve, maxPositions);
    uint64_t sum = kFrame + tok->encode(s.system(), false).size() + lastTokens + kPerMessage;
    size_t from = last;
    while (from > 0 && sum <= budget) {
        const uint64_t t = tok->encode(c[from - 1].text, false).size() + kPerMessage;
        if (sum + t > budget) break;
        sum += t;
        --from;
    }
    // A prompt starts with a user turn: templates expect the roles to alternate from one.
    const auto nextUser = [&](size_t i) {
        while (i < last && c[i].role != "user") ++i;
        return i;
    };
    from = nextUser(from);
    while (true) {
        auto ids = render(from);
        if (ids.size() <= budget) return {from, std::move(ids)};
        if (from >= last) refuse(ids.size(), true, ctx, reserve, maxPositions);
        from = nextUser(from + 1); // the count was short: leave out one more turn
    }
}

} // namespace cmfw
