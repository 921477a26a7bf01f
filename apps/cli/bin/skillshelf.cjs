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
if (fixed === undefined) {
  // From Node 22.1, V8's compiled code is kept between runs (in the system's
  // temporary directory; NODE_DISABLE_COMPILE_CACHE turns it off), which
  // takes about a tenth off `list` (docs/decisions.md). Node 20 has no such cache.
  require("node:module").enableCompileCache?.();
  import("../dist/bin.js");
} else process.stdout.write(fixed);
