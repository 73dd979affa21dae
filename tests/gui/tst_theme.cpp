// Issue 25, appearance: light, dark and follow-the-system themes for the
// whole window, a font size, and Help ▸ Keyboard shortcuts. Every file view
// is grabbed in both themes and its pixels must be dark or light as the
// theme is (a view that paints its own white background fails); the meaning
// colours must reach WCAG's 4.5:1 contrast on both palettes (the formula is
// the test's own); a toned widget and a chart restyle when the theme changes
// without being rebuilt; the screenshot mode takes --theme.
#include "gui_checks.h"
#include "window_fixture.h"

#include "settings_dialog.h"
#include "shortcuts_dialog.h"

#include "charts/bytes_chart.h"
#include "charts/histogram_chart.h"
#include "chat/chat_keys.h"
#include "views/file_page.h"
#include "util/theme.h"
#include "util/tones.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

#include <cmath>

using namespace cmfw;
using namespace Qt::StringLiterals;
using cmftest::clickLink;
using cmftest::contrast;

namespace {

// The mean grey level (0–255) of what w paints.
double meanGrey(QWidget* w) {
    const QImage img = w->grab().toImage().scaled(160, 100, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    double sum = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) sum += qGray(img.pixel(x, y));
    return sum / double(img.width() * img.height());
}

void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

double screenshotGrey(const QStringList& args, int* exitCode, QString* said) {
    QTemporaryDir dir;
    const QString out = dir.filePath(u"shot.png"_s);
    QProcess p;
    p.start(QStringLiteral(CMF_WORKBENCH_BIN), QStringList{u"--screenshot"_s, out} + args + QStringList{QStringLiteral(CMF_DEMO_MODEL)});
    if (!p.waitForFinished(120000)) return -1;
    *exitCode = p.exitCode();
    *said = QString::fromLocal8Bit(p.readAllStandardOutput() + p.readAllStandardError());
    QImage img(out);
    if (img.isNull()) return -1;
    img = img.scaled(160, 100, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    double sum = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) sum += qGray(img.pixel(x, y));
    return sum / double(img.width() * img.height());
}

} // namespace

class TstTheme : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { applyTheme(Theme::Light); }
    void namesRoundTrip();
    void meaningColoursReadOnBothPalettes();
    void everyViewFollowsTheTheme();
    void tonedWidgetsAndChartsRestyle();
    void settingsApplyAtOnce();
    void chartsMakeRoomForALargerFont();
    void shortcutListReadsTheMenus();
    void screenshotTakesTheme();
};

void TstTheme::namesRoundTrip() {
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark}) QCOMPARE(themeFromName(themeName(t)), std::optional<Theme>(t));
    QCOMPARE(themeFromName(u"DARK"_s), std::optional<Theme>(Theme::Dark));
    QVERIFY(!themeFromName(u"purple"_s));
    QVERIFY(!isDark(lightPalette()));
    QVERIFY(isDark(darkPalette()));
}

void TstTheme::meaningColoursReadOnBothPalettes() {
    for (const QPalette& p : {lightPalette(), darkPalette()}) {
        for (Tone t : {Tone::Good, Tone::Bad, Tone::Warn, Tone::Muted, Tone::Accent}) {
            const QString what = u"tone %1 on the %2 palette"_s.arg(int(t)).arg(isDark(p) ? u"dark"_s : u"light"_s);
            QVERIFY2(contrast(toneColor(t, p), p.color(QPalette::Window)) >= 4.5, qPrintable(what + u" (window)"_s));
            QVERIFY2(contrast(toneColor(t, p), p.color(QPalette::Base)) >= 4.5, qPrintable(what + u" (base)"_s));
            QVERIFY2(contrast(p.color(QPalette::WindowText), toneFill(t, p)) >= 4.5, qPrintable(what + u" (text on its fill)"_s));
        }
        QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 7);
        QVERIFY(contrast(p.color(QPalette::PlaceholderText), p.color(QPalette::Base)) >= 4.5);
    }
}

