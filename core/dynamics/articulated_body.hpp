#pragma once
// Forward dynamics in O(n): the articulated-body algorithm (Featherstone, Rigid Body
// Dynamics Algorithms, 2008, chapter 7, table 7.1), in world coordinates so that every
// coordinate transform X is the identity (core/dynamics/spatial.hpp). The passes, their
// formulas and where their numbers go: core/dynamics/articulated_body.cpp, compiled there
// once for plain x86-64 and once for AVX2 + FMA (chosen at run time), not in every user.
#include <span>

#include "core/dynamics/tree_kinematics.hpp"

namespace framelab::dynamics {

// qdd for the given q, qd, tau (all generalised forces, joint springs included); also fills
// d.acceleration. Inputs besides these are d.base, d.placement_motion and d.external_force.
// On a CPU with AVX2 and FMA the passes run in their AVX2 build (results differ from the
// plain build's in the last bits).
void forward_dynamics(const tree_model& model, tree_data& d, std::span<const double> q, std::span<const double> qd,
                      std::span<const double> tau);

// The same passes compiled for every x86-64 (what forward_dynamics runs on a CPU without
// AVX2 and FMA; the tests check both builds).
void forward_dynamics_portable(const tree_model& model, tree_data& d, std::span<const double> q,
                               std::span<const double> qd, std::span<const double> tau);

}  // namespace framelab::dynamics
