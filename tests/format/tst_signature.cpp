// Detached Ed25519 signatures (spec §8.2): RFC 8032 known answers, SHA-256
// known answers, key files, and the sign/check contract of the .sig file.
#include "cmf/format/error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/signature.h"
#include "test_support.h"

#include <QCryptographicHash>
#include <QDir>
#include <QTest>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>
#include <optional>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace cmf;
using namespace cmf::sig;

namespace {

template <size_t N>
std::array<uint8_t, N> arr(const char* hexDigits) {
    const auto raw = fromHex(hexDigits);
    if (!raw || raw->size() != N) qFatal("bad test vector %s", hexDigits);
    std::array<uint8_t, N> out{};
    std::memcpy(out.data(), raw->data(), N);
    return out;
}

std::vector<uint8_t> bytes(const char* hexDigits) {
    const auto raw = fromHex(hexDigits);
    if (!raw) qFatal("bad hex %s", hexDigits);
    return std::vector<uint8_t>(raw->begin(), raw->end());
}

std::string path(const std::string& name) { return cmftest::tempDir() + "/" + name; }

void writeFile(const std::string& p, std::string_view content) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(content.data(), std::streamsize(content.size()));
    if (!out) qFatal("cannot write %s", p.c_str());
}

// A hand-written key file, private as keygen would make it (readKeyFile
// refuses one that group or others can access).
void writeKeyText(const std::string& p, std::string_view content) {
    writeFile(p, content);
    if (::chmod(p.c_str(), 0600) != 0) qFatal("cannot chmod %s", p.c_str());
}

std::string readFile(const std::string& p) {
    const auto b = cmftest::readBytes(p);
    return std::string(b.begin(), b.end());
}

bool exists(const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0;
}

// The cmf::Error a call throws, or nullopt when it returns normally.
template <class F>
std::optional<Error> thrown(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e;
    }
    return std::nullopt;
}

bool isLowerHex(const std::string& s, size_t len) {
    return s.size() == len && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A fixed key so failures are reproducible.
const Seed kSeed = arr<32>("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");

// A model-sized-for-tests file plus its .sig, fresh for each test.
std::string signedFile(const std::string& name, std::string_view content = "CMF2 pretend model bytes") {
    const std::string p = path(name);
    writeFile(p, content);
    signFile(p, kSeed);
    return p;
}

} // namespace

class TestSignature : public QObject {
    Q_OBJECT

private slots:
    void rfc8032_data();
    void rfc8032();
    void sha256KnownAnswers_data();
    void sha256KnownAnswers();
    void sha256MultiChunkAndProgress();
    void keygenWritesPrivateFileAndRefusesOverwrite();
    void keyFileIsPrivateWhateverTheUmask();
    void readKeyFileAcceptsWhitespaceAndCase();
    void readKeyFileRejectsBadKeys_data();
    void readKeyFileRejectsBadKeys();
    void readKeyFileRefusesOpenModes_data();
    void readKeyFileRefusesOpenModes();
    void signCheckRoundTrip();
    void emptyFileRoundTrip();
    void sigJsonShape();
    void resignReplacesAtomically();
    void failedRenameLeavesNoTempFile();
    void staleTempFileIsRemovedByTheNextSign();
    void tamperedFileIsInvalid();
    void tamperedSigIsInvalid();
    void tamperedDigestIsInvalid();
    void pinnedKey();
    void absentSignature();
    void malformedSig_data();
    void malformedSig();
    void malformedPinIsAnError();
    void sigForAnotherFile();
    void truncatedSigHex();
    void truncatedSigJson();
    void wrongAlgorithm();
    void swappedPublicKey();
    void rejectionReasonsAreDistinct();
    void pinnedSeedIsNeverEchoed();
    void cancel();
};

