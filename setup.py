"""The one thing pyproject.toml cannot say: the shipped games, templates and label sets stay
at the top of the repository, where a reader of the checkout finds them, and a wheel carries
them inside the package as `shapes_print/shipped/` (load/defaults.py looks there first), so an
installed `shapes-print` builds them from any folder. pyproject.toml names the files."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["shapes_print*"]), "shapes_print.shipped"],
    package_dir={"shapes_print.shipped": "."},
)
