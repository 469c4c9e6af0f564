#!/bin/sh
rm -rf ./build
rm -f ./*.log
echo cleaned
