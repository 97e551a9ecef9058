"""The one thing pyproject.toml cannot say: the shipped games, templates and label sets stay
at the top of the repository, where a reader of the checkout finds them, and a wheel carries
them inside the package as `shapes_print/shipped/` (load/defaults.py looks there first), so an
installed `shapes-print` builds them from any folder. pyproject.toml names the files.

Their folders are listed as packages too, holding data only: setuptools takes a folder under
a package whose name Python could import (`templates/cards`) for a package, and warns when
it is not listed (a folder named like `collect-3` is none)."""

from pathlib import Path

from setuptools import find_namespace_packages, setup

SHIPPED = ("content", "templates", "labels", "schemas", "docs")
data_folders = [
    "shapes_print.shipped." + ".".join(folder.parts)
    for top in SHIPPED
    for folder in (Path(top), *sorted(p for p in Path(top).rglob("*") if p.is_dir()))
    if all(part.isidentifier() for part in folder.parts)
]

setup(
    packages=[
        *find_namespace_packages(include=["shapes_print*"]),
        "shapes_print.shipped",
        *data_folders,
    ],
    package_dir={"shapes_print.shipped": "."},
)
