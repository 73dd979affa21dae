#include "views/envelope_view.h"

#include "document/cmf_document.h"
#include "util/explanations.h"
#include "util/format_text.h"
#include "util/labels.h"
#include "util/scrolling_page.h"
#include "util/table_util.h"
#include "views/section_bar.h"

#include "cmf/format/envelope.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace cmfw {

namespace {

struct SectionInfo {
    QString name;
    cmf::Section s;
    QColor color;
};

} // namespace

EnvelopeView::EnvelopeView(std::shared_ptr<const CmfDocument> doc, QWidget* parent) : QWidget(parent), doc_(std::move(doc)) {
    const cmf::CmfFile& f = *doc_->file();
    const cmf::Envelope& e = f.envelope();
    const uint64_t size = f.fileSize();

    const auto [page, lay] = makeScrollingPage(this);

    lay->addWidget(makeTitle(tr("Envelope"), page));
    lay->addWidget(makeNote(tr("CMF version %1 · %2 (%3 bytes) · %n tensor(s). The fixed 128-byte envelope at offset 0 "
                               "addresses every other section; a reader finds sections only through it (spec §1).",
                               nullptr, int(f.directory().count()))
                                .arg(e.version)
                                .arg(Text::bytes(size), Text::count(size)),
                            page));

    // Sections: the file as a bar.
    const std::vector<SectionInfo> sections = {
        {tr("Envelope"), {0, cmf::kEnvelopeSize}, QColor(0x60, 0x60, 0x60)},
        {tr("Header JSON"), e.header, QColor(0xe0, 0x8e, 0x1b)},
        {tr("Directory"), e.dir, QColor(0x8e, 0x44, 0xad)},
        {tr("Weights"), e.data, QColor(0x2e, 0x75, 0xc8)},
        {tr("Masks"), e.masks, QColor(0x27, 0xa0, 0x5a)},
        {tr("Tokenizer"), e.vocab, QColor(0x16, 0xa0, 0xa0)},
        {tr("Sparse index"), e.index, QColor(0xd0, 0x4a, 0x8c)},
    };
    std::vector<SectionBar::Segment> segments;
    std::vector<std::pair<uint64_t, uint64_t>> covered;
    for (const auto& s : sections) {
        if (s.s.len == 0 && s.name != tr("Envelope")) continue;
        if (!s.s.present() && &s != &sections[0]) continue;
        segments.push_back({s.name, s.s.off, s.s.len, s.color});
        covered.push_back({s.s.off, s.s.end()});
    }
    // Bytes no section claims: alignment padding before the weights, dead
    // tails left by append-only growth (§9).
    std::sort(covered.begin(), covered.end());
    uint64_t at = 0, unclaimed = 0;
    const QString gapName = tr("Padding / unused");
    for (const auto& [a, b] : covered) {
        if (a > at) {
            segments.push_back({gapName, at, a - at, QColor(0xcc, 0xcc, 0xcc)});
            unclaimed += a - at;
        }
        at = std::max(at, b);
    }
    if (size > at) {
        segments.push_back({gapName, at, size - at, QColor(0xcc, 0xcc, 0xcc)});
        unclaimed += size - at;
    }
    lay->addWidget(makeHeading(tr("Sections"), page));
    bar_ = new SectionBar(page);
    bar_->setSegments(size, segments);
    lay->addWidget(bar_);

    sections_ = new QTableWidget(0, 5, page);
    sections_->setHorizontalHeaderLabels({tr("Section"), tr("Offset"), tr("Length"), tr("End"), tr("Share of file")});
    makeReadOnlyTable(sections_);
    for (const auto& s : sections) {
        const int r = sections_->rowCount();
        sections_->insertRow(r);
        setCell(sections_, r, 0, s.name);
        const bool present = s.s.present() || &s == &sections[0];
        if (!present) {
            setCell(sections_, r, 1, tr("absent (offset 0)"));
            continue;
        }
        setCell(sections_, r, 1, Text::offset(s.s.off));
        setCell(sections_, r, 2, Text::count(s.s.len) + u"  (" + Text::bytes(s.s.len) + u')');
        setCell(sections_, r, 3, Text::offset(s.s.end()));
        setCell(sections_, r, 4, Text::percent(double(s.s.len) / double(std::max<uint64_t>(1, size))));
    }
    if (unclaimed > 0) {
        const int r = sections_->rowCount();
        sections_->insertRow(r);
        setCell(sections_, r, 0, gapName);
        setCell(sections_, r, 2, Text::count(unclaimed) + u"  (" + Text::bytes(unclaimed) + u')');
        setCell(sections_, r, 4, Text::percent(double(unclaimed) / double(std::max<uint64_t>(1, size))));
    }
    sections_->horizontalHeader()->setStretchLastSection(true);
    sections_->resizeColumnsToContents();
    fitTableHeight(sections_);
    lay->addWidget(sections_);

    // Every envelope field.
    lay->addWidget(makeHeading(tr("Fields"), page));
    fields_ = new QTableWidget(0, 5, page);
    fields_->setHorizontalHeaderLabels({tr("Field"), tr("At"), tr("Value"), tr("Hex"), tr("Meaning")});
    makeReadOnlyTable(fields_);
    auto addField = [&](const QString& name, uint64_t at, const QString& value, const QString& hex, const QString& meaning) {
        const int r = fields_->rowCount();
        fields_->insertRow(r);
        setCell(fields_, r, 0, name);
        setCell(fields_, r, 1, u"0x"_s + QStringLiteral("%1").arg(qulonglong(at), 2, 16, QLatin1Char('0')));
        setCell(fields_, r, 2, value);
        setCell(fields_, r, 3, hex);
        setCell(fields_, r, 4, meaning);
        for (int c : {2, 3}) fields_->item(r, c)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    };
    auto num = [&](const QString& name, uint64_t at, uint64_t v, const QString& meaning) {
        addField(name, at, QString::number(qulonglong(v)), Text::hex(v), meaning);
    };
    const QString magic = QString::fromLatin1(reinterpret_cast<const char*>(e.magic), 3) + u"\\x" +
                          QStringLiteral("%1").arg(e.magic[3], 2, 16, QLatin1Char('0'));
    addField(u"magic"_s, 0x00, magic,
             Text::hex((uint64_t(e.magic[0]) << 24) | (uint64_t(e.magic[1]) << 16) | (uint64_t(e.magic[2]) << 8) |
                       e.magic[3]),
             tr("\"CMF\" 0x01 — identifies a CMF file"));
    num(u"version"_s, 0x04, e.version, tr("format version (2)"));
    num(u"flags"_s, 0x08, e.flags, tr("reserved, 0"));
    num(u"required_features"_s, 0x0C, e.requiredFeatures, tr("bits a reader must know (below)"));
    const std::pair<const char*, cmf::Section> offs[] = {{"header", e.header}, {"dir", e.dir},     {"data", e.data},
                                                          {"masks", e.masks},   {"vocab", e.vocab}, {"index", e.index}};
    const QString meanings[] = {tr("JSON header"), tr("tensor directory"), tr("weight blob (page aligned)"),
                                tr("task masks; 0 = absent"), tr("tokenizer.json; 0 = absent"),
                                tr("sparse index; 0 = absent")};
    uint64_t fieldAt = 0x10;
    for (size_t i = 0; i < 6; ++i) {
        const QString base = QString::fromLatin1(offs[i].first);
        num(base + u"_off", fieldAt, offs[i].second.off, meanings[i]);
        num(base + u"_len", fieldAt + 8, offs[i].second.len, Text::bytes(offs[i].second.len));
        fieldAt += 16;
    }
    addField(tr("reserved: header hash"), 0x70, e.headerHash ? Text::hash(e.headerHash) : tr("0 (absent)"),
             Text::hex(e.headerHash), tr("hash64 of the header JSON (§8.1)"));
    addField(tr("reserved: directory hash"), 0x78, e.dirHash ? Text::hash(e.dirHash) : tr("0 (absent)"),
             Text::hex(e.dirHash), tr("hash64 of the directory (§8.1)"));
    fields_->horizontalHeader()->setStretchLastSection(true);
    fields_->resizeColumnsToContents();
    fitTableHeight(fields_);
    lay->addWidget(fields_);

    // required_features, bit by bit.
    lay->addWidget(makeHeading(tr("Feature bits (required_features = %1)").arg(Text::hex(e.requiredFeatures)), page));
    features_ = new QTableWidget(0, 4, page);
    features_->setHorizontalHeaderLabels({tr("Bit"), tr("Name"), tr("Set"), tr("Meaning")});
    makeReadOnlyTable(features_);
    int maxBit = 6;
    for (int b = 7; b < 32; ++b)
        if (e.requiredFeatures & (1u << b)) maxBit = b;
    for (int b = 0; b <= maxBit; ++b) {
        const bool set = (e.requiredFeatures >> b) & 1u;
        if (b > 6 && !set) continue;
        const int r = features_->rowCount();
        features_->insertRow(r);
        setCell(features_, r, 0, QString::number(b));
        setCell(features_, r, 1, Explain::featureName(b).isEmpty() ? u"BIT_"_s + QString::number(b) : Explain::featureName(b));
        setCell(features_, r, 2, set ? tr("yes") : tr("no"));
        setCell(features_, r, 3, Explain::featureMeaning(b));
        if (set) {
            for (int c = 0; c < 4; ++c) {
                QFont font = features_->item(r, c)->font();
                font.setBold(true);
                features_->item(r, c)->setFont(font);
            }
        }
    }
    features_->horizontalHeader()->setStretchLastSection(true);
    features_->resizeColumnsToContents();
    fitTableHeight(features_);
    lay->addWidget(features_);
    lay->addStretch(1);
}

} // namespace cmfw
