#pragma once
// A small syntax highlighter for the code blocks of chat replies: keywords,
// strings, comments and numbers of the common languages (C and C++, Python,
// JavaScript / TypeScript, Rust, Go, Java, shell, JSON), one line at a time
// with the state a block comment or a triple-quoted string carries to the
// next line. Enough to read a reply's code; not a parser.
#include <QColor>
#include <QString>
#include <QStringView>

#include <vector>

namespace cmfw {

enum class SyntaxKind { Keyword, String, Comment, Number };

struct SyntaxSpan {
    qsizetype start = 0;
    qsizetype length = 0;
    SyntaxKind kind = SyntaxKind::Keyword;
    bool operator==(const SyntaxSpan& o) const { return start == o.start && length == o.length && kind == o.kind; }
};

// What a fence's info string names ("cpp", "c++", "py", "ts", …); an
// unknown or empty one highlights as a generic C-like language with the
// keywords most languages share.
enum class CodeLanguage { Generic, C, Python, JavaScript, Rust, Go, Java, Shell, Json };
CodeLanguage codeLanguage(const QString& info);

// The spans of one line. state: 0 at the start of a block; carries an open
// block comment or triple-quoted string into the next line.
std::vector<SyntaxSpan> highlightLine(QStringView line, CodeLanguage language, int& state);

// The colour of a kind, readable on a light palette (dark = false) and a dark one.
QColor syntaxColor(SyntaxKind kind, bool dark);

} // namespace cmfw
