"""Writing the fast schema's checked structs (`app.study.fast_schema`) as pydantic's
`model_dump_json` writes the models made of the same JSON: a new database stores a lazy
study's definition from them (`app.study.lazy.definition_json`) without 20,000 models built
for it. Tested byte for byte on every mutant the structs accept (tests/app/study/
test_fast_schema.py) and on whole studies (test_lazy_start.py)."""

from __future__ import annotations

import math
import operator
from typing import Any

import msgspec
from pydantic import BaseModel

_INT_RANGE = range(-(2**63), 2**63)  # what both write alike (and msgspec writes at all)

# struct class -> (its plain twin or None: written as it is; the model's field order; the
# fields that hold parts to rewrite or refuse)
_Plan = tuple[type | None, tuple[str, ...], frozenset[str]]


class Undumpable(ValueError):
    """A checked struct msgspec would not write as pydantic writes its model (a float or a
    big integer in a free-form value: the two write some of those differently)."""


class Dumper:
    """`dump_form` for the structs of one fast schema: `structs` maps (model, union tag) to
    the struct made for it."""

    def __init__(self, structs: dict[tuple[type[BaseModel], str | None], type[msgspec.Struct]]
                 ) -> None:
        self._plans = _plan_dumps(structs)

    def dump_form(self, value: Any) -> Any:
        """`value` (a checked struct) as an object that `msgspec.json.encode` writes byte for
        byte as pydantic's `model_dump_json` writes the model made of the same JSON: the
        structs hold every field, defaults included, in the models' order, except a union's
        tag, which msgspec writes first: a struct whose model has `kind` elsewhere is rewritten
        as a plain struct with the fields in the model's order. Raises Undumpable where the
        two write a value differently (a float: 1e+20 against 1e20; a big int): then the
        caller writes that item from its model."""
        plan = self._plans.get(type(value))
        return value if plan is None else self._dump_struct(value, plan)

    def _dump_struct(self, value: Any, plan: _Plan) -> Any:
        mirror, names, deep = plan
        if mirror is None:  # the tag is where the model has it: written as it is, its parts
            changed = {}      # rewritten where they must be
            for name in deep:
                part = getattr(value, name)
                form = self._dumpable(part)
                if form is not part:
                    changed[name] = form
            return msgspec.structs.replace(value, **changed) if changed else value
        return mirror(*[self._dumpable(getattr(value, name)) if name in deep
                        else getattr(value, name) for name in names])

    def _dumpable(self, value: Any) -> Any:
        """`value` in its dump form, looked into where a struct, list or free-form value may
        hold what must be rewritten or refused."""
        kind = type(value)
        if kind is str or kind is bool or value is None:
            return value
        plan = self._plans.get(kind)
        if plan is not None:
            return self._dump_struct(value, plan)
        if kind is float:
            # Plain decimals (a rating's gold 1.0, a weight 0.25) are written alike by both;
            # they differ on exponents (1e+20 against 1e20) and on what is not finite.
            if math.isfinite(value) and "e" not in repr(value):
                return value
            raise Undumpable("a float")
        if kind is int:
            if value not in _INT_RANGE:
                raise Undumpable("a big integer")
            return value
        if kind is list:
            forms = [self._dumpable(v) for v in value]
            return value if all(map(operator.is_, forms, value)) else forms
        if kind is dict:
            if not value:
                return value
            pairs = {k: self._dumpable(v) for k, v in value.items()}
            return value if all(map(operator.is_, pairs.values(), value.values())) else pairs
        if getattr(kind, "__pydantic_serializer__", None) is not None:
            # A default the struct took from its model (`fast_types.model_default`): written by pydantic.
            return msgspec.Raw(value.model_dump_json().encode())
        return value


def _plan_dumps(structs: dict[tuple[type[BaseModel], str | None], type[msgspec.Struct]]
                ) -> dict[type, _Plan]:
    """For each struct that `dump_form` must rewrite or look into: its plain twin (None:
    written as it is), the model's field order, the fields holding such parts."""
    models = {struct: (model, tag) for (model, tag), struct in structs.items()}
    deep_memo: dict[type, bool] = {}

    def misplaced(struct: type) -> bool:
        model, tag = models[struct]
        return tag is not None and next(iter(model.model_fields)) != "kind"

    def deep_type(t: Any) -> bool:
        if isinstance(t, msgspec.inspect.AnyType | msgspec.inspect.FloatType):
            return True
        if isinstance(t, msgspec.inspect.StructType):
            return deep_struct(t.cls)
        inner = [getattr(t, a) for a in ("item_type", "key_type", "value_type")
                 if hasattr(t, a)] + list(getattr(t, "types", ()))
        return any(deep_type(x) for x in inner)

    def model_default(field: msgspec.inspect.Field) -> bool:
        # A default made by the model (`fast_types.model_default`) may hold models, whatever the type says.
        return field.default_factory not in (msgspec.NODEFAULT, list, dict)

    def deep_struct(struct: type) -> bool:
        if struct not in deep_memo:
            deep_memo[struct] = False  # (no cycles in the format)
            deep_memo[struct] = misplaced(struct) or any(
                deep_type(f.type) or model_default(f)
                for f in _fields(struct))
        return deep_memo[struct]

    plans: dict[type, _Plan] = {}
    for struct, (model, _tag) in models.items():
        if not deep_struct(struct):
            continue
        deep = frozenset(f.name for f in _fields(struct)
                         if deep_type(f.type) or model_default(f))
        names = tuple(model.model_fields)
        mirror = (msgspec.defstruct(f"Dump{model.__name__}", [(n, Any) for n in names])
                  if misplaced(struct) else None)
        plans[struct] = (mirror, names, deep)
    return plans


def _fields(struct: type) -> tuple[msgspec.inspect.Field, ...]:
    info = msgspec.inspect.type_info(struct)
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields
