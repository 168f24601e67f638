# `cmake --install build --prefix P`: the halfpipe command, the headers (include/halfpipe/), the
# static libraries of the reference, the decoders, the vectors and the SystemC model, the C API
# (static and shared), the DPI library, the RTL, the DPI package and the tanh/ex2 tables
# (share/halfpipe/), a CMake package (find_package(halfpipe CONFIG): halfpipe::uop, ::ref, ::isa,
# ::vectors, ::sc, ::capi, ::capi_static, ::dpi, ::halfpipe) and halfpipe.pc. Everything is
# relocatable: the package and halfpipe.pc find the prefix from where they are installed.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(HALFPIPE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/halfpipe)
# The C++ headers keep their paths in the tree ("model/ref/execute.h") under include/halfpipe/.
set(HALFPIPE_INSTALL_CXX_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/halfpipe)
set(HALFPIPE_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/halfpipe)

# The libraries name the source tree (and the generated headers) as their include directories;
# installed, that is include/halfpipe/.
foreach(target halfpipe_uop halfpipe_ref halfpipe_isa halfpipe_vectors halfpipe_sc)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  set(relocatable "")
  foreach(dir IN LISTS dirs)
    list(APPEND relocatable "$<BUILD_INTERFACE:${dir}>")
  endforeach()
  list(APPEND relocatable "$<INSTALL_INTERFACE:${HALFPIPE_INSTALL_CXX_INCLUDEDIR}>")
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${relocatable}")
endforeach()
set_target_properties(halfpipe_uop PROPERTIES EXPORT_NAME uop)
set_target_properties(halfpipe_ref PROPERTIES EXPORT_NAME ref)
set_target_properties(halfpipe_isa PROPERTIES EXPORT_NAME isa)
set_target_properties(halfpipe_vectors PROPERTIES EXPORT_NAME vectors)
set_target_properties(halfpipe_sc PROPERTIES EXPORT_NAME sc)
set_target_properties(halfpipe PROPERTIES EXPORT_NAME halfpipe)

