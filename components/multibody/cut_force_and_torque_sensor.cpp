#include "components/multibody/cut_force_and_torque_sensor.hpp"

#include "components/multibody/frame.hpp"

namespace acausal::multibody_components {

void CutForceAndTorqueSensor::define(ComponentBuilder& b) const {
  const Frame a = frame_port(b, "frame_a", "Frame on the side of the measured cut that the force acts on");
  const Frame fb = frame_port(b, "frame_b", "Frame rigidly joined to frame_a");
  const Vec3 force = vector_output(b, "force", "N", "Cut force acting at frame_a, frame_a coordinates");
  const Vec3 torque = vector_output(b, "torque", "N*m", "Cut torque acting at frame_a, frame_a coordinates");
  if (b.rooted("frame_a")) {
    equal(b, fb.r_0, a.r_0, "same origin");
    equal(b, fb.R, a.R, "same orientation");
    equal(b, fb.w, a.w, "same angular velocity");
  } else {
    equal(b, a.r_0, fb.r_0, "same origin");
    equal(b, a.R, fb.R, "same orientation");
    equal(b, a.w, fb.w, "same angular velocity");
  }
  equal(b, Vec3(a.f + fb.f), zero_vector(), "force balance");
  equal(b, Vec3(a.t + fb.t), zero_vector(), "torque balance");
  equal(b, force, a.f, "measured force");
  equal(b, torque, a.t, "measured torque");
}

}  // namespace acausal::multibody_components
