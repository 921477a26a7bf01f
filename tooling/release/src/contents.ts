// What may ship in a tarball. Users get the built code, its types, the
// manifest and the docs; tests, fixtures, build caches and sources of other
// tools are noise at best and leaked internals at worst, so they are named
// here and any tarball holding one fails the release test.
export type UnwantedFile = { path: string; why: string };

const rules: { why: string; test: (path: string, segments: string[]) => boolean }[] = [
  {
    why: "a test directory",
    test: (_p, s) => s.some((x) => ["test", "tests", "__tests__", "__snapshots__"].includes(x)),
  },
  { why: "a fixture", test: (_p, s) => s.some((x) => /^(__)?fixtures?(__)?$/.test(x)) },
  { why: "a test file", test: (p) => /\.(test|spec|bench)\.[cm]?[jt]sx?$/.test(p) },
  { why: "a TypeScript build cache", test: (p) => p.endsWith(".tsbuildinfo") },
  { why: "a test or build config", test: (p) => /^(vitest|vite|tsconfig)[.\w-]*$/.test(p) },
  { why: "a tarball", test: (p) => p.endsWith(".tgz") },
  { why: "a coverage or report file", test: (_p, s) => ["coverage", "reports"].includes(s[0]!) },
];

/** The files of a packed package that must not ship, with the reason for each. */
export function findUnwantedFiles(files: readonly string[]): UnwantedFile[] {
  const unwanted: UnwantedFile[] = [];
  for (const path of files) {
    const segments = path.split("/");
    const rule = rules.find((r) => r.test(path, segments));
    if (rule !== undefined) unwanted.push({ path, why: rule.why });
  }
  return unwanted;
}
