// Crash safety of the verbs that write (issue 11): `cmf convert`, `cmf
// requant` (over an existing file), `cmf skill add` (in place) and `cmf skill
// apply`, each killed with SIGKILL many times — at seeded random moments
// spread uniformly over its own measured run time, and at each critical point
// named by the test-only CMF_TEST_KILL_AT_PHASE (format/src/crash_point.h).
// After every kill the target must be one of:
//   absent                 a new-file writer whose target did not exist;
//   the old file           byte for byte (a writer over an existing file);
//   the old file + a dead  tail: for the in-place append, its first bytes are
//                          the old file byte for byte and `cmf verify` passes
//                          (§1.2: bytes no section addresses are no error);
//   the new file           byte for byte what an uninterrupted run writes,
//                          and `cmf verify` passes;
// never anything else. At most one stale `<target>.tmp-XXXXXX` (the killed
// run's own) and at most one append's worth of dead tail may be left: the
// next run removes what earlier ones left (writer.h, append.h), and a final
// uninterrupted run leaves no litter at all and the exact reference bytes.
// Beside that protocol: a shard set killed between its two phases and at a
// few moments (one set or the other, never a mix), and the temporaries of
// `skill add --output` and `skill bake` (only the rule's names, removed by the
// next run or at once on failure).
#include "cli_support.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

namespace fs = std::filesystem;
using clitest::q;
using clitest::runCmf;
using clitest::tmp;

namespace {


using Bytes = std::vector<uint8_t>;

Bytes slurp(const std::string& path) {
    Bytes out;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
        std::fseek(f, 0, SEEK_END);
        out.resize(size_t(std::ftell(f)));
        std::fseek(f, 0, SEEK_SET);
        if (std::fread(out.data(), 1, out.size(), f) != out.size()) out.clear();
        std::fclose(f);
    }
    return out;
}

void spit(const std::string& path, const Bytes& b) {
    std::ofstream o(path, std::ios::binary | std::ios::trunc);
    o.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

// Every `<target>.tmp-*` beside the target.
std::vector<std::string> tempsOf(const std::string& target) {
    const std::string prefix = fs::path(target).filename().string() + ".tmp-";
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(fs::path(target).parent_path()))
        if (e.path().filename().string().rfind(prefix, 0) == 0) out.push_back(e.path().string());
    return out;
}

// Every file beside the target whose name extends the target's: the rule's
// temporaries and anything else a writer may have left (`.cmf-staging`...).
std::vector<std::string> siblingsOf(const std::string& target) {
    const std::string name = fs::path(target).filename().string();
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(fs::path(target).parent_path())) {
        const std::string n = e.path().filename().string();
        if (n.size() > name.size() && n.rfind(name, 0) == 0) out.push_back(n.substr(name.size()));
    }
    return out;
}

// Whether every one of them is a temporary of the rule (writer.h): ".tmp-"
// and six letters or digits, possibly a temporary's own temporary.
bool allRuleTemporaries(const std::vector<std::string>& suffixes) {
    for (std::string s : suffixes) {
        do {
            if (s.size() < 11 || s.compare(0, 5, ".tmp-") != 0 ||
                !std::all_of(s.begin() + 5, s.begin() + 11, [](unsigned char c) { return std::isalnum(c) != 0; }))
                return false;
            s.erase(0, 11);
        } while (!s.empty());
    }
    return true;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
    return s;
}

// Empty when target is absent and exactly n temporaries of the rule stand
// beside it; else what stands there.
std::string onlyRuleTemporaries(const std::string& target, size_t n) {
    const auto found = siblingsOf(target);
    if (!fs::exists(target) && found.size() == n && allRuleTemporaries(found)) return {};
    return (fs::exists(target) ? "target exists; " : "") + joined(found);
}

int verifyCode(const std::string& path) { return runCmf({"verify", q(path)}).code; }

struct RunResult {
    bool killed = false; // ended by SIGKILL (ours or its own)
    int code = -1;       // the exit code otherwise
    double ms = 0;       // start to end
    std::string err;
};

