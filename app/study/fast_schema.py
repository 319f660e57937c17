"""A quick yes to "is every item of this study valid?", for the lazy study (`app.study.lazy`).

Building a pydantic model for each of 20,000 items was most of a study's load. msgspec checks
the same schema in half the time, building small structs instead of models: those
structs are made here from the pydantic models themselves (fields, types, constraints,
defaults, tagged unions, extra fields forbidden), and the models' own validators are called on
them, so there is one definition of the format, not two.

The rule this must keep: a yes here means pydantic says yes to the same item (a participant
must never meet an invalid item mid-session). A no only means "ask pydantic": the loader then
validates the slow way and reports each problem at its JSON path. So wherever the two could
differ, the structs are stricter (no lax coercions: "1" for an int, 1 for a bool), and a model
with anything not translated here (a before/wrap validator, an alias, a union that is not
`X | None` or a tagged union of models) has no structs: every study then goes the slow way.
Tested: every bundled study and fixture passes both ways alike, and mutations of valid items
that pydantic refuses are refused here too (tests/app/study/test_fast_schema.py).
"""

from __future__ import annotations

import operator
import sys
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union

import annotated_types
import msgspec
from pydantic import BaseModel
from pydantic.fields import FieldInfo

_FLOAT_MAX = sys.float_info.max  # finite numbers only: the models refuse inf (allow_inf_nan)
# Settings that leave what a model accepts as its fields say (allow_inf_nan: the structs only
# take finite floats anyway).
_PLAIN_CONFIG = frozenset({"extra", "frozen", "allow_inf_nan", "title", "json_schema_extra",
                           "use_attribute_docstrings", "protected_namespaces"})
_CHECK_FAILED = (ValueError, AssertionError, TypeError, AttributeError, KeyError, IndexError)


_CONSTRAINTS: dict[type, str] = {
    annotated_types.MinLen: "min_length", annotated_types.MaxLen: "max_length",
    annotated_types.Gt: "gt", annotated_types.Ge: "ge",
    annotated_types.Lt: "lt", annotated_types.Le: "le",
}


class Untranslatable(TypeError):
    """A part of the models this module cannot check exactly alike."""


class Undumpable(ValueError):
    """A checked struct msgspec would not write as pydantic writes its model (a float or a
    big integer in a free-form value: the two write some of those differently)."""


_INT_RANGE = range(-(2**63), 2**63)  # what both write alike (and msgspec writes at all)


