#!/usr/bin/env node
// Serves a builtin root and a managed directory over stdio from the built
// package, the way `skillshelf mcp` will: serve-stdio.mjs <builtin> <managed>.
import { DirectoryStore } from "@skillshelf/skill-catalog";
import { serveStdio, skillSourceOf } from "../../dist/index.js";

const [builtin, managed] = process.argv.slice(2);
await serveStdio(skillSourceOf({ builtin, managed: new DirectoryStore(managed) }));
