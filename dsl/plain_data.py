"""Classes of named fields, declared like dataclasses but cheap to define.

Python's dataclasses write and compile each class's methods when the class is defined,
about 0.4 ms a class: for philtre.dsl's forty classes, a sixth of what `philtre validate`
spends after Python's start. These share one set of methods instead. A subclass lists its
fields as annotations, with defaults after the fields that have none, as for a dataclass;
``made_by(dict)`` gives each instance its own new value.
"""

from __future__ import annotations


class made_by:
    """A field's default made afresh for each instance, like ``field(default_factory=...)``."""

    def __init__(self, make):
        self.make = make


# (an instance's fields given as a dict of its own, not added to the one `self.__dict__` makes for a new instance: that
# one is a "split" dict, its keys shared with the class's other instances and its values apart, which CPython 3.11's
# specialised attribute read (LOAD_ATTR_WITH_HINT) misses at every read, so that each read of a field took the generic
# lookup)
_dict_set = object.__setattr__


class Record:
    """Named fields (from the annotations, a base class's first), set by position or keyword.

    Equal when of the same class with equal fields; unhashable, as the fields may change.
    """

    _fields: tuple = ()
    _defaults: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = [n for n in cls.__dict__.get("__annotations__", ()) if n not in cls._fields]
        cls._fields = cls._fields + tuple(own)
        cls._defaults = {**cls._defaults, **{n: cls.__dict__[n] for n in own if n in cls.__dict__}}

    def __init__(self, *args, **kwargs):
        fields = self._fields
        if len(args) == len(fields) and not kwargs:  # the common case, kept short
            _dict_set(self, "__dict__", dict(zip(fields, args)))
            return
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields, {len(args)} given")
        values = dict(zip(fields, args))
        for name in fields[len(args):]:
            if name in kwargs:
                values[name] = kwargs.pop(name)
            elif name in self._defaults:
                default = self._defaults[name]
                values[name] = default.make() if isinstance(default, made_by) else default
            else:
                raise TypeError(f"{type(self).__name__} needs the field '{name}'")
        if kwargs:
            raise TypeError(f"{type(self).__name__} has no field '{next(iter(kwargs))}'")
        _dict_set(self, "__dict__", values)

    def field_values(self) -> tuple:
        """The fields' values, in the order they are declared."""
        d = self.__dict__
        return tuple(d[n] for n in self._fields)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self.field_values() == other.field_values()
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self.field_values()))
        return f"{type(self).__name__}({shown})"


class Frozen(Record):
    """A Record whose fields cannot be assigned after it is made; hashable by value."""

    def __setattr__(self, name, value):
        raise AttributeError(f"cannot assign to field '{name}' of {type(self).__name__}")

    def __delattr__(self, name):
        raise AttributeError(f"cannot delete field '{name}' of {type(self).__name__}")

    def __hash__(self):
        return hash(self.field_values())
