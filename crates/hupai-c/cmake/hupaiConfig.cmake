# CMake package config of the hupai C ABI: `find_package(hupai)` gives hupai::hupai (the shared
# library) and hupai::hupai_static (the static one; it brings pthread, dl and m). Paths are
# relative to this file, so the installed prefix may be moved.
get_filename_component(_hupai_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET hupai::hupai)
  add_library(hupai::hupai SHARED IMPORTED)
  set_target_properties(hupai::hupai PROPERTIES
    IMPORTED_LOCATION "${_hupai_prefix}/lib/libhupai_c.so"
    IMPORTED_NO_SONAME TRUE
    INTERFACE_INCLUDE_DIRECTORIES "${_hupai_prefix}/include")
endif()
if(NOT TARGET hupai::hupai_static)
  find_package(Threads REQUIRED)
  add_library(hupai::hupai_static STATIC IMPORTED)
  set_target_properties(hupai::hupai_static PROPERTIES
    IMPORTED_LOCATION "${_hupai_prefix}/lib/libhupai_c.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_hupai_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()
unset(_hupai_prefix)
