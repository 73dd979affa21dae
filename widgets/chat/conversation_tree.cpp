#include "chat/conversation_tree.h"

#include <stdexcept>

namespace cmfw {

ConversationTree::ConversationTree(const ChatMessages& path) {
    // A chain, built directly: appending one by one walks the path each time (10,000 messages: 50 M steps).
    nodes_.reserve(path.size());
    for (size_t i = 0; i < path.size(); ++i) {
        Node n{path[i], long(i) - 1, {}, 0};
        n.message.alternative = 0;
        n.message.alternatives = 1;
        nodes_.push_back(std::move(n));
        if (i) nodes_[i - 1].children.push_back(i);
    }
    if (!path.empty()) rootChildren_.push_back(0);
}

std::vector<size_t> ConversationTree::path() const {
    std::vector<size_t> p;
    long at = -1;
    for (;;) {
        const auto& c = childrenOf(at);
        if (c.empty()) break;
        const size_t n = c[std::min(activeOf(at), c.size() - 1)];
        p.push_back(n);
        at = long(n);
    }
    return p;
}

ChatMessages ConversationTree::activePath() const {
    ChatMessages out;
    const auto p = path();
    out.reserve(p.size());
    for (const size_t n : p) {
        ChatMessage m = nodes_[n].message;
        const auto& siblings = childrenOf(nodes_[n].parent);
        m.alternatives = siblings.size();
        m.alternative = activeOf(nodes_[n].parent);
        out.push_back(std::move(m));
    }
    return out;
}

size_t ConversationTree::pathLength() const { return path().size(); }

size_t ConversationTree::alternatives(size_t i) const {
    const auto p = path();
    return i < p.size() ? childrenOf(nodes_[p[i]].parent).size() : 0;
}

size_t ConversationTree::alternativeIndex(size_t i) const {
    const auto p = path();
    return i < p.size() ? activeOf(nodes_[p[i]].parent) : 0;
}

void ConversationTree::append(ChatMessage m) { branchAt(pathLength(), std::move(m)); }

void ConversationTree::branchAt(size_t i, ChatMessage m) {
    const auto p = path();
    if (i > p.size()) throw std::out_of_range("branchAt: past the end of the conversation");
    const long parent = i == 0 ? -1 : long(p[i - 1]);
    m.alternative = 0;
    m.alternatives = 1;
    nodes_.push_back({std::move(m), parent, {}, 0});
    auto& c = childrenOf(parent);
    c.push_back(nodes_.size() - 1);
    activeOf(parent) = c.size() - 1;
}

bool ConversationTree::switchTo(size_t i, size_t k) {
    const auto p = path();
    if (i >= p.size()) return false;
    const long parent = nodes_[p[i]].parent;
    if (k >= childrenOf(parent).size()) return false;
    activeOf(parent) = k;
    return true;
}

size_t ConversationTree::subtreeSize(size_t i) const {
    const auto p = path();
    if (i >= p.size()) return 0;
    size_t count = 0;
    std::vector<size_t> stack{p[i]};
    while (!stack.empty()) {
        const size_t n = stack.back();
        stack.pop_back();
        ++count;
        stack.insert(stack.end(), nodes_[n].children.begin(), nodes_[n].children.end());
    }
    return count;
}

size_t ConversationTree::removeAt(size_t i) {
    const auto p = path();
    if (i >= p.size()) return 0;
    const size_t removed = subtreeSize(i);
    const long parent = nodes_[p[i]].parent;
    auto& c = childrenOf(parent);
    size_t& a = activeOf(parent);
    c.erase(c.begin() + long(a));
    // The next alternative takes its place, or the previous one when it was the last.
    if (a >= c.size()) a = c.empty() ? 0 : c.size() - 1;
    compact();
    return removed;
}

ChatMessage& ConversationTree::last() {
    const auto p = path();
    if (p.empty()) throw std::out_of_range("last: an empty conversation");
    return nodes_[p.back()].message;
}

void ConversationTree::compact() {
    // Keep what is reachable from the root, parents before children (the saved order).
    std::vector<long> newId(nodes_.size(), -1);
    std::vector<size_t> order;
    std::vector<size_t> queue(rootChildren_.begin(), rootChildren_.end());
    for (size_t q = 0; q < queue.size(); ++q) {
        const size_t n = queue[q];
        newId[n] = long(order.size());
        order.push_back(n);
        queue.insert(queue.end(), nodes_[n].children.begin(), nodes_[n].children.end());
    }
    std::vector<Node> kept;
    kept.reserve(order.size());
    for (const size_t n : order) {
        Node node = std::move(nodes_[n]);
        node.parent = node.parent < 0 ? -1 : newId[size_t(node.parent)];
        for (size_t& c : node.children) c = size_t(newId[c]);
        kept.push_back(std::move(node));
    }
    for (size_t& c : rootChildren_) c = size_t(newId[c]);
    nodes_ = std::move(kept);
}

bool ConversationTree::hasBranches() const {
    if (rootChildren_.size() > 1) return true;
    for (const auto& n : nodes_)
        if (n.children.size() > 1) return true;
    return false;
}

nlohmann::json ConversationTree::toJson() const {
    nlohmann::json nodes = nlohmann::json::array();
    // Saved in an order where every parent comes before its children (compact() keeps it so; a fresh tree appends in that order).
    for (const auto& n : nodes_) {
        nlohmann::json j{{"parent", n.parent}, {"role", n.message.role}, {"content", n.message.text}, {"active", n.active}};
        if (!n.message.stats.empty()) j["stats"] = n.message.stats;
        nodes.push_back(std::move(j));
    }
    return {{"nodes", nodes}, {"root_active", rootActive_}};
}

ConversationTree ConversationTree::fromJson(const nlohmann::json& j) {
    if (!j.is_object() || !j.contains("nodes") || !j["nodes"].is_array()) throw std::runtime_error("branches: no list of nodes");
    ConversationTree t;
    for (const auto& n : j["nodes"]) {
        if (!n.is_object() || !n.contains("role") || !n.contains("content") || !n["content"].is_string() || !n["role"].is_string())
            throw std::runtime_error("branches: a message without role or content");
        const long parent = n.value("parent", -1L);
        if (parent >= long(t.nodes_.size()) || parent < -1) throw std::runtime_error("branches: a message before its parent");
        t.nodes_.push_back({{n["role"].get<std::string>(), n["content"].get<std::string>(), n.value("stats", nlohmann::json::object())},
                            parent,
                            {},
                            n.value("active", size_t(0))});
        t.childrenOf(parent).push_back(t.nodes_.size() - 1);
    }
    t.rootActive_ = j.value("root_active", size_t(0));
    if (!t.rootChildren_.empty() && t.rootActive_ >= t.rootChildren_.size()) throw std::runtime_error("branches: an active index out of range");
    for (const auto& n : t.nodes_)
        if (!n.children.empty() && n.active >= n.children.size()) throw std::runtime_error("branches: an active index out of range");
    return t;
}

} // namespace cmfw