// Starts `cmf args`; kills it killAfterMs after the start (< 0: never), or
// lets it kill itself at a crash point (phase).
RunResult runWriter(const QStringList& args, double killAfterMs, const QString& phase = {}) {
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    if (!phase.isEmpty()) {
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CMF_TEST_KILL_AT_PHASE"), phase);
        p.setProcessEnvironment(env);
    }
    const auto t0 = std::chrono::steady_clock::now();
    p.start(QStringLiteral(CMF_BIN), args);
    p.waitForStarted();
    if (killAfterMs >= 0) {
        // No event loop runs while we sleep, so an early exit stays a zombie
        // until waitForFinished: the pid cannot have been reused.
        std::this_thread::sleep_until(t0 + std::chrono::microseconds(int64_t(killAfterMs * 1000)));
        ::kill(pid_t(p.processId()), SIGKILL);
    }
    p.waitForFinished(300000);
    RunResult r;
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    r.killed = p.exitStatus() == QProcess::CrashExit;
    r.code = r.killed ? -1 : p.exitCode();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

enum class Before { Absent, OldFile, InPlace };
enum class State { Absent, Old, OldDeadTail, New, Broken };

const char* stateName(State s) {
    switch (s) {
    case State::Absent: return "absent";
    case State::Old: return "old";
    case State::OldDeadTail: return "old+dead tail";
    case State::New: return "new";
    case State::Broken: return "BROKEN";
    }
    return "?";
}

struct Observed {
    State state = State::Broken;
    uint64_t deadBytes = 0;
    size_t temps = 0;
    std::string why; // for Broken
};

struct Scenario {
    std::string name, target;
    QStringList args;
    Before before = Before::Absent;
    Bytes oldBytes, newBytes; // oldBytes: Before::OldFile / InPlace
    QStringList phases;       // crash points this writer passes
};

// What the target is now. Broken: neither absent/old/new, or verify failed.
Observed observe(const Scenario& s) {
    Observed o;
    o.temps = tempsOf(s.target).size();
    if (!fs::exists(s.target)) {
        if (s.before == Before::Absent) o.state = State::Absent;
        else o.why = "the target vanished";
        return o;
    }
    const Bytes b = slurp(s.target);
    if (b == s.newBytes) {
        o.state = State::New;
    } else if (s.before == Before::OldFile && b == s.oldBytes) {
        o.state = State::Old;
    } else if (s.before == Before::InPlace && b.size() >= s.oldBytes.size() &&
               std::equal(s.oldBytes.begin(), s.oldBytes.end(), b.begin())) {
        o.deadBytes = b.size() - s.oldBytes.size();
        o.state = o.deadBytes ? State::OldDeadTail : State::Old;
    } else {
        o.why = "neither the old file nor the new one (" + std::to_string(b.size()) + " bytes; old " +
                std::to_string(s.oldBytes.size()) + ", new " + std::to_string(s.newBytes.size()) + ")";
        return o;
    }
    if (const int v = verifyCode(s.target); v != 0) {
        o.why = std::string("cmf verify exits ") + std::to_string(v) + " on the " + stateName(o.state) + " file";
        o.state = State::Broken;
    }
    return o;
}

QString stateOf(const Scenario& s) { return QString::fromLatin1(stateName(observe(s).state)); }

// Puts the target back to its state before any run.
void reset(const Scenario& s) {
    std::error_code ec;
    if (s.before == Before::Absent) fs::remove(s.target, ec);
    else spit(s.target, s.oldBytes);
}

// tiny-chat (Hugging Face layout, tests/data/models) and what the verbs need.
struct Fixture {
    std::string dir, hf, donor, base, spec, skill, prompts, quality;
};

std::vector<std::string> docsOf(const std::string& text) {
    std::vector<std::string> docs;
    const std::string sep = "<|endoftext|>";
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find(sep, pos);
        if (end == std::string::npos) end = text.size();
        if (end > pos) docs.push_back(text.substr(pos, end - pos));
        pos = end + sep.size();
    }
    return docs;
}

