// Every case of tests/data/chat_templates/cases.jsonl: real Hugging Face chat templates rendered
// by Python jinja2 as transformers configures it. The render must match byte for byte; cases
// that expect an error must fail with the template's raise_exception message.
#include "test_support.h"

#include "cmf/engine/chat_template.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <set>

namespace {

struct Case {
    std::string id;
    std::string templateName;
    nlohmann::ordered_json json;
};

std::string readText(const std::string& path) {
    const auto bytes = cmftest::readBytes(path);
    return std::string(bytes.begin(), bytes.end());
}

// Where two strings first differ, with some context, for a readable failure.
std::string firstDifference(const std::string& got, const std::string& want) {
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
    const size_t from = i > 40 ? i - 40 : 0;
    auto excerpt = [&](const std::string& s) {
        nlohmann::json j = s.substr(from, std::min<size_t>(100, s.size() - std::min(from, s.size())));
        return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    return "first difference at byte " + std::to_string(i) + "\n   got:  " + excerpt(got) + "\n   want: " + excerpt(want);
}

} // namespace

class TstChatTemplateFixtures : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void inventory();
    void render_data();
    void render();

private:
    std::vector<Case> cases_;
    std::map<std::string, cmf::engine::ChatTemplate> templates_;
};

void TstChatTemplateFixtures::initTestCase() {
    std::ifstream in(cmftest::dataPath("chat_templates/cases.jsonl"));
    QVERIFY(in.good());
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        auto j = nlohmann::ordered_json::parse(line); // key order matters for tojson
        Case c{j["id"].get<std::string>(), j["template"].get<std::string>(), std::move(j)};
        if (!templates_.count(c.templateName)) {
            const std::string source = readText(cmftest::dataPath("chat_templates/" + c.templateName + ".jinja"));
            templates_.emplace(c.templateName, cmf::engine::ChatTemplate::parse(source));
        }
        cases_.push_back(std::move(c));
    }
}

void TstChatTemplateFixtures::inventory() {
    QCOMPARE(cases_.size(), size_t(265));
    QCOMPARE(templates_.size(), size_t(16));
    std::set<std::string> ids;
    for (const auto& c : cases_) ids.insert(c.id);
    QCOMPARE(ids.size(), cases_.size());
}

void TstChatTemplateFixtures::render_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < cases_.size(); ++i) QTest::newRow(cases_[i].id.c_str()) << int(i);
}

void TstChatTemplateFixtures::render() {
    QFETCH(int, index);
    const Case& c = cases_[size_t(index)];
    const auto& j = c.json;

    // The context transformers passes (see tests/data/chat_templates/README.md).
    cmf::engine::ChatRequest req;
    req.messages = j["messages"];
    req.tools = j["tools"];
    req.documents = j["documents"];
    req.addGenerationPrompt = j["add_generation_prompt"].get<bool>();
    if (!j["bos_token"].is_null()) req.bosToken = j["bos_token"].get<std::string>();
    if (!j["eos_token"].is_null()) req.eosToken = j["eos_token"].get<std::string>();
    req.extra = j["extra"];
    cmf::engine::RenderOptions options;
    options.now = cmf::engine::LocalTime::parse(j["now"].get<std::string>());
    QVERIFY(options.now.has_value());

    const auto& tmpl = templates_.at(c.templateName);
    if (!j["error"].is_null()) {
        const std::string want = j["error"].get<std::string>();
        try {
            const std::string out = tmpl.render(req, options);
            QFAIL(("expected the template to raise \"" + want + "\", but it rendered " + nlohmann::json(out).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)).c_str());
        } catch (const cmf::engine::TemplateRaisedError& e) {
            QCOMPARE(std::string(e.what()), want);
        }
        return;
    }
    const std::string want = j["expected"].get<std::string>();
    std::string got;
    try {
        got = tmpl.render(req, options);
    } catch (const std::exception& e) {
        QFAIL((std::string("render failed: ") + e.what()).c_str());
    }
    QVERIFY2(got == want, firstDifference(got, want).c_str());
}

QTEST_GUILESS_MAIN(TstChatTemplateFixtures)
#include "tst_chat_template_fixtures.moc"
