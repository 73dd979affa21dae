#pragma once
// The signer keys a person pinned as trusted (kept in settings by the app):
// verification says whether a .sig's signer is one of them (spec §8.2 leaves
// trust to the verifier; `cmf verify --pubkey` pins one key, this pins many).
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace cmfw {

struct TrustedKey {
    QString name;
    QString pubkey; // 64 lowercase hex digits
    bool operator==(const TrustedKey&) const = default;
};

class TrustedKeyList : public QObject {
    Q_OBJECT
public:
    explicit TrustedKeyList(QObject* parent = nullptr);
    const QList<TrustedKey>& keys() const { return keys_; }
    void setKeys(QList<TrustedKey> keys);
    // Adds or renames; false when pubkey is not 64 hex digits.
    bool add(const QString& name, const QString& pubkey);
    void remove(const QString& pubkey);
    std::optional<TrustedKey> find(const QString& pubkey) const;

    // 64 hex digits (either case), normalised to lowercase; empty when malformed.
    static QString normalise(const QString& pubkey);

Q_SIGNALS:
    void changed();

private:
    QList<TrustedKey> keys_;
};

} // namespace cmfw
