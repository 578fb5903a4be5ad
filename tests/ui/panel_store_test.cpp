// The per-panel state store of ui_state (ui/panel_store.hpp): a panel's state is made on
// first use with its defaults, the same object comes back every frame, each type has its
// own, and two stores (two ui_states, or a copy) never share one.
#include "ui/panel_store.hpp"

#include <gtest/gtest.h>

#include <string>

#include "ui/ui_state.hpp"

namespace framelab {
namespace {

struct counter_state {
  int clicks = 7;  // a default that is not zero, so that "made with its defaults" shows
  std::string label = "none";
};

struct other_state {
  int clicks = 0;
};

TEST(panel_store, makes_a_state_with_its_defaults_on_first_use) {
  ui::panel_store store;
  EXPECT_EQ(store.size(), 0u);
  const counter_state& s = store.get<counter_state>();
  EXPECT_EQ(s.clicks, 7);
  EXPECT_EQ(s.label, "none");
  EXPECT_EQ(store.size(), 1u);
}

TEST(panel_store, gives_back_the_same_object_every_time) {
  ui::panel_store store;
  counter_state& first = store.get<counter_state>();
  first.clicks = 42;
  store.get<other_state>();  // another panel's state made in between
  counter_state& again = store.get<counter_state>();
  EXPECT_EQ(&again, &first);
  EXPECT_EQ(again.clicks, 42);
  EXPECT_EQ(store.size(), 2u);
}

TEST(panel_store, each_type_has_its_own_state) {
  ui::panel_store store;
  store.get<counter_state>().clicks = 1;
  store.get<other_state>().clicks = 2;
  EXPECT_EQ(store.get<counter_state>().clicks, 1);
  EXPECT_EQ(store.get<other_state>().clicks, 2);
}

TEST(panel_store, two_ui_states_do_not_share_a_panel_state) {
  ui::ui_state a, b;
  a.panel_state<counter_state>().clicks = 100;
  a.panel_state<counter_state>().label = "changed through a";
  EXPECT_EQ(b.panel_state<counter_state>().clicks, 7);
  EXPECT_EQ(b.panel_state<counter_state>().label, "none");
  EXPECT_NE(&a.panel_state<counter_state>(), &b.panel_state<counter_state>());
  EXPECT_EQ(a.panel_state<counter_state>().clicks, 100);  // b's first use left a alone
}

TEST(panel_store, a_copied_store_holds_copies) {
  ui::panel_store original;
  original.get<counter_state>().clicks = 3;
  ui::panel_store copy = original;
  EXPECT_EQ(copy.get<counter_state>().clicks, 3);
  copy.get<counter_state>().clicks = 4;
  EXPECT_EQ(original.get<counter_state>().clicks, 3);
}

}  // namespace
}  // namespace framelab
