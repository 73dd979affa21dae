# CPack: `cpack -G DEB` (Debian 12) and `cpack -G TGZ` in a configured and
# built build directory package what `cmake --install` lays out. Included
# from the top-level CMakeLists.txt after every install rule.
set(CPACK_PACKAGE_NAME cmf-workbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "CMF Workbench")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Workbench and command line for CMF v2 model files")
# One string: a semicolon in a CMake argument would split it into a list.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
  "CMF Workbench opens CMF v2 model containers (quantized weights, tokenizer,\n"
  "chat template, task masks and skills in one file) and shows every part of\n"
  "them. It verifies and signs files and chats with a model on an embedded CPU\n"
  "engine. The cmf command line inspects, verifies, signs, converts,\n"
  "requantizes and runs models headless. A small demo model is included.")
set(CMF_PACKAGE_CONTACT "CMF Workbench maintainers <cmf-workbench@localhost>" CACHE STRING
    "Maintainer field of the packages")
set(CPACK_PACKAGE_CONTACT "${CMF_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR TGZ)

# DEB: the runtime dependencies are what dpkg-shlibdeps reads off the
# binaries' shared libraries (libqt6widgets6, libtbb12, libsodium23, ...),
# so they follow whatever the build linked.
find_program(CMF_DPKG_SHLIBDEPS dpkg-shlibdeps)
find_program(CMF_DPKG_DEB dpkg-deb)
if(CMF_DPKG_DEB)
  list(APPEND CPACK_GENERATOR DEB)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # cmf-workbench_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
if(CMF_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
else()
  # No dpkg-shlibdeps: the Debian 12 libraries the build links, by hand.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6, libstdc++6, libgcc-s1, libtbb12, libsodium23, libpcre2-8-0, libutf8proc2")
  if(CMF_BUILD_GUI)
    string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
           ", libqt6core6, libqt6gui6, libqt6widgets6, libqt6charts6, libqt6concurrent6")
  endif()
endif()
if(CMF_BUILD_GUI)
  # The xcb/wayland platform plugins and the MIME, desktop and icon caches
  # are not libraries the binaries link.
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, shared-mime-info, desktop-file-utils, hicolor-icon-theme")
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-translations-l10n")
endif()

include(CPack)
