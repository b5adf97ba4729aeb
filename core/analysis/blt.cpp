#include "core/analysis/blt.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

namespace acausal {

std::vector<BltBlock> blt(const Bipartite& g, const Matching& m) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  // Edge i → j: equation i reads the unknown that equation j solves for, so j comes first.
  Graph dependencies(g.rows());
  for (std::size_t i = 0; i < g.rows(); ++i)
    for (std::uint32_t c : g.adjacency[i]) {
      const std::size_t j = m.row_of_col[c];
      if (j != i) boost::add_edge(i, j, dependencies);
    }
  std::vector<std::size_t> component(g.rows());
  const std::size_t count = boost::strong_components(
      dependencies, boost::make_iterator_property_map(component.begin(), boost::get(boost::vertex_index, dependencies)));
  // Tarjan numbers the components in reverse topological order of the condensation: a component
  // gets its number only after everything it reaches (what it depends on), so number order is
  // solving order.
  std::vector<BltBlock> blocks(count);
  for (std::size_t i = 0; i < g.rows(); ++i) {
    blocks[component[i]].rows.push_back(i);
    blocks[component[i]].cols.push_back(m.col_of_row[i]);
  }
  return blocks;
}

}  // namespace acausal
