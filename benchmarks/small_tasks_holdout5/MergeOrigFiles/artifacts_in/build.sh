#!/bin/sh
cc -O2 -o main main.c
