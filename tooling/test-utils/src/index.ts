export { countCalls, totalCalls, type Watched, watchedCalls } from "./count-calls.js";
export { freePort } from "./free-port.js";
export { commitTree, type Git } from "./git.js";
export { type GitHttp, serveGitHttp } from "./git-http.js";
export { type Served, serveGitDaemon, serveSilence } from "./git-servers.js";
export { makeTempDir } from "./temp-dir.js";
export { skillText, writeSkills, writeTree } from "./trees.js";
