# `cmake --install build --prefix P` (docs/using-the-libraries.md): the tools,
# the component libraries as the CMake package CudaTile (imported targets
# CudaTile::IR, CudaTile::Bytecode, ...), the public headers with the
# generated .h.inc files and the .td files, and the Python package.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(CUDA_TILE_INSTALL_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/cuda_tile")

# Library target -> exported name (CudaTile::<name>).
set(CUDA_TILE_EXPORTED_LIBRARIES
  CudaTileSupport:Support
  CudaTileIR:IR
  CudaTileAnalysis:Analysis
  CudaTileBytecode:Bytecode
  CudaTileTransforms:Transforms
  CudaTileLayout:Layout
  CudaTileCodegen:Codegen
  CudaTileConversion:Conversion
  CudaTileTargetPTX:TargetPTX
  CudaTileInterpreter:Interpreter
  CudaTileToolCommandLine:ToolCommandLine
  CudaTileCAPI:CAPI)
set(CUDA_TILE_INSTALLED_LIBRARIES)
foreach(entry ${CUDA_TILE_EXPORTED_LIBRARIES})
  string(REPLACE ":" ";" parts "${entry}")
  list(GET parts 0 target)
  list(GET parts 1 exported)
  if(TARGET ${target})
    set_target_properties(${target} PROPERTIES EXPORT_NAME ${exported})
    target_include_directories(${target} INTERFACE
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    # Objects built with sanitizers need their runtime in whatever links them.
    if(CUDA_TILE_SANITIZE)
      target_link_options(${target} INTERFACE -fsanitize=${CUDA_TILE_SANITIZE})
    endif()
    list(APPEND CUDA_TILE_INSTALLED_LIBRARIES ${target})
  endif()
endforeach()
install(TARGETS ${CUDA_TILE_INSTALLED_LIBRARIES}
  EXPORT CudaTileTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT CudaTileTargets
  NAMESPACE CudaTile::
  DESTINATION ${CUDA_TILE_INSTALL_CMAKE_DIR})

# The tools find Debian's libMLIR.so / libLLVM.so where they were built
# against, wherever they are installed.
set(CUDA_TILE_INSTALLED_TOOLS)
foreach(tool cuda-tile-opt cuda-tile-translate cuda-tile-optimize cuda-tile-run
             cuda-tile-lsp-server)
  if(TARGET ${tool})
    set_target_properties(${tool} PROPERTIES
      INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
    list(APPEND CUDA_TILE_INSTALLED_TOOLS ${tool})
  endif()
endforeach()
install(TARGETS ${CUDA_TILE_INSTALLED_TOOLS}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_BINARY_DIR}/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.h.inc" PATTERN "*.inc" PATTERN "*.td"
  PATTERN "CMakeFiles" EXCLUDE)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/cuda_tile_bytecode
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/python3/site-packages
  PATTERN "__pycache__" EXCLUDE)

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/CudaTileConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake-install/CudaTileConfig.cmake
  INSTALL_DESTINATION ${CUDA_TILE_INSTALL_CMAKE_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake-install/CudaTileConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake-install/CudaTileConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake-install/CudaTileConfigVersion.cmake
  DESTINATION ${CUDA_TILE_INSTALL_CMAKE_DIR})
