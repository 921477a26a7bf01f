export { type AppOptions, buildApp, type ServerApp } from "./app.js";
export { generateToken, isAuthorized } from "./auth.js";
export { type ConfigResult, parseConfig, type ServerConfig } from "./config.js";
export { consoleUrl } from "./console-url.js";
export { type ImportCaps, importCaps } from "./imports/caps.js";
export { ImportGate } from "./imports/gate.js";
export { closeGracefully, exitOnSignals } from "./shutdown.js";
