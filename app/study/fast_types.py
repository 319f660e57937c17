"""The pieces the fast schema (`app.study.fast_schema`) builds its structs from: pydantic's
constraints as msgspec's, its defaults, and its validators called on a struct. Whatever is not
read exactly alike raises Untranslatable (the format then has no fast schema: every study
loads the slow way)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import annotated_types
import msgspec
from pydantic import BaseModel
from pydantic.fields import FieldInfo

FLOAT_MAX = sys.float_info.max  # finite numbers only: the models refuse inf (allow_inf_nan)

_CONSTRAINTS: dict[type, str] = {
    annotated_types.MinLen: "min_length", annotated_types.MaxLen: "max_length",
    annotated_types.Gt: "gt", annotated_types.Ge: "ge",
    annotated_types.Lt: "lt", annotated_types.Le: "le",
}


class Untranslatable(TypeError):
    """A part of the models this module cannot check exactly alike."""


def meta(metadata: list[Any], *, sized: bool = False, numeric: bool = False,
          pattern: bool = False) -> msgspec.Meta:
    return msgspec.Meta(**constraint_bounds(metadata, sized=sized, numeric=numeric, pattern=pattern))


def constraint_bounds(metadata: list[Any], *, sized: bool = False, numeric: bool = False,
            pattern: bool = False) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for m in metadata:
        name = _CONSTRAINTS.get(type(m))
        if (name in ("min_length", "max_length") and sized) \
                or (name in ("gt", "ge", "lt", "le") and numeric):
            kwargs[name] = getattr(m, name)  # annotated_types names them as msgspec does
        elif pattern and type(m).__name__ == "_PydanticGeneralMetadata" \
                and set(vars(m)) == {"pattern"}:
            kwargs["pattern"] = python_pattern(m.pattern)
        else:
            raise Untranslatable(f"{m!r}: a constraint this module does not translate")
    return kwargs


def python_pattern(pattern: str) -> str:
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


def sets_private_only(model: type[BaseModel]) -> bool:
    """Whether the model's post-init is pydantic's own, which gives private attributes their
    defaults (nothing a study file sets, nothing that refuses one)."""
    return getattr(model.model_post_init, "__name__", None) == "init_private_attributes"


def tag_property(tag: str | None) -> property:
    """`kind` on a tagged struct, as on its model (msgspec reads the tag but keeps no field)."""
    def kind(_self: Any) -> str | None:
        return tag
    return property(kind)


def model_default(info: FieldInfo) -> Any:
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


def takes_info(func: Any, values: int) -> bool:
    """True when a validator asks for pydantic's ValidationInfo (beyond `values` arguments)."""
    import inspect

    target = getattr(func, "__func__", func)
    params = [p for p in inspect.signature(target).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    bound = 1 if hasattr(func, "__self__") else 0  # a classmethod bound to its class
    return len(params) - bound > values


def field_check(func: Callable[[Any], Any], field: str) -> Callable[[Any], Any]:
    def check(value: Any) -> None:
        given = getattr(value, field)
        if func(given) is not given:  # a validator that changes its value: not checked here
            raise ValueError("a validator changed its value")
    return check


def same_back(func: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def check(value: Any) -> None:
        if func(value) is not value:
            raise ValueError("a validator changed its model")
    return check
