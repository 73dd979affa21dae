#include "chat_script.h"

#include "chat/chat_settings_panel.h"
#include "chat/chat_view.h"
#include "chat/history_sidebar.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QThread>

#include <nlohmann/json.hpp>

#include <memory>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

bool waitUntil(const std::function<bool()>& done, int ms) {
    QDeadlineTimer deadline(ms);
    while (!done()) {
        if (deadline.hasExpired()) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}

// Picks a combo entry by its settings value ("" = none); false when the file has no such choice.
bool choose(QComboBox* box, const std::string& value) {
    const QString v = value == "none" ? QString() : QString::fromStdString(value);
    const int i = box->findData(v);
    if (i < 0) return false;
    box->setCurrentIndex(i);
    return true;
}

} // namespace

QString playChatScript(ChatView* chat, const QString& scriptPath, int timeoutMs) {
    auto* ctl = chat->controller();
    if (!waitUntil([&] { return ctl->isLoaded(); }, timeoutMs)) return u"the model did not load: "_s + chat->statusLabel()->text();
    ChatSettings s = chat->settingsPanel()->settings();
    s.sampling.greedy = true; // a screenshot shows the same conversation every time
    chat->settingsPanel()->setSettings(s);
    if (scriptPath.isEmpty()) return {};
    QFile f(scriptPath);
    if (!f.open(QIODevice::ReadOnly)) return scriptPath + u": cannot read"_s;
    const auto script = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (!script.is_array()) return scriptPath + u": not a JSON list of steps"_s;
    for (const auto& step : script) {
        if (!step.is_object()) return scriptPath + u": a step is not an object"_s;
        if (step.contains("skill")) {
            if (!choose(chat->settingsPanel()->skillBox(), step["skill"].get<std::string>()))
                return u"no skill "_s + QString::fromStdString(step["skill"].get<std::string>());
        }
        if (step.contains("task")) {
            if (!choose(chat->settingsPanel()->taskBox(), step["task"].get<std::string>()))
                return u"no task "_s + QString::fromStdString(step["task"].get<std::string>());
        }
        if (step.contains("draft")) {
            auto* box = chat->settingsPanel()->draftBox(); // its "off" entry is "none" itself
            const int i = box->findData(QString::fromStdString(step["draft"].get<std::string>()));
            if (i >= 0) box->setCurrentIndex(i);
            else return u"no draft mode "_s + QString::fromStdString(step["draft"].get<std::string>());
        }
        if (step.contains("max_tokens")) {
            ChatSettings m = chat->settingsPanel()->settings();
            m.maxTokens = step["max_tokens"].get<uint32_t>();
            chat->settingsPanel()->setSettings(m);
        }
        if (step.value("new_conversation", false) && !chat->newConversation()) return u"a new conversation was refused"_s;
        if (step.contains("edit")) {
            // A new branch at a message: {"edit": index, "user": text}.
            const size_t at = step["edit"].get<size_t>();
            if (!ctl->editAt(at, QString::fromStdString(step.value("user", std::string()))))
                return u"cannot edit message "_s + QString::number(at);
            if (!waitUntil([&] { return !ctl->isBusy(); }, timeoutMs)) return u"a reply did not finish in time"_s;
            continue;
        }
        if (step.contains("user")) {
            chat->input()->setPlainText(QString::fromStdString(step["user"].get<std::string>()));
            chat->sendInput();
            if (!ctl->isBusy()) return u"the reply did not start: "_s + chat->statusLabel()->text();
            if (!waitUntil([&] { return !ctl->isBusy(); }, timeoutMs)) return u"a reply did not finish in time"_s;
            if (ctl->messages().empty() || ctl->messages().back().role != "assistant") return u"a reply failed: "_s + chat->statusLabel()->text();
        }
    }
    // The history lists what the script said: its saves are written and read back.
    chat->history()->waitForWrites();
    QCoreApplication::sendPostedEvents(); // listings already made come first
    auto listed = std::make_shared<bool>(false);
    QObject::connect(chat->history(), &HistorySidebar::listed, chat, [listed] { *listed = true; }, Qt::SingleShotConnection);
    chat->history()->reload();
    if (!waitUntil([&] { return *listed; }, timeoutMs)) return u"the history was not listed in time"_s;
    return {};
}

} // namespace cmfw