void TstTheme::everyViewFollowsTheTheme() {
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<AppSettings> settings;
    std::unique_ptr<MainWindow> w;
    cmftest::openWindow(dir, settings, w);
    FilePage* page = w->openFile(QStringLiteral(CMF_DEMO_MODEL));
    QVERIFY(!page->isError());
    int checked = 0;
    for (Theme t : {Theme::Dark, Theme::Light}) {
        applyTheme(t);
        for (int i = 0; i < int(FilePage::View::Error); ++i) {
            const auto v = FilePage::View(i);
            if (v == FilePage::View::Tensor || v == FilePage::View::Compare || !page->showView(v)) continue;
            QVERIFY(w->jobs()->waitForAll(60000));
            settle(50);
            QWidget* view = page->viewWidget(v);
            QVERIFY(view);
            const double grey = meanGrey(view);
            const QString what = FilePage::viewName(v) + u" in "_s + themeName(t) + u": mean grey "_s + QString::number(grey, 'f', 0);
            if (t == Theme::Dark) QVERIFY2(grey < 110, qPrintable(what));
            else QVERIFY2(grey > 170, qPrintable(what));
            ++checked;
        }
        const double window = meanGrey(w.get());
        QVERIFY2(t == Theme::Dark ? window < 110 : window > 170, qPrintable(QString::number(window)));
    }
    QVERIFY2(checked >= 2 * 9, qPrintable(QString::number(checked))); // overview, envelope, header, tensors, bits, masks, skills, tokenizer, signature …
    cmftest::closeWindow(settings, w);
}

void TstTheme::tonedWidgetsAndChartsRestyle() {
    applyTheme(Theme::Light);
    QLabel label(u"bad news"_s);
    setTone(&label, Tone::Bad, u"font-weight: bold;"_s);
    QVERIFY(label.styleSheet().contains(toneColor(Tone::Bad, lightPalette()).name()));
    QVERIFY(label.styleSheet().contains(u"font-weight: bold;"_s));
    HistogramChart chart;
    chart.setHistogram({1, 5, 3}, 0.0, 1.0);
    QCOMPARE(chart.chart()->backgroundBrush().color(), lightPalette().color(QPalette::Base));
    int refreshed = 0;
    QObject owner;
    onThemeChange(&owner, [&] { ++refreshed; });

    applyTheme(Theme::Dark);
    QVERIFY(label.styleSheet().contains(toneColor(Tone::Bad, darkPalette()).name()));
    QVERIFY(!label.styleSheet().contains(toneColor(Tone::Bad, lightPalette()).name()));
    QVERIFY(label.styleSheet().contains(u"font-weight: bold;"_s));
    QCOMPARE(chart.chart()->backgroundBrush().color(), darkPalette().color(QPalette::Base));
    for (QAbstractAxis* a : chart.chart()->axes()) QCOMPARE(a->labelsColor(), darkPalette().color(QPalette::Text));
    QCOMPARE(refreshed, 1);
    clearTone(&label);
    QVERIFY(label.styleSheet().isEmpty());
    applyTheme(Theme::Light);
    QVERIFY(label.styleSheet().isEmpty()); // cleared: no longer restyled
    QCOMPARE(refreshed, 2);
}

void TstTheme::settingsApplyAtOnce() {
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<AppSettings> settings;
    std::unique_ptr<MainWindow> w;
    cmftest::openWindow(dir, settings, w);
    const int before = QApplication::font().pointSize();
    {
        SettingsDialog d(settings.get(), w->trustedKeys(), w.get());
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(u"dark"_s));
        d.fontSizeBox()->setValue(before + 3);
        d.accept();
    }
    QVERIFY(isDark());
    QCOMPARE(QApplication::font().pointSize(), before + 3);
    QCOMPARE(settings->theme(), u"dark"_s);
    QCOMPARE(settings->fontSize(), before + 3);
    settle(50);
    QCOMPARE(w->font().pointSize(), before + 3); // the open window follows
    QCOMPARE(w->menuBar()->font().pointSize(), before + 3);
    {
        SettingsDialog d(settings.get(), w->trustedKeys(), w.get());
        QCOMPARE(d.themeBox()->currentData().toString(), u"dark"_s); // starts from what is stored
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(u"light"_s));
        d.fontSizeBox()->setValue(0);
        d.accept();
    }
    QVERIFY(!isDark());
    QCOMPARE(QApplication::font().pointSize(), systemFontSize());
    cmftest::closeWindow(settings, w);
}

