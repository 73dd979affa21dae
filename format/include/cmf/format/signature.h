#pragma once
// Detached Ed25519 signatures (spec §8.2). The container is never rewritten:
// `<file>.sig` is a JSON object
//   {"alg": "ed25519-sha256", "pubkey": <64 hex>, "sha256": <64 hex>, "sig": <128 hex>}
// where "sig" is Ed25519 over the 32 raw bytes of the SHA-256 of the whole
// file. Keys are 32-byte seeds stored as 64 hex digits. This matches the
// reference tool byte for byte in what is signed, so signatures interoperate.
//
// Errors: Error(Io) for I/O problems (message names the path and strerror),
// Error(Signature) for a bad key file or a malformed pinned key,
// Error(Cancelled) when the Control flag is raised while hashing.
// A missing, malformed or failing .sig is NOT an exception: it is reported
// in SignatureCheck, because verifying is a question with a yes/no answer.
#include "cmf/format/progress.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace cmf::sig {

using Seed = std::array<uint8_t, 32>;
using PublicKey = std::array<uint8_t, 32>;
using Digest = std::array<uint8_t, 32>;
using SignatureBytes = std::array<uint8_t, 64>;

inline constexpr const char* kAlgorithm = "ed25519-sha256";

// A fresh random seed (libsodium randombytes_buf).
Seed generateSeed();
// Writes the seed as 64 lowercase hex digits and a newline, mode 0600.
// Refuses to overwrite an existing file (Error(Io) naming the path).
void writeKeyFile(const std::string& path, const Seed& seed);
// Reads a key file: 64 hex digits (either case), surrounding whitespace ignored.
// A key file that group or others can access (any of mode 077) is refused
// with Error(Signature) naming the file and the fix (`chmod 600 FILE`);
// no message ever contains the key's contents.
Seed readKeyFile(const std::string& path);

PublicKey publicKeyFromSeed(const Seed& seed);
// Raw Ed25519 over msg (no hashing here); exposed for known-answer tests.
SignatureBytes signMessage(const Seed& seed, const uint8_t* msg, size_t len);
bool verifyMessage(const PublicKey& pk, const uint8_t* msg, size_t len, const SignatureBytes& sig);

// SHA-256 of the whole file, streamed through the mapping in 8 MiB chunks.
// Reports progress with phase "sha256" and honours cancellation between chunks.
Digest sha256File(const std::string& path, const Control& control = {});

// The .sig contents as they appear in the JSON (lowercase hex strings).
struct SignatureFile {
    std::string alg, pubkey, sha256, sig;
};

// file + ".sig"
std::string signaturePath(const std::string& file);

// Hashes file, signs the digest and writes <file>.sig atomically (temp file in
// the same directory, fsync, rename); on failure no partial .sig is left and
// an existing .sig is untouched. Returns what was written.
SignatureFile signFile(const std::string& file, const Seed& seed, const Control& control = {});

struct SignatureCheck {
    bool present = false;  // <file>.sig exists
    bool valid = false;    // present, well-formed, matches the file, and the pin if any
    std::string pubkey;    // lowercase hex signer key, once it could be parsed
    std::string detail;    // why it is not valid (empty when valid)
};

// Verifies <file>.sig against file. No .sig: present=false and, without a
// pin, nothing else is wrong. pinnedPubkeyHex (64 hex, any case) demands
// that exact signer; a malformed pin throws Error(Signature).
SignatureCheck checkSignature(const std::string& file, const std::optional<std::string>& pinnedPubkeyHex,
                              const Control& control = {});

} // namespace cmf::sig
