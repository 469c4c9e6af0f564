import math


def unit_square():
    return [(0, 0), (1, 0), (1, 1), (0, 1)]


def test_circle_area():
    assert round(math.pi * 2 ** 2, 2) == 12.57


def test_square_corners():
    assert len(unit_square()) == 4


def test_hypotenuse():
    assert math.hypot(3, 4) == 5