class FastSchema:
    """The structs for one pydantic model (and every model it holds) and its validators."""

    def __init__(self, model: type[BaseModel]) -> None:
        self._structs: dict[tuple[type[BaseModel], str | None], type[msgspec.Struct]] = {}
        # struct class -> (pydantic model, its validators, the fields that may hold structs)
        self._checks: dict[type[msgspec.Struct], tuple[list[Callable[[Any], Any]], list[str]]] = {}
        self._reach: dict[type[BaseModel], bool] = {}
        self.root = self._struct(model, tag=None)
        self.list_type = list[self.root]  # type: ignore[name-defined]
        self._dump_plans = self._plan_dumps()

    def convert(self, raw: list[Any]) -> list[Any] | None:
        """Structs for these parsed items, or None when one of them may be invalid."""
        try:
            items = msgspec.convert(raw, self.list_type)
        except Exception:  # invalid, or a default that cannot be made here: pydantic decides
            return None
        try:
            for item in items:
                self._validate(item)
        except _CHECK_FAILED:
            return None
        return items

    # -- checking what msgspec cannot: the models' own validators

    def _validate(self, value: Any) -> None:
        entry = self._checks.get(type(value))
        if entry is None:
            if isinstance(value, list):
                for v in value:
                    self._validate(v)
            elif isinstance(value, dict):
                for v in value.values():
                    self._validate(v)
            return
        validators, fields = entry
        for name in fields:
            self._validate(getattr(value, name))
        for check in validators:
            check(value)

    # -- writing a checked struct as pydantic's model_dump_json writes its model

    def dump_form(self, value: Any) -> Any:
        """`value` (a struct of `convert`) as an object that `msgspec.json.encode` writes byte
        for byte as pydantic's `model_dump_json` writes the model made of the same JSON: the
        structs hold every field, defaults included, in the models' order, except a union's
        tag, which msgspec writes first: a struct whose model has `kind` elsewhere is rewritten
        as a plain struct with the fields in the model's order. Raises Undumpable where the
        two write a value differently (a float: 1e+20 against 1e20; a big int): then the
        caller writes that item from its model."""
        plan = self._dump_plans.get(type(value))
        return value if plan is None else self._dump_struct(value, plan)

    def _dump_struct(self, value: Any, plan: tuple[type | None, tuple[str, ...], frozenset[str]]
                     ) -> Any:
        mirror, names, deep = plan
        if mirror is None:  # the tag is where the model has it: written as it is, its parts
            changed = {}      # rewritten where they must be
            for name in deep:
                part = getattr(value, name)
                form = _dumpable(self, part)
                if form is not part:
                    changed[name] = form
            return msgspec.structs.replace(value, **changed) if changed else value
        return mirror(*[_dumpable(self, getattr(value, name)) if name in deep
                        else getattr(value, name) for name in names])

    def _plan_dumps(self) -> dict[type, tuple[type | None, tuple[str, ...], frozenset[str]]]:
        """For each struct that `dump_form` must rewrite or look into: its plain twin (None:
        written as it is), the model's field order, the fields holding such parts."""
        models = {struct: (model, tag) for (model, tag), struct in self._structs.items()}
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
            # A default made by the model (`_default`) may hold models, whatever the type says.
            return field.default_factory not in (msgspec.NODEFAULT, list, dict)

        def deep_struct(struct: type) -> bool:
            if struct not in deep_memo:
                deep_memo[struct] = False  # (no cycles in the format)
                deep_memo[struct] = misplaced(struct) or any(
                    deep_type(f.type) or model_default(f)
                    for f in _fields(struct))
            return deep_memo[struct]

        plans: dict[type, tuple[type | None, tuple[str, ...], frozenset[str]]] = {}
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

    # -- building the structs

    def _struct(self, model: type[BaseModel], tag: str | None) -> type[msgspec.Struct]:
        if (model, tag) in self._structs:
            return self._structs[(model, tag)]
        config = model.model_config
        if config.get("extra") != "forbid" or set(config) - _PLAIN_CONFIG \
                or model.__pydantic_root_model__:
            # Anything else in the config may change what pydantic accepts (stripping
            # whitespace, coercing numbers to strings...): not translated.
            raise Untranslatable(f"{model.__name__}: a config this module does not translate")
        fields: list[tuple[str, Any, Any]] = []
        reach: list[str] = []
        tag_field = None
        for name, info in model.model_fields.items():
            if info.alias not in (None, name) or info.validation_alias is not None:
                raise Untranslatable(f"{model.__name__}.{name}: an alias")
            if tag is not None and name == "kind":
                tag_field = name  # the union's tag: msgspec reads it, the struct has no field
                continue
            annotation = self._type(info.annotation, info.metadata, info.discriminator)
            if self._holds_models(info.annotation):
                reach.append(name)
            if info.is_required():
                fields.append((name, annotation, msgspec.NODEFAULT))
            else:
                fields.append((name, annotation, _default(info)))
        namespace = {"kind": _tag_property(tag)} if tag_field else {}
        struct = msgspec.defstruct(f"Fast{model.__name__}", fields, kw_only=True,
                                   forbid_unknown_fields=True, namespace=namespace,
                                   tag_field=tag_field, tag=tag if tag_field else None)
        self._structs[(model, tag)] = struct
        self._checks[struct] = (self._validators(model), reach)
        return struct

    def _validators(self, model: type[BaseModel]) -> list[Callable[[Any], Any]]:
        decorators = model.__pydantic_decorators__
        if decorators.root_validators or decorators.validators \
                or (model.__pydantic_post_init__ is not None and not _sets_private_only(model)):
            raise Untranslatable(f"{model.__name__}: an old-style validator")
        out: list[Callable[[Any], Any]] = []
        for dec in decorators.field_validators.values():
            if dec.info.mode != "after" or _takes_info(dec.func, 1):
                raise Untranslatable(f"{model.__name__}.{dec.cls_var_name}: not a plain after-validator")
            for field in dec.info.fields:
                out.append(_field_check(dec.func, field))
        for model_dec in decorators.model_validators.values():
            if model_dec.info.mode != "after" or _takes_info(model_dec.func, 1):
                raise Untranslatable(f"{model.__name__}.{model_dec.cls_var_name}: not a plain "
                                     "after-validator")
            out.append(_same_back(model_dec.func))
        return out

    def _holds_models(self, annotation: Any) -> bool:
        """Whether a value of this type may hold a model with validators (directly or deeper)."""
        origin = typing.get_origin(annotation)
        if origin is Annotated:
            return self._holds_models(typing.get_args(annotation)[0])
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            return self._model_has_checks(annotation)
        return any(self._holds_models(a) for a in typing.get_args(annotation))

    def _model_has_checks(self, model: type[BaseModel]) -> bool:
        if model not in self._reach:
            self._reach[model] = False  # (no cycles in the format; this ends a loop if one came)
            decorators = model.__pydantic_decorators__
            self._reach[model] = bool(decorators.field_validators or decorators.model_validators) \
                or any(self._holds_models(f.annotation) for f in model.model_fields.values())
        return self._reach[model]

    def _type(self, annotation: Any, metadata: list[Any], discriminator: Any = None) -> Any:
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if origin is Annotated:
            inner, *extra = args
            more: list[Any] = []
            inner_discriminator = discriminator
            for m in extra:
                if isinstance(m, FieldInfo):
                    more += m.metadata
                    inner_discriminator = m.discriminator or inner_discriminator
                else:
                    more.append(m)
            return self._type(inner, [*more, *metadata], inner_discriminator)
        if origin in (Union, types.UnionType):
            if discriminator is not None:
                if not isinstance(discriminator, str) or metadata:
                    raise Untranslatable(f"{annotation}: a discriminator that is not a field")
                return Union[tuple(self._tagged(a, discriminator) for a in args)]  # noqa: UP007
            if len(args) == 2 and type(None) in args:
                other = next(a for a in args if a is not type(None))
                return Union[self._type(other, metadata), None]  # noqa: UP007
            raise Untranslatable(f"{annotation}: a union msgspec could read differently")
        if origin is Literal:
            if metadata or not all(type(a) in (str, int) for a in args):
                raise Untranslatable(f"{annotation}: a literal of other than strings and ints")
            return annotation
        if origin is list:
            return Annotated[list[self._type(args[0], [])], _meta(metadata, sized=True)]  # type: ignore[misc]
        if origin is dict:
            if args[0] is not str:
                raise Untranslatable(f"{annotation}: keys other than strings")
            return Annotated[dict[str, self._type(args[1], [])], _meta(metadata, sized=True)]  # type: ignore[misc]
        if annotation is Any:
            if metadata:
                raise Untranslatable("Any with constraints")
            return Any
        if annotation is str:
            return Annotated[str, _meta(metadata, sized=True, pattern=True)]
        if annotation is bool:
            if metadata:
                raise Untranslatable("bool with constraints")
            return bool
        if annotation is int:
            return Annotated[int, _meta(metadata, numeric=True)]
        if annotation is float:
            bounds = _bounds(metadata, numeric=True)
            if "gt" not in bounds:
                bounds["ge"] = max(bounds.get("ge", -_FLOAT_MAX), -_FLOAT_MAX)
            if "lt" not in bounds:
                bounds["le"] = min(bounds.get("le", _FLOAT_MAX), _FLOAT_MAX)
            return Annotated[float, msgspec.Meta(**bounds)]
        if annotation is type(None):
            return None
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if metadata:
                raise Untranslatable(f"{annotation.__name__} with constraints")
            return self._struct(annotation, tag=None)
        raise Untranslatable(f"{annotation!r}: a type this module does not translate")

    def _tagged(self, model: Any, field: str) -> type[msgspec.Struct]:
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or field != "kind":
            raise Untranslatable(f"{model!r}: a tagged union other than of models on 'kind'")
        literal = model.model_fields["kind"].annotation
        values = typing.get_args(literal)
        if typing.get_origin(literal) is not Literal or len(values) != 1 or \
                not isinstance(values[0], str):
            raise Untranslatable(f"{model.__name__}.kind: not one string")
        return self._struct(model, tag=values[0])


