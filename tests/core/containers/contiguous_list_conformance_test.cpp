// contiguous_list as a drop-in for std::list: element types that delete unary &,
// deduction guides, and the differences that are the design itself (contiguous_list.hpp,
// "Differences from std::list"), each shown side by side with std::list.
#include <gtest/gtest.h>

#include <iterator>
#include <list>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "core/containers/contiguous_list.hpp"

// [SECTION] An element type whose unary & must never be used
namespace hostile {
struct element {
  int v = 0;
  element(int value) : v(value) {}  // NOLINT(google-explicit-constructor)
  void operator&() const = delete;
  friend bool operator==(const element& a, const element& b) { return a.v == b.v; }
  friend bool operator<(const element& a, const element& b) { return a.v < b.v; }
};
// Found by argument-dependent lookup for every type that names hostile::element (the list,
// its storage, its iterators): a bare & on any of them does not compile.
template <class U>
void operator&(const U&) = delete;
}  // namespace hostile

namespace {

using framelab::contiguous_list;

template <class L>
std::vector<int> keys(const L& l) {
  std::vector<int> k;
  for (const auto& e : l) k.push_back(e.v);
  return k;
}

// Every member that takes or compares addresses, on both lists, with the same results.
TEST(contiguous_list_conformance, element_type_with_deleted_unary_address_of) {
  using ours = contiguous_list<hostile::element>;
  using theirs = std::list<hostile::element>;
  ours a{3, 1, 2}, b{9, 8};
  theirs s{3, 1, 2}, sb{9, 8};
  const auto same = [&] { return keys(a) == keys(s) && keys(b) == keys(sb); };
  const hostile::element five(5);
  a.push_back(five), s.push_back(five);
  a.push_front(hostile::element(4)), s.push_front(hostile::element(4));
  a.emplace(std::next(a.begin()), 7), s.emplace(std::next(s.begin()), 7);
  a.emplace_back(6), s.emplace_back(6);
  a.insert(a.begin(), five), s.insert(s.begin(), five);
  a.insert(a.end(), 2, a.front()), s.insert(s.end(), 2, s.front());  // the value is an element
  a.insert(a.begin(), {10, 11}), s.insert(s.begin(), {10, 11});
  a.insert(a.end(), b.begin(), b.end()), s.insert(s.end(), sb.begin(), sb.end());
  EXPECT_TRUE(same());
  a.erase(std::next(a.begin(), 2)), s.erase(std::next(s.begin(), 2));
  a.erase(a.begin(), std::next(a.begin(), 2)), s.erase(s.begin(), std::next(s.begin(), 2));
  a.pop_front(), s.pop_front();
  a.pop_back(), s.pop_back();
  a.resize(12, a.back()), s.resize(12, s.back());
  EXPECT_TRUE(same());
  a.splice(a.begin(), b, b.begin()), s.splice(s.begin(), sb, sb.begin());
  a.splice(a.end(), a, a.begin()), s.splice(s.end(), s, s.begin());
  a.splice(a.begin(), a, std::next(a.begin(), 3), std::next(a.begin(), 5));
  s.splice(s.begin(), s, std::next(s.begin(), 3), std::next(s.begin(), 5));
  a.splice(a.begin(), b), s.splice(s.begin(), sb);
  EXPECT_TRUE(same());
  b.assign({1, 5, 9}), sb.assign({1, 5, 9});
  a.sort(), s.sort();
  a.merge(b), s.merge(sb);
  a.merge(a), s.merge(s);  // merging a list into itself does nothing
  EXPECT_TRUE(same());
  EXPECT_EQ(a.remove(a.front()), s.remove(s.front()));  // the value is an element
  EXPECT_EQ(a.unique(), s.unique());
  a.reverse(), s.reverse();
  a.linearize();
  EXPECT_TRUE(same());
  const ours& self = a;
  const theirs& self_s = s;
  a = self, s = self_s;  // self-assignment
  b = a, sb = s;
  a = std::move(b), s = std::move(sb);
  a.assign(3, a.front()), s.assign(3, s.front());
  a.swap(b), s.swap(sb);
  swap(a, b), std::swap(s, sb);
  EXPECT_TRUE(same());
  EXPECT_EQ(a.begin()->v, s.begin()->v);  // operator->
  EXPECT_EQ(a == b, s == sb);
  EXPECT_EQ(a < b, s < sb);
}

// [SECTION] Deduction guides: the same arguments deduce the same element type and allocator

template <class L>
struct as_std_list;
template <class T, class A>
struct as_std_list<contiguous_list<T, A>> {
  using type = std::list<T, A>;
};
template <class Ours, class Theirs>
constexpr bool deduced_alike = std::is_same_v<typename as_std_list<Ours>::type, Theirs>;

// An allocator that is not std::allocator, to see it deduced.
template <class T>
struct other_allocator : std::allocator<T> {
  other_allocator() = default;
  template <class U>
  other_allocator(const other_allocator<U>&) {}  // NOLINT(google-explicit-constructor)
  template <class U>
  struct rebind {
    using other = other_allocator<U>;
  };
};

TEST(contiguous_list_conformance, deduction_guides_match_std_list) {
  const std::vector<std::string> v{"a", "b", "c"};
  const other_allocator<std::string> alloc;
  contiguous_list range(v.begin(), v.end());
  std::list range_s(v.begin(), v.end());
  static_assert(deduced_alike<decltype(range), decltype(range_s)>);
  EXPECT_EQ(std::vector<std::string>(range.begin(), range.end()), v);
  contiguous_list range_alloc(v.begin(), v.end(), alloc);
  static_assert(deduced_alike<decltype(range_alloc), decltype(std::list(v.begin(), v.end(), alloc))>);
  static_assert(std::is_same_v<decltype(range_alloc)::allocator_type, other_allocator<std::string>>);
  std::istringstream in("4 5 6");
  contiguous_list input(std::istream_iterator<int>(in), std::istream_iterator<int>{});
  static_assert(std::is_same_v<decltype(input), contiguous_list<int>>);
  EXPECT_EQ(std::vector<int>(input.begin(), input.end()), (std::vector<int>{4, 5, 6}));
  contiguous_list count(3, 7);  // (count, value), not a range of ints
  static_assert(deduced_alike<decltype(count), decltype(std::list(3, 7))>);
  EXPECT_EQ(count.size(), 3u);
  contiguous_list count_alloc(2, std::string("x"), alloc);
  static_assert(deduced_alike<decltype(count_alloc), decltype(std::list(2, std::string("x"), alloc))>);
  contiguous_list braces{1.5, 2.5};
  static_assert(deduced_alike<decltype(braces), decltype(std::list{1.5, 2.5})>);
  contiguous_list il_alloc({std::string("p")}, alloc);
  static_assert(deduced_alike<decltype(il_alloc), decltype(std::list({std::string("p")}, alloc))>);
  contiguous_list copy(range_alloc);
  contiguous_list copy_alloc(range_alloc, alloc);
  contiguous_list moved(std::move(copy), alloc);
  static_assert(std::is_same_v<decltype(copy), decltype(range_alloc)>);
  static_assert(std::is_same_v<decltype(copy_alloc), decltype(range_alloc)>);
  static_assert(std::is_same_v<decltype(moved), decltype(range_alloc)>);
  EXPECT_EQ(std::vector<std::string>(moved.begin(), moved.end()), v);
}

// [SECTION] The differences that are the design (contiguous_list.hpp, 1-5)

// 1. Growth relocates the elements: a reference taken before is stale (the element now
// lives elsewhere) where std::list's stays; iterators survive; reserve() keeps references.
TEST(contiguous_list_conformance, growth_relocates_elements_but_keeps_iterators) {
  contiguous_list<std::string> l{"first", "second"};
  std::list<std::string> s{"first", "second"};
  l.shrink_to_fit();
  const std::string* before = std::addressof(l.front());
  const std::string* before_s = std::addressof(s.front());
  const auto it = l.begin();
  l.push_back("third");  // past capacity(): both arrays reallocate
  s.push_back("third");
  EXPECT_NE(std::addressof(l.front()), before);
  EXPECT_EQ(std::addressof(s.front()), before_s);
  EXPECT_EQ(*it, "first");
  EXPECT_EQ(std::addressof(*it), std::addressof(l.front()));
  l.reserve(l.size() + 10);
  const std::string* reserved = std::addressof(l.front());
  for (int k = 0; k < 10; ++k) l.push_back("more");
  EXPECT_EQ(std::addressof(l.front()), reserved);
}

// 1. Erasure moves the element stored last into the hole.
TEST(contiguous_list_conformance, erase_moves_the_last_stored_element_into_the_hole) {
  contiguous_list<std::string> l{"a", "b", "c", "d"};
  std::list<std::string> s{"a", "b", "c", "d"};
  const std::string* slot_of_b = std::addressof(*std::next(l.begin()));
  const std::string* d_s = std::addressof(s.back());
  l.erase(std::next(l.begin()));
  s.erase(std::next(s.begin()));
  EXPECT_EQ(std::addressof(l.back()), slot_of_b);  // "d" moved into b's slot
  EXPECT_EQ(std::addressof(s.back()), d_s);        // std::list: "d" did not move
  EXPECT_EQ(std::vector<std::string>(l.begin(), l.end()), std::vector<std::string>(s.begin(), s.end()));
}

// 2. Element types must be move-constructible and move-assignable; std::list holds
// types that are neither.
struct const_member {
  const int v;
  explicit const_member(int value) : v(value) {}
};
TEST(contiguous_list_conformance, elements_must_be_movable) {
  static_assert(framelab::contiguous_list_element<std::string>);
  static_assert(framelab::contiguous_list_element<std::unique_ptr<int>>);
  static_assert(!framelab::contiguous_list_element<std::mutex>);    // not movable at all
  static_assert(!framelab::contiguous_list_element<const_member>);  // not move-assignable
  std::list<std::mutex> mutexes;
  mutexes.emplace_back();
  std::list<const_member> consts;
  consts.emplace_back(1);
  consts.erase(consts.begin());
  EXPECT_EQ(mutexes.size(), 1u);
  const contiguous_list<std::mutex> no_mutexes;  // the type exists; inserting does not compile
  EXPECT_TRUE(no_mutexes.empty());
}

// 3. An iterator refers to its list object: after swap it walks the other list object
// (std::list's follows its element into the other list).
TEST(contiguous_list_conformance, iterators_refer_to_their_list_object) {
  contiguous_list<int> a{1, 2}, b{7, 8, 9};
  std::list<int> s{1, 2}, sb{7, 8, 9};
  const auto it = a.begin();
  const auto it_s = s.begin();
  a.swap(b);
  s.swap(sb);
  EXPECT_EQ(*it_s, 1);  // std::list: the element, now in sb
  EXPECT_EQ(*it, 7);    // ours: node 1 of the list object `a`, which now holds 7, 8, 9
}

// 6. erase and pop_* are noexcept when T's move assignment is; std::list's always are.
struct throwing_move_assignment {
  throwing_move_assignment() = default;
  throwing_move_assignment(throwing_move_assignment&&) noexcept = default;
  throwing_move_assignment& operator=(throwing_move_assignment&&) noexcept(false) { return *this; }
};
template <class L>
constexpr bool erase_is_noexcept =
    noexcept(std::declval<L&>().erase(std::declval<typename L::const_iterator>())) && noexcept(std::declval<L&>().erase(
        std::declval<typename L::const_iterator>(),
        std::declval<typename L::const_iterator>())) && noexcept(std::declval<L&>()
                                                                     .pop_back()) && noexcept(std::declval<L&>()
                                                                                                  .pop_front());
static_assert(erase_is_noexcept<contiguous_list<std::string>> == erase_is_noexcept<std::list<std::string>>);
static_assert(!erase_is_noexcept<contiguous_list<throwing_move_assignment>>);
static_assert(erase_is_noexcept<std::list<throwing_move_assignment>>);

// Recursive element types, as std::list allows.
struct tree {
  int value = 0;
  contiguous_list<tree> children;
};
TEST(contiguous_list_conformance, incomplete_element_type_in_its_own_definition) {
  tree root;
  root.children.push_back(tree{1, {}});
  root.children.front().children.push_back(tree{2, {}});
  EXPECT_EQ(root.children.front().children.front().value, 2);
}

}  // namespace
