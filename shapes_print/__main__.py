from shapes_print.commands.cli import run

run()
