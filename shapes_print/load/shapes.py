"""Shape and pattern libraries: named outlines and fill patterns kept as YAML data.

Shapes live in a unit square (0..1, y up) so one definition serves every box a layout
asks for (a path may be written in a `view_box` of its own, y down as in SVG, or come from
an SVG file, and is fitted into the square); patterns are line and dot layers so colour is never the only cue. The YAML is
checked once on load (pydantic) and turned into PathOps; drawing later only scales them.
"""

from collections.abc import Callable, Mapping
from pathlib import Path as FilePath
from typing import Annotated, Any, Generic, Self, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    RootModel,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from shapes_print.errors import Source, UserError
from shapes_print.geometry.outlines import (
    dot_grid,
    ellipse_ops,
    extent,
    fitted_to_square,
    hatch_lines,
    radial_ops,
)
from shapes_print.geometry.primitives import Colour, Item, PathOp
from shapes_print.geometry.svgpath import PathSyntaxError, parse_svg_path
from shapes_print.inputs import followed, note_missing
from shapes_print.limits import MAX_CORNERS, MIN_PATTERN_SPACING
from shapes_print.load.base import LENGTH_SCHEMA
from shapes_print.units import parse_length

# The file position of a key path, when the caller kept the YAML's marks.
Placer = Callable[[tuple[str, ...]], Source]

SHAPE_FORMS = ("circle", "ellipse", "regular", "star", "polygon", "path", "svg")
PATTERN_FORMS = ("lines", "dots")
_CACHE_LIMIT = 4096  # placed outlines / patterns remembered; a deck reuses a few boxes
Box = tuple[float, float, float, float]
# Pattern sizes are lengths with units ('3pt'), like every other length in the YAML.
Length = Annotated[float, BeforeValidator(parse_length), Field(gt=0), WithJsonSchema(LENGTH_SCHEMA)]


class _Spec(BaseModel):
    """Base for every YAML form: unknown keys are typos, so they are refused."""

    # defer_build: built when the shape and pattern files are first read, not at import.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    def _one_of(self, forms: tuple[str, ...]) -> None:
        """Zero or several forms would leave us guessing which one the author meant."""
        given = [form for form in forms if getattr(self, form) is not None]
        if len(given) != 1:
            got = " and ".join(given) if given else "none"
            raise ValueError(f"use exactly one of {', '.join(forms)} (got {got})")


class CircleSpec(_Spec):
    cx: float
    cy: float
    r: float = Field(gt=0)


class EllipseSpec(_Spec):
    cx: float
    cy: float
    rx: float = Field(gt=0)
    ry: float = Field(gt=0)


class RegularSpec(_Spec):
    sides: int = Field(ge=3, le=MAX_CORNERS, strict=True)
    rotation: float = 0.0


class StarSpec(_Spec):
    points: int = Field(ge=3, le=MAX_CORNERS, strict=True)
    inner: float = Field(gt=0, lt=1)
    rotation: float = 0.0


class ShapeDef(_Spec):
    """One named shape; validating it also builds its unit-square PathOps (`ops`)."""

    circle: CircleSpec | None = None
    ellipse: EllipseSpec | None = None
    regular: RegularSpec | None = None
    star: StarSpec | None = None
    polygon: list[tuple[float, float]] | None = None
    path: str | None = None
    # The box `path` is drawn in, [x, y, width, height] with y down, as an SVG's viewBox:
    # without it, a path is written in the unit square with y up.
    view_box: tuple[float, float, float, float] | None = None
    svg: str | None = None  # an SVG file beside the YAML file: its filled outlines, as one
    _ops: tuple[PathOp, ...] = ()

    @field_validator("polygon")
    @classmethod
    def _corners(cls, value: list[tuple[float, float]] | None) -> Any:
        if value is not None and len(value) < 3:
            raise ValueError(f"needs at least 3 points, got {len(value)}")
        if value is not None and len(value) > MAX_CORNERS:
            raise ValueError(f"has {len(value):,} points, over the limit of {MAX_CORNERS:,}")
        return value

    @field_validator("view_box")
    @classmethod
    def _has_room(cls, value: tuple[float, float, float, float] | None) -> Any:
        if value is not None and min(value[2], value[3]) <= 0:
            raise ValueError(f"width and height must be more than zero, got {list(value)}")
        return value

    @model_validator(mode="after")
    def _build(self, info: ValidationInfo) -> Self:
        self._one_of(SHAPE_FORMS)
        if self.view_box is not None and self.path is None:
            raise ValueError("view_box goes with path (an svg file has its own viewBox)")
        if self.svg is not None:
            self._ops = _svg_ops(self.svg, (info.context or {}).get("folder"))
        else:
            self._ops = _unit_ops(self)
        if self.view_box is not None:
            self._ops = fitted_to_square(self._ops, self.view_box)
        x0, y0, x1, y1 = extent(self._ops)
        if min(x0, y0) < -1e-6 or max(x1, y1) > 1 + 1e-6:
            square = "its view_box" if self.view_box else "the unit square"
            within = "within the view_box" if self.view_box else "within 0..1"
            raise ValueError(
                f"reaches outside {square} (x {x0:.3g}..{x1:.3g}, y "
                f"{y0:.3g}..{y1:.3g} of the unit square it is drawn in); keep every point, "
                f"control points included, {within}"
            )
        return self

    @property
    def ops(self) -> tuple[PathOp, ...]:
        return self._ops


