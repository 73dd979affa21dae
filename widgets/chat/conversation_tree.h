#pragma once
// A conversation with branches. Every message is a node; the children of a
// node are the alternatives for what came next (an edited user message, a
// regenerated reply), and each node remembers which child is active. The
// active path — from the root, following the active child at every step —
// is what the transcript shows and what the next reply is generated from.
// Editing or regenerating message i adds a sibling of it and makes that
// active; the old continuation stays below the old sibling and comes back
// when the user switches to it. A plain list of messages is a tree with one
// child per node, so a file without branches is one path.
#include "chat/chat_message.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <vector>

namespace cmfw {

class ConversationTree {
public:
    ConversationTree() = default;
    explicit ConversationTree(const ChatMessages& path); // one branch

    // The active path, with each message's place among its alternatives filled in.
    ChatMessages activePath() const;
    size_t pathLength() const;
    bool empty() const { return rootChildren_.empty(); }
    // All messages on every branch (for search, say).
    size_t nodeCount() const { return nodes_.size(); }
    const ChatMessage& nodeMessage(size_t n) const { return nodes_[n].message; }

    // Position i of the active path: its alternatives (siblings, itself included) and its place among them.
    size_t alternatives(size_t i) const;
    size_t alternativeIndex(size_t i) const;

    // Appends to the end of the active path.
    void append(ChatMessage m);
    // A new alternative at position i (<= pathLength()): the path becomes
    // path[0..i) + m; what followed the old message i stays on its branch.
    void branchAt(size_t i, ChatMessage m);
    // Shows alternative k at position i (and below it, that branch's active path).
    bool switchTo(size_t i, size_t k);
    // Removes message i of the active path and everything after it on that
    // branch; a sibling (the next one, else the previous) becomes active.
    // Returns how many messages were removed.
    size_t removeAt(size_t i);
    // How many messages removeAt(i) would remove: i and its whole subtree.
    size_t subtreeSize(size_t i) const;
    // The last message of the active path (the reply being streamed).
    ChatMessage& last();

    // Saved form: {"nodes": [{"parent": -1|n, "role", "content", "stats"?}], "active": [child index per node], "root_active": k}.
    nlohmann::json toJson() const;
    // Throws std::runtime_error on a malformed tree (a parent after its child, an active index out of range).
    static ConversationTree fromJson(const nlohmann::json& j);
    bool hasBranches() const;

private:
    struct Node {
        ChatMessage message;
        long parent = -1;
        std::vector<size_t> children;
        size_t active = 0;
    };
    std::vector<size_t>& childrenOf(long parent) { return parent < 0 ? rootChildren_ : nodes_[size_t(parent)].children; }
    const std::vector<size_t>& childrenOf(long parent) const { return parent < 0 ? rootChildren_ : nodes_[size_t(parent)].children; }
    size_t& activeOf(long parent) { return parent < 0 ? rootActive_ : nodes_[size_t(parent)].active; }
    size_t activeOf(long parent) const { return parent < 0 ? rootActive_ : nodes_[size_t(parent)].active; }
    std::vector<size_t> path() const; // node ids of the active path
    void compact(); // drops unreachable nodes after a removal, renumbering the rest

    std::vector<Node> nodes_;
    std::vector<size_t> rootChildren_;
    size_t rootActive_ = 0;
};

} // namespace cmfw
