#!/usr/bin/env node
// The `skillshelf` command runs the build. This file is committed, not built, so
// that pnpm can link the command in a fresh workspace before the first build
// (a bin pointing into dist/ draws "WARN Failed to create bin" at install).
import "../dist/bin.js";
