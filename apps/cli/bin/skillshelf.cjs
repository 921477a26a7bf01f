#!/usr/bin/env node
// The `skillshelf` command. A fixed answer (`--version`, help into a pipe) is
// printed as the build rendered it (dist/fixed-answers.cjs says when); every
// other command line runs the built command line, dist/bin.js. This file is
// CommonJS because Node starts a CommonJS file as fast as `node -e 0`, and
// committed, not built, so that pnpm can link the command in a fresh
// workspace before the first build (a bin pointing into dist/ draws "WARN
// Failed to create bin" at install).
"use strict";

const { fixedAnswer } = require("../dist/fixed-answers.cjs");

const fixed = fixedAnswer(process.argv.slice(2), process.stdout.isTTY === true);
if (fixed === undefined) import("../dist/bin.js");
else process.stdout.write(fixed);
