// Pulls the runnable examples out of a README. A fenced block counts when the
// line just before it is `<!-- example -->`; every such block is run by the
// release test against the installed tarballs, so a README can only promise
// what the published package does. Blocks without the marker (install lines,
// sketches of output) are left alone. A block marked `<!-- output -->` right
// after an example is what that example must print, exactly.
export type ExampleLanguage = "ts" | "js" | "sh";

/** One marked block: its language, its code, the line it starts on and what it must print. */
export type Example = { language: ExampleLanguage; code: string; line: number; output?: string };

const marker = "<!-- example -->";
const outputMarker = "<!-- output -->";
const languages: Record<string, ExampleLanguage> = {
  ts: "ts",
  typescript: "ts",
  js: "js",
  javascript: "js",
  sh: "sh",
  bash: "sh",
  shell: "sh",
};

/** The marked example blocks of a Markdown text, in order. */
export function extractExamples(markdown: string): Example[] {
  const lines = markdown.split("\n");
  const examples: Example[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i - 1]!.trim() !== marker) continue;
    const open = /^```(\w+)\s*$/.exec(lines[i]!);
    if (open === null) throw new Error(`line ${i + 1}: ${marker} must be followed by a fence`);
    const language = languages[open[1]!.toLowerCase()];
    if (language === undefined) throw new Error(`line ${i + 1}: cannot run '${open[1]}' examples`);
    const end = lines.findIndex((l, j) => j > i && l.trim() === "```");
    if (end === -1) throw new Error(`line ${i + 1}: the example's fence is never closed`);
    const example: Example = {
      language,
      code: `${lines.slice(i + 1, end).join("\n")}\n`,
      line: i + 1,
    };
    i = end;
    const output = readOutput(lines, end + 1);
    if (output !== null) {
      example.output = output.text;
      i = output.end;
    }
    examples.push(example);
  }
  return examples;
}

/** The `<!-- output -->` block starting at or after blank lines from `from`, if any. */
function readOutput(lines: string[], from: number): { text: string; end: number } | null {
  let i = from;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  if (lines[i]?.trim() !== outputMarker) return null;
  if (!/^```\w*\s*$/.test(lines[i + 1] ?? "")) {
    throw new Error(`line ${i + 2}: ${outputMarker} must be followed by a fence`);
  }
  const end = lines.findIndex((l, j) => j > i + 1 && l.trim() === "```");
  if (end === -1) throw new Error(`line ${i + 2}: the output's fence is never closed`);
  return { text: `${lines.slice(i + 2, end).join("\n")}\n`, end };
}
