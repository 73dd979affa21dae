// Issue 24: the Values tab shows every value in full — the shortest decimal
// that reads back to exactly the stored float — not six significant digits.
#include "models/preview_model.h"
#include "util/format_text.h"

#include <QTest>

#include <cstdlib>

using namespace cmfw;
using namespace Qt::StringLiterals;

class TstPreviewModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valuesAreShownInFull() {
        const std::vector<float> values = {1.2345678e-5f, -0.1f, 3.14159274f, 1.0f / 3.0f, -65504.0f, 0.0f, 123456789.0f, -7.006492e-44f};
        TensorPreview p;
        p.rows = 2;
        p.cols = 4;
        p.totalRows = 2;
        p.totalCols = 4;
        p.values = values;
        PreviewModel m;
        m.setPreview(p);
        for (int i = 0; i < int(values.size()); ++i) {
            const QString text = m.data(m.index(i / 4, i % 4), Qt::DisplayRole).toString();
            // Reads back to the very float (6 digits would give 0.333333 for 1/3, which is another float).
            QCOMPARE(std::strtof(text.toLatin1().constData(), nullptr), values[size_t(i)]);
        }
        QCOMPARE(m.data(m.index(0, 3), Qt::DisplayRole).toString(), u"0.33333334"_s);
        QCOMPARE(Text::fullValue(-0.1f), u"-0.1"_s); // and no longer than it needs
        QCOMPARE(Text::fullValue(std::numeric_limits<float>::infinity()), u"+inf"_s);
    }
};

QTEST_MAIN(TstPreviewModel)
#include "tst_preview_model.moc"
