#pragma once
// Asks for a name under which to trust a signer's public key, showing the key
// so the person can compare it with its owner's.
#include <string>

class QString;
class QWidget;

namespace cmfw {

class TrustedKeyList;

class TrustDialog {
public:
    // True when the key was added.
    static bool ask(QWidget* parent, TrustedKeyList* keys, const std::string& pubkey);
    static bool ask(QWidget* parent, TrustedKeyList* keys, const QString& pubkey);
};

} // namespace cmfw
