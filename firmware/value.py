"""Small value objects, written by hand (MicroPython has no dataclasses): the
base of events and actions. A subclass lists its `fields`; objects compare
by type and fields, read well, and turn into the dicts of a trace and back."""


class Value:
    __slots__ = ()
    fields = ()
    __hash__ = None  # subclasses whose fields all hash say how

    def __eq__(self, other):
        if type(self) is not type(other):
            return False
        for name in self.fields:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(repr(getattr(self, f)) for f in self.fields))

    def as_dict(self):
        """The trace form: {"type": name, field: value, ...}; tuples as lists."""
        d = {"type": type(self).__name__}
        for name in self.fields:
            value = getattr(self, name)
            d[name] = list(value) if isinstance(value, tuple) else value
        return d


def from_dict(d, types, what):
    """The object of one of `types` that `d` (a trace dict) describes."""
    cls = None
    if isinstance(d, dict):
        for t in types:
            if t.__name__ == d.get("type"):
                cls = t
    if cls is None:
        raise ValueError("not an %s: %r (types are %s)" % (what, d, ", ".join(c.__name__ for c in types)))
    try:
        return cls(*[d[name] for name in cls.fields])
    except KeyError as missing:
        raise ValueError("%s needs %s" % (cls.__name__, missing)) from None
