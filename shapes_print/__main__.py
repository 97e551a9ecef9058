from shapes_print.cli import run

run()
