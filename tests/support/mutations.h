#pragma once
// Seeded mutations of valid CMF files for the mutation tests (issue 18):
// bit flips, bytes that are not UTF-8 / quotes / braces written into the
// header and the name pool, truncation, zeroed runs and envelope fields.
// Each mutant knows whether it changed a byte that a hash protects, so a
// test can hold verify to "never OK on changed hashed bytes". No Qt.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace cmftest {

struct Range {
    uint64_t begin = 0, end = 0;
    uint64_t hash = 0; // hash64 of the base's bytes there
};

// A valid file and what of it the hash chain covers (§8, §8.1): the header
// and directory when the envelope stores their hashes, every tensor's bytes,
// and the masks/vocab/index sections that section_hashes names.
struct MutationBase {
    std::string path, name; // where the valid file is, its file name
    std::vector<uint8_t> bytes;
    std::vector<Range> hashed;
    Range header, pool; // the header JSON, the directory's name pool
};

MutationBase mutationBase(const std::string& path);

struct Mutant {
    std::vector<uint8_t> bytes;
    std::string what;              // e.g. "flip 3 bits", "truncate to 4411"
    bool envelopeTouched = false;  // a byte of [0, 128) changed
    bool hashedTouched = false;    // a byte some hash covers changed (or was cut off)
    // Every changed hashed range still has its old hash64: a collision of the
    // spec's hash (§8), which no reader can see. hash64 XOR-folds
    // fmix64(word) ^ (index · salt), so its value does not depend on the order
    // of the 8-byte words, and two equal words cancel: zeroing an even run of
    // equal words (a norm of all 1.0) or swapping two words keeps the hash.
    bool hashCollision = false;
};

Mutant mutate(const MutationBase& base, std::mt19937_64& rng);

// The files the mutation tests start from: every valid file of the kit
// (tests/data/conformance/valid; without the shard sets unless withShards),
// in name order, plus a campaign's own files from CMF_MUTATION_BASES
// (':'-separated paths).
std::vector<MutationBase> mutationBases(bool withShards);

// A number from the environment (CMF_MUTATIONS, CMF_MUTATION_SEED, …), or fallback.
uint64_t envNumber(const char* name, uint64_t fallback);

// A campaign (CMF_MUTATION_SECONDS) outlives QtTest's 5-minute limit on one
// test function: call before QTest::qExec to raise the limit past it.
void allowCampaignTime();

} // namespace cmftest
