#pragma once
// The chat transcript as a text browser that renders only what it must, so
// a conversation of any length keeps the window responsive:
//   - a conversation that is loaded or replaced shows its last page of
//     messages (scrolled to the end); scrolling to the top, or the link
//     there, adds the page before it, keeping the view where it was;
//   - a change re-renders from the first message that differs: a streamed
//     reply redraws only itself, a new turn is appended;
//   - a message longer than shownChars() is shown in part, with a link to
//     the whole text (showMessageRequested);
//   - code blocks are laid out in the fixed font on a tinted background,
//     coloured by code_highlight.h in the palette's light or dark set, each
//     with a Copy link; every message has Edit / Delete (and Regenerate)
//     links and, with alternatives, a "‹ 2/3 ›" switcher: all as signals.
#include "chat/chat_message.h"

#include <QTextBrowser>

#include <vector>

namespace cmfw {

class TranscriptView : public QTextBrowser {
    Q_OBJECT
public:
    explicit TranscriptView(QWidget* parent = nullptr);

    // Brings the document in line with messages. streaming: the last message
    // is the reply being generated.
    void sync(const ChatMessages& messages, bool streaming);
    // Adds the page of messages before the first one shown (messages: the
    // same conversation sync was given).
    void showEarlier(const ChatMessages& messages);
    // The first message rendered; 0 when the whole conversation is.
    size_t firstShown() const { return first_; }
    size_t shownCount() const { return keys_.size(); }

Q_SIGNALS:
    // The user scrolled to the top, or followed the "earlier messages" link.
    void earlierRequested();
    // The "show the whole message" link of a message shown in part.
    void showMessageRequested(size_t index);
    void editRequested(size_t index);
    void deleteRequested(size_t index);
    void regenerateRequested(size_t index);
    void branchRequested(size_t index, size_t alternative);
    // The Copy link of code block k of message index (replyCodeBlocks).
    void copyCodeRequested(size_t index, size_t block);

protected:
    void changeEvent(QEvent* event) override;

private:
    void reset(const ChatMessages& messages, bool streaming);
    void removeFrom(size_t index);
    void append(const ChatMessages& messages, size_t from, bool streaming);
    void setHeader(); // the "N earlier messages" line above the first one shown
    void scrollToEnd();
    void decorateCode(int from, int to); // highlights the code blocks in [from, to)

    size_t first_ = 0;            // index of the first message shown
    std::vector<size_t> keys_;    // fingerprint of each message shown (its role, text, stats, liveness)
    std::vector<int> starts_;     // where each shown message starts, relative to headerEnd_
    int headerEnd_ = 0;           // document position where the header ends
    bool updating_ = false;       // our own changes move the scroll bar: not the user asking for more
    bool follow_ = true;          // at the end: stay there as the document grows (until the user scrolls up)
};

} // namespace cmfw
