// `cmf keygen|sign|verify` and their error paths, end to end: the key file is
// private (0600), a key group or others can access is refused with the fix
// spelled out, and the secret seed never appears on stdout or stderr — not
// on success, not on any failure.
#include "cli_support.h"
#include "test_support.h"

#include <QFile>
#include <QTest>

#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

using clitest::Run;
using clitest::kit;
using clitest::q;
using clitest::runCmf;
using clitest::tmp;

std::string readText(const QString& path) {
    const auto b = cmftest::readBytes(path.toStdString());
    return std::string(b.begin(), b.end());
}

void writeText(const QString& path, const std::string& text, QFile::Permissions perms) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(text.data(), qint64(text.size())), qint64(text.size()));
    f.close();
    QVERIFY(f.setPermissions(perms));
}

mode_t modeOf(const QString& path) {
    struct stat st {};
    if (::stat(path.toLocal8Bit().constData(), &st) != 0) return mode_t(-1);
    return st.st_mode & 07777;
}

// Every 16-hex-digit window of the seed (64 bits of it): none may appear in
// what the binary printed. A window of random hex turning up by chance in
// a few KB of output is a ~2^-50 event.
bool leaks(const Run& r, const std::string& seedHex) {
    for (size_t i = 0; i + 16 <= seedHex.size(); ++i) {
        const std::string w = seedHex.substr(i, 16);
        if (r.out.find(w) != std::string::npos || r.err.find(w) != std::string::npos) return true;
    }
    return false;
}

#define EXPECT_NO_LEAK(run, seedHex)                                                                        \
    QVERIFY2(!leaks(run, seedHex), ("seed printed!\nstdout: " + (run).out + "\nstderr: " + (run).err).c_str())

QString S(const char* s) { return QString::fromLatin1(s); }

} // namespace

class TestCliKeys : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keygenSignVerifyNeverPrintSeed() {
        const QString key = tmp("k1.key"), model = tmp("k1.cmf");
        QVERIFY(QFile::copy(kit("valid/tiny-s7-F16.cmf"), model));
        QFile(model).setPermissions(QFile::ReadOwner | QFile::WriteOwner);

        const Run gen = runCmf({S("keygen"), S("--out"), key});
        QVERIFY2(gen.code == 0, gen.err.c_str());
        QCOMPARE(modeOf(key), mode_t(0600));
        const std::string seedHex = readText(key).substr(0, 64);
        QCOMPARE(seedHex.size(), size_t(64));
        EXPECT_NO_LEAK(gen, seedHex);
        const auto at = gen.out.find("pubkey ");
        QVERIFY(at != std::string::npos);
        const std::string pub = gen.out.substr(at + 7, 64);
        QVERIFY(pub != seedHex);

        const Run sign = runCmf({S("sign"), model, S("--key"), key});
        QVERIFY2(sign.code == 0, sign.err.c_str());
        EXPECT_NO_LEAK(sign, seedHex);
        QVERIFY(sign.out.find(pub) != std::string::npos);

        for (const QStringList& args : {QStringList{S("verify"), model}, QStringList{S("verify"), model, S("--json")},
                                        QStringList{S("verify"), model, S("--pubkey"), QString::fromStdString(pub)}}) {
            const Run v = runCmf(args);
            QVERIFY2(v.code == 0, (v.out + v.err).c_str());
            EXPECT_NO_LEAK(v, seedHex);
        }

        // keygen never overwrites a key, and does not show the one it found.
        const Run again = runCmf({S("keygen"), S("--out"), key});
        QCOMPARE(again.code, 2);
        EXPECT_NO_LEAK(again, seedHex);
        QCOMPARE(readText(key).substr(0, 64), seedHex);

        // Pinning the seed instead of the public key (`--pubkey $(cat KEY)`):
        // a failure that explains itself without echoing the seed.
        const Run pinSeed = runCmf({S("verify"), model, S("--pubkey"), QString::fromStdString(seedHex)});
        QCOMPARE(pinSeed.code, 1);
        QVERIFY2(pinSeed.out.find("PRIVATE seed") != std::string::npos, pinSeed.out.c_str());
        EXPECT_NO_LEAK(pinSeed, seedHex);
        const Run pinSeedJson = runCmf({S("verify"), model, S("--json"), S("--pubkey"), QString::fromStdString(seedHex)});
        QCOMPARE(pinSeedJson.code, 1);
        EXPECT_NO_LEAK(pinSeedJson, seedHex);
        const Run pinJunk = runCmf({S("verify"), model, S("--pubkey"), QString::fromStdString("0x" + seedHex)});
        QCOMPARE(pinJunk.code, 2);
        EXPECT_NO_LEAK(pinJunk, seedHex);

