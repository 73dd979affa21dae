// skill list: a file's registry with what each record's tensors add up to.
#include "cmf/format/skill_file.h"

namespace cmf {

std::vector<SkillSummary> listSkills(const CmfFile& file) {
    std::vector<SkillSummary> out;
    for (const auto& rec : file.skills()) {
        SkillSummary s;
        s.record = rec;
        for (const auto& t : rec.tensors)
            if (const auto r = file.findTensor(rec.tensorPrefix() + t)) {
                ++s.tensorCount;
                s.tensorBytes += r->nbytes;
            }
        s.hasSelection = !rec.selection.is_null(); // as `cmf info` reports it
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<SkillSummary> listSkills(const std::string& path) { return listSkills(*CmfFile::open(path)); }

} // namespace cmf
