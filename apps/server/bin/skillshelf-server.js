#!/usr/bin/env node
// The `skillshelf-server` command runs the build. This file is committed, not built, so
// that pnpm can link the command in a fresh workspace before the first build
// (a bin pointing into dist/ draws "WARN Failed to create bin" at install).
import module from "node:module";

// From Node 22.1, V8's compiled code is kept between runs (in the system's
// temporary directory; NODE_DISABLE_COMPILE_CACHE turns it off), which takes
// time off every start (docs/decisions.md). Node 20 has no such cache.
module.enableCompileCache?.();
await import("../dist/bin.js");