install(TARGETS halfpipe halfpipe_uop halfpipe_ref halfpipe_isa halfpipe_vectors halfpipe_sc halfpipe_capi
                halfpipe_capi_static halfpipe_dpi
        EXPORT halfpipeTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Headers: the C API, and the C++ interfaces of the libraries with everything they include (the
# op table, model/uop/ops.def, among them).
install(FILES ${PROJECT_SOURCE_DIR}/include/halfpipe/halfpipe.h
              ${PROJECT_SOURCE_DIR}/include/halfpipe/dut_abi.h
              ${PROJECT_BINARY_DIR}/include/halfpipe/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/halfpipe)
foreach(dir model/uop model/ref model/isa model/sc vectors)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${HALFPIPE_INSTALL_CXX_INCLUDEDIR}/${dir}
          FILES_MATCHING PATTERN "*.h" PATTERN "*.def" PATTERN "regression" EXCLUDE)
endforeach()
# The reference's tables are compiled in, from this generated header.
install(FILES ${PROJECT_BINARY_DIR}/generated/model/ref/approx/tables.h
        DESTINATION ${HALFPIPE_INSTALL_CXX_INCLUDEDIR}/model/ref/approx)

# For the user's own RTL simulation: hp_alu and its packages, the tables its $readmemh reads
# (pass their installed paths as TanhMemFile/Ex2MemFile), and the DPI package.
install(FILES ${HP_RTL_SOURCES} DESTINATION ${HALFPIPE_INSTALL_DATADIR}/rtl)
# The packages the modules `include (with guards), and the op enum hp_uop_pkg includes: without
# them the installed RTL does not compile (tests/install/install_test.sh lints it).
install(FILES ${PROJECT_SOURCE_DIR}/rtl/hp_format_pkg.sv ${PROJECT_SOURCE_DIR}/rtl/hp_pipe_pkg.sv
              ${PROJECT_SOURCE_DIR}/rtl/hp_policy_pkg.sv ${PROJECT_SOURCE_DIR}/rtl/hp_uop_pkg.sv
              ${PROJECT_SOURCE_DIR}/rtl/hp_op_e.svh DESTINATION ${HALFPIPE_INSTALL_DATADIR}/rtl)
# The handshake assertions and their bind (rtl/README.md, "Assertions": compile them in with --assert).
install(FILES ${PROJECT_SOURCE_DIR}/rtl/sva/hp_alu_assertions.vlt ${PROJECT_SOURCE_DIR}/rtl/sva/hp_alu_assertions.sv
              ${PROJECT_SOURCE_DIR}/rtl/sva/hp_alu_bind.sv DESTINATION ${HALFPIPE_INSTALL_DATADIR}/rtl/sva)
install(FILES ${PROJECT_SOURCE_DIR}/model/ref/approx/tanh.mem ${PROJECT_SOURCE_DIR}/model/ref/approx/ex2.mem
        DESTINATION ${HALFPIPE_INSTALL_DATADIR}/approx)
install(FILES ${PROJECT_SOURCE_DIR}/dpi/halfpipe_dpi_pkg.sv DESTINATION ${HALFPIPE_INSTALL_DATADIR}/dpi)
# The memh replay bench (examples/memh/README.md, "From an installed halfpipe"): built against
# the installed RTL, with the installed tables' paths from halfpipe.pc or the CMake package.
install(FILES ${PROJECT_SOURCE_DIR}/examples/memh/hp_memh_tb.sv
              ${PROJECT_SOURCE_DIR}/examples/memh/hp_uop_names.svh
              ${PROJECT_SOURCE_DIR}/examples/memh/README.md
        DESTINATION ${HALFPIPE_INSTALL_DATADIR}/examples/memh)

# A user's unit (doc/your-unit.md): the shim `halfpipe dut build` compiles into every unit (with
# include/halfpipe/dut_abi.h above), and the example unit with its guide.
install(FILES ${PROJECT_SOURCE_DIR}/tb/dut_abi/hp_dut_shim.cpp DESTINATION ${HALFPIPE_INSTALL_DATADIR}/dut)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/your-unit/
        DESTINATION ${HALFPIPE_INSTALL_DATADIR}/examples/your-unit)

# The CMake package.
install(EXPORT halfpipeTargets NAMESPACE halfpipe:: DESTINATION ${HALFPIPE_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/halfpipeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/halfpipeConfig.cmake
  INSTALL_DESTINATION ${HALFPIPE_INSTALL_CMAKEDIR}
  PATH_VARS HALFPIPE_INSTALL_DATADIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/halfpipeConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/halfpipeConfig.cmake
              ${PROJECT_BINARY_DIR}/cmake/halfpipeConfigVersion.cmake
        DESTINATION ${HALFPIPE_INSTALL_CMAKEDIR})

# The man page (when help2man was found) and the bash completion.
if(HELP2MAN)
  install(FILES ${PROJECT_BINARY_DIR}/sim/halfpipe.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/sim/shell/halfpipe.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME halfpipe)

# halfpipe.pc, which finds the prefix from its own directory (${pcfiledir}).
file(RELATIVE_PATH HALFPIPE_PC_TO_PREFIX /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
configure_file(${CMAKE_CURRENT_LIST_DIR}/halfpipe.pc.in ${PROJECT_BINARY_DIR}/halfpipe.pc @ONLY)
# halfpipe-static.pc: the same C API from libhalfpipe.a, whatever else the prefix holds.
configure_file(${CMAKE_CURRENT_LIST_DIR}/halfpipe-static.pc.in ${PROJECT_BINARY_DIR}/halfpipe-static.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/halfpipe.pc ${PROJECT_BINARY_DIR}/halfpipe-static.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

add_test(NAME "install: a relocated prefix serves examples/cpp through CMake and pkg-config, and the memh bench with its tables"
         COMMAND ${PROJECT_SOURCE_DIR}/tests/install/install_test.sh ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR})
