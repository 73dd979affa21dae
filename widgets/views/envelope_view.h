#pragma once
// The 128-byte envelope (spec §1): every field with its offset in the
// envelope and its value in decimal and hex, the sections as a proportional
// bar of the file, and the required_features bits by name.
#include <QWidget>

#include <memory>

class QTableWidget;

namespace cmfw {

class CmfDocument;
class SectionBar;

class EnvelopeView : public QWidget {
    Q_OBJECT
public:
    explicit EnvelopeView(std::shared_ptr<const CmfDocument> doc, QWidget* parent = nullptr);
    QTableWidget* fieldsTable() const { return fields_; }
    QTableWidget* sectionsTable() const { return sections_; }
    QTableWidget* featuresTable() const { return features_; }
    SectionBar* sectionBar() const { return bar_; }

private:
    std::shared_ptr<const CmfDocument> doc_;
    SectionBar* bar_ = nullptr;
    QTableWidget* fields_ = nullptr;
    QTableWidget* sections_ = nullptr;
    QTableWidget* features_ = nullptr;
};

} // namespace cmfw
