import sys

from shapes_print.cli import main

sys.exit(main())
