// The memory budget: the parsers read real /proc and cgroup text (samples
// below, as the kernel writes them), the budget takes the smallest source,
// and the check refuses by the documented rule with the numbers in the
// message — and lets a run through that fits.
#include "cmf/engine/memory_budget.h"
#include "cmf/format/error.h"

#include <QTest>

using namespace cmf::engine;

namespace {

constexpr uint64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;

const char* kMemInfo = "MemTotal:       24597392 kB\n"
                       "MemFree:        15987364 kB\n"
                       "MemAvailable:   23123456 kB\n"
                       "Buffers:          123456 kB\n"
                       "SwapCached:            0 kB\n"
                       "SwapTotal:       2097148 kB\n"
                       "SwapFree:        1048576 kB\n"
                       "HugePages_Total:       0\n";

const char* kStatus = "Name:\tcmf\n"
                      "VmPeak:\t  123456 kB\n"
                      "VmSize:\t  102400 kB\n"
                      "VmData:\t   20480 kB\n"
                      "VmRSS:\t    4096 kB\n";

// A hybrid host: v1 controllers and the unified hierarchy side by side.
const char* kProcCgroupHybrid = "12:pids:/user.slice/user-1000.slice\n"
                                "4:cpu,cpuacct:/user.slice\n"
                                "3:memory,hugetlb:/docker/ab12\n"
                                "0::/user.slice/user-1000.slice/session-2.scope\n";

MemoryEstimate need(uint64_t weights, uint64_t kv, uint32_t ctx) {
    MemoryEstimate e;
    e.weightBytes = weights;
    e.kvBytes = kv;
    e.ctx = ctx;
    return e;
}

// The message of the refusal, or "" when the check passes.
std::string refusal(const MemoryEstimate& e, const MemoryBudget& b) {
    try {
        checkMemory(e, b, "try a smaller --ctx");
        return {};
    } catch (const cmf::Error& err) {
        if (err.kind() != cmf::ErrorKind::Bounds) return std::string("wrong kind: ") + err.what();
        return err.what();
    }
}

} // namespace

class TestMemoryBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void memInfo() {
        const auto m = parseMemInfo(kMemInfo);
        QCOMPARE(m.memAvailable.value_or(0), 23123456 * KiB);
        QCOMPARE(m.swapFree.value_or(0), 1048576 * KiB);
        // "MemAvailable" must not match a longer key, nor a missing one invent a value.
        QVERIFY(!parseMemInfo("MemAvailableX: 5 kB\n").memAvailable);
        QVERIFY(!parseMemInfo("").swapFree);
    }
    void status() {
        QCOMPARE(parseStatusField(kStatus, "VmSize").value_or(0), 102400 * KiB);
        QCOMPARE(parseStatusField(kStatus, "VmData").value_or(0), 20480 * KiB);
        QVERIFY(!parseStatusField(kStatus, "VmSwap"));
    }
    void procCgroup() {
        const auto p = parseProcCgroup(kProcCgroupHybrid);
        QCOMPARE(p.v2.value_or("?"), std::string("/user.slice/user-1000.slice/session-2.scope"));
        QCOMPARE(p.v1Memory.value_or("?"), std::string("/docker/ab12"));
        const auto v2only = parseProcCgroup("0::/\n");
        QCOMPARE(v2only.v2.value_or("?"), std::string("/"));
        QVERIFY(!v2only.v1Memory);
        QVERIFY(!parseProcCgroup("4:cpu:/x\n").v1Memory); // no memory controller
    }
    void cgroupLimit() {
        QCOMPARE(parseCgroupLimit("2147483648\n").value_or(0), 2 * GiB);
        QVERIFY(!parseCgroupLimit("max\n"));                   // v2: no limit
        QVERIFY(!parseCgroupLimit("9223372036854771712\n"));   // v1: no limit
        QVERIFY(!parseCgroupLimit(""));
        QCOMPARE(parseMemoryStatField("anon 100\nfile 300\ninactive_file 200\nactive_file 100\n", "inactive_file").value_or(0), uint64_t(200));
        QCOMPARE(parseMemoryStatField("inactive_file 7\ntotal_inactive_file 9\n", "total_inactive_file").value_or(0), uint64_t(9));
    }
    void byteSizes() {
        QCOMPARE(parseByteSize("123456").value_or(0), uint64_t(123456));
        QCOMPARE(parseByteSize("2G").value_or(0), 2 * GiB);
        QCOMPARE(parseByteSize("2gb").value_or(0), 2 * GiB);
        QCOMPARE(parseByteSize(" 512MiB ").value_or(0), 512 * MiB);
        QCOMPARE(parseByteSize("1.5GiB").value_or(0), 3 * GiB / 2);
        QCOMPARE(parseByteSize("64k").value_or(0), 64 * KiB);
        for (const char* bad : {"", "G", "2X", "-1", "1..5G", "two", ".5G"}) QVERIFY2(!parseByteSize(bad), bad);
    }
    void formatting() {
        QCOMPARE(formatBytes(900), std::string("900 B"));
        QCOMPARE(formatBytes(3 * GiB / 2), std::string("1.5 GiB"));
        QCOMPARE(formatBytes(12 * MiB), std::string("12.0 MiB"));
    }
    void budgetTakesTheSmallestSource() {
        MemorySources s;
        s.memAvailable = 8 * GiB;
        s.swapFree = 1 * GiB;
        auto b = budgetFrom(s);
        QCOMPARE(b.total, 9 * GiB);
        QCOMPARE(b.source, std::string("MemAvailable + free swap"));
        QVERIFY(!b.exact);
        s.cgroupHeadroom = 4 * GiB;
        b = budgetFrom(s);
        QCOMPARE(b.total, 4 * GiB);
        QCOMPARE(b.source, std::string("cgroup memory.max"));
        // RLIMIT_AS less what is mapped already, not counting the model's own files.
        s.rlimitAs = 3 * GiB;
        s.vmSize = 2 * GiB;
        s.mappedAlready = 1536 * MiB;
        b = budgetFrom(s);
        QCOMPARE(b.total, 3 * GiB - 512 * MiB);
        QCOMPARE(b.source, std::string("RLIMIT_AS"));
        QVERIFY(b.exact);
        // RLIMIT_DATA bounds only the anonymous part (the KV cache).
        s.rlimitData = 1 * GiB;
        s.vmData = 768 * MiB;
        b = budgetFrom(s);
        QCOMPARE(b.anonymous, 256 * MiB);
        QCOMPARE(b.anonymousSource, std::string("RLIMIT_DATA"));
        QCOMPARE(b.total, 3 * GiB - 512 * MiB);
    }
    void environmentOverrides() {
        MemorySources s;
        s.memAvailable = 64 * GiB;
        s.envLimit = "2G";
        auto b = budgetFrom(s);
        QCOMPARE(b.total, 2 * GiB);
        QCOMPARE(b.anonymous, 2 * GiB);
        QVERIFY(b.exact);
        QCOMPARE(b.source, std::string("CMF_MEMORY_LIMIT"));
        s.envLimit = "OFF";
        QVERIFY(budgetFrom(s).disabled);
        s.envLimit = "lots";
        QVERIFY_THROWS_EXCEPTION(cmf::Error, budgetFrom(s));
    }
    void checkRefusesWithTheNumbers() {
        MemoryBudget b;
        b.total = b.anonymous = 7 * GiB + 800 * MiB;
        b.source = b.anonymousSource = "MemAvailable + free swap";
        const std::string m = refusal(need(9 * GiB + 100 * MiB, 3 * GiB + 200 * MiB, 32768), b);
        QVERIFY2(m.find("needs ~12.3 GiB (weights 9.1 GiB + KV cache 3.2 GiB at ctx 32768) but only 7.8 GiB is available "
                        "(MemAvailable + free swap); try a smaller --ctx") == 0,
                 m.c_str());
    }
    void measuredBudgetToleratesTenPercent() {
        MemoryBudget b;
        b.total = b.anonymous = 10 * GiB;
        b.source = b.anonymousSource = "MemAvailable + free swap";
        QCOMPARE(refusal(need(10 * GiB + 900 * MiB, 0, 0), b), std::string()); // 10.9 ≤ 11: slowed, not killed
        QVERIFY(!refusal(need(11 * GiB + 100 * MiB, 0, 0), b).empty());
        // The KV cache cannot be evicted: no tolerance for it.
        QVERIFY(!refusal(need(0, 10 * GiB + 1, 1), b).empty());
        // An exact budget (CMF_MEMORY_LIMIT, RLIMIT_AS) has no tolerance either.
        b.exact = true;
        QVERIFY(!refusal(need(10 * GiB + 1, 0, 0), b).empty());
        QCOMPARE(refusal(need(10 * GiB, 0, 0), b), std::string());
    }
    void anonymousLimitNamesTheKvCache() {
        MemoryBudget b;
        b.anonymous = 256 * MiB;
        b.anonymousSource = "RLIMIT_DATA";
        const std::string m = refusal(need(1 * GiB, 512 * MiB, 4096), b);
        QVERIFY2(m.find("KV cache needs ~512.0 MiB at ctx 4096 but only 256.0 MiB") != std::string::npos, m.c_str());
        QVERIFY2(m.find("RLIMIT_DATA") != std::string::npos, m.c_str());
    }
    void disabledAndUnlimitedPass() {
        MemoryBudget b;
        QCOMPARE(refusal(need(100 * GiB, 100 * GiB, 1), b), std::string()); // nothing known: nothing refused
        b.total = b.anonymous = 1;
        b.disabled = true;
        QCOMPARE(refusal(need(100 * GiB, 100 * GiB, 1), b), std::string());
    }
    void thisMachineHasABudget() {
        // On Linux /proc/meminfo is there: the budget is finite and positive.
        qunsetenv("CMF_MEMORY_LIMIT");
        const auto b = readMemoryBudget();
        QVERIFY(b.total > 0 && b.total < kUnlimited);
        QVERIFY(!b.source.empty());
    }
};

QTEST_GUILESS_MAIN(TestMemoryBudget)
#include "tst_memory_budget.moc"
