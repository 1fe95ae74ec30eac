"""Record and Frozen: named fields as dataclasses give them, without generated code."""

import copy
import ctypes
import pickle
import sys

import pytest
from philtre.dsl.errors import Loc, PhiltreError
from philtre.dsl.plain_data import Frozen, Record, made_by
from philtre.dsl.yamlpos import ScalarLoc


class Point(Frozen):
    x: int
    y: int = 0


class Labelled(Point):
    label: str = ""


class Bag(Record):
    name: str
    items: list = made_by(list)


def test_fields_by_position_keyword_and_default():
    assert Point(1, 2).field_values() == (1, 2)
    assert Point(1).y == 0
    assert Point(y=3, x=4).field_values() == (4, 3)


def test_a_subclass_adds_its_fields_after_its_base():
    assert Labelled._fields == ("x", "y", "label")
    assert Labelled(1, 2, "a").label == "a"
    assert ScalarLoc("f.yaml", 3, 4, "raw").field_values() == ("f.yaml", 3, 4, "raw", "")


def test_wrong_arguments_are_refused_by_name():
    with pytest.raises(TypeError, match="needs the field 'x'"):
        Point()
    with pytest.raises(TypeError, match="has no field 'z'"):
        Point(1, z=2)
    with pytest.raises(TypeError, match="takes 2 fields, 3 given"):
        Point(1, 2, 3)


def test_frozen_fields_cannot_change():
    p = Point(1, 2)
    with pytest.raises(AttributeError, match="cannot assign to field 'x' of Point"):
        p.x = 5
    with pytest.raises(AttributeError):
        del p.y
    assert p.x == 1


def test_equal_and_hashed_by_value_within_one_class():
    assert Point(1, 2) == Point(1, 2) and hash(Point(1, 2)) == hash(Point(1, 2))
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 0) != Labelled(1, 0)
    assert len({Loc("a", 1, 2), Loc("a", 1, 2), Loc("a", 1, 3)}) == 2


def test_a_record_can_change_and_makes_each_default_afresh():
    a, b = Bag("a"), Bag("b")
    a.items.append(1)
    a.name = "c"
    assert (a.name, a.items, b.items) == ("c", [1], [])
    with pytest.raises(TypeError):
        hash(a)


def test_repr_names_every_field():
    assert repr(Labelled(1, 2, "x")) == "Labelled(x=1, y=2, label='x')"


def test_copies_and_pickles_keep_the_fields():
    p = Labelled(1, 2, "x")
    assert copy.copy(p) == p and copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p
    err = PhiltreError.at(Loc("r.yaml", 3, 4), "E100", "bad")
    again = pickle.loads(pickle.dumps(err))
    assert again == err and str(again) == "r.yaml:3:4: E100 bad"


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11) or sys.maxsize < 2**32,
                    reason="64-bit CPython 3.11's dict layout")
@pytest.mark.parametrize("record", [Labelled(1, 2, "x"), Labelled(x=1, label="y"), Bag("a"), Point(3, 4)],
                         ids=["by-position", "by-keyword", "record", "frozen"])
def test_a_records_fields_are_a_dict_of_its_own_not_a_split_one(record):
    """An instance's fields are a dict made for it (not the one `self.__dict__` makes, sharing its keys with the class's
    other instances and filled after: a "split" dict, its values apart, which CPython 3.11's specialised read of an
    attribute (LOAD_ATTR_WITH_HINT) misses at every read, so that every read of a statement's field took the generic
    lookup). A split dict is one whose ``ma_values`` (after the object's head, ``ma_used``, ``ma_version_tag`` and
    ``ma_keys``) is not NULL."""
    assert ctypes.c_void_p.from_address(id(record.__dict__) + 40).value is None
    assert record.__dict__ == dict(zip(record._fields, record.field_values()))
