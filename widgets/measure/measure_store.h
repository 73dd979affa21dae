#pragma once
// The Measure view's results, kept across restarts: one JSON file per model
// under the user's data folder (QStandardPaths::AppDataLocation/measurements),
// named by a hash of the model's absolute path and its directory hash
// (envelope dir_hash), so a file rewritten in place with other tensors starts
// a fresh list instead of mixing old figures with new weights. Each file holds
// {"path", "dir_hash", "records": [MeasureRecord json...]}.
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace cmfw {

class MeasureStore {
public:
    // The folder every store uses; tests point it at a temporary one.
    static QString folder();
    static void setFolder(const QString& folder); // empty: back to AppDataLocation

    // dirHash: the file's envelope dir_hash (0 when absent).
    MeasureStore(const QString& modelPath, uint64_t dirHash);

    const nlohmann::json& records() const { return records_; }
    // Appends and writes the file at once (atomically), so a crash keeps every earlier result.
    bool add(const nlohmann::json& record);
    bool remove(int index);
    bool clear();
    QString filePath() const { return file_; }

    // Every stored model's records, for comparing across files: {"path", "records"} per stored file.
    static nlohmann::json all();

private:
    bool save() const;
    QString path_, folder_, file_; // the folder as it was when the store was made
    uint64_t dirHash_ = 0;
    nlohmann::json records_ = nlohmann::json::array();
};

} // namespace cmfw
