//===- Preload.cpp - ptonz_cli._preload: load a library on a thread -------===//
//
// ptonz-opt's start-up is mostly the dynamic linker relocating the MLIR
// libraries its plugin needs, while the interpreter, on the other core,
// could already be importing the Python modules that come first. Python's
// import does not release the GIL while it dlopens an extension, and ctypes
// costs more to import than it would save, so this module does the one thing
// needed: start(path) dlopens `path` (RTLD_LAZY | RTLD_LOCAL, the flags the
// plugin's import uses) on a detached thread of its own and returns at once.
// The import that later opens the same file finds it loaded, or waits on the
// dynamic linker's lock until it is. Nothing here touches Python from the
// thread, so the thread never needs the GIL.
//
//===----------------------------------------------------------------------===//

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

namespace {

void *load(void *path) {
  // The handle is kept: the library stays loaded for the process.
  dlopen(static_cast<const char *>(path), RTLD_LAZY | RTLD_LOCAL);
  free(path);
  return nullptr;
}

PyObject *start(PyObject *, PyObject *arg) {
  const char *path = PyUnicode_AsUTF8(arg);
  if (!path)
    return nullptr;
  char *copy = strdup(path);
  if (!copy)
    return PyErr_NoMemory();
  pthread_attr_t attr;
  pthread_t thread;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int rc = pthread_create(&thread, &attr, load, copy);
  pthread_attr_destroy(&attr);
  if (rc != 0)
    free(copy); // no thread: the import loads the library as before
  return PyBool_FromLong(rc == 0);
}

PyMethodDef methods[] = {
    {"start", start, METH_O,
     "start(path) -> bool: dlopen `path` on a new detached thread (False if "
     "no thread could be started)."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT,
                      "_preload",
                      "ptonz-opt's start-up: load a shared library on a "
                      "thread of its own.",
                      -1,
                      methods,
                      nullptr,
                      nullptr,
                      nullptr,
                      nullptr};

} // namespace

PyMODINIT_FUNC PyInit__preload() { return PyModule_Create(&module); }
