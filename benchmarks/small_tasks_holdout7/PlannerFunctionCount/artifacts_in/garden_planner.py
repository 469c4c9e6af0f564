"""Small geometry helpers for the garden planner."""
import math

GOLDEN = (1 + math.sqrt(5)) / 2


def circle_area(r):
    return math.pi * r * r


def ring_area(outer, inner):
    return circle_area(outer) - circle_area(inner)


def hypotenuse(a, b):
    return math.hypot(a, b)


def bed_perimeter(width, length):
    # raised beds are rectangles
    return 2 * (width + length)
