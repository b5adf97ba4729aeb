# cmake -DSOURCE_DIR=… -DBINARY_DIR=… -DOUTPUT_DIR=… -DROOTS=<a,b,…> -P collect_headers.cmake
#
# Collects the installed headers into OUTPUT_DIR/acausal/: the public headers ROOTS (names such as
# acausal/acausal.hpp, found in SOURCE_DIR/core/include, SOURCE_DIR/solver/testing/include or
# BINARY_DIR/include) and every project header they include, directly or not. In the tree those are
# included by their path from the top ("core/model/component.hpp"); installed they sit under acausal/
# and include each other so ("acausal/core/model/component.hpp"). A quoted include that is neither
# fails here, so that no header is installed without what it needs.
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" queue "${ROOTS}")
set(public_dirs "${SOURCE_DIR}/core/include" "${SOURCE_DIR}/solver/testing/include" "${BINARY_DIR}/include")
file(REMOVE_RECURSE "${OUTPUT_DIR}")

set(done)
while(queue)
  list(POP_FRONT queue name)
  if(name IN_LIST done)
    continue()
  endif()
  list(APPEND done ${name})

  set(file "")
  if(name MATCHES "^acausal/(core|components|solver)/(.*)$")
    set(file "${SOURCE_DIR}/${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
  else()
    foreach(dir IN LISTS public_dirs)
      if(EXISTS "${dir}/${name}")
        set(file "${dir}/${name}")
        break()
      endif()
    endforeach()
  endif()
  if(NOT file OR NOT EXISTS "${file}")
    message(FATAL_ERROR "collect_headers: no file for ${name}")
  endif()

  file(READ "${file}" text)
  string(REGEX MATCHALL "#include \"[^\"]+\"" includes "${text}")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "#include \"([^\"]+)\"" "\\1" included "${line}")
    if(included MATCHES "^(core|components|solver)/")
      list(APPEND queue "acausal/${included}")
    elseif(included MATCHES "^acausal/")
      list(APPEND queue "${included}")
    else()
      message(FATAL_ERROR "collect_headers: ${file} includes \"${included}\", which is not a project path")
    endif()
  endforeach()
  string(REGEX REPLACE "#include \"((core|components|solver)/[^\"]+)\"" "#include \"acausal/\\1\"" text "${text}")
  file(WRITE "${OUTPUT_DIR}/${name}" "${text}")
endwhile()