// RFC 8032 §7.1, TEST 1..3 (secret key = 32-byte seed).
void TestSignature::rfc8032_data() {
    QTest::addColumn<QByteArray>("seed");
    QTest::addColumn<QByteArray>("pubkey");
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<QByteArray>("signature");
    QTest::newRow("TEST 1 (empty)")
        << QByteArray("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
        << QByteArray("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a") << QByteArray("")
        << QByteArray("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    QTest::newRow("TEST 2 (72)")
        << QByteArray("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb")
        << QByteArray("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c") << QByteArray("72")
        << QByteArray("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
    QTest::newRow("TEST 3 (af82)")
        << QByteArray("c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7")
        << QByteArray("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025") << QByteArray("af82")
        << QByteArray("6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a");
}

void TestSignature::rfc8032() {
    QFETCH(QByteArray, seed);
    QFETCH(QByteArray, pubkey);
    QFETCH(QByteArray, message);
    QFETCH(QByteArray, signature);
    const Seed s = arr<32>(seed.constData());
    const auto msg = bytes(message.constData());

    const PublicKey pk = publicKeyFromSeed(s);
    QCOMPARE(toHex(pk.data(), pk.size()), pubkey.toStdString());
    const SignatureBytes sig = signMessage(s, msg.data(), msg.size());
    QCOMPARE(toHex(sig.data(), sig.size()), signature.toStdString());
    QVERIFY(verifyMessage(pk, msg.data(), msg.size(), sig));

    // One flipped bit in the message or the signature must fail.
    std::vector<uint8_t> other = msg;
    other.push_back(0x00);
    QVERIFY(!verifyMessage(pk, other.data(), other.size(), sig));
    SignatureBytes bad = sig;
    bad[10] ^= 0x01;
    QVERIFY(!verifyMessage(pk, msg.data(), msg.size(), bad));
}

void TestSignature::sha256KnownAnswers_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("digest");
    QTest::newRow("empty") << QByteArray() << "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    QTest::newRow("abc") << QByteArray("abc") << "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    QTest::newRow("448-bit") << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                             << "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
}

void TestSignature::sha256KnownAnswers() {
    QFETCH(QByteArray, content);
    QFETCH(QString, digest);
    const std::string p = path(std::string("kat-") + QTest::currentDataTag());
    writeFile(p, std::string_view(content.constData(), size_t(content.size())));
    const Digest d = sha256File(p);
    QCOMPARE(toHex(d.data(), d.size()), digest.toStdString());
}

// Crosses the 8 MiB chunk boundary; Qt's SHA-256 is an independent oracle.
void TestSignature::sha256MultiChunkAndProgress() {
    std::string content(8 * 1024 * 1024 + 12345, '\0');
    uint32_t x = 2463534242u;
    for (char& c : content) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        c = char(x);
    }
    const std::string p = path("multichunk.bin");
    writeFile(p, content);

    std::vector<std::pair<uint64_t, uint64_t>> reports;
    bool phaseOk = true;
    Control control;
    control.progress = [&](uint64_t done, uint64_t total, std::string_view phase) {
        reports.emplace_back(done, total);
        phaseOk = phaseOk && phase == "sha256";
    };
    const Digest d = sha256File(p, control);
    const QByteArray expected = QCryptographicHash::hash(QByteArray::fromStdString(content), QCryptographicHash::Sha256);
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(d.data()), int(d.size())), expected);

    QVERIFY(phaseOk);
    QVERIFY(reports.size() >= 3); // start + two chunks
    for (size_t i = 0; i < reports.size(); ++i) {
        QCOMPARE(reports[i].second, uint64_t(content.size()));
        if (i) QVERIFY(reports[i].first >= reports[i - 1].first);
    }
    QCOMPARE(reports.back().first, uint64_t(content.size()));
}

