"""Host profiles: ``hostnet profile calibrate`` (calibrate.py) fits a profile's costs to
measurements of a host."""