const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture x;
        x.dir = cmftest::tempDir() + "/crash";
        fs::create_directories(x.dir);
        x.hf = cmftest::dataPath("models/tiny-chat");
        x.donor = cmftest::dataPath("models/tiny-chat-code");
        x.base = x.dir + "/base.cmf";
        auto must = [](const QStringList& args) {
            const auto r = runCmf(args);
            if (r.code != 0) throw std::runtime_error("cmf " + args.join(' ').toStdString() + " failed: " + r.err);
        };
        must({"convert", "--model", q(x.hf), "--quant", "q8", "--output", q(x.base), "--summary"});
        // A specialist that differs from the base in layer 1's FFN, cut as a skill.
        x.spec = x.dir + "/spec.cmf";
        x.skill = x.dir + "/code.skill.cmf";
        must({"requant", q(x.base), "--quant", "q4t", "--only", "layers\\.1\\.mlp", "--output", q(x.spec)});
        must({"skill", "export", q(x.spec), "--base", q(x.base), "--id", "code", "--output", q(x.skill)});
        // Small prompt and quality texts keep `skill add` short: the point is
        // the append, not the measurement.
        const Bytes code = slurp(cmftest::dataPath("models/heldout_code.txt"));
        const auto docs = docsOf(std::string(code.begin(), code.end()));
        if (docs.size() < 7) throw std::runtime_error("heldout_code.txt: too few documents");
        x.prompts = x.dir + "/prompts.jsonl";
        std::ofstream p(x.prompts);
        for (size_t i = 0; i < 6; ++i) p << nlohmann::json(docs[i].substr(0, 300)).dump() << "\n";
        p.close();
        x.quality = x.dir + "/quality.txt";
        std::ofstream(x.quality) << docs[6].substr(0, 1200);
        return x;
    }();
    return f;
}

// Seeded: a failure replays with the same kill times.
constexpr uint32_t kSeed = 0xC0FFEE11;
constexpr int kTimedKills = 20;

