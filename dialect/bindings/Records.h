//===- Records.h - named results of the `_ptonz` queries --------*- C++ -*-===//
//
// What a `_ptonz` query returns is a small struct with named, read-only
// fields (`info.layout`, `use.offsets`), not a positional tuple. A record
// still unpacks like the tuple of its fields, in declaration order
// (`view, info = record`), so callers may name what they read or unpack it.
// IR handles are stored as the Python objects they convert to, made once
// when the record is built -- except a handle most readers never read (the
// op of a ViewRecord or a PartitionUser), which stays a C++ handle and is
// made a Python object when read (each conversion ~3-5 us; unpacking a
// record reads every field).
//
//===----------------------------------------------------------------------===//
#ifndef PTONZ_BINDINGS_RECORDS_H
#define PTONZ_BINDINGS_RECORDS_H

#include "mlir/Bindings/Python/Nanobind.h"

#include <string>
#include <vector>

namespace ptonz {

/// Binds struct T as a Python record class: def_ro per field, plus
/// __iter__ / __len__ / __getitem__ over the fields, __eq__ and __repr__.
template <typename T> class Record {
public:
  Record(nanobind::handle scope, const char *name, const char *doc)
      : cls(scope, name, doc), name(name) {}

  template <typename F>
  Record &field(const char *field, F T::*member, const char *doc = "") {
    cls.def_ro(field, member, doc);
    fields.push_back(field);
    return *this;
  }

  /// Adds the tuple protocol; call once, after the fields.
  nanobind::class_<T> &done() {
    namespace nb = nanobind;
    std::vector<std::string> names = fields;
    auto values = [names](nb::handle self) {
      nb::list out;
      for (const std::string &n : names)
        out.append(self.attr(n.c_str()));
      return nb::tuple(out);
    };
    cls.def("__iter__",
            [values](nb::handle self) { return nb::iter(values(self)); });
    cls.def("__len__", [names](nb::handle) { return names.size(); });
    cls.def("__getitem__", [values](nb::handle self, nb::handle i) {
      nb::tuple t = values(self);
      PyObject *item = PyObject_GetItem(t.ptr(), i.ptr());
      if (!item)
        throw nb::python_error(); // IndexError, as a tuple's
      return nb::steal(item);
    });
    cls.def("__eq__", [values](nb::handle self, nb::handle other) {
      if (PyObject_IsInstance(other.ptr(), (PyObject *)Py_TYPE(self.ptr())) !=
          1)
        return false;
      nb::tuple a = values(self), b = values(other);
      return PyObject_RichCompareBool(a.ptr(), b.ptr(), Py_EQ) == 1;
    });
    std::string cname = name;
    cls.def("__repr__", [names, cname](nb::handle self) {
      std::string out = cname + "(";
      for (size_t i = 0; i < names.size(); ++i) {
        if (i)
          out += ", ";
        out += names[i] + "=" +
               nb::cast<std::string>(nb::repr(self.attr(names[i].c_str())));
      }
      return out + ")";
    });
    return cls;
  }

private:
  nanobind::class_<T> cls;
  std::string name;
  std::vector<std::string> fields;
};

} // namespace ptonz

#endif // PTONZ_BINDINGS_RECORDS_H
