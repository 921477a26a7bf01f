// The steps a reader of the repository README runs, in the order they are
// written: every line of a ```sh block (comments and blank lines aside) and
// every `$ command` of a ```console block, with the lines the README shows
// after it. Each step keeps the prose just before its block (where a section
// says it starts "from the repository root") and the exit code the README
// promises: a console step's is whatever it prints, an sh step's is 0 unless
// its comment says `# exit N`.
export type ReadmeStep = {
  /** 1-based line of the README the command is on. */
  line: number;
  kind: "sh" | "console";
  command: string;
  /** What a console step prints, as the README shows it (stdout and stderr merged), without trailing newlines. */
  output?: string;
  /** The exit code an sh step must end with. */
  exitCode?: number;
  /** The paragraph just before the step's block. */
  prose: string;
  /** Whether this is the first step of its block. */
  first: boolean;
};

const fence = /^```(\w*)\s*$/;

/** Every command of the README's sh and console blocks, in order. */
export function readmeSteps(markdown: string): ReadmeStep[] {
  const lines = markdown.split("\n");
  const steps: ReadmeStep[] = [];
  // The paragraph being read, and the last one finished (a blank line ends one).
  let paragraph: string[] = [];
  let last: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = fence.exec(lines[i]!);
    if (open === null) {
      if (lines[i]!.trim() !== "") paragraph.push(lines[i]!);
      else if (paragraph.length > 0) [last, paragraph] = [paragraph, []];
      continue;
    }
    const language = open[1]!;
    const prose = (paragraph.length > 0 ? paragraph : last).join(" ");
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    const body = lines.slice(start, end);
    const block =
      language === "sh"
        ? shSteps(body, start, prose)
        : language === "console"
          ? consoleSteps(body, start, prose)
          : [];
    steps.push(...block.map((step, j) => ({ ...step, first: j === 0 })));
    i = end;
    paragraph = [];
    last = [];
  }
  return steps;
}

type BlockStep = Omit<ReadmeStep, "first">;

function shSteps(body: string[], start: number, prose: string): BlockStep[] {
  return body.flatMap((text, j) => {
    if (text.trim() === "" || text.trim().startsWith("#")) return [];
    const promised = /#\s*exit (\d+)\b/.exec(text);
    return [
      {
        line: start + j + 1,
        kind: "sh" as const,
        command: text,
        exitCode: promised === null ? 0 : Number(promised[1]),
        prose,
      },
    ];
  });
}

function consoleSteps(body: string[], start: number, prose: string): BlockStep[] {
  const steps: BlockStep[] = [];
  body.forEach((text, j) => {
    if (text.startsWith("$ ")) {
      steps.push({
        line: start + j + 1,
        kind: "console",
        command: text.slice(2),
        output: "",
        prose,
      });
    } else if (steps.length > 0) {
      steps.at(-1)!.output += `${text}\n`;
    }
  });
  for (const step of steps) step.output = step.output!.replace(/\n+$/, "");
  return steps;
}