        // The key file handed to commands that expect a model.
        for (const char* verb : {"info", "verify"}) {
            const Run r = runCmf({S(verb), key});
            QVERIFY2(r.code == 1 || r.code == 2, (r.out + r.err).c_str()); // refused, not crashed
            EXPECT_NO_LEAK(r, seedHex);
        }
        // ... and a model handed to --key.
        const Run modelAsKey = runCmf({S("sign"), model, S("--key"), model});
        QCOMPARE(modelAsKey.code, 2);
    }

    // Group- or world-accessible key: refused, the file and `chmod 600 FILE`
    // named, no .sig written, no seed printed; fine again after the chmod.
    void openKeyIsRefused_data() {
        QTest::addColumn<int>("perms");
        QTest::addColumn<QString>("octal");
        QTest::newRow("world-readable 0644") << int(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther) << "0644";
        QTest::newRow("group-readable 0640") << int(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup) << "0640";
        QTest::newRow("world-readable only 0604") << int(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther) << "0604";
    }
    void openKeyIsRefused() {
        QFETCH(int, perms);
        QFETCH(QString, octal);
        const std::string tag = octal.toStdString();
        const QString key = tmp("open-" + tag + ".key"), model = tmp("open-" + tag + ".cmf");
        QVERIFY(QFile::copy(kit("valid/tiny-s7-F16.cmf"), model));
        QFile(model).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(runCmf({S("keygen"), S("--out"), key}).code, 0);
        const std::string seedHex = readText(key).substr(0, 64);
        QVERIFY(QFile(key).setPermissions(QFile::Permissions(perms)));
        QCOMPARE(modeOf(key), mode_t(std::stoi(tag, nullptr, 8)));

        const Run r = runCmf({S("sign"), model, S("--key"), key});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("Signature") != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find(key.toStdString() + ": refusing to use a signing key that group or others can access (mode " + tag + ")") !=
                     std::string::npos,
                 r.err.c_str());
        QVERIFY2(r.err.find("`chmod 600 " + key.toStdString() + "`") != std::string::npos, r.err.c_str());
        EXPECT_NO_LEAK(r, seedHex);
        QVERIFY(!QFile::exists(model + S(".sig")));

        QVERIFY(QFile(key).setPermissions(QFile::ReadOwner | QFile::WriteOwner)); // the fix the message gives
        const Run ok = runCmf({S("sign"), model, S("--key"), key});
        QVERIFY2(ok.code == 0, ok.err.c_str());
        EXPECT_NO_LEAK(ok, seedHex);
        QVERIFY(QFile::exists(model + S(".sig")));
    }

    // Broken key files (private, so only the content is wrong): refused as
    // "not a key file", and what they hold — often most of a seed — is not
    // quoted back.
    void badKeyFileIsNotQuoted_data() {
        const std::string seedHex = "8f1c2b7a9d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f506172839405a6b7c8";
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("secret");
        QTest::newRow("truncated seed") << QString::fromStdString(seedHex.substr(0, 62) + "\n") << QString::fromStdString(seedHex);
        QTest::newRow("seed plus junk") << QString::fromStdString(seedHex + "zz\n") << QString::fromStdString(seedHex);
        QTest::newRow("seed with a bad digit") << QString::fromStdString(seedHex.substr(0, 63) + "g\n") << QString::fromStdString(seedHex);
        QTest::newRow("two seeds") << QString::fromStdString(seedHex + "\n" + seedHex + "\n") << QString::fromStdString(seedHex);
    }
    void badKeyFileIsNotQuoted() {
        QFETCH(QString, content);
        QFETCH(QString, secret);
        const std::string tag = QTest::currentDataTag();
        const QString key = tmp("bad-" + tag + ".key"), model = tmp("bad-" + tag + ".cmf");
        QVERIFY(QFile::copy(kit("valid/tiny-s7-F16.cmf"), model));
        writeText(key, content.toStdString(), QFile::ReadOwner | QFile::WriteOwner);
        const Run r = runCmf({S("sign"), model, S("--key"), key});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find(key.toStdString() + ": not a key file") != std::string::npos, r.err.c_str());
        EXPECT_NO_LEAK(r, secret.toStdString().substr(0, 62));
        QVERIFY(!QFile::exists(model + S(".sig")));
    }

    void missingKeyFile() {
        const QString model = tmp("nokey.cmf");
        QVERIFY(QFile::copy(kit("valid/tiny-s7-F16.cmf"), model));
        const Run r = runCmf({S("sign"), model, S("--key"), tmp("no-such.key")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.find("no-such.key: cannot open") != std::string::npos, r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCliKeys)
#include "tst_cli_keys.moc"
