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

import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union

import msgspec
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from app.study.fast_dump import Dumper, Undumpable
from app.study.fast_types import (
    FLOAT_MAX,
    Untranslatable,
    constraint_bounds,
    field_check,
    meta,
    model_default,
    same_back,
    sets_private_only,
    tag_property,
    takes_info,
)

__all__ = ["FastSchema", "Undumpable", "Untranslatable"]

# Settings that leave what a model accepts as its fields say (allow_inf_nan: the structs only
# take finite floats anyway).
_PLAIN_CONFIG = frozenset({"extra", "frozen", "allow_inf_nan", "title", "json_schema_extra",
                           "use_attribute_docstrings", "protected_namespaces"})
_CHECK_FAILED = (ValueError, AssertionError, TypeError, AttributeError, KeyError, IndexError)


class FastSchema:
    """The structs for one pydantic model (and every model it holds) and its validators."""

    def __init__(self, model: type[BaseModel]) -> None:
        self._structs: dict[tuple[type[BaseModel], str | None], type[msgspec.Struct]] = {}
        # struct class -> (its model's validators, the fields that may hold structs)
        self._checks: dict[type[msgspec.Struct], tuple[list[Callable[[Any], Any]], list[str]]] = {}
        self._reach: dict[type[BaseModel], bool] = {}
        self.root = self._struct(model, tag=None)
        self.list_type = list[self.root]  # type: ignore[name-defined]
        # A JSON object's "items" as a list of structs (other fields skipped unread).
        self._items_decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(
            msgspec.defstruct("FastItemsOf", [("items", self.list_type)]))
        self._dumper = Dumper(self._structs)

    def convert(self, raw: list[Any]) -> list[Any] | None:
        """Structs for these parsed items, or None when one of them may be invalid."""
        try:
            items = msgspec.convert(raw, self.list_type)
        except Exception:  # invalid, or a default that cannot be made here: pydantic decides
            return None
        return self._checked(items)

    def decode_items(self, text: bytes) -> list[Any] | None:
        """`convert` of the "items" of the JSON object `text` (a study file, without its byte
        order mark), read from the text itself: the same structs, made without the parsed
        items (a loader lets those go first, so that the structs reuse their memory). None
        when one may be invalid, or msgspec does not read the text (NaN, Infinity)."""
        try:
            items: list[Any] = self._items_decoder.decode(text).items
        except Exception:
            return None
        return self._checked(items)

    def _checked(self, items: list[Any]) -> list[Any] | None:
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
        """`value` (a struct of `convert`) as msgspec writes it byte for byte as pydantic
        writes its model (`app.study.fast_dump.Dumper.dump_form`); raises Undumpable."""
        return self._dumper.dump_form(value)

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
                fields.append((name, annotation, model_default(info)))
        namespace = {"kind": tag_property(tag)} if tag_field else {}
        struct = msgspec.defstruct(f"Fast{model.__name__}", fields, kw_only=True,
                                   forbid_unknown_fields=True, namespace=namespace,
                                   tag_field=tag_field, tag=tag if tag_field else None)
        self._structs[(model, tag)] = struct
        self._checks[struct] = (self._validators(model), reach)
        return struct

    def _validators(self, model: type[BaseModel]) -> list[Callable[[Any], Any]]:
        decorators = model.__pydantic_decorators__
        if decorators.root_validators or decorators.validators \
                or (model.__pydantic_post_init__ is not None and not sets_private_only(model)):
            raise Untranslatable(f"{model.__name__}: an old-style validator")
        out: list[Callable[[Any], Any]] = []
        for dec in decorators.field_validators.values():
            if dec.info.mode != "after" or takes_info(dec.func, 1):
                raise Untranslatable(f"{model.__name__}.{dec.cls_var_name}: not a plain after-validator")
            for field in dec.info.fields:
                out.append(field_check(dec.func, field))
        for model_dec in decorators.model_validators.values():
            if model_dec.info.mode != "after" or takes_info(model_dec.func, 1):
                raise Untranslatable(f"{model.__name__}.{model_dec.cls_var_name}: not a plain "
                                     "after-validator")
            out.append(same_back(model_dec.func))
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
            return Annotated[list[self._type(args[0], [])], meta(metadata, sized=True)]  # type: ignore[misc]
        if origin is dict:
            if args[0] is not str:
                raise Untranslatable(f"{annotation}: keys other than strings")
            return Annotated[dict[str, self._type(args[1], [])], meta(metadata, sized=True)]  # type: ignore[misc]
        if annotation is Any:
            if metadata:
                raise Untranslatable("Any with constraints")
            return Any
        if annotation is str:
            return Annotated[str, meta(metadata, sized=True, pattern=True)]
        if annotation is bool:
            if metadata:
                raise Untranslatable("bool with constraints")
            return bool
        if annotation is int:
            return Annotated[int, meta(metadata, numeric=True)]
        if annotation is float:
            bounds = constraint_bounds(metadata, numeric=True)
            if "gt" not in bounds:
                bounds["ge"] = max(bounds.get("ge", -FLOAT_MAX), -FLOAT_MAX)
            if "lt" not in bounds:
                bounds["le"] = min(bounds.get("le", FLOAT_MAX), FLOAT_MAX)
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
