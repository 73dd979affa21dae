#include "util/trusted_keys.h"

namespace cmfw {

TrustedKeyList::TrustedKeyList(QObject* parent) : QObject(parent) {}

QString TrustedKeyList::normalise(const QString& pubkey) {
    const QString k = pubkey.trimmed().toLower();
    if (k.size() != 64) return {};
    for (QChar c : k)
        if (!((c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'))) return {};
    return k;
}

void TrustedKeyList::setKeys(QList<TrustedKey> keys) {
    QList<TrustedKey> clean;
    for (auto& k : keys) {
        k.pubkey = normalise(k.pubkey);
        if (!k.pubkey.isEmpty() && !std::any_of(clean.begin(), clean.end(), [&](const TrustedKey& c) { return c.pubkey == k.pubkey; }))
            clean << k;
    }
    if (clean == keys_) return;
    keys_ = std::move(clean);
    Q_EMIT changed();
}

bool TrustedKeyList::add(const QString& name, const QString& pubkey) {
    const QString k = normalise(pubkey);
    if (k.isEmpty()) return false;
    for (auto& e : keys_) {
        if (e.pubkey == k) {
            e.name = name;
            Q_EMIT changed();
            return true;
        }
    }
    keys_ << TrustedKey{name, k};
    Q_EMIT changed();
    return true;
}

void TrustedKeyList::remove(const QString& pubkey) {
    const QString k = normalise(pubkey);
    if (keys_.removeIf([&](const TrustedKey& e) { return e.pubkey == k; }) > 0) Q_EMIT changed();
}

std::optional<TrustedKey> TrustedKeyList::find(const QString& pubkey) const {
    const QString k = normalise(pubkey);
    for (const auto& e : keys_)
        if (!k.isEmpty() && e.pubkey == k) return e;
    return std::nullopt;
}

} // namespace cmfw
