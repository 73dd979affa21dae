// cmf — the CMF v2 command line.
#include "commands.h"

#include "build_info.h"

#include <iostream>

int main(int argc, char** argv) {
    CLI::App app{"cmf — inspect, verify, sign and write CMF v2 model containers"};
    // Four lines: version, git revision, build, the CPU features the kernels
    // use here (detected when asked, not at every start).
    app.set_version_flag("--version", [] {
        std::string text = cmf::build::versionText("cmf");
        text.pop_back(); // CLI11 ends the text with its own newline
        return text;
    });
    app.require_subcommand(1);
    app.fallthrough(false);
    int code = cmfcli::kExitOk;
    cmfcli::addInfo(app, &code);
    cmfcli::addVerify(app, &code);
    cmfcli::addDump(app, &code);
    cmfcli::addMasks(app, &code);
    cmfcli::addKeygen(app, &code);
    cmfcli::addSign(app, &code);
    cmfcli::addConvert(app, &code);
    cmfcli::addRequant(app, &code);
    cmfcli::addCompact(app, &code);
    cmfcli::addShard(app, &code);
    cmfcli::addRun(app, &code);
    cmfcli::addPpl(app, &code);
    cmfcli::addChat(app, &code);
    cmfcli::addTokenize(app, &code);
    cmfcli::addTemplate(app, &code);
    cmfcli::addBench(app, &code);
    cmfcli::addSkill(app, &code);
    cmfcli::addSkillAdd(app, &code);
    cmfcli::addSkillBake(app, &code);
    cmfcli::addDefrag(app, &code);
    cmfcli::addCalibrate(app, &code);
    cmfcli::addRouteStats(app, &code);
    cmfcli::addRoute(app, &code);
    cmfcli::addExplain(app, &code);
    cmfcli::addDiff(app, &code);
    cmfcli::addServe(app, &code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e); // --help, --version
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return cmfcli::kExitUsage;
    }
    return code;
}