# Finer than a point, a pattern prints as a tint, and its marks would number in millions.
Spacing = Annotated[
    float,
    BeforeValidator(parse_length),
    Field(ge=MIN_PATTERN_SPACING),
    WithJsonSchema(LENGTH_SCHEMA),
]


class LinesSpec(_Spec):
    angle: float
    spacing: Spacing
    width: Length

    @model_validator(mode="after")
    def _not_solid(self) -> Self:
        if self.width >= self.spacing:
            raise ValueError("width must be smaller than spacing, or the lines fill solid")
        return self


class DotsSpec(_Spec):
    spacing: Spacing
    radius: Length

    @model_validator(mode="after")
    def _not_solid(self) -> Self:
        if 2 * self.radius >= self.spacing:
            raise ValueError("2 x radius must be smaller than spacing, or the dots merge")
        return self


class PatternLayer(_Spec):
    lines: LinesSpec | None = None
    dots: DotsSpec | None = None

    @model_validator(mode="after")
    def _check(self) -> Self:
        self._one_of(PATTERN_FORMS)
        return self


class PatternDef(RootModel):
    """One named pattern: a single layer, or a list of layers drawn together."""

    # Annotated here, not as RootModel[...]: that parameterised class would build at import.
    model_config = ConfigDict(defer_build=True)
    root: list[PatternLayer]

    @model_validator(mode="before")
    @classmethod
    def _as_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, Mapping) else value


def parse_path(text: str) -> tuple[PathOp, ...]:
    """Path data in SVG's whole grammar (geometry/svgpath.py) as a closed outline:
    every subpath is closed, since every shape is a filled outline."""
    try:
        ops = parse_svg_path(text)
    except PathSyntaxError as error:
        raise ValueError(str(error)) from None
    if not any(op[0] in "LC" for op in ops):
        raise ValueError("draws nothing: add line or curve segments after M")
    return ops


def _unit_ops(shape: ShapeDef) -> tuple[PathOp, ...]:
    if c := shape.circle:
        return tuple(ellipse_ops(c.cx, c.cy, c.r, c.r))
    if e := shape.ellipse:
        return tuple(ellipse_ops(e.cx, e.cy, e.rx, e.ry))
    if r := shape.regular:
        return radial_ops(r.sides, (0.5,), r.rotation)
    if s := shape.star:
        return radial_ops(2 * s.points, (0.5, 0.5 * s.inner), s.rotation)
    if p := shape.polygon:
        return (("M", *p[0]), *(("L", x, y) for x, y in p[1:]), ("Z",))
    try:
        return parse_path(shape.path or "")
    except ValueError as err:
        raise ValueError(f"path: {err}") from None


def _svg_ops(name: str, folder: FilePath | None) -> tuple[PathOp, ...]:
    """The filled outlines of an SVG file beside the YAML file, as one shape in the unit
    square; the file must stay inside that folder."""
    from shapes_print.load.svgfile import SvgError, read_svg  # only decks with svg shapes

    base = (folder or FilePath(".")).resolve()
    path = followed(base / name)
    if path is None or not path.is_relative_to(base):
        fault = f"points outside the folder {base}" if path else "is a loop of symbolic links"
        raise ValueError(f"svg: {name!r} {fault}")
    if not path.is_file():
        note_missing(path)  # `preview --watch` builds again once it is there
        raise ValueError(f"svg: file {name!r} not found in {base}")
    try:
        art = read_svg(path)
    except SvgError as error:
        raise ValueError(f"svg: {name}: {error}") from None
    ops = tuple(op for drawn in art.paths if drawn.paint.fill for op in drawn.ops)
    if not any(op[0] in "LC" for op in ops):
        raise ValueError(f"svg: {name} has no filled outline to draw")
    side = max(art.width, art.height)
    dx, dy = (side - art.width) / 2, (side - art.height) / 2
    return tuple(
        (op[0], *((v + (dx if i % 2 == 0 else dy)) / side for i, v in enumerate(op[1:])))
        for op in ops
    )


_BOUNDS = {"less_than_equal": ("at most", "le"), "greater_than_equal": ("at least", "ge")}


