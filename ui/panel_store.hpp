#pragma once
// The panels' own state (a selection, a plot option, a ride camera), kept per ui_state
// rather than in file-level statics, so that two ui_states (the app and a script's
// probe, or two tests) never share a setting. Each panel keeps its state struct private
// to its .cpp and reaches it with state.panel_state<its_struct>(): made on first use,
// default-constructed, and kept for the life of the store.
#include <any>
#include <cstddef>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <utility>

namespace framelab::ui {

class panel_store {
 public:
  // The T of this store, default-constructed on first use. The reference stays valid
  // while the store lives (the map's nodes do not move, and a T in an std::any stays
  // where it was made). A copied store holds copies: its panels start out the same but
  // are independent from then on. T must be copyable (std::any holds it).
  template <class T>
  T& get() {
    const std::type_index key(typeid(T));
    auto it = states_.find(key);
    if (it == states_.end()) it = states_.emplace(key, std::any(std::in_place_type<T>)).first;
    return *std::any_cast<T>(&it->second);
  }

  // How many panels have made their state (for tests).
  std::size_t size() const { return states_.size(); }

 private:
  // Keyed by type: a struct in an anonymous namespace is a distinct type per file, so
  // two panels never meet even when their structs share a name.
  std::unordered_map<std::type_index, std::any> states_;
};

}  // namespace framelab::ui
