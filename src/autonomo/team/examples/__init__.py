"""Example teams: ``autonomo team run autonomo.team.examples.<name> --idea "…"``.

* ``software`` — product manager → architect → engineer → QA; QA runs the engineer's code
  and its tests in the sandbox and sends failures back to the engineer.
* ``debate`` — two debaters answering each other.
* ``data_analysis`` — a DataInterpreter with a small sales table (``autonomo data`` does the
  same with your own files).
"""
