// The peer of pendulum_chain_bench in Simbody 3.7: the same N-link pendulum chain (bench/README.md,
// pendulum_chain_netlist.hpp) as MobilizedBody::Pin links about z, each link a steel box L × L/20 ×
// L/20 hanging from the previous one's end, a MobilityLinearDamper d on every pin, gravity
// 9.80665 m/s² along −y, all links starting horizontal at rest. Integrated with one of Simbody's
// integrators at a given accuracy; writes the output joints' angles on the output grid to a CSV (the
// same columns acausal writes) and prints the integrator's statistics.
//
//   simbody_pendulum_chain N cpodes|rkm ACCURACY OUTPUT.csv [--stop T] [--interval DT]

#include <Simbody.h>

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <memory>
#include <string>
#include <vector>

#include "bench/pendulum_chain_netlist.hpp"

namespace {

using namespace SimTK;

int usage() {
  std::fprintf(stderr, "usage: simbody_pendulum_chain N cpodes|rkm ACCURACY OUTPUT.csv [--stop T] [--interval DT]\n");
  return 2;
}

/// A steel box of length L along x from the body origin, width and height L/20 (BodyBox's
/// defaults): its mass and inertia about the origin.
MassProperties steel_box(Real length) {
  const Real width = length / 20, density = 7700;
  const Real m = density * length * width * width;
  const Vec3 center(length / 2, 0, 0);
  const Inertia about_center(m * (width * width + width * width) / 12, m * (length * length + width * width) / 12,
                             m * (length * length + width * width) / 12);
  return MassProperties(m, center, about_center.shiftFromMassCenter(-center, m));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) return usage();
  acausal_bench::PendulumChainSpec spec;
  spec.n = std::stoul(argv[1]);
  const std::string method = argv[2];
  const double accuracy = std::stod(argv[3]);
  const std::string output = argv[4];
  for (int i = 5; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--stop")
      spec.stop = std::stod(argv[i + 1]);
    else if (key == "--interval")
      spec.interval = std::stod(argv[i + 1]);
    else
      return usage();
  }
  if (method != "cpodes" && method != "rkm") return usage();

  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::Gravity gravity(forces, matter, -YAxis, 9.80665);
  const Body::Rigid link(steel_box(spec.length));
  std::vector<MobilizedBody::Pin> links;
  for (std::size_t k = 0; k < spec.n; ++k) {
    MobilizedBody& parent = k == 0 ? matter.Ground() : static_cast<MobilizedBody&>(links.back());
    const Transform at_parent = k == 0 ? Transform() : Transform(Vec3(spec.length, 0, 0));
    links.emplace_back(parent, at_parent, link, Transform());
    Force::MobilityLinearDamper(forces, links.back(), MobilizerUIndex(0), spec.d);
  }
  system.realizeTopology();
  State state = system.getDefaultState();

  std::unique_ptr<Integrator> integrator;
  if (method == "cpodes")
    integrator = std::make_unique<CPodesIntegrator>(system, CPodes::BDF, CPodes::Newton);
  else
    integrator = std::make_unique<RungeKuttaMersonIntegrator>(system);
  integrator->setAccuracy(accuracy);
  TimeStepper stepper(system, *integrator);
  stepper.initialize(state);

  const std::vector<std::size_t> joints = acausal_bench::output_joints(spec.n);
  std::ofstream csv(output);
  csv << "time";
  for (std::size_t j : joints) csv << ",joint" << j << ".phi";
  csv << "\n" << std::setprecision(17);
  const auto write_row = [&](const State& s) {
    csv << s.getTime();
    for (std::size_t j : joints) csv << "," << links[j - 1].getAngle(s);
    csv << "\n";
  };
  write_row(integrator->getState());
  const auto rows = static_cast<long>((spec.stop - spec.start) / spec.interval + 0.5);
  for (long k = 1; k <= rows; ++k) {
    stepper.stepTo(spec.start + static_cast<double>(k) * spec.interval);
    write_row(integrator->getState());
  }
  std::printf("steps %d\nerror_test_failures %d\nconvergence_failures %d\nrealizations %d\n", integrator->getNumStepsTaken(),
              integrator->getNumErrorTestFailures(), integrator->getNumConvergenceTestFailures(),
              integrator->getNumRealizations());
  return 0;
}
