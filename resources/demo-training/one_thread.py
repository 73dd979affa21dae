#!/usr/bin/env python3
"""Run a script with PyTorch held to one thread (train.py, evaluate.py and
measure.py call torch.set_num_threads(2); on the shared 2-core VM phase 3 and
its measurements ran on one core).  Usage: one_thread.py SCRIPT.py ARGS..."""
import runpy
import sys

import torch

torch.set_num_threads(1)
torch.set_num_threads = lambda n: None
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
