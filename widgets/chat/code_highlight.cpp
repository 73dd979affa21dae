#include "chat/code_highlight.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace cmfw {
namespace {

enum State { Plain = 0, BlockComment = 1, TripleDouble = 2, TripleSingle = 3 };

const QSet<QString>& keywords(CodeLanguage l) {
    static const QSet<QString> c = {u"auto"_s, u"bool"_s, u"break"_s, u"case"_s, u"catch"_s, u"char"_s, u"class"_s, u"const"_s,
                                    u"constexpr"_s, u"continue"_s, u"default"_s, u"delete"_s, u"do"_s, u"double"_s, u"else"_s,
                                    u"enum"_s, u"explicit"_s, u"extern"_s, u"false"_s, u"float"_s, u"for"_s, u"if"_s, u"inline"_s,
                                    u"int"_s, u"long"_s, u"namespace"_s, u"new"_s, u"nullptr"_s, u"operator"_s, u"private"_s,
                                    u"protected"_s, u"public"_s, u"return"_s, u"short"_s, u"signed"_s, u"sizeof"_s, u"static"_s,
                                    u"struct"_s, u"switch"_s, u"template"_s, u"this"_s, u"throw"_s, u"true"_s, u"try"_s,
                                    u"typedef"_s, u"typename"_s, u"union"_s, u"unsigned"_s, u"using"_s, u"virtual"_s, u"void"_s,
                                    u"volatile"_s, u"while"_s, u"override"_s, u"final"_s, u"noexcept"_s, u"std"_s};
    static const QSet<QString> py = {u"and"_s, u"as"_s, u"assert"_s, u"async"_s, u"await"_s, u"break"_s, u"class"_s, u"continue"_s,
                                     u"def"_s, u"del"_s, u"elif"_s, u"else"_s, u"except"_s, u"False"_s, u"finally"_s, u"for"_s,
                                     u"from"_s, u"global"_s, u"if"_s, u"import"_s, u"in"_s, u"is"_s, u"lambda"_s, u"None"_s,
                                     u"nonlocal"_s, u"not"_s, u"or"_s, u"pass"_s, u"raise"_s, u"return"_s, u"True"_s, u"try"_s,
                                     u"while"_s, u"with"_s, u"yield"_s, u"self"_s};
    static const QSet<QString> js = {u"async"_s, u"await"_s, u"break"_s, u"case"_s, u"catch"_s, u"class"_s, u"const"_s,
                                     u"continue"_s, u"default"_s, u"delete"_s, u"do"_s, u"else"_s, u"export"_s, u"extends"_s,
                                     u"false"_s, u"finally"_s, u"for"_s, u"function"_s, u"if"_s, u"import"_s, u"in"_s,
                                     u"instanceof"_s, u"interface"_s, u"let"_s, u"new"_s, u"null"_s, u"of"_s, u"return"_s,
                                     u"switch"_s, u"this"_s, u"throw"_s, u"true"_s, u"try"_s, u"type"_s, u"typeof"_s,
                                     u"undefined"_s, u"var"_s, u"void"_s, u"while"_s, u"yield"_s};
    static const QSet<QString> rs = {u"as"_s, u"break"_s, u"const"_s, u"continue"_s, u"crate"_s, u"else"_s, u"enum"_s, u"false"_s,
                                     u"fn"_s, u"for"_s, u"if"_s, u"impl"_s, u"in"_s, u"let"_s, u"loop"_s, u"match"_s, u"mod"_s,
                                     u"move"_s, u"mut"_s, u"pub"_s, u"ref"_s, u"return"_s, u"self"_s, u"Self"_s, u"static"_s,
                                     u"struct"_s, u"trait"_s, u"true"_s, u"type"_s, u"unsafe"_s, u"use"_s, u"where"_s,
                                     u"while"_s};
    static const QSet<QString> go = {u"break"_s, u"case"_s, u"chan"_s, u"const"_s, u"continue"_s, u"default"_s, u"defer"_s,
                                     u"else"_s, u"false"_s, u"for"_s, u"func"_s, u"go"_s, u"if"_s, u"import"_s, u"interface"_s,
                                     u"map"_s, u"nil"_s, u"package"_s, u"range"_s, u"return"_s, u"select"_s, u"struct"_s,
                                     u"switch"_s, u"true"_s, u"type"_s, u"var"_s};
    static const QSet<QString> java = {u"abstract"_s, u"boolean"_s, u"break"_s, u"case"_s, u"catch"_s, u"class"_s, u"continue"_s,
                                       u"default"_s, u"do"_s, u"double"_s, u"else"_s, u"extends"_s, u"false"_s, u"final"_s,
                                       u"finally"_s, u"float"_s, u"for"_s, u"if"_s, u"implements"_s, u"import"_s, u"int"_s,
                                       u"interface"_s, u"long"_s, u"new"_s, u"null"_s, u"package"_s, u"private"_s,
                                       u"protected"_s, u"public"_s, u"return"_s, u"static"_s, u"super"_s, u"switch"_s,
                                       u"this"_s, u"throw"_s, u"throws"_s, u"true"_s, u"try"_s, u"void"_s, u"while"_s};
    static const QSet<QString> sh = {u"case"_s, u"do"_s, u"done"_s, u"elif"_s, u"else"_s, u"esac"_s, u"export"_s, u"fi"_s,
                                     u"for"_s, u"function"_s, u"if"_s, u"in"_s, u"local"_s, u"then"_s, u"until"_s, u"while"_s,
                                     u"echo"_s, u"return"_s};
    static const QSet<QString> json = {u"true"_s, u"false"_s, u"null"_s};
    static const QSet<QString> generic = c + py + js + rs;
    switch (l) {
    case CodeLanguage::C: return c;
    case CodeLanguage::Python: return py;
    case CodeLanguage::JavaScript: return js;
    case CodeLanguage::Rust: return rs;
    case CodeLanguage::Go: return go;
    case CodeLanguage::Java: return java;
    case CodeLanguage::Shell: return sh;
    case CodeLanguage::Json: return json;
    case CodeLanguage::Generic: break;
    }
    return generic;
}

bool hashComments(CodeLanguage l) { return l == CodeLanguage::Python || l == CodeLanguage::Shell; }
bool slashComments(CodeLanguage l) { return !hashComments(l) && l != CodeLanguage::Json; }
bool identStart(QChar c) { return c.isLetter() || c == u'_'; }
bool identPart(QChar c) { return c.isLetterOrNumber() || c == u'_'; }

} // namespace