void TestSignature::keygenWritesPrivateFileAndRefusesOverwrite() {
    const std::string p = path("key.hex");
    const Seed seed = generateSeed();
    QVERIFY(seed != generateSeed());
    writeKeyFile(p, seed);

    struct stat st {};
    QCOMPARE(::stat(p.c_str(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
    const std::string text = readFile(p);
    QCOMPARE(text.size(), size_t(65));
    QVERIFY(isLowerHex(text.substr(0, 64), 64));
    QCOMPARE(text.back(), '\n');
    QVERIFY(readKeyFile(p) == seed);

    const auto e = thrown([&] { writeKeyFile(p, generateSeed()); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Io);
    QVERIFY2(std::string(e->what()).find(p) != std::string::npos, e->what());
    QVERIFY(readKeyFile(p) == seed); // the original key is untouched
}

// O_CREAT with mode 0600 is masked by the umask but never widened by it:
// even a umask of 0 leaves the key private.
void TestSignature::keyFileIsPrivateWhateverTheUmask() {
    for (const mode_t mask : {mode_t(0), mode_t(022), mode_t(077)}) {
        const std::string p = path("umask-" + std::to_string(mask) + ".key");
        const mode_t old = ::umask(mask);
        writeKeyFile(p, kSeed);
        ::umask(old);
        struct stat st {};
        QCOMPARE(::stat(p.c_str(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QVERIFY(readKeyFile(p) == kSeed);
    }
}

void TestSignature::readKeyFileAcceptsWhitespaceAndCase() {
    const std::string p = path("key-ws.hex");
    writeKeyText(p, "  \n\t000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F\r\n\n");
    QVERIFY(readKeyFile(p) == kSeed);
}

void TestSignature::readKeyFileRejectsBadKeys_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("short") << QByteArray("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e\n");
    QTest::newRow("long") << QByteArray("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f00\n");
    QTest::newRow("not hex") << QByteArray("zz0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n");
    QTest::newRow("inner space") << QByteArray("00010203040506070809 0a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n");
    QTest::newRow("huge") << QByteArray(100000, 'a');
}

void TestSignature::readKeyFileRejectsBadKeys() {
    QFETCH(QByteArray, content);
    const std::string p = path(std::string("badkey-") + QTest::currentDataTag());
    writeKeyText(p, std::string_view(content.constData(), size_t(content.size())));
    const auto e = thrown([&] { readKeyFile(p); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Signature);
    QVERIFY2(std::string(e->what()).find(p) != std::string::npos, e->what());
    QVERIFY2(std::string(e->what()).find("not a key file") != std::string::npos, e->what());
    // The message never quotes the file, which may be most of a seed.
    if (content.size() >= 16)
        QVERIFY2(std::string(e->what()).find(content.left(16).toStdString()) == std::string::npos, e->what());

    const auto missing = thrown([&] { readKeyFile(path("no-such-key")); });
    QVERIFY(missing);
    QCOMPARE(missing->kind(), ErrorKind::Io);
}

// A key others can read may already be copied; one others can write may
// have been swapped. Refused with the file and the fix in the message, and
// usable again after exactly that fix.
void TestSignature::readKeyFileRefusesOpenModes_data() {
    QTest::addColumn<uint>("mode");
    QTest::addColumn<bool>("refused");
    QTest::newRow("0600") << 0600u << false;
    QTest::newRow("0400") << 0400u << false;
    QTest::newRow("0700") << 0700u << false;
    QTest::newRow("0644 world-readable") << 0644u << true;
    QTest::newRow("0604 world-readable only") << 0604u << true;
    QTest::newRow("0640 group-readable") << 0640u << true;
    QTest::newRow("0660 group-writable") << 0660u << true;
    QTest::newRow("0602 world-writable") << 0602u << true;
    QTest::newRow("0666") << 0666u << true;
}

void TestSignature::readKeyFileRefusesOpenModes() {
    QFETCH(uint, mode);
    QFETCH(bool, refused);
    const std::string p = path(std::string("mode-") + QTest::currentDataTag() + ".key");
    const std::string seedHex = toHex(kSeed.data(), kSeed.size());
    writeFile(p, seedHex + "\n");
    QCOMPARE(::chmod(p.c_str(), mode_t(mode)), 0);
    const auto e = thrown([&] { readKeyFile(p); });
    if (!refused) {
        QVERIFY2(!e, e ? e->what() : "");
        return;
    }
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Signature);
    const std::string msg = e->what();
    char octal[8];
    std::snprintf(octal, sizeof octal, "%04o", mode);
    QVERIFY2(msg.find(p + ": refusing to use a signing key that group or others can access") == 0, msg.c_str());
    QVERIFY2(msg.find(std::string("(mode ") + octal + ")") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("`chmod 600 " + p + "`") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find(seedHex.substr(0, 16)) == std::string::npos, msg.c_str());
    // The fix the message names is the fix.
    QCOMPARE(::chmod(p.c_str(), 0600), 0);
    QVERIFY(readKeyFile(p) == kSeed);
}

void TestSignature::signCheckRoundTrip() {
    const std::string p = path("roundtrip.cmf");
    writeFile(p, "CMF2 pretend model bytes");
    const SignatureFile written = signFile(p, kSeed);
    QCOMPARE(signaturePath(p), p + ".sig");
    QVERIFY(exists(p + ".sig"));

    const PublicKey pk = publicKeyFromSeed(kSeed);
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY(c.present);
    QVERIFY2(c.valid, c.detail.c_str());
    QCOMPARE(c.pubkey, toHex(pk.data(), pk.size()));
    QCOMPARE(c.pubkey, written.pubkey);
    QVERIFY(c.detail.empty());
}

void TestSignature::emptyFileRoundTrip() {
    const std::string p = signedFile("empty.cmf", "");
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY2(c.valid, c.detail.c_str());
    const auto j = cmftest::loadJson(p + ".sig");
    QCOMPARE(j["sha256"].get<std::string>(), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
}

// The four keys, lowercase hex, and sig = Ed25519 over the raw 32-byte digest
// (what the reference tool writes).
void TestSignature::sigJsonShape() {
    const std::string p = path("shape.cmf");
    writeFile(p, "abc");
    const SignatureFile written = signFile(p, kSeed);
    const auto j = cmftest::loadJson(p + ".sig");
    QVERIFY(j.is_object());
    QCOMPARE(j.size(), size_t(4));
    for (const char* k : {"alg", "pubkey", "sha256", "sig"}) {
        QVERIFY2(j.contains(k), k);
        QVERIFY2(j[k].is_string(), k);
    }
    QCOMPARE(j["alg"].get<std::string>(), std::string("ed25519-sha256"));
    QVERIFY(isLowerHex(j["pubkey"].get<std::string>(), 64));
    QVERIFY(isLowerHex(j["sha256"].get<std::string>(), 64));
    QVERIFY(isLowerHex(j["sig"].get<std::string>(), 128));
    QCOMPARE(j["sha256"].get<std::string>(), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(j["pubkey"].get<std::string>(), written.pubkey);
    QCOMPARE(j["sig"].get<std::string>(), written.sig);
    QCOMPARE(written.alg, std::string("ed25519-sha256"));

    const Digest d = arr<32>(j["sha256"].get<std::string>().c_str());
    const SignatureBytes s = arr<64>(j["sig"].get<std::string>().c_str());
    QVERIFY(verifyMessage(publicKeyFromSeed(kSeed), d.data(), d.size(), s));
}

void TestSignature::resignReplacesAtomically() {
    const std::string p = signedFile("resign.cmf");
    const Seed other = generateSeed();
    const PublicKey otherPk = publicKeyFromSeed(other);
    signFile(p, other);
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY2(c.valid, c.detail.c_str());
    QCOMPARE(c.pubkey, toHex(otherPk.data(), otherPk.size()));
    const QStringList leftovers = QDir(QString::fromStdString(cmftest::tempDir())).entryList({"resign.cmf.sig.tmp-*"});
    QVERIFY2(leftovers.isEmpty(), qPrintable(leftovers.join(' ')));
}

// A directory squatting on <file>.sig makes the final rename fail: the error
// is Io and the temp file is gone.
void TestSignature::failedRenameLeavesNoTempFile() {
    const std::string p = path("blocked.cmf");
    writeFile(p, "x");
    QVERIFY(QDir().mkpath(QString::fromStdString(p + ".sig")));
    const auto e = thrown([&] { signFile(p, kSeed); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Io);
    QVERIFY2(std::string(e->what()).find(p + ".sig") != std::string::npos, e->what());
    const QStringList leftovers = QDir(QString::fromStdString(cmftest::tempDir())).entryList({"blocked.cmf.sig.tmp-*"});
    QVERIFY2(leftovers.isEmpty(), qPrintable(leftovers.join(' ')));
}

// The signer follows writer.h's temporary-file rule: a FILE.sig.tmp-XXXXXX
// whose lock is free (its signer was killed) is removed by the next sign; one
// whose lock is held (a signer at work) is kept until that lock is gone.
void TestSignature::staleTempFileIsRemovedByTheNextSign() {
    const std::string p = signedFile("stale.cmf");
    const std::string stale = p + ".sig.tmp-Dead01", live = p + ".sig.tmp-Live01", odd = p + ".sig.tmp";
    for (const auto& t : {stale, live, odd}) writeFile(t, "{\"alg\": \"ed25519\", \"pubkey\": \"half a");
    const int fd = ::open(live.c_str(), O_RDONLY | O_CLOEXEC);
    QVERIFY(fd >= 0);
    QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0);
    signFile(p, kSeed);
    QVERIFY(checkSignature(p, std::nullopt).valid);
    QVERIFY(!exists(stale));
    QVERIFY(exists(live));
    QVERIFY(exists(odd)); // not a name of the rule: never touched
    ::close(fd);
    signFile(p, kSeed);
    QVERIFY(!exists(live));
    const QStringList leftovers = QDir(QString::fromStdString(cmftest::tempDir())).entryList({"stale.cmf.sig.tmp-*"});
    QVERIFY2(leftovers.isEmpty(), qPrintable(leftovers.join(' ')));
    ::unlink(odd.c_str());
}

void TestSignature::tamperedFileIsInvalid() {
    const std::string p = signedFile("tamper-file.cmf");
    std::string content = readFile(p);
    content[5] ^= 0x01;
    writeFile(p, content);
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    QVERIFY2(c.detail.find("sha256") != std::string::npos, c.detail.c_str());
}

void TestSignature::tamperedSigIsInvalid() {
    const std::string p = signedFile("tamper-sig.cmf");
    auto j = cmftest::loadJson(p + ".sig");
    std::string s = j["sig"];
    s[7] = s[7] == '0' ? '1' : '0';
    j["sig"] = s;
    writeFile(p + ".sig", j.dump());
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    QVERIFY2(c.detail.find("does not verify") != std::string::npos, c.detail.c_str());
}

// Rewriting "sha256" to match a modified file does not help without the key.
void TestSignature::tamperedDigestIsInvalid() {
    const std::string p = signedFile("tamper-digest.cmf");
    writeFile(p, "a different model");
    const Digest d = sha256File(p);
    auto j = cmftest::loadJson(p + ".sig");
    j["sha256"] = toHex(d.data(), d.size());
    writeFile(p + ".sig", j.dump());
    const SignatureCheck c = checkSignature(p, std::nullopt);
    QVERIFY(!c.valid);
    QVERIFY2(c.detail.find("does not verify") != std::string::npos, c.detail.c_str());
}

void TestSignature::pinnedKey() {
    const std::string p = signedFile("pinned.cmf");
    const PublicKey pk = publicKeyFromSeed(kSeed);
    const std::string pkHex = toHex(pk.data(), pk.size());

    const PublicKey wrong = publicKeyFromSeed(generateSeed());
    const std::string wrongHex = toHex(wrong.data(), wrong.size());
    const SignatureCheck bad = checkSignature(p, wrongHex);
    QVERIFY(bad.present);
    QVERIFY(!bad.valid);
    QCOMPARE(bad.detail, "signed by " + pkHex + ", expected " + wrongHex);
    QCOMPARE(bad.pubkey, pkHex);

    const SignatureCheck good = checkSignature(p, QString::fromStdString(pkHex).toUpper().toStdString());
    QVERIFY2(good.valid, good.detail.c_str());
    QCOMPARE(good.pubkey, pkHex);
}

void TestSignature::absentSignature() {
    const std::string p = path("unsigned.cmf");
    writeFile(p, "unsigned");
    SignatureCheck c;
    const auto e = thrown([&] { c = checkSignature(p, std::nullopt); });
    QVERIFY(!e);
    QVERIFY(!c.present);
    QVERIFY(!c.valid);

    const PublicKey pk = publicKeyFromSeed(kSeed);
    const SignatureCheck pinned = checkSignature(p, toHex(pk.data(), pk.size()));
    QVERIFY(!pinned.present);
    QVERIFY(!pinned.valid);
    QCOMPARE(pinned.detail, std::string("no signature but --pubkey given"));
}

void TestSignature::malformedSig_data() {
    const PublicKey pk = publicKeyFromSeed(kSeed);
    const std::string pkHex = toHex(pk.data(), pk.size());
    const std::string zeros64(64, '0'), zeros128(128, '0');
    auto sig = [](const std::string& alg, const std::string& pub, const std::string& sha, const std::string& s) {
        return QByteArray::fromStdString(
            nlohmann::json{{"alg", alg}, {"pubkey", pub}, {"sha256", sha}, {"sig", s}}.dump());
    };
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("detailHas");
    QTest::newRow("not JSON") << QByteArray("{\"alg\": \"ed25519-sha256\", ") << "malformed";
    QTest::newRow("empty file") << QByteArray("") << "malformed";
    QTest::newRow("array") << QByteArray("[1,2,3]") << "malformed";
    QTest::newRow("no alg") << QByteArray("{\"pubkey\": \"00\"}") << "alg";
    QTest::newRow("wrong alg") << sig("ed25519", pkHex, zeros64, zeros128) << "algorithm";
    QTest::newRow("short pubkey") << sig("ed25519-sha256", pkHex.substr(2), zeros64, zeros128) << "pubkey";
    QTest::newRow("non-hex sha256") << sig("ed25519-sha256", pkHex, std::string(64, 'g'), zeros128) << "sha256";
    QTest::newRow("short sig") << sig("ed25519-sha256", pkHex, zeros64, zeros64) << "sig";
    QTest::newRow("numeric sig") << QByteArray::fromStdString(
        nlohmann::json{{"alg", "ed25519-sha256"}, {"pubkey", pkHex}, {"sha256", zeros64}, {"sig", 5}}.dump())
                                 << "sig";
}

void TestSignature::malformedSig() {
    QFETCH(QByteArray, content);
    QFETCH(QString, detailHas);
    const std::string p = signedFile(std::string("malformed-") + QTest::currentDataTag());
    writeFile(p + ".sig", std::string_view(content.constData(), size_t(content.size())));
    SignatureCheck c;
    const auto e = thrown([&] { c = checkSignature(p, std::nullopt); });
    QVERIFY2(!e, e ? e->what() : "");
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    QVERIFY2(c.detail.find(detailHas.toStdString()) != std::string::npos, c.detail.c_str());
}

void TestSignature::malformedPinIsAnError() {
    const std::string p = signedFile("badpin.cmf");
    const auto e = thrown([&] { checkSignature(p, std::string("abc")); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Signature);
}

namespace {

// The verdict on p after replacing its .sig by mutate(original .sig JSON).
SignatureCheck checkMutated(const std::string& name, const std::function<void(nlohmann::json&)>& mutate) {
    const std::string p = signedFile(name);
    auto j = cmftest::loadJson(p + ".sig");
    mutate(j);
    writeFile(p + ".sig", j.dump(2));
    return checkSignature(p, std::nullopt);
}

std::string otherPubkeyHex() {
    const PublicKey pk = publicKeyFromSeed(arr<32>("ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1eff"));
    return toHex(pk.data(), pk.size());
}

} // namespace

// A genuine .sig of one file next to another: the signature itself verifies,
// the digest it covers is not this file's.
void TestSignature::sigForAnotherFile() {
    const std::string a = signedFile("another-a.cmf", "model A");
    const std::string b = path("another-b.cmf");
    writeFile(b, "model B");
    writeFile(b + ".sig", readFile(a + ".sig"));
    const SignatureCheck c = checkSignature(b, std::nullopt);
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    const Digest db = sha256File(b), da = sha256File(a);
    QCOMPARE(c.detail, "the file's sha256 " + toHex(db.data(), db.size()) + " does not match the signature's sha256 " +
                           toHex(da.data(), da.size()) + " (the file changed after signing, or the .sig belongs to another file)");
    QVERIFY2(checkSignature(a, std::nullopt).valid, "the original pair still verifies");
}

void TestSignature::truncatedSigHex() {
    const SignatureCheck c = checkMutated("trunc-hex.cmf", [](nlohmann::json& j) {
        j["sig"] = j["sig"].get<std::string>().substr(0, 126);
    });
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    QCOMPARE(c.detail, std::string("malformed .sig: \"sig\" must be 128 hex digits, got 126 characters"));
    const SignatureCheck odd = checkMutated("trunc-hex-odd.cmf", [](nlohmann::json& j) {
        j["sig"] = j["sig"].get<std::string>().substr(0, 127);
    });
    QCOMPARE(odd.detail, std::string("malformed .sig: \"sig\" must be 128 hex digits, got 127 characters"));
}

void TestSignature::truncatedSigJson() {
    const std::string p = signedFile("trunc-json.cmf");
    const std::string full = readFile(p + ".sig");
    for (const size_t keep : {full.size() / 2, full.size() - 3, size_t(1)}) {
        writeFile(p + ".sig", full.substr(0, keep));
        const SignatureCheck c = checkSignature(p, std::nullopt);
        QVERIFY(c.present);
        QVERIFY(!c.valid);
        QVERIFY2(c.detail.rfind("malformed .sig: its JSON is not valid JSON at byte ", 0) == 0, c.detail.c_str());
    }
}

void TestSignature::wrongAlgorithm() {
    for (const char* alg : {"ed25519-sha512", "ED25519-SHA256", "", "rsa-sha256"}) {
        const SignatureCheck c = checkMutated(std::string("alg-") + alg + ".cmf", [&](nlohmann::json& j) { j["alg"] = alg; });
        QVERIFY(!c.valid);
        QCOMPARE(c.detail, "unsupported signature algorithm \"" + std::string(alg) + "\" (expected ed25519-sha256)");
    }
}

// Someone else's public key pasted over the signer's: the signature no
// longer verifies, and the detail names the key it was checked against.
void TestSignature::swappedPublicKey() {
    const std::string other = otherPubkeyHex();
    const SignatureCheck c = checkMutated("swapped-pk.cmf", [&](nlohmann::json& j) { j["pubkey"] = other; });
    QVERIFY(c.present);
    QVERIFY(!c.valid);
    QCOMPARE(c.pubkey, other);
    QCOMPARE(c.detail, "Ed25519 signature does not verify for pubkey " + other +
                           " (the sig, sha256 or pubkey field was altered, or the key was swapped)");
}

void TestSignature::rejectionReasonsAreDistinct() {
    const std::string other = otherPubkeyHex();
    std::set<std::string> reasons;
    const std::string a = signedFile("distinct-a.cmf", "A");
    const std::string b = path("distinct-b.cmf");
    writeFile(b, "B");
    writeFile(b + ".sig", readFile(a + ".sig"));
    reasons.insert(checkSignature(b, std::nullopt).detail.substr(0, 24));
    reasons.insert(checkMutated("distinct-hex.cmf", [](nlohmann::json& j) { j["sig"] = "00"; }).detail.substr(0, 24));
    reasons.insert(checkMutated("distinct-alg.cmf", [](nlohmann::json& j) { j["alg"] = "x"; }).detail.substr(0, 24));
    reasons.insert(checkMutated("distinct-pk.cmf", [&](nlohmann::json& j) { j["pubkey"] = other; }).detail.substr(0, 24));
    const std::string p = signedFile("distinct-json.cmf");
    writeFile(p + ".sig", "{\"alg\": \"ed25519");
    reasons.insert(checkSignature(p, std::nullopt).detail.substr(0, 24));
    QCOMPARE(reasons.size(), size_t(5)); // each failure reads differently from its first words
}

// `--pubkey $(cat signer.key)`: pinning the private seed. Recognised, and the
// seed is not echoed back; a malformed pin is not echoed either.
void TestSignature::pinnedSeedIsNeverEchoed() {
    const std::string p = signedFile("pin-seed.cmf");
    const std::string seedHex = toHex(kSeed.data(), kSeed.size());
    const SignatureCheck c = checkSignature(p, seedHex);
    QVERIFY(!c.valid);
    QVERIFY2(c.detail.find("PRIVATE seed") != std::string::npos, c.detail.c_str());
    QVERIFY2(c.detail.find(seedHex) == std::string::npos, c.detail.c_str());
    const PublicKey pk = publicKeyFromSeed(kSeed);
    QVERIFY2(c.detail.find(toHex(pk.data(), pk.size())) != std::string::npos, c.detail.c_str());

    const auto e = thrown([&] { checkSignature(p, "0x" + seedHex); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Signature);
    QVERIFY2(std::string(e->what()).find(seedHex) == std::string::npos, e->what());
    QCOMPARE(std::string(e->what()), std::string("pinned public key must be 64 hex digits, got 66 characters"));
}

void TestSignature::cancel() {
    const std::string p = signedFile("cancel.cmf");
    std::atomic<bool> flag{true};
    Control control;
    control.cancel = &flag;

    auto e = thrown([&] { sha256File(p, control); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Cancelled);

    // A cancelled check is an exception, not a verdict.
    e = thrown([&] { checkSignature(p, std::nullopt, control); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Cancelled);

    // A cancelled sign leaves the previous .sig exactly as it was.
    const std::string before = readFile(p + ".sig");
    e = thrown([&] { signFile(p, generateSeed(), control); });
    QVERIFY(e);
    QCOMPARE(e->kind(), ErrorKind::Cancelled);
    QCOMPARE(readFile(p + ".sig"), before);
}

QTEST_GUILESS_MAIN(TestSignature)
#include "tst_signature.moc"