def _describe(err: ValidationError, skip: int = 0) -> str:
    """pydantic's errors as one line of YAML key paths, without Python class names."""
    parts = []
    for e in err.errors():
        loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in e["loc"][skip:])
        loc = loc.lstrip(".")
        if e["type"] in ("extra_forbidden", "missing"):
            problem = "unknown" if e["type"] == "extra_forbidden" else "missing"
            parts.append(f"{problem} key '{loc}'")
        else:
            msg = e["msg"].removeprefix("Value error, ")
            bound = _BOUNDS.get(e["type"])
            if bound:
                word, key = bound
                msg = f"must be {word} {(e.get('ctx') or {})[key]:,}, got {e['input']!r}"
            parts.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(parts)


T = TypeVar("T")


class _Library(Generic[T]):
    """Name -> entry, in file order; used by both libraries."""

    kind = "entry"

    def __init__(self, entries: Mapping[str, T]) -> None:
        self._entries = dict(entries)
        self._cache: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def names(self) -> list[str]:
        return list(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def merged(self, other: Self) -> Self:
        """A deck adds entries or redraws them: on equal names, `other` wins."""
        return type(self)({**self._entries, **other._entries})

    def _remember(self, key: tuple[Any, ...], value: tuple[Any, ...]) -> tuple[Any, ...]:
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = value
        return value

    @classmethod
    def _load(
        cls, data: Any, source: FilePath, model: Any, hint: str, place: Placer | None
    ) -> dict[str, Any]:
        """Validate every entry, turning pydantic's complaints into one UserError line."""
        where = place(()) if place else Source(source)
        if not isinstance(data, Mapping):
            raise UserError(
                where,
                f"expected a mapping of {cls.kind} names to definitions, got {type(data).__name__}",
                hint,
            )
        loaded = {}
        for name, definition in data.items():
            where = place((name,)) if place else where
            if not isinstance(name, str) or not name:
                raise UserError(where, f"{cls.kind} name {name!r} must be text", hint)
            lists = model is PatternDef
            if not isinstance(definition, Mapping | list) or (
                isinstance(definition, list) and not lists
            ):
                raise UserError(
                    where,
                    f"{cls.kind} '{name}': expected a mapping"
                    f"{' or a list' if lists else ''}, got {definition!r}",
                    hint,
                )
            try:
                loaded[name] = model.model_validate(definition, context={"folder": source.parent})
            except ValidationError as err:
                skip = int(lists and isinstance(definition, Mapping))
                message = f"{cls.kind} '{name}': {_describe(err, skip)}"
                raise UserError(where, message, hint) from None
        return loaded


class ShapeLibrary(_Library[tuple[PathOp, ...]]):
    """Named outlines, stored as unit-square PathOps and placed into boxes on demand."""

    kind = "shape"

    @classmethod
    def from_mapping(
        cls, data: Mapping[str, Any], source: FilePath, place: Placer | None = None
    ) -> Self:
        hint = f"a shape uses exactly one of: {', '.join(SHAPE_FORMS)}"
        loaded = cls._load(data, source, ShapeDef, hint, place)
        return cls({name: d.ops for name, d in loaded.items()})

    def outline(self, name: str, x: float, y: float, w: float, h: float) -> tuple[PathOp, ...]:
        """The shape in the largest square centred in the box; KeyError for unknown names."""
        key = (name, x, y, w, h)
        if key in self._cache:
            return self._cache[key]
        s = min(w, h)
        ox, oy = x + (w - s) / 2, y + (h - s) / 2
        placed = tuple(
            (op[0], *(ox + s * v if i % 2 == 0 else oy + s * v for i, v in enumerate(op[1:])))
            for op in self._entries[name]
        )
        return self._remember(key, placed)


class PatternLibrary(_Library[tuple[PatternLayer, ...]]):
    """Named fill patterns, drawn as marks covering a box for the caller to clip."""

    kind = "pattern"

    @classmethod
    def from_mapping(
        cls, data: Mapping[str, Any], source: FilePath, place: Placer | None = None
    ) -> Self:
        hint = "a pattern is a layer (lines: or dots:) or a list of layers"
        loaded = cls._load(data, source, PatternDef, hint, place)
        return cls({name: tuple(d.root) for name, d in loaded.items()})

    def strokes(self, name: str, clip_box: Box, colour: Colour) -> tuple[Item, ...]:
        """Marks covering (x, y, w, h), anchored at the drawing's origin so output repeats."""
        key = (name, *clip_box, colour)
        if key in self._cache:
            return self._cache[key]
        items: list[Item] = []
        for layer in self._entries[name]:
            if layer.lines:
                ruled = layer.lines
                items.append(hatch_lines(clip_box, ruled.spacing, ruled.angle, ruled.width, colour))
            elif layer.dots:
                dotted = layer.dots
                items.append(dot_grid(clip_box, dotted.spacing, dotted.radius, colour))
        return self._remember(key, tuple(items))
