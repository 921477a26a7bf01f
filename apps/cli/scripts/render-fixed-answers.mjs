// The build's last step: renders, with the built runCli itself, every answer
// that depends on nothing but the build (`--version`, and help for the
// program and for each command, in each way of asking), as it reads when
// stdout is not a terminal, into dist/fixed-answers.json. The executable
// prints these without loading the command line (src/fixed-answers.ts).
import { writeFileSync } from "node:fs";
import { commandSpecs } from "../dist/commands.js";
import fixedAnswers from "../dist/fixed-answers.cjs";
import { runCli } from "../dist/program.js";

const names = commandSpecs.map((spec) => spec.usage.split(" ")[0]);
const lines = [
  ["--version"],
  ["-v"],
  ["help"],
  ["--help"],
  ["-h"],
  ...names.flatMap((name) => [
    ["help", name],
    [name, "--help"],
    [name, "-h"],
  ]),
];

/** A stream that keeps what is written, as a pipe or a file would receive it. */
function sink() {
  const stream = {
    text: "",
    isTTY: false,
    write(chunk) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

const answers = {};
for (const args of lines) {
  const stdout = sink();
  const stderr = sink();
  const env = { PATH: process.env.PATH };
  const code = await runCli({ args, env, stdin: process.stdin, stdout, stderr, cwd: "/" });
  if (code !== 0 || stderr.text !== "" || stdout.text === "") {
    throw new Error(
      `skillshelf ${args.join(" ")} did not answer plainly (exit ${code}): ${stderr.text}`,
    );
  }
  answers[fixedAnswers.answerKey(args)] = stdout.text;
}
writeFileSync(
  new URL("../dist/fixed-answers.json", import.meta.url),
  `${JSON.stringify({ answers })}\n`,
);
