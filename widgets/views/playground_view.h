#pragma once
// The tokenizer playground (under Tokenizer in a file's tree): the file's own
// tokenizer and chat template, live. Four tabs:
//  - Encode: text -> tokens as coloured spans (id on hover, optionally shown
//    after each span), special / added / byte-fallback tokens marked, counts,
//    the add-special-tokens and recognise-special-tokens switches of `cmf
//    tokenize` (--no-add-special, --split-special);
//  - Decode: a list of ids -> the text (`cmf tokenize --decode`);
//  - Vocabulary: search by text, id or regex, capped, with kind and BPE merge rank;
//  - Chat template: a small conversation rendered as `cmf template` renders
//    it, with the prompt's tokens.
// The tokenizer is loaded by a job; encoding, decoding, searching and
// rendering run on the thread pool (short inputs at once, long ones after a
// pause in typing), and only the newest result of each is shown.
#include "util/services.h"

#include <QPointer>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTextBrowser;
class QTimer;

namespace cmfw {

class CmfDocument;
class Job;
class VocabTableModel;
struct EncodeResult;
struct PlaygroundTokenizer;
struct TemplateRender;
struct TokenSpan;

class PlaygroundView : public QWidget {
    Q_OBJECT
public:
    enum class Tab { Encode, Decode, Vocabulary, Template };
    enum class SearchMode { Text, Id, Regex };

    PlaygroundView(std::shared_ptr<const CmfDocument> doc, Services services, QWidget* parent = nullptr);
    ~PlaygroundView() override;

    // True while the tokenizer loads or a result is still being computed.
    bool busy() const;
    bool ready() const { return bool(tok_); }
    QString loadError() const { return loadError_; }
    void showTab(Tab t);

    // Encode
    void setText(const QString& text);
    void setAddSpecialTokens(bool on);
    void setRecogniseSpecialTokens(bool on);
    const std::vector<int32_t>& ids() const { return ids_; }
    QString encodeError() const;
    QString countsText() const;
    QTextBrowser* spans() const { return spans_; }
    // Decode
    void setDecodeInput(const QString& ids);
    void setSkipSpecial(bool on);
    QString decodedText() const;
    QString decodeError() const;
    // Vocabulary
    void setSearch(SearchMode mode, const QString& pattern);
    std::vector<int32_t> searchIds() const;
    size_t searchTotal() const;
    QString searchError() const;
    QTableView* vocabTable() const { return vocabTable_; }
    // Chat template: rows of (role, content)
    void setConversation(const QList<QPair<QString, QString>>& messages);
    void setAddGenerationPrompt(bool on);
    QString renderedText() const;
    QString renderError() const;
    const std::vector<int32_t>& renderedIds() const { return renderedIds_; }

    // How many spans a span view shows at most (the rest is counted, not drawn).
    static constexpr size_t kMaxSpans = 5000;
    // How many rows the vocabulary search lists at most.
    static constexpr size_t kMaxRows = 2000;

Q_SIGNALS:
    void loaded();
    void encoded();
    void decoded();
    void searched();
    void rendered();

private:
    QWidget* buildEncodeTab();
    QWidget* buildDecodeTab();
    QWidget* buildVocabTab();
    QWidget* buildTemplateTab();
    void onLoaded(std::shared_ptr<const PlaygroundTokenizer> tok);
    void scheduleEncode();
    void runEncode();
    void showEncoding(const EncodeResult& r, const QString& html);
    void scheduleDecode();
    void runDecode();
    void runSearch();
    void scheduleRender();
    void runRender();
    void showRender(const TemplateRender& r, const QString& html);
    void addMessageRow(const QString& role, const QString& content);
    QString spansHtml(const std::vector<TokenSpan>& spans) const;
    // Runs work on the pool; done(result) on the GUI thread unless a newer call
    // with the same counter started meanwhile.
    template <class R, class W, class D>
    void runLatest(quint64& counter, W work, D done);

    std::shared_ptr<const CmfDocument> doc_;
    Services services_;
    QPointer<Job> loadJob_;
    std::shared_ptr<const PlaygroundTokenizer> tok_;
    QString loadError_;
    int pending_ = 0;
    quint64 encodeGen_ = 0, decodeGen_ = 0, searchGen_ = 0, renderGen_ = 0;
    QTimer *encodeTimer_, *decodeTimer_, *searchTimer_, *renderTimer_;

    QLabel* state_;
    QTabWidget* tabs_;
    // Encode
    QPlainTextEdit* input_;
    QCheckBox *addSpecial_, *recogniseSpecial_, *showIds_;
    QLabel* counts_;
    QLabel* legend_;
    QTextBrowser* spans_;
    QPlainTextEdit* idsOut_;
    QLabel* encodeError_;
    std::vector<int32_t> ids_;
    // Decode
    QPlainTextEdit* decodeIn_;
    QCheckBox* skipSpecial_;
    QPlainTextEdit* decodeOut_;
    QLabel* decodeError_;
    QString decoded_; // exactly as decoded (the text box may show it differently)
    // Vocabulary
    QComboBox* searchMode_;
    QLineEdit* searchText_;
    QLabel* searchNote_;
    QTableView* vocabTable_;
    VocabTableModel* vocabModel_;
    QString searchError_;
    size_t searchTotal_ = 0;
    // Chat template
    QTableWidget* messages_;
    QCheckBox* generationPrompt_;
    QLabel* templateNote_;
    QPlainTextEdit* renderedOut_;
    QLabel* renderCounts_;
    QTextBrowser* renderSpans_;
    QLabel* renderError_;
    std::vector<int32_t> renderedIds_;
    QString rendered_;
};

} // namespace cmfw
