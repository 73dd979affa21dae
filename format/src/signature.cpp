#include "cmf/format/signature.h"
#include "cmf/format/error.h"
#include "cmf/format/json_error.h"
#include "cmf/format/hash64.h"
#include "cmf/format/mapped_file.h"
#include "cmf/format/writer.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sodium.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace cmf::sig {

static_assert(crypto_sign_SEEDBYTES == 32 && crypto_sign_PUBLICKEYBYTES == 32 && crypto_sign_BYTES == 64);
static_assert(crypto_hash_sha256_BYTES == 32);

namespace {

constexpr uint64_t kChunk = 8ull << 20;       // hash granularity: progress/cancel latency vs call overhead
constexpr size_t kMaxKeyFileBytes = 4096;     // a key file is 65 bytes; anything big is not one
constexpr size_t kMaxSigFileBytes = 64 << 10; // likewise for a .sig (~300 bytes)

void ensureSodium() {
    // sodium_init is idempotent and thread-safe; the static just skips the call.
    static const int rc = sodium_init();
    if (rc < 0) throw Error(ErrorKind::Signature, "libsodium failed to initialize");
}

[[noreturn]] void throwIo(const std::string& path, const char* what, int err) {
    throw Error(ErrorKind::Io, path + ": " + what + ": " + std::strerror(err));
}

template <size_t N>
std::string hex(const std::array<uint8_t, N>& bytes) {
    return toHex(bytes.data(), bytes.size());
}

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Exactly 2*N hex digits (either case) → N bytes. Decodes in place rather
// than through fromHex(), whose temporary string of a half-decoded seed
// would be freed without being wiped when a digit is bad.
template <size_t N>
std::optional<std::array<uint8_t, N>> decodeHex(std::string_view s) {
    if (s.size() != 2 * N) return std::nullopt;
    std::array<uint8_t, N> out{};
    for (size_t i = 0; i < N; ++i) {
        const int hi = hexValue(s[2 * i]), lo = hexValue(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            sodium_memzero(out.data(), out.size()); // may be part of a seed
            return std::nullopt;
        }
        out[i] = uint8_t((hi << 4) | lo);
    }
    return out;
}

std::string_view trim(std::string_view s) {
    constexpr std::string_view ws = " \t\r\n\v\f";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

// Reads up to limit+1 bytes of an open fd (closing it), so the caller can
// tell "too big" without slurping an arbitrary file.
std::string readSmallFd(int fd, const std::string& path, size_t limit) {
    std::string buf(limit + 1, '\0');
    size_t got = 0;
    while (got < buf.size()) {
        const ssize_t n = ::read(fd, buf.data() + got, buf.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int e = errno;
            ::close(fd);
            throwIo(path, "cannot read", e);
        }
        if (n == 0) break;
        got += size_t(n);
    }
    ::close(fd);
    buf.resize(got);
    return buf;
}

// nullopt only when missingOk and the file does not exist.
std::optional<std::string> readSmallFile(const std::string& path, size_t limit, bool missingOk) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (missingOk && errno == ENOENT) return std::nullopt;
        throwIo(path, "cannot open", errno);
    }
    return readSmallFd(fd, path, limit);
}

std::string octalMode(mode_t m) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04o", unsigned(m & 07777));
    return buf;
}

// A file this process just created. Unless kept, the destructor removes it,
// so a failure at any step leaves no half-written key or .sig behind.
class NewFile {
public:
    NewFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
    ~NewFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!keep_) ::unlink(path_.c_str());
    }
    NewFile(const NewFile&) = delete;
    NewFile& operator=(const NewFile&) = delete;

    const std::string& path() const { return path_; }

    void write(std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) throwIo(path_, "cannot write", errno);
            bytes.remove_prefix(size_t(n));
        }
    }
    // Data on disk before anyone can see the name (rename) or rely on it (key).
    void syncAndClose() {
        if (::fsync(fd_) != 0) throwIo(path_, "cannot fsync", errno);
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) throwIo(path_, "cannot close", errno);
    }
    void keep() { keep_ = true; }

private:
    std::string path_;
    int fd_;
    bool keep_ = false;
};

