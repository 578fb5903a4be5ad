"""Where the web tests find the programs they compare: one place for compare_sim.py and page_test.py.
  WEB_BUILD  the browser build's folder: $FRAMELAB_WEB_BUILD, else build/web (./run.sh web's);
             tests/web/run.sh sets build/web-test (the web-test preset: quick links)
  NATIVE     the desktop program (the Release build's)"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEB_BUILD = os.environ.get("FRAMELAB_WEB_BUILD") or os.path.join(ROOT, "build/web")
NATIVE = os.path.join(ROOT, "build/release/app/framelab")