void TstTheme::chartsMakeRoomForALargerFont() {
    // Five category labels: at a larger font they need more height, or Qt Charts shows "...".
    BytesChart chart(u"families"_s);
    chart.setBars({{u"skills"_s, 5000}, {u"embeddings"_s, 4000}, {u"FFN"_s, 1500}, {u"attention"_s, 700}, {u"norms"_s, 5}});
    const int before = chart.minimumHeight();
    applyFontSize(systemFontSize() + 8);
    settle(20);
    QVERIFY2(chart.minimumHeight() > before, qPrintable(QString::number(chart.minimumHeight())));
    for (QAbstractAxis* a : chart.chart()->axes()) QCOMPARE(a->labelsFont().pointSize(), systemFontSize() + 8);
    applyFontSize(0);
    settle(20);
    QCOMPARE(chart.minimumHeight(), before);
}

void TstTheme::shortcutListReadsTheMenus() {
    std::unique_ptr<QTemporaryDir> dir;
    std::unique_ptr<AppSettings> settings;
    std::unique_ptr<MainWindow> w;
    cmftest::openWindow(dir, settings, w);
    const auto rows = menuShortcuts(w->menuBar());
    // Every menu action with a key is listed, with that key.
    int withKeys = 0;
    for (QAction* a : w->menuBar()->findChildren<QAction*>()) {
        if (a->shortcut().isEmpty() || a->isSeparator()) continue;
        ++withKeys;
        bool found = false;
        for (const auto& r : rows) found = found || (r.keys == a->shortcut() && a->text().remove(u'&').contains(r.what.left(3)));
        QVERIFY2(found, qPrintable(a->text()));
    }
    QVERIFY(withKeys >= 10);
    bool open = false;
    for (const auto& r : rows) open = open || (r.keys == QKeySequence(QKeySequence::Open) && r.where == u"File"_s && r.what == u"Open…"_s);
    QVERIFY(open);
    // Help ▸ Keyboard shortcuts shows them, with the chat window's keys.
    auto* action = w->findChild<QAction*>(u"shortcutsAction"_s);
    QVERIFY(action);
    action->trigger();
    auto* dialog = w->findChild<ShortcutsDialog*>();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), int(rows.size() + chatShortcuts().size()));
    bool send = false;
    for (int r = 0; r < dialog->table()->rowCount(); ++r)
        send = send || dialog->table()->item(r, 0)->text() == sendKey().toString(QKeySequence::NativeText);
    QVERIFY(send);
    dialog->filter()->setText(u"verify"_s);
    int shown = 0;
    for (int r = 0; r < dialog->table()->rowCount(); ++r) shown += dialog->table()->isRowHidden(r) ? 0 : 1;
    QVERIFY(shown >= 1 && shown < dialog->table()->rowCount());
    cmftest::closeWindow(settings, w);
}

void TstTheme::screenshotTakesTheme() {
    int code = -1;
    QString said;
    const double dark = screenshotGrey({u"--view"_s, u"envelope"_s, u"--theme"_s, u"dark"_s}, &code, &said);
    QCOMPARE(code, 0);
    QVERIFY2(dark >= 0 && dark < 110, qPrintable(QString::number(dark) + said));
    const double light = screenshotGrey({u"--view"_s, u"envelope"_s, u"--theme"_s, u"light"_s}, &code, &said);
    QCOMPARE(code, 0);
    QVERIFY2(light > 170, qPrintable(QString::number(light)));
    screenshotGrey({u"--theme"_s, u"purple"_s}, &code, &said);
    QCOMPARE(code, 2);
    QVERIFY2(said.contains(u"purple"_s) && said.contains(u"dark"_s), qPrintable(said));
}

QTEST_MAIN(TstTheme)
#include "tst_theme.moc"