// Why a present .sig is not valid, or nullopt when it is; fills check.pubkey.
std::optional<std::string> judge(const std::string& file, const std::string& text,
                                 const std::optional<PublicKey>& pinned, const Control& control,
                                 SignatureCheck& check) {
    if (text.size() > kMaxSigFileBytes) return "malformed .sig: larger than " + std::to_string(kMaxSigFileBytes) + " bytes";
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return "malformed .sig: " + describeJsonError(e, text, "its JSON");
    }
    if (!j.is_object()) return "malformed .sig: not a JSON object";
    // Unknown extra keys are ignored: the format grows additively.
    auto field = [&](const char* key) -> std::optional<std::string> {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_string()) return std::nullopt;
        return it->get<std::string>();
    };
    const auto alg = field("alg");
    if (!alg) return "malformed .sig: missing string \"alg\"";
    if (*alg != kAlgorithm) return "unsupported signature algorithm \"" + *alg + "\" (expected " + kAlgorithm + ")";

    const auto pubHex = field("pubkey"), shaHex = field("sha256"), sigHex = field("sig");
    const auto pub = pubHex ? decodeHex<32>(*pubHex) : std::nullopt;
    if (!pub) return "malformed .sig: \"pubkey\" must be 64 hex digits";
    check.pubkey = hex(*pub);
    const auto claimed = shaHex ? decodeHex<32>(*shaHex) : std::nullopt;
    if (!claimed) return "malformed .sig: \"sha256\" must be 64 hex digits";
    const auto sigBytes = sigHex ? decodeHex<64>(*sigHex) : std::nullopt;
    if (!sigBytes)
        return "malformed .sig: \"sig\" must be 128 hex digits" +
               (sigHex ? ", got " + std::to_string(sigHex->size()) + " characters" : std::string(", got none"));

    // Cheap checks first; hashing a multi-GB model comes last.
    if (pinned && *pinned != *pub) {
        // `--pubkey $(cat signer.key)` pins the private seed: never echo it.
        if (publicKeyFromSeed(*pinned) == *pub)
            return "the pinned key is the signer's PRIVATE seed, not its public key; pin " + check.pubkey +
                   " instead and keep the seed secret";
        return "signed by " + check.pubkey + ", expected " + hex(*pinned);
    }
    if (!verifyMessage(*pub, claimed->data(), claimed->size(), *sigBytes))
        return "Ed25519 signature does not verify for pubkey " + check.pubkey +
               " (the sig, sha256 or pubkey field was altered, or the key was swapped)";
    const Digest actual = sha256File(file, control);
    if (actual != *claimed)
        return "the file's sha256 " + hex(actual) + " does not match the signature's sha256 " + hex(*claimed) +
               " (the file changed after signing, or the .sig belongs to another file)";
    return std::nullopt;
}

} // namespace

Seed generateSeed() {
    ensureSodium();
    Seed seed;
    randombytes_buf(seed.data(), seed.size());
    return seed;
}

void writeKeyFile(const std::string& path, const Seed& seed) {
    // O_EXCL: never clobber a key that may be the only copy.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) throwIo(path, "cannot create key file", errno);
    NewFile out(path, fd);
    std::string text = hex(seed) + "\n";
    try {
        out.write(text);
        out.syncAndClose();
    } catch (...) {
        sodium_memzero(text.data(), text.size());
        throw;
    }
    sodium_memzero(text.data(), text.size());
    out.keep();
}

Seed readKeyFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throwIo(path, "cannot open", errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        throwIo(path, "cannot stat", e);
    }
    // A signing key others can read may already be copied, and one others
    // can write may have been swapped: refuse it (as ssh does with private
    // keys) before reading a byte. fstat on the open fd, so the check is on
    // the file actually read. keygen writes 0600. (Pipes, as in
    // `--key <(pass show key)`, are the caller's own and are not checked.)
    if (S_ISREG(st.st_mode) && (st.st_mode & 077)) {
        ::close(fd);
        throw Error(ErrorKind::Signature, path + ": refusing to use a signing key that group or others can access (mode " +
                                              octalMode(st.st_mode) + "); make it private with `chmod 600 " + path +
                                              "`, and make a new key if someone else may have copied it");
    }
    std::string text = readSmallFd(fd, path, kMaxKeyFileBytes);
    const auto seed = decodeHex<32>(trim(text));
    sodium_memzero(text.data(), text.size());
    if (!seed) throw Error(ErrorKind::Signature, path + ": not a key file (expected 64 hex digits of an Ed25519 seed)");
    return *seed;
}

