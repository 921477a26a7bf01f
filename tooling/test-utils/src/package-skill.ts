// Anthropic's packager as the tests' one recipe for a `.skill` file: what
// `package_skill.py` (skill-creator) does, run by the real Python zipfile.
// It writes `ZipFile(<name>.skill, "w", ZIP_DEFLATED)` and adds each file of
// `skill_path.rglob("*")` under its path relative to the skill's parent, so
// the archive holds the skill's folder; `atRoot` writes the paths relative
// to the skill itself (a packager variant some people use).
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** Packs the folder `name` inside `dir` into `<dir>/<name>.skill`; returns its path. */
export function packageSkill(
  dir: string,
  name: string,
  options: { atRoot?: boolean } = {},
): string {
  const relativeTo = options.atRoot === true ? "skill" : "skill.parent";
  const script = [
    "import sys, zipfile, pathlib",
    "skill = pathlib.Path(sys.argv[1]).resolve()",
    "with zipfile.ZipFile(sys.argv[1] + '.skill', 'w', zipfile.ZIP_DEFLATED) as z:",
    "    for f in sorted(skill.rglob('*')):",
    `        if f.is_file(): z.write(f, f.relative_to(${relativeTo}))`,
  ].join("\n");
  execFileSync("python3", ["-c", script, name], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return join(dir, `${name}.skill`);
}
