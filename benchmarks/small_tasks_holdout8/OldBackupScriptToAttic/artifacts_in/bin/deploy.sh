#!/bin/sh
rsync -a site/ web:/srv/
