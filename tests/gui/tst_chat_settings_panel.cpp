// Issue 24: the chat settings panel warns when the chosen task mask was never
// measured (quality null, §5.1 — the Masks view marks it NOT MEASURED), and
// says nothing for a measured one or the dense model.
#include "chat/chat_settings_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QTest>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstChatSettingsPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void unmeasuredTaskIsWarned() {
        ChatSettingsPanel panel;
        panel.show();
        panel.setChoices({"measured", "unchecked"}, {}, false);
        panel.setUnmeasuredTasks({"unchecked"});
        QVERIFY(!panel.taskWarning()->isVisible()); // dense
        panel.taskBox()->setCurrentIndex(panel.taskBox()->findData(u"unchecked"_s));
        QVERIFY(panel.taskWarning()->isVisible());
        QVERIFY(panel.taskWarning()->text().contains(u"NOT MEASURED"_s));
        QVERIFY(panel.taskWarning()->text().contains(u"unchecked"_s));
        panel.taskBox()->setCurrentIndex(panel.taskBox()->findData(u"measured"_s));
        QVERIFY(!panel.taskWarning()->isVisible());
        // A saved conversation that selects it warns too.
        ChatSettings s = panel.settings();
        s.task = "unchecked";
        panel.setSettings(s);
        QVERIFY(panel.taskWarning()->isVisible());
    }
};

QTEST_MAIN(TstChatSettingsPanel)
#include "tst_chat_settings_panel.moc"