struct Tally {
    std::map<std::string, int> landed; // where the kills landed, by outcome
    int kills = 0;
};

} // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT

    QElapsedTimer total_;
    std::map<std::string, Tally> tallies_;

    // The outcome of a killed run: never broken, never more litter than the
    // killed run itself can have left.
    bool checkKilled(const Scenario& s, const std::string& what, Observed& o) {
        o = observe(s);
        if (o.state == State::Broken) {
            QTest::qFail((s.name + " " + what + ": " + o.why).c_str(), __FILE__, __LINE__);
            return false;
        }
        if (o.temps > 1) {
            QTest::qFail((s.name + " " + what + ": " + std::to_string(o.temps) + " temporary files; earlier ones were not cleaned up")
                             .c_str(),
                         __FILE__, __LINE__);
            return false;
        }
        // Each append drops the dead tail an earlier one left before it writes
        // its own: never more than one append's worth.
        if (s.before == Before::InPlace && o.deadBytes > s.newBytes.size() - s.oldBytes.size()) {
            QTest::qFail((s.name + " " + what + ": " + std::to_string(o.deadBytes) + " dead bytes, more than one append leaves").c_str(),
                         __FILE__, __LINE__);
            return false;
        }
        return true;
    }

    // How a kill landed, as far as the outcome shows it (newTemp: the killed
    // run left a temporary file of its own).
    static std::string landing(const Scenario& s, const Observed& o, bool newTemp) {
        switch (o.state) {
        case State::Absent: return newTemp ? "absent, its temp left (writing)" : "absent, no temp of its own (before writing)";
        case State::Old:
            if (s.before == Before::InPlace) return "old, no dead tail (before the tail)";
            return newTemp ? "old, its temp left (writing)" : "old, no temp of its own (before writing)";
        case State::OldDeadTail: return "old + dead tail (writing the tail)";
        case State::New: return "new (after the commit point, or finished)";
        case State::Broken: return "broken";
        }
        return "?";
    }

    // The whole protocol for one verb.
    void crashVerb(Scenario& s) {
        // Two uninterrupted runs: the reference bytes (the writer must be
        // deterministic for byte comparison) and the run time to spread kills over.
        reset(s);
        const RunResult first = runWriter(s.args, -1);
        QVERIFY2(first.code == 0, first.err.c_str());
        s.newBytes = slurp(s.target);
        QVERIFY(!s.newBytes.empty() && s.newBytes != s.oldBytes);
        QCOMPARE(verifyCode(s.target), 0);
        QVERIFY(tempsOf(s.target).empty());
        reset(s);
        const RunResult second = runWriter(s.args, -1);
        QVERIFY2(second.code == 0, second.err.c_str());
        QVERIFY2(slurp(s.target) == s.newBytes, "two uninterrupted runs wrote different bytes");
        const double runMs = std::min(first.ms, second.ms);
        qInfo("%s: uninterrupted run %.0f ms; old %zu bytes, new %zu bytes", s.name.c_str(), runMs, s.oldBytes.size(), s.newBytes.size());
        reset(s);

        Tally& tally = tallies_[s.name];
        Observed o;
        // Each crash point, deterministically. The target is put back only
        // when a run got through: litter from one kill meets the next run.
        for (const QString& phase : s.phases) {
            const RunResult r = runWriter(s.args, -1, phase);
            QVERIFY2(r.killed, (s.name + ": the run passed crash point \"" + phase.toStdString() + "\" alive: " + r.err).c_str());
            ++tally.kills;
            if (!checkKilled(s, "killed at \"" + phase.toStdString() + "\"", o)) return;
            tally.landed["at \"" + phase.toStdString() + "\": " + stateName(o.state)]++;
            // Before the commit point the target is untouched and the litter is
            // there; from it on the target is the new file.
            // ("dead tail dropped" is the moment an earlier kill's dead tail is gone.)
            const bool committed = phase == "renamed" || phase == "envelope written";
            const State expected = committed                                                       ? State::New
                                   : phase == "dead tail dropped" || s.before == Before::OldFile ? State::Old
                                   : s.before == Before::InPlace                                 ? State::OldDeadTail
                                                                                                 : State::Absent;
            QVERIFY2(o.state == expected, (s.name + " at " + phase.toStdString() + ": " + stateName(o.state) + ", expected " +
                                           stateName(expected))
                                              .c_str());
            if (phase == "temp written" || phase == "temp synced") QCOMPARE(o.temps, size_t(1));
            if (o.state == State::New) reset(s);
        }

        // Kills at seeded random moments over the measured run time.
        std::mt19937 rng(kSeed + uint32_t(s.name.size()) * 7919u + uint32_t(s.name[0]));
        std::uniform_real_distribution<double> when(0, runMs);
        // A run can beat its kill (load varies): draw until kTimedKills landed.
        int timed = 0;
        for (int attempt = 0; timed < kTimedKills && attempt < 2 * kTimedKills; ++attempt) {
            const double at = when(rng);
            const auto tempsBefore = tempsOf(s.target);
            const RunResult r = runWriter(s.args, at);
            QVERIFY2(r.killed || r.code == 0, (s.name + ": " + r.err).c_str());
            if (r.killed) ++tally.kills, ++timed;
            if (!checkKilled(s, "killed at " + std::to_string(int(at)) + " ms", o)) return;
            const auto tempsAfter = tempsOf(s.target);
            const bool newTemp = !tempsAfter.empty() && tempsAfter != tempsBefore;
            tally.landed[r.killed ? landing(s, o, newTemp) : "finished before the kill"]++;
            if (o.state == State::New) reset(s);
        }

        // Litter from a kill, then an uninterrupted run: it cleans up and
        // writes exactly the reference bytes (in place: from the end of the
        // old sections, where the dead tail was).
        const QString litter = s.before == Before::InPlace ? QStringLiteral("synced") : QStringLiteral("temp synced");
        QVERIFY(runWriter(s.args, -1, litter).killed);
        ++tally.kills;
        QVERIFY(checkKilled(s, "killed at " + litter.toStdString(), o));
        tally.landed["at \"" + litter.toStdString() + "\": " + stateName(o.state)]++;
        if (s.before == Before::InPlace) QVERIFY(o.deadBytes > 0);
        else QCOMPARE(o.temps, size_t(1));
        const RunResult done = runWriter(s.args, -1);
        QVERIFY2(done.code == 0, done.err.c_str());
        QVERIFY2(tempsOf(s.target).empty(), "a stale temporary file survived the next run");
        QVERIFY2(slurp(s.target) == s.newBytes, "the run after a kill did not write the reference bytes");
        QCOMPARE(verifyCode(s.target), 0);

        QVERIFY2(tally.kills >= 20, std::to_string(tally.kills).c_str());
        qInfo("%s: %d kills", s.name.c_str(), tally.kills);
        for (const auto& [k, n] : tally.landed) qInfo("    %3d  %s", n, k.c_str());
    }

    static QStringList writerPhases() { return {"temp written", "temp synced", "renamed"}; }

