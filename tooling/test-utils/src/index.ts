export { countCalls, totalCalls, type Watched, watchedCalls } from "./count-calls.js";
export { commitTree, type Git } from "./git.js";
export { type GitHttp, serveGitHttp } from "./git-http.js";
export { type Served, serveGitDaemon, serveSilence } from "./git-servers.js";
export { packageSkill } from "./package-skill.js";
export { makeRootDirs, type RootDirs } from "./root-dirs.js";
export { type SwapLoop, startSwapLoop } from "./swap-loop.js";
export { makeTempDir } from "./temp-dir.js";
export { skillText, writeSkills, writeTree } from "./trees.js";
