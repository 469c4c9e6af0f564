#!/bin/sh
rsync -a /home/ /mnt/usb-backup/home/