CodeLanguage codeLanguage(const QString& info) {
    const QString l = info.trimmed().section(u' ', 0, 0).toLower();
    if (l == u"c" || l == u"cpp" || l == u"c++" || l == u"cxx" || l == u"cc" || l == u"h" || l == u"hpp") return CodeLanguage::C;
    if (l == u"python" || l == u"py" || l == u"python3") return CodeLanguage::Python;
    if (l == u"javascript" || l == u"js" || l == u"typescript" || l == u"ts" || l == u"jsx" || l == u"tsx") return CodeLanguage::JavaScript;
    if (l == u"rust" || l == u"rs") return CodeLanguage::Rust;
    if (l == u"go" || l == u"golang") return CodeLanguage::Go;
    if (l == u"java" || l == u"kotlin" || l == u"csharp" || l == u"cs" || l == u"c#") return CodeLanguage::Java;
    if (l == u"sh" || l == u"bash" || l == u"shell" || l == u"zsh" || l == u"console") return CodeLanguage::Shell;
    if (l == u"json") return CodeLanguage::Json;
    return CodeLanguage::Generic;
}

std::vector<SyntaxSpan> highlightLine(QStringView s, CodeLanguage lang, int& state) {
    std::vector<SyntaxSpan> out;
    const qsizetype n = s.size();
    qsizetype i = 0;
    const auto add = [&](qsizetype start, qsizetype end, SyntaxKind k) {
        if (end > start) out.push_back({start, end - start, k});
    };
    // Finishes a construct left open by the line before.
    const auto closeOpen = [&](QStringView closer, SyntaxKind k) {
        const qsizetype e = s.indexOf(closer, i);
        if (e < 0) {
            add(i, n, k);
            i = n;
            return;
        }
        add(i, e + closer.size(), k);
        i = e + closer.size();
        state = Plain;
    };
    if (state == BlockComment) closeOpen(u"*/", SyntaxKind::Comment);
    else if (state == TripleDouble) closeOpen(u"\"\"\"", SyntaxKind::String);
    else if (state == TripleSingle) closeOpen(u"'''", SyntaxKind::String);
    const QSet<QString>& words = keywords(lang);
    while (i < n) {
        const QChar c = s[i];
        if ((hashComments(lang) && c == u'#') || (slashComments(lang) && s.mid(i).startsWith(u"//"))) {
            add(i, n, SyntaxKind::Comment);
            break;
        }
        if (slashComments(lang) && s.mid(i).startsWith(u"/*")) {
            const qsizetype e = s.indexOf(u"*/", i + 2);
            if (e < 0) {
                add(i, n, SyntaxKind::Comment);
                state = BlockComment;
                break;
            }
            add(i, e + 2, SyntaxKind::Comment);
            i = e + 2;
            continue;
        }
        if (lang == CodeLanguage::Python && (s.mid(i).startsWith(u"\"\"\"") || s.mid(i).startsWith(u"'''"))) {
            const QStringView q = s.mid(i, 3);
            const qsizetype e = s.indexOf(q, i + 3);
            if (e < 0) {
                add(i, n, SyntaxKind::String);
                state = q[0] == u'"' ? TripleDouble : TripleSingle;
                break;
            }
            add(i, e + 3, SyntaxKind::String);
            i = e + 3;
            continue;
        }
        if (c == u'"' || c == u'\'' || (c == u'`' && lang == CodeLanguage::JavaScript)) {
            // A Rust lifetime ('a) is not a string: only a quote with its closer on the line is.
            qsizetype j = i + 1;
            while (j < n && s[j] != c) j += s[j] == u'\\' ? 2 : 1;
            if (j >= n && c == u'\'' && lang == CodeLanguage::Rust) {
                ++i;
                continue;
            }
            add(i, std::min(j + 1, n), SyntaxKind::String);
            i = j + 1;
            continue;
        }
        if (c.isDigit()) {
            qsizetype j = i;
            while (j < n && (s[j].isLetterOrNumber() || s[j] == u'.' || s[j] == u'_' || s[j] == u'\'')) ++j;
            add(i, j, SyntaxKind::Number);
            i = j;
            continue;
        }
        if (identStart(c) || (c == u'#' && lang == CodeLanguage::C)) {
            qsizetype j = i + 1;
            while (j < n && identPart(s[j])) ++j;
            const QString word = s.mid(i, j - i).toString();
            // C's preprocessor lines (#include, #define) read as keywords.
            if (words.contains(word) || (c == u'#' && j > i + 1)) add(i, j, SyntaxKind::Keyword);
            i = j;
            continue;
        }
        ++i;
    }
    return out;
}

QColor syntaxColor(SyntaxKind kind, bool dark) {
    // Two sets picked for contrast on a white and on a near-black base.
    switch (kind) {
    case SyntaxKind::Keyword: return dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x00, 0x33, 0xb3);
    case SyntaxKind::String: return dark ? QColor(0x98, 0xc3, 0x79) : QColor(0x06, 0x7d, 0x17);
    case SyntaxKind::Comment: return dark ? QColor(0x9a, 0xa0, 0xa6) : QColor(0x6a, 0x73, 0x7d);
    case SyntaxKind::Number: return dark ? QColor(0xf2, 0x9e, 0x6d) : QColor(0xa3, 0x15, 0x15);
    }
    return {};
}

} // namespace cmfw
