#pragma once
// A model file with a skill (§9) of its own, for the tests of skill export
// and apply: written by Writer, so its layout is canonical and an export of
// it can be applied back byte for byte.
#include <string>
#include <vector>

namespace cmftest {

// `in` plus skill `id`: a registry record and, after every tensor of `in`,
// one replacement `skill.{id}.{name}` for each name in `replaced` (its values
// times `scale`, in the replaced tensor's dtype). Returns `out`.
std::string withOwnSkill(const std::string& in, const std::string& out, const std::string& id, const std::vector<std::string>& replaced,
                         float scale);

// `in` plus a task mask "thirds" that turns off every third FFN neuron of
// every layer (unmeasured: quality null), for tests that run under a mask.
// Returns `out`.
std::string withThirdsMask(const std::string& in, const std::string& out);

} // namespace cmftest
