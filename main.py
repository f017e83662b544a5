"""Entry point for the Android build.

python-for-android (which buildozer drives) starts an app by running the
``main.py`` at the top of its packaged sources, so this file exists for
buildozer.spec. It does what ``python -m mobile.app`` does on a desktop.
"""

import sys

from mobile.app import main

if __name__ == "__main__":
    sys.exit(main())
