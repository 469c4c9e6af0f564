#!/bin/sh
rsync -a site/ backup/site/