def _fields(struct: type) -> tuple[msgspec.inspect.Field, ...]:
    info = msgspec.inspect.type_info(struct)
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields


def _dumpable(schema: FastSchema, value: Any) -> Any:
    """`value` in its dump form (FastSchema.dump_form), looked into where a struct, list or
    free-form value may hold what must be rewritten or refused."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    plan = schema._dump_plans.get(kind)
    if plan is not None:
        return schema._dump_struct(value, plan)
    if kind is float:
        raise Undumpable("a float")
    if kind is int:
        if value not in _INT_RANGE:
            raise Undumpable("a big integer")
        return value
    if kind is list:
        forms = [_dumpable(schema, v) for v in value]
        return value if all(map(operator.is_, forms, value)) else forms
    if kind is dict:
        if not value:
            return value
        pairs = {k: _dumpable(schema, v) for k, v in value.items()}
        return value if all(map(operator.is_, pairs.values(), value.values())) else pairs
    if getattr(kind, "__pydantic_serializer__", None) is not None:
        # A default the struct took from its model (`_default`): written by pydantic.
        return msgspec.Raw(value.model_dump_json().encode())
    return value


def _meta(metadata: list[Any], *, sized: bool = False, numeric: bool = False,
          pattern: bool = False) -> msgspec.Meta:
    return msgspec.Meta(**_bounds(metadata, sized=sized, numeric=numeric, pattern=pattern))


def _bounds(metadata: list[Any], *, sized: bool = False, numeric: bool = False,
            pattern: bool = False) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for m in metadata:
        name = _CONSTRAINTS.get(type(m))
        if (name in ("min_length", "max_length") and sized) \
                or (name in ("gt", "ge", "lt", "le") and numeric):
            kwargs[name] = getattr(m, name)  # annotated_types names them as msgspec does
        elif pattern and type(m).__name__ == "_PydanticGeneralMetadata" \
                and set(vars(m)) == {"pattern"}:
            kwargs["pattern"] = _python_pattern(m.pattern)
        else:
            raise Untranslatable(f"{m!r}: a constraint this module does not translate")
    return kwargs


def _python_pattern(pattern: str) -> str:
    """pydantic matches with Rust's regex, msgspec with Python's `re.search`. In Python a final
    `$` also matches before a last newline ("abc\\n"), Rust's does not: `\\Z` is the same as
    Rust's. Only a pattern anchored at both ends and otherwise made of what both engines read
    alike (no other `$`, no escapes but `\\-`, `\\.`, no classes like `\\w` that differ on
    Unicode) is translated."""
    if not (pattern.startswith("^") and pattern.endswith("$")):
        raise Untranslatable(f"pattern {pattern!r}: not anchored at both ends")
    body = pattern[1:-1]
    if "$" in body or "\\" in body.replace("\\-", "").replace("\\.", ""):
        raise Untranslatable(f"pattern {pattern!r}: an escape or anchor read differently")
    return f"^{body}\\Z"


def _sets_private_only(model: type[BaseModel]) -> bool:
    """Whether the model's post-init is pydantic's own, which gives private attributes their
    defaults (nothing a study file sets, nothing that refuses one)."""
    return getattr(model.model_post_init, "__name__", None) == "init_private_attributes"


def _tag_property(tag: str | None) -> property:
    """`kind` on a tagged struct, as on its model (msgspec reads the tag but keeps no field)."""
    def kind(_self: Any) -> str | None:
        return tag
    return property(kind)


def _default(info: FieldInfo) -> Any:
    """The model's own default, as its validators see it (msgspec never checks a default).
    Called per missing field of every struct, so immutable defaults are given as values and
    `list`/`dict` as themselves: a Python call per field was most of the check's time."""
    factory = info.default_factory
    if factory is None:
        value = info.default
        if value is None or type(value) in (str, int, float, bool, tuple, frozenset):
            return value
        return msgspec.field(default_factory=lambda: info.get_default(call_default_factory=True))
    if factory in (list, dict):
        return msgspec.field(default_factory=factory)
    return msgspec.field(default_factory=lambda: info.get_default(call_default_factory=True))


def _takes_info(func: Any, values: int) -> bool:
    """True when a validator asks for pydantic's ValidationInfo (beyond `values` arguments)."""
    import inspect

    target = getattr(func, "__func__", func)
    params = [p for p in inspect.signature(target).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    bound = 1 if hasattr(func, "__self__") else 0  # a classmethod bound to its class
    return len(params) - bound > values


def _field_check(func: Callable[[Any], Any], field: str) -> Callable[[Any], Any]:
    def check(value: Any) -> None:
        given = getattr(value, field)
        if func(given) is not given:  # a validator that changes its value: not checked here
            raise ValueError("a validator changed its value")
    return check


def _same_back(func: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def check(value: Any) -> None:
        if func(value) is not value:
            raise ValueError("a validator changed its model")
    return check
