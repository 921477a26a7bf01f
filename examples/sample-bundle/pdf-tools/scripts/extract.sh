#!/bin/sh
# Prints the text of every page of the PDF named as the first argument.
exec pdftotext -layout "$1" -
