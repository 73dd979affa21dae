#pragma once
// Plain-language explanations of what the format library reports: verify
// problem kinds, open-error kinds and feature bits. The library's own
// messages are precise but technical (offsets, hashes); these sentences say
// what it means for the person holding the file.
#include "cmf/format/error.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace cmfw {

class Explain {
    Q_DECLARE_TR_FUNCTIONS(Explain)
public:
    // verify() Problem::kind, plus "signature" for a .sig that does not check.
    static QString problemTitle(const std::string& kind);
    static QString problemExplanation(const std::string& kind);

    // Why a file could not be opened.
    static QString errorTitle(cmf::ErrorKind kind);
    static QString errorExplanation(cmf::ErrorKind kind);
    static QString errorSpecRule(cmf::ErrorKind kind);
    static QString errorKindName(cmf::ErrorKind kind);

    // required_features bit n (§1.1): name and meaning; empty name for unknown bits.
    static QString featureName(int bit);
    static QString featureMeaning(int bit);
};

} // namespace cmfw