PublicKey publicKeyFromSeed(const Seed& seed) {
    ensureSodium();
    PublicKey pk;
    unsigned char sk[crypto_sign_SECRETKEYBYTES];
    crypto_sign_seed_keypair(pk.data(), sk, seed.data());
    sodium_memzero(sk, sizeof sk);
    return pk;
}

SignatureBytes signMessage(const Seed& seed, const uint8_t* msg, size_t len) {
    ensureSodium();
    unsigned char pk[crypto_sign_PUBLICKEYBYTES], sk[crypto_sign_SECRETKEYBYTES];
    crypto_sign_seed_keypair(pk, sk, seed.data());
    SignatureBytes sig;
    crypto_sign_detached(sig.data(), nullptr, msg, len, sk);
    sodium_memzero(sk, sizeof sk);
    return sig;
}

bool verifyMessage(const PublicKey& pk, const uint8_t* msg, size_t len, const SignatureBytes& sig) {
    ensureSodium();
    return crypto_sign_verify_detached(sig.data(), msg, len, pk.data()) == 0;
}

Digest sha256File(const std::string& path, const Control& control) {
    ensureSodium();
    const auto file = MappedFile::open(path);
    const uint64_t total = file->size(); // data() may be null when this is 0
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    control.report(0, total, "sha256");
    for (uint64_t off = 0; off < total;) {
        control.checkCancel();
        const uint64_t n = std::min(kChunk, total - off);
        file->adviseSequential(off, 2 * kChunk); // this chunk and the next: keep readahead in front of us
        crypto_hash_sha256_update(&state, file->data() + off, n);
        off += n;
        control.report(off, total, "sha256");
    }
    Digest d;
    crypto_hash_sha256_final(&state, d.data());
    return d;
}

std::string signaturePath(const std::string& file) { return file + ".sig"; }

SignatureFile signFile(const std::string& file, const Seed& seed, const Control& control) {
    const Digest digest = sha256File(file, control);
    SignatureFile out{kAlgorithm, hex(publicKeyFromSeed(seed)), hex(digest),
                      hex(signMessage(seed, digest.data(), digest.size()))};
    const nlohmann::json j = {{"alg", out.alg}, {"pubkey", out.pubkey}, {"sha256", out.sha256}, {"sig", out.sig}};

    // writeFileAtomic: readers see the old .sig or the new one, never a torn
    // one, and the temporary follows writer.h's rule — flocked for its whole
    // life, and a stale FILE.sig.tmp-XXXXXX a killed signer left (its lock
    // free) is removed by this one. The file is 0644: a .sig is public.
    const std::string text = j.dump(2) + "\n";
    writeFileAtomic(signaturePath(file), text.data(), text.size());
    return out;
}

SignatureCheck checkSignature(const std::string& file, const std::optional<std::string>& pinnedPubkeyHex,
                              const Control& control) {
    std::optional<PublicKey> pinned;
    if (pinnedPubkeyHex) {
        pinned = decodeHex<32>(trim(*pinnedPubkeyHex));
        // Length only, not the value: a mistyped pin may be someone's seed.
        if (!pinned)
            throw Error(ErrorKind::Signature, "pinned public key must be 64 hex digits, got " +
                                                  std::to_string(trim(*pinnedPubkeyHex).size()) + " characters");
    }
    SignatureCheck check;
    const auto text = readSmallFile(signaturePath(file), kMaxSigFileBytes, true);
    if (!text) {
        // Absence is not an error (§8.2) — unless the caller demanded a signer.
        check.detail = pinned ? "no signature but --pubkey given" : "no signature";
        return check;
    }
    check.present = true;
    if (auto why = judge(file, *text, pinned, control, check))
        check.detail = std::move(*why);
    else
        check.valid = true;
    return check;
}

} // namespace cmf::sig
