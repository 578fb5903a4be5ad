#pragma once
// Pairs and distinct pairs of a range as C++20 views, the algorithms that use their
// nested structure, and the chunking of distinct pairs for threads.
// Source: docs/articles.md, distinct-pairs-iteration.
//
//   for (auto [a, b] : framelab::distinct_pairs(v)) ...          // i < j, nested-loop order
//   for (auto p : framelab::pairs(v)) ...                         // all n^2 ordered pairs
//   std::count_if(ps.begin(), ps.end(), pred)                     // any std:: / std::ranges:: algorithm
//   framelab::count_if_pairs(v, pred)                             // the same count, vectorized
//   framelab::chunk_distinct_pairs(v, k)                          // k equal chunks for k threads
//
//   header                          holds
//   core/pairs/pairs_view.hpp             pairs_view, pairs(), cpairs()
//   core/pairs/pairs_distinct_view.hpp    distinct_pairs_view, distinct_pairs(), cdistinct_pairs()
//   core/pairs/pairs_index.hpp            closed-form position k <-> indices (i, j)
//   core/pairs/pair_algorithms.hpp        for_each_pair, for_each_distinct_pair, count_if_(distinct_)pairs
//   core/pairs/pair_kernel.hpp            pair_kernel: the portable or AVX2 inner loop, chosen at run time
//   core/pairs/pairs_chunks.hpp           chunk_distinct_pairs, for_each_in_chunk, count_if_in_chunk
//   core/pairs/pairs_support.hpp          arrow_proxy, pair_invocable, internals
//   core/pairs/pairs_iterator_base.hpp    pairs_iterator_base, pairs_view_base: what both views share (CRTP)
#include "core/pairs/pair_algorithms.hpp"
#include "core/pairs/pairs_chunks.hpp"
#include "core/pairs/pairs_distinct_view.hpp"
#include "core/pairs/pairs_index.hpp"
#include "core/pairs/pairs_view.hpp"
