# Which MPIs this machine has, as their compiler wrappers see them: one
# coordination layer is built per MPI (the layer is compiled against that
# MPI's own mpi.h, and its wrappers are generated from it).

# aalc_describe_mpi(<wrapper> <prefix>) sets, for the MPI the compiler
# wrapper compiles with:
#   <prefix>_FOUND         TRUE when the wrapper compiles a source with mpi.h
#   <prefix>_NAME          "MPICH 4.0.2", "Open MPI 4.1.4", ...
#   <prefix>_FLAVOUR       mpich or openmpi (the kind of handles the layer meets)
#   <prefix>_MPI_VERSION   the MPI standard it implements (3, 4, ...)
#   <prefix>_HEADER_DIR    the directory of its mpi.h
#   <prefix>_INCLUDE_DIRS  the directories the wrapper adds (-I)
function(aalc_describe_mpi wrapper prefix)
  set(${prefix}_FOUND FALSE PARENT_SCOPE)
  set(probe ${CMAKE_CURRENT_BINARY_DIR}/aalc-mpi-probe.c)
  file(WRITE ${probe} "#include <mpi.h>\nint aalc_mpi_probe;\n")
  execute_process(COMMAND ${wrapper} -E -dM ${probe} OUTPUT_VARIABLE macros
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    return()
  endif()
  if(macros MATCHES "#define MPICH_VERSION \"([^\"]*)\"")
    set(name "MPICH ${CMAKE_MATCH_1}")
    set(flavour mpich)
  elseif(macros MATCHES "#define OMPI_MAJOR_VERSION ([0-9]+)")
    set(version ${CMAKE_MATCH_1})
    foreach(part MINOR RELEASE)
      if(macros MATCHES "#define OMPI_${part}_VERSION ([0-9]+)")
        string(APPEND version ".${CMAKE_MATCH_1}")
      endif()
    endforeach()
    set(name "Open MPI ${version}")
    set(flavour openmpi)
  else()
    message(STATUS "coordlayer: ${wrapper} compiles with an MPI that is neither MPICH nor "
                   "Open MPI: no coordination layer for it")
    return()
  endif()
  string(REGEX MATCH "#define MPI_VERSION ([0-9]+)" _ "${macros}")
  set(mpi_version ${CMAKE_MATCH_1})
  # The preprocessor names the file it read for <mpi.h>.
  execute_process(COMMAND ${wrapper} -E ${probe} OUTPUT_VARIABLE text ERROR_QUIET)
  if(NOT text MATCHES "# [0-9]+ \"([^\"]*)/mpi\\.h\"")
    message(STATUS "coordlayer: ${wrapper}: cannot tell where its mpi.h is")
    return()
  endif()
  file(REAL_PATH ${CMAKE_MATCH_1} header_dir)
  # Both MPICH's and Open MPI's wrappers print their command with -show.
  execute_process(COMMAND ${wrapper} -show -c ${probe} OUTPUT_VARIABLE command ERROR_QUIET)
  separate_arguments(words UNIX_COMMAND "${command}")
  set(include_dirs ${header_dir})
  foreach(word IN LISTS words)
    if(word MATCHES "^-I(.+)$")
      list(APPEND include_dirs ${CMAKE_MATCH_1})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES include_dirs)
  set(${prefix}_FOUND TRUE PARENT_SCOPE)
  set(${prefix}_NAME "${name}" PARENT_SCOPE)
  set(${prefix}_FLAVOUR ${flavour} PARENT_SCOPE)
  set(${prefix}_MPI_VERSION ${mpi_version} PARENT_SCOPE)
  set(${prefix}_HEADER_DIR ${header_dir} PARENT_SCOPE)
  set(${prefix}_INCLUDE_DIRS ${include_dirs} PARENT_SCOPE)
endfunction()