private Q_SLOTS:
    void initTestCase() {
        total_.start();
        fixture();
    }

    // The checker itself: partial or damaged files are caught, a dead tail is not.
    void checkerFlagsPartialFiles() {
        const auto& f = fixture();
        const Bytes base = slurp(f.base), spec = slurp(f.spec);
        Scenario fresh{"fresh", f.dir + "/probe-new.cmf", {}, Before::Absent, {}, spec, {}};
        QCOMPARE(stateOf(fresh), QStringLiteral("absent"));
        spit(fresh.target, spec);
        QCOMPARE(stateOf(fresh), QStringLiteral("new"));
        spit(fresh.target, Bytes(spec.begin(), spec.begin() + std::ptrdiff_t(spec.size() / 2)));
        QCOMPARE(stateOf(fresh), QStringLiteral("BROKEN"));
        spit(fresh.target, Bytes(spec.begin(), spec.end() - 1));
        QCOMPARE(stateOf(fresh), QStringLiteral("BROKEN"));
        QVERIFY(verifyCode(fresh.target) != 0); // and verify alone refuses it (§1.2 Bounds)

        Scenario over{"over", f.dir + "/probe-over.cmf", {}, Before::OldFile, base, spec, {}};
        spit(over.target, base);
        QCOMPARE(stateOf(over), QStringLiteral("old"));
        Bytes torn = base;
        std::copy(spec.begin(), spec.begin() + 4096, torn.begin()); // the new front over the old rest
        spit(over.target, torn);
        QCOMPARE(stateOf(over), QStringLiteral("BROKEN"));

        // In place: old + a dead tail is fine; a grown file cut short or an old
        // file with a damaged byte is not.
        Scenario inPlace{"in place", f.dir + "/probe-grown.cmf", {}, Before::InPlace, base, spec, {}};
        Bytes dead = base;
        dead.resize(base.size() + 5000, 0xA5);
        spit(inPlace.target, dead);
        const Observed od = observe(inPlace);
        QCOMPARE(QString(stateName(od.state)), QStringLiteral("old+dead tail"));
        QCOMPARE(od.deadBytes, uint64_t(5000));
        Bytes flipped = base;
        flipped[base.size() / 2] ^= 0x40; // inside the weights: a tensor hash fails
        spit(inPlace.target, flipped);
        QCOMPARE(stateOf(inPlace), QStringLiteral("BROKEN"));
        spit(inPlace.target, Bytes(base.begin(), base.end() - 1));
        QCOMPARE(stateOf(inPlace), QStringLiteral("BROKEN"));
    }

    // §1.2 refuses only a section that extends past EOF; §9 "Append-only
    // growth": dead bytes are compatible, readers navigate only through the
    // envelope. So a file with bytes past its last section verifies clean.
    void verifyAcceptsADeadTail() {
        const auto& f = fixture();
        const std::string path = f.dir + "/dead-tail.cmf";
        Bytes b = slurp(f.base);
        const size_t size = b.size();
        b.resize(size + 3000);
        for (size_t i = size; i < b.size(); ++i) b[i] = uint8_t(i * 131); // garbage, not zeros
        spit(path, b);
        const auto r = runCmf({"verify", q(path), "--json"});
        QVERIFY2(r.code == 0, r.out.c_str());
        QCOMPARE(r.j()["ok"].get<bool>(), true);
        QVERIFY(r.j()["problems"].empty());
        b.resize(size - 1); // a file one byte short of its last section is refused
        spit(path, b);
        QCOMPARE(verifyCode(path), 1);
    }

    // The rule of writer.h: a temporary whose lock is held (a live writer) is
    // kept; one whose lock is free is removed; other names are not touched.
    void liveTemporariesAreKept() {
        const auto& f = fixture();
        const std::string target = f.dir + "/locked.cmf";
        const std::string live = target + ".tmp-Live01", stale = target + ".tmp-Dead01", odd = target + ".tmp-notmine",
                          other = f.dir + "/other.cmf.tmp-Dead02";
        for (const auto& p : {live, stale, odd, other}) spit(p, Bytes(100, 7));
        const int fd = ::open(live.c_str(), O_RDONLY | O_CLOEXEC);
        QVERIFY(fd >= 0);
        QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0);
        const QStringList requant{"requant", q(f.base), "--quant", "q4t", "--only", "layers\\.1\\.mlp", "--output", q(target)};
        const auto r = runCmf(requant);
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(fs::exists(live));
        QVERIFY(!fs::exists(stale));
        QVERIFY(fs::exists(odd));
        QVERIFY(fs::exists(other));
        ::close(fd); // the "writer" is gone: the next run removes its file
        QCOMPARE(runCmf(requant).code, 0);
        QVERIFY(!fs::exists(live));
        QCOMPARE(tempsOf(target).size(), size_t(1)); // the odd name only
        for (const auto& p : {odd, other}) fs::remove(p);
    }

    void convertKilled() {
        const auto& f = fixture();
        Scenario s{"convert", f.dir + "/converted.cmf",
                   {"convert", "--model", q(f.hf), "--quant", "q8", "--output", q(f.dir + "/converted.cmf"), "--summary"},
                   Before::Absent, {}, {}, writerPhases()};
        crashVerb(s);
    }

    void requantOverAnExistingFileKilled() {
        const auto& f = fixture();
        Scenario s{"requant", f.dir + "/requanted.cmf",
                   {"requant", q(f.base), "--quant", "q4t", "--output", q(f.dir + "/requanted.cmf")},
                   Before::OldFile, slurp(f.spec), {}, writerPhases()};
        crashVerb(s);
    }

    void skillApplyKilled() {
        const auto& f = fixture();
        Scenario s{"skill apply", f.dir + "/applied.cmf",
                   {"skill", "apply", q(f.base), q(f.skill), "--output", q(f.dir + "/applied.cmf")},
                   Before::Absent, {}, {}, writerPhases()};
        crashVerb(s);
        if (QTest::currentTestFailed()) return;
        QVERIFY(slurp(s.target) == slurp(f.spec)); // and it is the specialist, byte for byte
    }

    void skillAddInPlaceKilled() {
        const auto& f = fixture();
        const std::string target = f.dir + "/grown.cmf";
        Scenario s{"skill add", target,
                   {"skill", "add", q(target), "--from", q(f.donor), "--id", "code", "--prompts", q(f.prompts), "--quality", q(f.quality),
                    "--ctx", "64", "--json"},
                   Before::InPlace, slurp(f.base), {},
                   // "dead tail dropped" needs the dead tail "appending tensors" leaves.
                   {"appending tensors", "dead tail dropped", "writing sections", "synced", "envelope written"}};
        crashVerb(s);
        if (QTest::currentTestFailed()) return;
        // Every tensor of the old file is still where it was; the skill is listed.
        const auto listed = runCmf({"skill", "list", q(target), "--json"});
        QCOMPARE(listed.code, 0);
        QCOMPARE(listed.j().size(), size_t(1));
    }

    // Every shard of a mixed set verifies alone (§10), but no name of it opens
    // as a model: `cmf dump` fails with exit 1 naming a shard of another
    // write, and `cmf info` (which describes the one file) says why it does
    // not run.
    static void expectMixedSetRefused(const std::vector<std::string>& paths) {
        for (const auto& p : paths) QCOMPARE(verifyCode(p), 0);
        for (const auto& p : {paths.front(), paths.back()}) {
            const auto r = runCmf({"dump", q(p), "--stats"});
            QCOMPARE(r.code, 1);
            QVERIFY2(r.err.find("belongs to another write") != std::string::npos, r.err.c_str());
            const auto info = runCmf({"info", q(p)});
            QCOMPARE(info.code, 0);
            QVERIFY2(info.out.find("does not run as a model:") != std::string::npos, info.out.c_str());
        }
    }

    // A shard set is written in two phases (convert_pipeline.h): killed with
    // every new shard complete and fsynced but none renamed, the old set is
    // intact, byte for byte; killed after the renames, the new one is; killed
    // between two renames, a mixed set that refuses to open as a model; a
    // timed kill leaves one of these; the next run completes the new set and
    // removes the temporaries.
    void shardSetKilledBetweenPhases() {
        const auto& f = fixture();
        const std::string setBase = f.dir + "/set";
        const QStringList oldArgs{"shard", q(f.base), "--max-gb", "0.01", "--output-base", q(setBase)};
        const QStringList newArgs{"shard", q(f.spec), "--max-gb", "0.01", "--output-base", q(setBase)};
        std::vector<std::string> paths;
        auto load = [&] {
            std::vector<Bytes> set;
            for (const auto& p : paths) set.push_back(slurp(p));
            return set;
        };
        auto tempCount = [&] {
            size_t n = 0;
            for (const auto& p : paths) n += tempsOf(p).size();
            return n;
        };
        QCOMPARE(runWriter(newArgs, -1).code, 0);
        for (const auto& e : fs::directory_iterator(f.dir))
            if (e.path().filename().string().rfind("set-", 0) == 0) paths.push_back(e.path().string());
        std::sort(paths.begin(), paths.end());
        QVERIFY2(paths.size() >= 3, std::to_string(paths.size()).c_str());
        const auto newSet = load();
        QCOMPARE(runWriter(oldArgs, -1).code, 0);
        const auto oldSet = load();
        QVERIFY(oldSet != newSet);
        QCOMPARE(tempCount(), size_t(0));
        auto which = [&] {
            const auto now = load();
            return now == oldSet ? std::string("old") : now == newSet ? std::string("new") : std::string("MIXED");
        };

        // Between the phases: the old set, and one complete temporary per shard.
        QVERIFY(runWriter(newArgs, -1, "shards synced").killed);
        QCOMPARE(which(), std::string("old"));
        QCOMPARE(tempCount(), paths.size());
        for (const auto& p : paths) QCOMPARE(verifyCode(p), 0);
        // Inside phase 1 (the first shard's fsync): the old set; the earlier
        // kill's temporaries are gone (at most the killed run's own remain).
        QVERIFY(runWriter(newArgs, -1, "temp synced").killed);
        QCOMPARE(which(), std::string("old"));
        QVERIFY2(tempCount() <= paths.size(), std::to_string(tempCount()).c_str());
        // After every rename: the new set.
        QVERIFY(runWriter(newArgs, -1, "renamed").killed);
        QCOMPARE(which(), std::string("new"));
        QCOMPARE(tempCount(), size_t(0));
        // Between two renames (N renames are not one atomic step): shard 1
        // new, the others old. Each shard still verifies alone, but the set
        // does not open as a model from any of its names, and the next run
        // replaces it by the new set and removes the temporaries.
        QCOMPARE(runWriter(oldArgs, -1).code, 0);
        QVERIFY(runWriter(newArgs, -1, "first shard renamed").killed);
        QCOMPARE(which(), std::string("MIXED"));
        QCOMPARE(slurp(paths[0]), newSet[0]);
        for (size_t k = 1; k < paths.size(); ++k) QCOMPARE(slurp(paths[k]), oldSet[k]);
        QCOMPARE(tempCount(), paths.size() - 1);
        expectMixedSetRefused(paths);
        QCOMPARE(runWriter(newArgs, -1).code, 0);
        QCOMPARE(which(), std::string("new"));
        QCOMPARE(tempCount(), size_t(0));

        // A few kills at random moments of a run: one set or the other — or,
        // when the kill lands between two of the back-to-back renames (N
        // renames are not one atomic step; a loaded machine widens the gap),
        // a set whose shards not yet renamed still wait as complete
        // temporaries, which the next run replaces by the new set.
        QCOMPARE(runWriter(oldArgs, -1).code, 0);
        std::mt19937 rng(kSeed);
        int mixed = 0;
        for (int i = 0; i < 4; ++i) {
            const RunResult r = runWriter(newArgs, std::uniform_real_distribution<double>(0, 40)(rng));
            QVERIFY2(r.killed || r.code == 0, r.err.c_str());
            const std::string set = which();
            if (set == "MIXED") {
                ++mixed;
                QVERIFY2(tempCount() > 0, ("kill " + std::to_string(i) + " left a mixed set without the new shards' temporaries").c_str());
                expectMixedSetRefused(paths);
                if (QTest::currentTestFailed()) return;
                QCOMPARE(runWriter(newArgs, -1).code, 0);
                QCOMPARE(which(), std::string("new"));
                QCOMPARE(tempCount(), size_t(0));
            }
            if (which() == "new") QCOMPARE(runWriter(oldArgs, -1).code, 0);
        }
        qInfo("timed kills of a shard set: %d of 4 landed between two renames", mixed);
        QCOMPARE(runWriter(newArgs, -1).code, 0);
        QCOMPARE(which(), std::string("new"));
        QCOMPARE(tempCount(), size_t(0));
    }

    // skill add --output grows a copy in a temporary of the rule (writer.h):
    // killed while appending it leaves only that temporary, which the next
    // run removes; a failure removes it at once.
    void skillAddToANewFileKilled() {
        const auto& f = fixture();
        const std::string target = f.dir + "/added.cmf";
        const QStringList args{"skill", "add", q(f.base), "--from", q(f.donor), "--id", "code", "--prompts", q(f.prompts),
                               "--quality", q(f.quality), "--ctx", "64", "--output", q(target)};
        QVERIFY(runWriter(args, -1, "appending tensors").killed);
        {
            const std::string left = onlyRuleTemporaries(target, 1);
            QVERIFY2(left.empty(), left.c_str());
        }
        QVERIFY(runWriter(args, -1, "temp synced").killed); // the whole file in the temporary, not yet renamed
        {
            const std::string left = onlyRuleTemporaries(target, 1);
            QVERIFY2(left.empty(), left.c_str());
        }
        const RunResult done = runWriter(args, -1);
        QVERIFY2(done.code == 0, done.err.c_str());
        QVERIFY2(siblingsOf(target).empty(), joined(siblingsOf(target)).c_str());
        QCOMPARE(verifyCode(target), 0);

        const std::string blocked = f.dir + "/blocked.cmf"; // a directory: the final rename fails
        fs::create_directories(blocked);
        const RunResult failed = runWriter({"skill", "add", q(f.base), "--from", q(f.donor), "--id", "code", "--prompts", q(f.prompts),
                                            "--quality", q(f.quality), "--ctx", "64", "--output", q(blocked)},
                                           -1);
        QCOMPARE(failed.code, 2);
        QVERIFY2(siblingsOf(blocked).empty(), joined(siblingsOf(blocked)).c_str());
    }

    // skill bake cuts to a temporary of the rule and measures it there: a
    // kill inside the cut (its Writer's own temporary is a temporary of that
    // one) or inside the append leaves only the rule's names, which the next
    // run removes.
    void skillBakeKilled() {
        const auto& f = fixture();
        const std::string target = f.dir + "/baked.cmf";
        const QStringList args{"skill", "bake", q(f.base), "--files", q(f.quality), "--heldout", q(f.quality), "--ctx", "64",
                               "--output", q(target)};
        QVERIFY(runWriter(args, -1, "temp written").killed); // the cut's Writer, before its rename
        {
            const std::string left = onlyRuleTemporaries(target, 2);
            QVERIFY2(left.empty(), left.c_str());
        }
        QVERIFY(runWriter(args, -1, "synced").killed); // the provenance appended to the cut
        {
            const std::string left = onlyRuleTemporaries(target, 1);
            QVERIFY2(left.empty(), left.c_str());
        }
        const RunResult done = runWriter(args, -1);
        QVERIFY2(done.code == 0, done.err.c_str());
        QVERIFY2(siblingsOf(target).empty(), joined(siblingsOf(target)).c_str());
        QCOMPARE(verifyCode(target), 0);
    }

    void cleanupTestCase() { qInfo("crash safety: %.1f s in all", double(total_.elapsed()) / 1000); }
};

QTEST_GUILESS_MAIN(TestCrashSafety)
#include "tst_crash_safety.moc"
